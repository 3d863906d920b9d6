import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview, PreviewError } from '../../../src/core/sources/preview';
import { loadSessions } from '../../../src/core/sources/sessions/sessionsSource';
import { startRun } from '../../../src/core/sources/previewDriver';
import { findSessionWorkerScript } from '../../../src/core/sources/sessions/sessionScanPool';
import { parseIsoTime } from '../../../src/core/sources/sessions/sessionSelection';
import { PreviewOptions, PreviewProgress, PreviewResult } from '../../../src/core/model/previewTypes';
import { formatFunnel, formatTable } from '../../../src/cli/previewFormat';
import { simpleSession, writeLines } from './sessionFileWriter';

let root: string;
let projects: string;
/** Start times of the sessions s0…s5, one day apart from 2026-10-29. */
const starts = ['2026-10-29T12:00:00Z', '2026-10-30T12:00:00Z', '2026-10-31T23:59:59Z', '2026-11-01T00:00:00Z', '2026-11-02T08:00:00Z', '2026-11-03T08:00:00Z'];

before(() => {
  root = mkdtempSync(join(tmpdir(), 'eval-lens-sessions-sel-'));
  projects = join(root, 'config', 'projects');
  starts.forEach((start, k) => writeLines(join(projects, `-work-p${k % 2}`, `s${k}.jsonl`), simpleSession(`s${k}`, start, k + 1)));
});
after(() => rmSync(root, { recursive: true, force: true }));

function run(source: Record<string, unknown>, options: Partial<PreviewOptions> = {}): Promise<PreviewResult> {
  return preview({ key: 'k', display_name: 'K', source: { type: 'coding_agent_sessions', path: projects, ...source } }, { limit: 20, env: {}, homeDir: join(root, 'home'), ...options });
}

const ids = (result: PreviewResult) => result.rows.map((row) => row.values.session_id);

describe('coding_agent_sessions selection', () => {
  test('no selection: every session, oldest first, file names relative to path', async () => {
    const result = await run({});
    assert.deepEqual(ids(result), ['s0', 's1', 's2', 's3', 's4', 's5']);
    assert.equal(result.rows[1].values.file_name, '-work-p1/s1.jsonl');
    assert.deepEqual(result.removedPerFilter, []);
    assert.deepEqual(result.sourceFacts?.sessionIds, ['s5', 's4', 's3', 's2', 's1', 's0']);
  });

  test('session_id keeps that session only', async () => {
    const result = await run({ session_id: 's2' });
    assert.deepEqual(ids(result), ['s2']);
    assert.deepEqual(result.removedPerFilter, [{ index: 0, field: 'session_id', label: 'session_id = s2', removed: 5, notComparable: 0, listable: true }]);
  });

  test('from_time ≤ start < to_time; a date alone is midnight UTC', async () => {
    const result = await run({ from_time: '2026-10-30', to_time: '2026-11-01' });
    assert.deepEqual(ids(result), ['s1', 's2']);
    assert.deepEqual(result.removedPerFilter.map((s) => [s.field, s.label, s.removed]), [['from_time', 'from 2026-10-30', 1], ['to_time', 'to 2026-11-01', 3]]);
    const zoned = await run({ from_time: '2026-11-01T01:00:00+02:00' });
    assert.deepEqual(ids(zoned), ['s2', 's3', 's4', 's5'], '01:00+02:00 is 23:00 UTC the day before');
    const noZone = await run({ from_time: '2026-11-02T08:00:00' });
    assert.deepEqual(ids(noZone), ['s4', 's5'], 'a time without a zone is UTC');
  });

  test('limit keeps the N most recent, rows oldest first; the funnel reads like the spec', async () => {
    const result = await run({ from_time: '2026-10-30T00:00:00Z', limit: 2 });
    assert.deepEqual(ids(result), ['s4', 's5']);
    assert.equal(result.total, 6);
    assert.equal(result.matched, 2);
    assert.deepEqual(result.removedPerFilter.map((s) => [s.index, s.field, s.label, s.removed]), [[0, 'from_time', 'from 2026-10-30', 1], [1, 'limit', 'kept by limit 2', 3]]);
    const funnel = formatFunnel(result);
    assert.match(funnel, /^\n6 sessions → 5 from 2026-10-30 → 2 kept by limit\n/);
    const table = formatTable(result);
    assert.match(table, /│ 3 messages · 1 tool call · 12 tokens\n/);
    assert.ok(!table.includes('open_responses'), 'a trace cell is a summary, not JSON');
  });

  test('a time that does not parse and a limit below 1 are errors naming the field', async () => {
    await assert.rejects(run({ from_time: 'yesterday' }), (error: unknown) => error instanceof PreviewError && /from_time 'yesterday'/.test(error.message));
    await assert.rejects(run({ to_time: '2026-02-30' }), (error: unknown) => error instanceof PreviewError && /to_time/.test(error.message));
    await assert.rejects(run({ limit: 0 }), (error: unknown) => error instanceof PreviewError && /limit/.test(error.message));
    assert.equal(parseIsoTime('2026-11-01T10:30:00.250Z'), Date.UTC(2026, 10, 1, 10, 30, 0, 250));
    assert.equal(parseIsoTime('2026-11-01T10:30-0130'), Date.UTC(2026, 10, 1, 12, 0));
  });
});

