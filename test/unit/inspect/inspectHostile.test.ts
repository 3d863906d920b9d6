/** Inspect archives and logs that are truncated, still being written, or lie: a clear message or a partial report with notes. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { deflateRawSync } from 'node:zlib';
import { openLogSource } from '../../../src/core/report/openLogSource';
import type { LogSource } from '../../../src/core/log/logSource';
import { crc32 } from '../../../src/core/archive/zipEntryData';
import { buildZip, rawZstdFrame, TestEntry } from '../archive/zipTestWriter';
import { temporaryFolder } from '../temporaryFolder';

const folder = temporaryFolder('eval-lens-inspect-hostile-');

const evalPart = { task: 'arith', task_id: 'T', model: 'openai/m', dataset: { name: 'arith', samples: 3 }, config: { epochs: 2 } };
const results = { total_samples: 4, completed_samples: 4, scores: [{ name: 'match', scorer: 'match', reducer: 'mean', metrics: { accuracy: { name: 'accuracy', value: 0.5 } } }] };
const header = { version: 2, status: 'success', eval: evalPart, plan: { steps: [] }, results, stats: { started_at: '2026-01-01T00:00:00Z', completed_at: '2026-01-01T00:01:00Z', model_usage: { 'openai/m': { input_tokens: 10, output_tokens: 2 } } } };

function summary(id: number | string, epoch: number, value: unknown = 'C'): Record<string, unknown> {
  return { id, epoch, input: `q${id}`, target: 't', scores: { match: { value } } };
}

function sampleEntry(id: number | string, epoch: number, extra: Record<string, unknown> = {}): TestEntry {
  return { name: `samples/${id}_epoch_${epoch}.json`, data: JSON.stringify({ ...summary(id, epoch), messages: [{ role: 'user', content: `q${id}` }, { role: 'assistant', content: 'a' }], ...extra }) };
}

function archive(name: string, entries: TestEntry[]): string {
  return folder.put(name, buildZip(entries));
}

async function open(file: string): Promise<LogSource> {
  const outcome = await openLogSource(file, { generation: 1, plan: { kind: 'whole' } });
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.failure.message);
  return outcome.source;
}

async function failure(file: string): Promise<string> {
  const outcome = await openLogSource(file, { generation: 1, plan: { kind: 'whole' } });
  assert.equal(outcome.ok, false);
  return outcome.ok ? '' : outcome.failure.message;
}

describe('Inspect logs that are truncated, unfinished or lying', () => {
  test('a truncated archive (cut before its directory) is a message naming the file, not a crash', async () => {
    const whole = buildZip([{ name: 'header.json', data: JSON.stringify(header) }, sampleEntry(1, 1)]);
    const file = folder.put('cut.eval', whole.subarray(0, Math.floor(whole.length * 0.6)));
    assert.match(await failure(file), /cut\.eval cannot be read as an Inspect log archive/);
  });

  test('a file named .eval that is no zip and not JSON is a message, not a crash', async () => {
    const file = folder.put('garbage.eval', Buffer.from('PK\u0003\u0004 this is not really a zip'));
    assert.match(await failure(file), /garbage\.eval/);
  });

  test('a run still writing: header from the journal start, summaries from the journal, a note saying so', async () => {
    const file = archive('running.eval', [
      { name: '_journal/start.json', data: JSON.stringify({ version: 2, eval: evalPart, plan: {} }) },
      { name: '_journal/summaries/1.json', data: JSON.stringify([summary(1, 1), summary(2, 1, 'I')]) },
      { name: '_journal/summaries/2.json', data: JSON.stringify([summary(1, 2)]) },
      sampleEntry(1, 1), sampleEntry(2, 1), sampleEntry(1, 2),
    ]);
    const source = await open(file);
    const s = await source.summary();
    assert.equal(s.samples.count, 2);
    assert.equal(s.metrics, null, 'no results yet');
    assert.ok(s.notes?.some((n) => /still being written/.test(n)), JSON.stringify(s.notes));
    assert.ok(s.notes?.some((n) => /from the journal \(3 written so far\)/.test(n)), JSON.stringify(s.notes));
    assert.ok(s.notes?.some((n) => /fewer than the 2 epochs/.test(n)), 'sample 2 has one epoch of two');
    const rows = (await source.page({ offset: 0, limit: 10 })).rows;
    assert.deepEqual(rows.map((r) => r.trials.map((t) => t.outcome)), [['pass', 'pass'], ['fail']]);
    source.dispose();
  });

  test('header.json lying about the counts: the report shows what the log holds and says so', async () => {
    const lying = { ...header, results: { ...results, total_samples: 999 } };
    const file = archive('lying.eval', [{ name: 'header.json', data: JSON.stringify(lying) }, { name: 'summaries.json', data: JSON.stringify([summary(1, 1), summary(1, 2)]) }, sampleEntry(1, 1), sampleEntry(1, 2)]);
    const source = await open(file);
    const s = await source.summary();
    assert.equal(s.samples.count, 1);
    assert.ok(s.notes?.some((n) => /total_samples says 999, the log holds 2/.test(n)), JSON.stringify(s.notes));
    source.dispose();
  });

  test('an entry whose sizes lie (a deflate bomb declared small) is left out with a note; the detail shows the summary', async () => {
    const bomb = Buffer.alloc(64 * 1024 * 1024, 0x20);
    const small = Buffer.from('{}');
    const file = archive('bomb.eval', [
      { name: 'header.json', data: JSON.stringify(header) },
      { name: 'summaries.json', data: JSON.stringify([summary(1, 1), summary(1, 2)]) },
      { name: 'samples/1_epoch_1.json', raw: { bytes: deflateRawSync(bomb), crc: crc32(small), size: small.length } },
      sampleEntry(1, 2),
    ]);
    const started = Date.now();
    const source = await open(file);
    const detail = await source.detail(0);
    assert.ok(Date.now() - started < 20_000, 'bounded');
    assert.equal(detail.trials.length, 2);
    assert.ok(detail.notes.some((n) => /full sample cannot be read/.test(n)), JSON.stringify(detail.notes));
    assert.equal(detail.trials[1].output.kind, 'trace', 'the readable epoch keeps its conversation');
    source.dispose();
  });

  test('a zstd bomb (a frame larger than the entry says) and an entry declared too large: left out with a note, bounded', async () => {
    const big = Buffer.alloc(32 * 1024 * 1024, 0x20);
    const small = Buffer.from('[]');
    const file = archive('zstd-bomb.eval', [
      { name: 'header.json', data: JSON.stringify(header) },
      { name: 'summaries.json', method: 93, raw: { bytes: rawZstdFrame(big), crc: crc32(small), size: small.length } },
      sampleEntry(1, 1),
    ]);
    const source = await open(file);
    const s = await source.summary();
    assert.ok(s.notes?.some((n) => /Left out: .*summaries\.json/.test(n)), JSON.stringify(s.notes));
    assert.equal(s.samples.count, 1, 'the samples are read lean instead');
    source.dispose();
  });

  test('summaries whose samples are missing: the detail says which epoch has no full sample', async () => {
    const file = archive('missing.eval', [{ name: 'header.json', data: JSON.stringify(header) }, { name: 'summaries.json', data: JSON.stringify([summary(7, 1)]) }]);
    const source = await open(file);
    const detail = await source.detail(0);
    assert.ok(detail.notes.some((n) => /no full sample for id 7, epoch 1/.test(n)), JSON.stringify(detail.notes));
    source.dispose();
  });

  test('zip-slip names are only names: nothing is written, the samples under samples/ are read', async () => {
    const file = archive('slip.eval', [
      { name: 'header.json', data: JSON.stringify(header) },
      { name: '../../escaped.json', data: '{}' },
      { name: '/etc/evil.json', data: '{}' },
      sampleEntry(1, 1),
      { name: 'samples/../../x_epoch_1.json', data: JSON.stringify(summary('x', 1)) },
    ]);
    const source = await open(file);
    const s = await source.summary();
    assert.ok(s.samples.count >= 1);
    await source.detail(0);
    assert.equal(fs.existsSync(path.join(path.dirname(folder.path), 'escaped.json')), false);
    source.dispose();
  });

  test('score values of every JSON type, and dict scores: rows, columns and details, never a crash', async () => {
    const values: unknown[] = [1, 0, true, false, 'C', 'I', 'P', 'N', 'yes', '0.25', 'free text', null, [1, 2], { a: 1, b: 'C' }, 1e308, -0.5, '', 'toString', 'constructor'];
    const summaries = values.map((value, i) => summary(i + 1, 1, value));
    const file = archive('types.eval', [{ name: 'header.json', data: JSON.stringify(header) }, { name: 'summaries.json', data: JSON.stringify(summaries) }]);
    const source = await open(file);
    const s = await source.summary();
    assert.equal(s.samples.count, values.length);
    const ids = s.samples.scoreColumns.map((c) => c.id).sort();
    assert.deepEqual(ids, ['match/a', 'match/b', 'match/match']);
    const rows = (await source.page({ offset: 0, limit: 100 })).rows;
    const cell = (id: number) => rows.find((r) => r.sampleId === id)!.scores['match/match'];
    assert.equal(cell(5), 1, 'C');
    assert.equal(cell(7), 0.5, 'P');
    assert.equal(cell(10), 0.25, 'numeric text');
    assert.equal(cell(11) ?? undefined, undefined, 'text has no mean');
    const textDetail = await source.detail(rows.find((r) => r.sampleId === 11)!.index);
    assert.deepEqual(textDetail.trials[0].scores[0].values, { match: 'free text' });
    // Text that names a member every object has is text, not a letter grade.
    for (const [id, text] of [[18, 'toString'], [19, 'constructor']] as const) {
      const detail = await source.detail(rows.find((r) => r.sampleId === id)!.index);
      assert.deepEqual(detail.trials[0].scores[0].values, { match: text });
    }
    for (const row of rows) await source.detail(row.index);
    const sorted = await source.page({ offset: 0, limit: 100, sort: { column: 'match/match', direction: 'desc' } });
    assert.equal(sorted.total, values.length);
    source.dispose();
  });

  test('an Inspect .json log with damaged parts: samples without ids left out with a note, a text score, no header parts', async () => {
    const file = folder.put('damaged.json', JSON.stringify({ version: 2, status: 'error', eval: { task: 't' }, error: { message: 'boom' }, samples: [summary(1, 1), 'not a sample', { epoch: 1 }, summary(2, 1, 'maybe')] }));
    const source = await open(file);
    const s = await source.summary();
    assert.equal(s.samples.count, 2);
    assert.equal(s.status, 'error');
    assert.ok(s.notes?.some((n) => /2 sample entries are not valid samples/.test(n)), JSON.stringify(s.notes));
    assert.equal(s.errorTotal, 1, 'the eval error');
    source.dispose();
  });

  test('an Inspect .json log that is not valid JSON is a message naming the file and the place', async () => {
    const file = folder.put('broken.json', '{"version": 2, "status": "success",\n "eval": {');
    assert.match(await failure(file), /broken\.json:2:\d+: invalid JSON/);
  });

  test('a sample error and a limit become errors of their trial', async () => {
    const withError = { ...summary(1, 1), error: { message: 'sandbox died', traceback: '...' } };
    const withLimit = { ...summary(1, 2), limit: { type: 'token', limit: 1000 } };
    const file = archive('errors.eval', [{ name: 'header.json', data: JSON.stringify(header) }, { name: 'summaries.json', data: JSON.stringify([withError, withLimit]) }]);
    const source = await open(file);
    const s = await source.summary();
    assert.equal(s.errorTotal, 2);
    const detail = await source.detail(0);
    assert.deepEqual(detail.errors.map((e) => e.message), ['sandbox died', 'token limit reached (1000)']);
    source.dispose();
  });
});
