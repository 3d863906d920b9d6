import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview, PreviewError } from '../../../src/core/sources/preview';
import { removedRecords } from '../../../src/core/sources/removedRows';
import type { PreviewOptions, RemovedRowsPage } from '../../../src/core/model/previewTypes';
import { registerSecret } from '../../../src/core/text/secretMask';
import { simpleSession, writeLines } from './sessionFileWriter';

let root: string;
let projects: string;
/** Start times of the sessions s0…s5. */
const starts = ['2026-10-29T12:00:00Z', '2026-10-30T12:00:00Z', '2026-10-31T23:59:59Z', '2026-11-01T00:00:00Z', '2026-11-02T08:00:00Z', '2026-11-03T08:00:00Z'];

before(() => {
  root = mkdtempSync(join(tmpdir(), 'eval-lens-removed-sessions-'));
  projects = join(root, 'projects');
  starts.forEach((start, k) => writeLines(join(projects, `-work-p${k % 2}`, `s${k}.jsonl`), simpleSession(`s${k}`, start, k + 1)));
});
after(() => rmSync(root, { recursive: true, force: true }));

const dataset = (selection: Record<string, unknown>) => ({ key: 'k', display_name: 'K', source: { type: 'coding_agent_sessions', path: projects, ...selection } });
const options = (): PreviewOptions => ({ limit: 0, env: {}, homeDir: join(root, 'home'), workers: 0 });
const ids = (page: RemovedRowsPage) => page.rows.map((row) => row.values.session_id);

describe('the sessions a selection step removed', () => {
  test('every step of the funnel says it can be listed', async () => {
    const result = await preview(dataset({ from_time: '2026-10-30', to_time: '2026-11-03', limit: 2 }), options());
    assert.deepEqual(result.removedPerFilter.map((step) => [step.field, step.removed, step.listable]), [['from_time', 1, true], ['to_time', 1, true], ['limit', 2, true]]);
  });

  test('each step lists the sessions it removed (and no other), with the start time it read and the session file', async () => {
    const selection = { from_time: '2026-10-30', to_time: '2026-11-03', limit: 2 };
    const from = await removedRecords(dataset(selection), 'from_time', 0, 0, 50, options());
    assert.deepEqual(ids(from), ['s0']);
    assert.equal(from.field, 'from_time');
    assert.equal(from.label, 'from 2026-10-30');
    assert.equal(from.rows[0].value, '"2026-10-29T12:00:00.000Z"');
    assert.equal(from.rows[0].outcome, 'failed');
    assert.equal(from.rows[0].origin.file, join(projects, '-work-p0', 's0.jsonl'));
    assert.equal(from.rows[0].values.trace, undefined, 'a removed session is listed without its trace');
    const to = await removedRecords(dataset(selection), 'to_time', 1, 0, 50, options());
    assert.deepEqual(ids(to), ['s5']);
    assert.equal(to.filterIndex, 1);
    // The limit keeps the two most recent of s1…s4: it removed s1 and s2 (the most recent first).
    const limit = await removedRecords(dataset(selection), 'limit', 2, 0, 50, options());
    assert.deepEqual(ids(limit), ['s2', 's1']);
    assert.equal(limit.label, 'kept by limit 2');
    assert.equal(limit.rows[0].value, '"2026-10-31T23:59:59.000Z"');
  });

  test('session_id: every other session, with the id it read; the count matches the funnel', async () => {
    const page = await removedRecords(dataset({ session_id: 's3' }), 'session_id', 0, 0, 50, options());
    assert.deepEqual(ids(page), ['s0', 's1', 's2', 's4', 's5']);
    assert.deepEqual(page.rows.map((row) => row.value), ['"s0"', '"s1"', '"s2"', '"s4"', '"s5"']);
    const funnel = await preview(dataset({ session_id: 's3' }), options());
    assert.equal(page.rows.length, funnel.removedPerFilter[0].removed);
  });

  test('pages: an offset skips, a full page says more follow', async () => {
    const first = await removedRecords(dataset({ session_id: 's3' }), 'session_id', 0, 0, 2, options());
    assert.deepEqual(ids(first), ['s0', 's1']);
    assert.equal(first.more, true);
    const last = await removedRecords(dataset({ session_id: 's3' }), 'session_id', 0, 4, 2, options());
    assert.deepEqual(ids(last), ['s5']);
    assert.equal(last.more, false);
    assert.equal(last.offset, 4);
  });

  test('a field with no step lists nothing; a source that takes filters, or a hostile field name, is an error saying what to do', async () => {
    const none = await removedRecords(dataset({}), 'from_time', 0, 0, 50, options());
    assert.deepEqual(none.rows, []);
    assert.equal(none.more, false);
    const local = { key: 'k', display_name: 'K', source: { type: 'local', file_path: join(root, 'x.jsonl') } };
    await assert.rejects(removedRecords(local, 'from_time', 0, 0, 10, options()), (error: unknown) => error instanceof PreviewError && /selects with filters/.test(error.message));
    await assert.rejects(removedRecords(dataset({}), 'x'.repeat(10_000), 0, 0, 10, options()), (error: unknown) => error instanceof PreviewError && error.message.length < 400);
  });

  test('a cancelled drill-down stops: the caller\'s signal aborts the read', async () => {
    const controller = new AbortController();
    controller.abort();
    const page = await removedRecords(dataset({ session_id: 's3' }), 'session_id', 0, 0, 10, { ...options(), signal: controller.signal });
    assert.deepEqual(page.rows, []);
  });

  // Last: a registered secret stays registered for the rest of this file.
  test('a configured credential is masked in a removed session\'s values, its file and the value read', async () => {
    const secret = 'sk-drill-secret-0123456789abcdef';
    const folder = join(root, 'with-secret');
    writeLines(join(folder, '-work', `${secret}.jsonl`), simpleSession(secret, '2026-10-01T00:00:00Z'));
    writeLines(join(folder, '-work', 'kept.jsonl'), simpleSession('kept', '2026-11-05T00:00:00Z'));
    registerSecret(secret);
    const page = await removedRecords({ source: { type: 'coding_agent_sessions', path: folder, session_id: 'kept' } }, 'session_id', 0, 0, 10, options());
    assert.equal(page.rows.length, 1);
    const shown = JSON.stringify(page);
    assert.ok(!shown.includes(secret), shown);
    assert.ok(!shown.includes(secret.slice(0, 12)), 'no prefix of it either');
  });
});