describe('coding_agent_sessions discovery', () => {
  test('the default folders: each CLAUDE_CONFIG_DIR entry’s projects/, else ~/.claude and ~/.config/claude', async () => {
    const second = join(root, 'second');
    writeLines(join(second, 'projects', 'p', 'other.jsonl'), simpleSession('other', '2026-12-01T00:00:00Z'));
    const both = await run({ path: undefined }, { env: { CLAUDE_CONFIG_DIR: `${join(root, 'config')}, ${second},${join(root, 'missing')}` } });
    assert.equal(both.total, 7);
    const home = join(root, 'home');
    writeLines(join(home, '.claude', 'projects', 'p', 'h1.jsonl'), simpleSession('h1', '2026-12-02T00:00:00Z'));
    writeLines(join(home, '.config', 'claude', 'projects', 'p', 'h2.jsonl'), simpleSession('h2', '2026-12-03T00:00:00Z'));
    const defaults = await run({ path: undefined }, { env: {} });
    assert.deepEqual(ids(defaults), ['h1', 'h2']);
    await assert.rejects(run({ path: undefined }, { env: {}, homeDir: join(root, 'nobody') }), (error: unknown) => error instanceof PreviewError && /no session folder found/.test(error.message));
  });

  test('a relative path resolves against the spec file; a missing path is an error naming it', async () => {
    const specPath = join(root, 'specs', 'a.dataset.yaml');
    const result = await run({ path: '../config/projects/-work-p0' }, { specPath });
    assert.deepEqual(ids(result), ['s0', 's2', 's4']);
    await assert.rejects(run({ path: './nowhere' }, { specPath }), (error: unknown) => error instanceof PreviewError && error.message.includes(join(root, 'specs', 'nowhere')));
  });

  test('a symbolic link loop is read once', async () => {
    const dir = join(root, 'looped');
    writeLines(join(dir, 'a', 'one.jsonl'), simpleSession('one', '2026-05-01T00:00:00Z'));
    symlinkSync(dir, join(dir, 'a', 'back'), 'dir');
    const result = await run({ path: dir });
    assert.deepEqual(ids(result), ['one']);
  });

  test('cancel: an aborted signal stops after the current file, the counts are lower bounds', async () => {
    const controller = new AbortController();
    const progress: PreviewProgress[] = [];
    const result = await run({}, { signal: controller.signal, onProgress: (p) => { progress.push(p); if (p.done === 2) controller.abort(); } });
    assert.equal(result.complete, false);
    assert.equal(result.total, 2);
    assert.deepEqual(progress.map((p) => [p.done, p.total, p.unit]), [[1, 6, 'files'], [2, 6, 'files']]);
  });
});

describe('coding_agent_sessions on a directory of many files', () => {
  test('600 sessions: every row counted, traces only for the first page, first page reported once', async () => {
    const dir = join(root, 'many');
    for (let k = 0; k < 600; k++) {
      const start = new Date(Date.UTC(2026, 0, 1) + k * 3_600_000).toISOString();
      writeLines(join(dir, `p${k % 7}`, `m${String(k).padStart(3, '0')}.jsonl`), simpleSession(`m${k}`, start, k));
    }
    mkdirSync(join(dir, 'empty'));
    writeFileSync(join(dir, 'notes.txt'), 'not a session');
    let firstPages = 0;
    const load = await loadSessions({ source: { type: 'coding_agent_sessions', path: dir, limit: 500 }, ...startRun({ limit: 25, env: {}, onFirstPage: () => firstPages++ }) });
    assert.equal(firstPages, 1);
    assert.equal(load.result.total, 600);
    assert.equal(load.result.matched, 500);
    assert.equal(load.rows.length, 500);
    assert.equal(load.result.rows.length, 25);
    assert.equal(load.rows.filter((row) => row.values.trace !== undefined).length, 25);
    assert.equal(load.rows[0].values.session_id, 'm100');
    const tokens = load.rows.reduce((sum, row) => sum + (row.values.total_tokens as number), 0);
    let expected = 0;
    for (let k = 100; k < 600; k++) expected += 2 * (k + 1);
    assert.equal(tokens, expected);
    assert.equal(load.result.sourceFacts?.sessionIds?.length, 200);
    assert.equal(load.result.sourceFacts?.sessionIds?.[0], 'm599');
  });

  test('worker threads and the calling thread give the same rows, warnings and progress', async () => {
    const dir = join(root, 'many');
    writeFileSync(join(dir, 'p0', 'zz-broken.jsonl'), '{"type":"user",\n');
    const script = findSessionWorkerScript();
    assert.ok(script, 'the build writes dist/worker/sessionScan.js');
    const progress: number[] = [];
    const source = { type: 'coding_agent_sessions', path: dir };
    const here = await loadSessions({ source, ...startRun({ limit: 30, env: {}, workers: 0 }) });
    const threads = await loadSessions({ source, ...startRun({ limit: 30, env: {}, workers: 2, onProgress: (p) => progress.push(p.done) }) });
    assert.deepEqual(threads.rows, here.rows);
    assert.deepEqual(threads.result, here.result);
    assert.equal(here.result.total, 601);
    assert.deepEqual(here.result.warnings.map((w) => w.line), [1]);
    assert.deepEqual(progress, Array.from({ length: 601 }, (_, k) => k + 1));
  });

  test('cancel with worker threads: the workers stop, the counts are lower bounds', async () => {
    const controller = new AbortController();
    const result = await loadSessions({
      source: { type: 'coding_agent_sessions', path: join(root, 'many') },
      ...startRun({ limit: 10, env: {}, workers: 2, signal: controller.signal, onProgress: (p) => { if (p.done === 50) controller.abort(); } }),
    });
    assert.equal(result.result.complete, false);
    assert.equal(result.result.total, 50);
  });
});
