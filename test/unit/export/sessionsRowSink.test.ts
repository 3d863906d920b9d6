import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview } from '../../../src/core/sources/preview';
import { PreviewOptions } from '../../../src/core/model/previewTypes';
import { simpleSession, writeLines } from '../sources/sessionFileWriter';

let root: string;
const SESSIONS = 30;
before(() => {
  root = mkdtempSync(join(tmpdir(), 'eval-lens-sessions-sink-'));
  // Written in an order unlike their start times, so the rows' order comes from the selection.
  for (let k = 0; k < SESSIONS; k++) {
    const n = (k * 7) % SESSIONS;
    writeLines(join(root, `-work-p${k % 3}`, `s${n}.jsonl`), simpleSession(`s${n}`, new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(), n + 1));
  }
});
after(() => rmSync(root, { recursive: true, force: true }));

const spec = (extra: Record<string, unknown> = {}) => ({ key: 'k', display_name: 'K', source: { type: 'coding_agent_sessions', path: root, ...extra } });
const base = (): PreviewOptions => ({ limit: 2, env: {}, homeDir: join(root, 'home'), workers: 0 });

describe('coding_agent_sessions rows handed to a row sink', () => {
  test('every selected session with its trace, oldest first, equal to the preview rows; only the page is kept', async () => {
    const given: Record<string, unknown>[] = [];
    const result = await preview(spec({ limit: 20 }), { ...base(), onRow: (values) => given.push(values) });
    assert.equal(given.length, 20);
    assert.equal(result.rows.length, 2);
    assert.deepEqual(given.map((values) => values.session_id), Array.from({ length: 20 }, (_, k) => `s${k + 10}`));
    const previewed = await preview(spec({ limit: 20 }), { ...base(), limit: 100 });
    assert.deepEqual(given, previewed.rows.map((row) => row.values));
    assert.ok(given.every((values) => Array.isArray((values.trace as { items?: unknown[] } | null)?.items)));
  });

  test('an abort from the sink stops at once: no further trace is built', async () => {
    const controller = new AbortController();
    let given = 0;
    const result = await preview(spec(), { ...base(), signal: controller.signal, onRow: () => (given++, controller.abort()) });
    assert.equal(given, 1);
    assert.equal(result.complete, false);
  });
});
