import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { preview } from '../../../src/core/sources/preview';
import { PreviewOptions, PreviewResult } from '../../../src/core/model/previewTypes';
import { PreviewFunction, runPreview } from '../../../src/extension/preview/previewRun';
import { buildEvalArchive, inspectSample } from './inspectLogData';
import { simpleSession, writeLines } from './sessionFileWriter';
import { temporaryFolder } from '../temporaryFolder';

const temp = temporaryFolder('eval-lens-deferred-traces-');
const put = temp.put.bind(temp);
let counter = 0;

function evalLogs(path: string, options: Partial<PreviewOptions> = {}, sourceLimit?: number): Promise<PreviewResult> {
  const source: Record<string, unknown> = { type: 'eval_logs', path };
  if (sourceLimit !== undefined) source.limit = sourceLimit;
  return preview({ key: 'k', source }, { limit: 50, ...options });
}

const samples = (n: number) => Array.from({ length: n }, (_, k) => inspectSample(k + 1));

/** Kept rows without a trace get exactly the trace of the plain path from `fillTraces`. */
async function assertDeferredEqualsPlain(plain: PreviewResult, lean: PreviewResult, traceRows: number): Promise<void> {
  assert.ok(plain.rows.length > traceRows, 'the source has more rows than traceRows');
  assert.equal(plain.fillTraces, undefined, 'nothing is deferred without traceRows');
  assert.equal(lean.rows.length, plain.rows.length);
  for (const [k, row] of lean.rows.entries()) {
    if (k < traceRows) assert.deepEqual(row.values, plain.rows[k].values, `row ${k} keeps its trace`);
    else {
      assert.equal(row.values.trace, null, `row ${k} is kept without its trace`);
      assert.deepEqual({ ...row.values, trace: null }, { ...plain.rows[k].values, trace: null }, `row ${k}'s other columns`);
      assert.notEqual(plain.rows[k].values.trace, null);
    }
  }
  assert.ok(lean.fillTraces, 'rows without a trace can get it');
  const page = lean.rows.slice(traceRows - 1);
  const filled = await lean.fillTraces(page);
  assert.deepEqual(filled.map((row) => row.values), plain.rows.slice(traceRows - 1).map((row) => row.values));
  assert.equal(lean.rows[traceRows].values.trace, null, 'the kept rows stay without their trace');
}

describe('rows kept without their trace (traceRows)', () => {
  test('eval_logs .eval archive, plain and chunked layouts: the filled traces equal the plain path', async () => {
    const file = put(`a${counter++}.eval`, buildEvalArchive(samples(7), { method: 93, frames: 2, chunked: (s) => Number(s.id) % 3 === 0 }));
    await assertDeferredEqualsPlain(await evalLogs(file), await evalLogs(file, { traceRows: 2 }), 2);
  });

  test('eval_logs with a source limit (page read after the full pass) and a .json log', async () => {
    const file = put(`b${counter++}.eval`, buildEvalArchive(samples(9), { method: 8 }));
    await assertDeferredEqualsPlain(await evalLogs(file, {}, 6), await evalLogs(file, { traceRows: 3 }, 6), 3);
    const log = put(`c${counter++}.json`, JSON.stringify({ version: 2, eval: { task: 'arith', model: 'openai/gpt-test' }, samples: samples(5) }));
    await assertDeferredEqualsPlain(await evalLogs(log), await evalLogs(log, { traceRows: 1 }), 1);
  });

  test('eval_logs: rows of another run and a log gone since the count come back as they are', async () => {
    const file = put(`d${counter++}.eval`, buildEvalArchive(samples(4)));
    const lean = await evalLogs(file, { traceRows: 1 });
    const other = await evalLogs(file, { traceRows: 1 });
    assert.deepEqual((await lean.fillTraces!(other.rows.slice(1))).map((row) => row.values.trace), [null, null, null]);
    rmSync(file);
    const kept = lean.rows.slice(1);
    const filled = await lean.fillTraces!(kept);
    assert.deepEqual(filled, kept);
  });

  test('coding_agent_sessions: the filled traces equal the plain path', async () => {
    const folder = join(temp.path, `sessions${counter++}`);
    for (let k = 0; k < 5; k++) writeLines(join(folder, `s${k}.jsonl`), simpleSession(`s${k}`, `2026-03-0${k + 1}T10:00:00Z`, 10 + k));
    const run = (options: Partial<PreviewOptions> = {}) =>
      preview({ key: 'k', source: { type: 'coding_agent_sessions', path: folder } }, { limit: 20, env: {}, homeDir: join(temp.path, 'no-home'), ...options });
    await assertDeferredEqualsPlain(await run(), await run({ traceRows: 2 }), 2);
  });

  test("the editor's full run keeps traces only for the first page", async () => {
    const seen: PreviewOptions[] = [];
    const core: PreviewFunction = async (value, options) => {
      seen.push(options);
      return preview(value, options);
    };
    const file = put(`e${counter++}.eval`, buildEvalArchive(samples(30)));
    const result = await runPreview(core, {
      datasetValue: { key: 'k', source: { type: 'eval_logs', path: file } },
      specPath: join(temp.path, 'a.dataset.yaml'),
      pageSize: 10,
      rowCap: 100_000,
      signal: new AbortController().signal,
      earlyFirstPage: false,
    });
    assert.deepEqual(seen.map((options) => options.traceRows), [10]);
    assert.equal(result.rows.length, 30);
    assert.equal(result.rows.filter((row) => row.values.trace !== null).length, 10);
    const filled = await result.fillTraces!(result.rows.slice(20, 30));
    assert.equal(filled.filter((row) => row.values.trace !== null).length, 10);
  });
});
