import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PreviewError, preview } from '../../../src/core/sources/preview';
import { PreviewOptions, PreviewProgress, PreviewResult } from '../../../src/core/model/previewTypes';
import { EVAL_LOG_SAMPLE_COLUMNS } from '../../../src/core/sources/evalLogs/evalLogColumns';
import { TraceRecord } from '../../../src/core/trace/traceRecord';
import { isLocalSource, watchTargetOf } from '../../../src/extension/preview/sourceLocation';
import { formatTable } from '../../../src/cli/previewFormat';
import { buildZip } from '../archive/zipTestWriter';
import { sharedFixture } from '../sharedFixtures';
import { temporaryFolder } from '../temporaryFolder';
import { HEADER, buildEvalArchive, inspectSample } from './inspectLogData';

const temp = temporaryFolder('eval-lens-evallogs-');
const put = temp.put.bind(temp);
let counter = 0;

function run(path: string, extra: Partial<PreviewOptions> & { sourceLimit?: number } = {}): Promise<PreviewResult> {
  const { sourceLimit, ...options } = extra;
  const source: Record<string, unknown> = { type: 'eval_logs', path };
  if (sourceLimit !== undefined) source.limit = sourceLimit;
  return preview({ key: 'k', source }, { limit: 50, ...options });
}

const samples = (n: number) => Array.from({ length: n }, (_, k) => inspectSample(k + 1));
const trace = (result: PreviewResult, k: number) => result.rows[k].values.trace as TraceRecord;

describe('eval_logs source on the real Inspect files', () => {
  test('the .eval archive gives one row per sample and epoch with every §9.3 column in order', async () => {
    const result = await run(sharedFixture('inspect-ai', 'log_read_sample.eval'));
    assert.deepEqual(result.columns, [...EVAL_LOG_SAMPLE_COLUMNS]);
    assert.equal(result.total, 1);
    assert.equal(result.selection, true);
    assert.equal(result.recordNoun, 'samples');
    const row = result.rows[0].values;
    assert.deepEqual(Object.keys(row), [...EVAL_LOG_SAMPLE_COLUMNS]);
    assert.equal(row.sample_id, '1');
    assert.equal(row.epoch, 1);
    assert.equal(row.log_file, 'log_read_sample.eval');
    assert.equal(row.task, 'popularity');
    assert.equal(row.model, 'ollama/gemma3');
    assert.match(String(row.input), /^Is the following statement something you would say\?/);
    assert.equal(row.target, ' Yes');
    assert.equal(row.completion, 'Yes\n');
    assert.deepEqual(row.scores, { match: 'C' });
    assert.deepEqual(row.score_details, { match: { value: 'C', answer: 'Yes', explanation: 'Yes\n', metadata: null } });
    assert.deepEqual([row.input_tokens, row.output_tokens, row.total_tokens], [66, 3, 69]);
    assert.equal(row.error, null);
    const items = trace(result, 0).items as { role: string }[];
    assert.deepEqual(items.map((item) => item.role), ['system', 'user', 'assistant']);
    assert.deepEqual(result.sourceFacts, { metadataKeys: ['label_confidence'], scoreKeys: ['match'] });
    assert.deepEqual(result.warnings, []);
  });

  test('the .json log gives the same sample as the .eval archive', async () => {
    const fromJson = (await run(sharedFixture('inspect-ai', 'log_read_sample.json'))).rows[0].values;
    const fromEval = (await run(sharedFixture('inspect-ai', 'log_read_sample.eval'))).rows[0].values;
    for (const column of ['sample_id', 'epoch', 'task', 'model', 'input', 'target', 'completion', 'scores', 'score_details', 'metadata', 'input_tokens', 'total_tokens']) {
      assert.deepEqual(fromJson[column], fromEval[column], column);
    }
    assert.equal(fromJson.log_file, 'log_read_sample.json');
  });
});

describe('eval_logs source on written archives', () => {
  test('zstd entries of several frames, the chunked layout beside the plain one, attachments resolved', async () => {
    const file = put(`mixed${counter++}.eval`, buildEvalArchive(samples(4), { method: 93, frames: 3, chunked: (s) => Number(s.id) % 2 === 0 }));
    const result = await run(file);
    assert.equal(result.total, 4);
    assert.deepEqual(result.rows.map((r) => r.values.sample_id), ['1', '2', '3', '4']);
    for (const [k, row] of result.rows.entries()) {
      const i = k + 1;
      assert.equal(row.values.input, `What is ${i} + ${i}?`, `input of ${i}`);
      assert.equal(row.values.task, 'arith');
      assert.deepEqual([row.values.input_tokens, row.values.output_tokens, row.values.total_tokens], [10 * i + 5, i + 1, 11 * i + 6]);
      assert.equal(row.values.started_at, new Date(Date.UTC(2026, 10, 1, 10, i, 0)).toISOString());
      const items = trace(result, k).items as Record<string, unknown>[];
      assert.deepEqual(items.map((item) => item.type), ['message', 'message', 'reasoning', 'message', 'function_call', 'function_call_output', 'message'], `items of ${i}`);
      assert.deepEqual(items[0], { type: 'message', role: 'system', content: [{ type: 'input_text', text: 'You are a calculator.' }] });
      const userText = (items[1].content as { text: string }[])[0].text;
      assert.match(userText, new RegExp(`^What is ${i} \\+ ${i}\\?\\n\\[image: image/png, 3 KB\\]$`));
      assert.deepEqual(items[4], { type: 'function_call', call_id: `call_${i}`, name: 'add', arguments: JSON.stringify({ a: i, b: i }) });
      const output = items[5];
      assert.equal(output.call_id, `call_${i}`);
      if (i % 2 === 0) assert.deepEqual([output.output, output.status], ['tool timed out', 'incomplete']);
      else assert.deepEqual([output.output, output.status], [String(2 * i), undefined]);
      assert.equal(trace(result, k).metadata?.total_tokens, 11 * i + 6);
    }
  });

  test('ZIP64 archives with deflate entries read the same rows', async () => {
    const plainFile = put(`p${counter++}.eval`, buildEvalArchive(samples(3), { method: 8 }));
    const zip64File = put(`z${counter++}.eval`, buildEvalArchive(samples(3), { method: 8, zip64: true }));
    const plain = await run(plainFile);
    const zip64 = await run(zip64File);
    const named = (result: PreviewResult, file: string) => JSON.stringify(result.rows.map((r) => r.values)).split(file).join('LOG').split(file.slice(temp.path.length + 1)).join('LOG');
    assert.equal(named(zip64, zip64File), named(plain, plainFile));
    assert.equal(zip64.rows[2].values.input, 'What is 3 + 3?');
    assert.equal(zip64.total, 3);
  });

  test('an unfinished log without header.json takes task and model from _journal/start.json', async () => {
    const result = await run(put(`u${counter++}.eval`, buildEvalArchive(samples(2), { unfinished: true })));
    assert.equal(result.total, 2);
    assert.deepEqual([result.rows[0].values.task, result.rows[0].values.model], ['arith', 'openai/gpt-test']);
    assert.deepEqual(result.warnings, []);
  });

  test('a corrupt entry and an oversized entry are warnings naming them; the other samples load', async () => {
    const bad = { name: 'samples/99_epoch_1.json', data: JSON.stringify(inspectSample(99)), method: 93, crc: 7 };
    const file = put(`c${counter++}.eval`, buildEvalArchive(samples(3), { extra: [bad] }));
    const result = await run(file);
    assert.equal(result.total, 3);
    assert.equal(result.warnings.length, 1);
    assert.match(result.warnings[0].message, /samples\/99_epoch_1\.json/);
    assert.ok(result.warnings[0].message.includes(file));
    assert.equal(result.warnings[0].file, file);

    const large = { name: 'samples/7_epoch_1.json', data: JSON.stringify(inspectSample(7, 1, 300_000)), method: 8 };
    const withLarge = put(`l${counter++}.eval`, buildEvalArchive(samples(2), { extra: [large] }));
    const limited = await run(withLarge, { maxEntryMB: 0.1 });
    assert.equal(limited.total, 2);
    assert.equal(limited.warnings.length, 1);
    assert.match(limited.warnings[0].message, /samples\/7_epoch_1\.json.*above the 0\.1 MB limit/);
    assert.equal((await run(withLarge)).total, 3);
  });

  test('a truncated archive is an error naming the file; in a directory it is a warning and the rest loads', async () => {
    const whole = buildEvalArchive(samples(2));
    const file = put(`t${counter++}.eval`, whole.subarray(0, whole.length - 40));
    await assert.rejects(run(file), (error: unknown) => error instanceof PreviewError && error.message.includes(file) && /truncated|not a zip/.test(error.message));
    const notZip = put(`n${counter++}.eval`, 'this is text');
    await assert.rejects(run(notZip), (error: unknown) => error instanceof PreviewError && error.message.includes(notZip));

    const folder = join(temp.path, `folder${counter++}`);
    put(join(folder.slice(temp.path.length + 1), 'a.eval'), whole);
    put(join(folder.slice(temp.path.length + 1), 'b.eval'), whole.subarray(0, 100));
    const result = await run(folder);
    assert.equal(result.total, 2);
    assert.equal(result.warnings.length, 1);
    assert.match(result.warnings[0].message, /b\.eval/);
  });

  test('a directory of both formats is searched recursively; log_file is relative; progress counts files', async () => {
    const folder = join(temp.path, `both${counter++}`);
    mkdirSync(join(folder, 'nested', 'deeper'), { recursive: true });
    writeFileSync(join(folder, 'a.eval'), buildEvalArchive(samples(2)));
    copyFileSync(sharedFixture('inspect-ai', 'log_read_sample.json'), join(folder, 'nested', 'b.json'));
    copyFileSync(sharedFixture('inspect-ai', 'log_read_sample.eval'), join(folder, 'nested', 'deeper', 'c.eval'));
    const progress: PreviewProgress[] = [];
    const result = await run(folder, { onProgress: (p) => progress.push(p) });
    assert.equal(result.total, 4);
    assert.deepEqual(result.rows.map((r) => r.values.log_file), ['a.eval', 'a.eval', 'nested/b.json', 'nested/deeper/c.eval']);
    const last = progress[progress.length - 1];
    assert.deepEqual([last.unit, last.done, last.total, last.rowsSeen], ['files', 3, 3, 4]);
  });

  test('limit keeps the most recent samples by start time, shown oldest first, as a selection step', async () => {
    const shuffled = [3, 1, 5, 2, 4].map((i) => inspectSample(i));
    const result = await run(put(`lim${counter++}.eval`, buildEvalArchive(shuffled)), { sourceLimit: 2 });
    assert.equal(result.total, 5);
    assert.equal(result.matched, 2);
    assert.deepEqual(result.rows.map((r) => r.values.sample_id), ['4', '5']);
    assert.deepEqual(result.removedPerFilter.map((s) => [s.field, s.removed]), [['limit', 3]]);
    assert.ok(trace(result, 0).items.length > 0);
    await assert.rejects(run(put(`lim${counter++}.eval`, buildEvalArchive(shuffled)), { sourceLimit: 0 }), /limit/);
  });

  test('the first page is sent as soon as it is read, before the count ends; cancel stops with lower bounds', async () => {
    const file = put(`fp${counter++}.eval`, buildEvalArchive(samples(40)));
    let first: PreviewResult | undefined;
    const result = await run(file, { limit: 5, onFirstPage: (page) => (first = page) });
    assert.ok(first);
    assert.equal(first.rows.length, 5);
    assert.equal(first.complete, false);
    assert.equal(first.total, 5);
    assert.equal(result.total, 40);
    assert.equal(result.rows.length, 5);
    assert.equal(result.complete, true);

    const controller = new AbortController();
    const cancelled = await run(file, { limit: 5, signal: controller.signal, onFirstPage: () => controller.abort() });
    assert.equal(cancelled.complete, false);
    assert.ok(cancelled.total < 40);
  });

  test('paths resolve against the spec; a missing path and a file of another kind are errors', async () => {
    const file = put(`spec${counter++}/logs/x.eval`, buildEvalArchive(samples(1)));
    const spec = join(file, '..', '..', 'a.dataset.yaml');
    const result = await preview({ key: 'k', source: { type: 'eval_logs', path: 'logs/x.eval' } }, { limit: 5, specPath: spec });
    assert.equal(result.total, 1);
    await assert.rejects(run(join(temp.path, 'missing.eval')), (error: unknown) => error instanceof PreviewError && /missing\.eval/.test(error.message));
    await assert.rejects(run(put(`x${counter++}.csv`, 'a,b\n')), (error: unknown) => error instanceof PreviewError && /\.eval file/.test(error.message));
    const bytes = buildZip([{ name: 'header.json', data: JSON.stringify(HEADER) }]);
    assert.equal((await run(put(`empty${counter++}.eval`, bytes))).total, 0);
  });

  test('the editor counts eval_logs sources as local ones and watches their path', () => {
    assert.equal(isLocalSource({ source: { type: 'eval_logs', path: 'logs' } }), true);
    const spec = join(temp.path, 'a.dataset.yaml');
    assert.deepEqual(watchTargetOf({ source: { type: 'eval_logs', path: 'logs/run.eval' } }, spec), { kind: 'file', path: join(temp.path, 'logs', 'run.eval') });
    assert.deepEqual(watchTargetOf({ source: { type: 'eval_logs', path: 'logs' } }, spec), { kind: 'folder', path: join(temp.path, 'logs') });
  });

  test('a large archive counted in worker threads gives the same counts, warnings and limit as one pass', async () => {
    const many = Array.from({ length: 2400 }, (_, k) => inspectSample(((k * 7) % 2400) + 1, 1 + (k % 2)));
    const bad = [1500, 2300].map((i) => ({ name: `samples/${9000 + i}_epoch_1.json`, data: JSON.stringify(inspectSample(9000 + i)), method: 93, crc: i }));
    const file = put(`big${counter++}.eval`, buildEvalArchive(many, { extra: bad }));
    for (const sourceLimit of [undefined, 3]) {
      const single = await run(file, { limit: 5, workers: 0, sourceLimit });
      const parallel = await run(file, { limit: 5, workers: 3, sourceLimit });
      assert.equal(single.total, 2400);
      assert.equal(parallel.total, single.total);
      assert.equal(parallel.matched, single.matched);
      assert.deepEqual(parallel.warnings, single.warnings);
      assert.equal(parallel.warnings.length, 2);
      assert.deepEqual(parallel.rows.map((r) => r.values.sample_id), single.rows.map((r) => r.values.sample_id));
      assert.deepEqual(parallel.removedPerFilter, single.removedPerFilter);
      assert.match(parallel.countedBy ?? '', /on 3 threads/);
      assert.doesNotMatch(single.countedBy ?? '', /threads/);
    }
    const controller = new AbortController();
    const cancelled = await run(file, { limit: 5, workers: 3, signal: controller.signal, onFirstPage: () => controller.abort() });
    assert.equal(cancelled.complete, false);
    assert.ok(cancelled.total < 2400);
    const latest = await run(file, { limit: 5, workers: 3, sourceLimit: 3 });
    assert.deepEqual(latest.rows.map((r) => r.values.started_at), [2398, 2399, 2400].map((i) => new Date(Date.UTC(2026, 10, 1, 10, i, 0)).toISOString()));
  });

  test('hostile samples (deep nesting everywhere) give printable rows, not a stack overflow', async () => {
    const deep = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
    const text = `{"id":${deep(50000)},"epoch":${deep(50000)},"metadata":${deep(100000)},"error":{"message":${deep(50000)}},` +
      `"total_time":${deep(50000)},"messages":[{"role":"assistant","content":"hi","tool_calls":[{"id":${deep(50000)},"function":"f","arguments":{"a":${deep(100000)}}}]}]}`;
    const file = put(`deep${counter++}.eval`, buildZip([{ name: 'samples/x_epoch_1.json', data: text, method: 8 }]));
    const result = await run(file);
    assert.equal(result.total, 1);
    const serialised = JSON.stringify(result);
    assert.ok(serialised.includes('nested too deep to show'));
    assert.equal(result.rows[0].values.total_time, null);
    assert.match(formatTable(result), /1 message · 1 tool call/);
  });
});
