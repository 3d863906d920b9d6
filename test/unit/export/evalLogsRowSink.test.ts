import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { preview } from '../../../src/core/sources/preview';
import { PreviewOptions, PreviewResult } from '../../../src/core/model/previewTypes';
import { buildEvalArchive, inspectSample } from '../sources/inspectLogData';

let dir: string;
before(() => (dir = mkdtempSync(join(tmpdir(), 'eval-lens-evallogs-sink-'))));
after(() => rmSync(dir, { recursive: true, force: true }));

function put(name: string, bytes: Buffer | string): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, bytes);
  return path;
}

async function sink(path: string, sourceLimit: number | undefined, options: Partial<PreviewOptions> = {}): Promise<{ result: PreviewResult; given: Record<string, unknown>[] }> {
  const source: Record<string, unknown> = { type: 'eval_logs', path };
  if (sourceLimit !== undefined) source.limit = sourceLimit;
  const given: Record<string, unknown>[] = [];
  const result = await preview({ key: 'k', source }, { limit: 3, ...options, onRow: (values) => given.push(values) });
  return { result, given };
}

const pageOf = async (path: string, sourceLimit?: number) => {
  const source: Record<string, unknown> = { type: 'eval_logs', path };
  if (sourceLimit !== undefined) source.limit = sourceLimit;
  return (await preview({ key: 'k', source }, { limit: 10_000 })).rows.map((row) => row.values);
};

describe('eval_logs rows handed to a row sink as they are read', () => {
  const shuffled = Array.from({ length: 60 }, (_, k) => inspectSample(((k * 37) % 60) + 1));

  test('.eval archive: every sample, with its trace, equal to the preview rows; only the page is kept', async () => {
    const file = put('all.eval', buildEvalArchive(shuffled));
    const { result, given } = await sink(file, undefined);
    assert.equal(given.length, 60);
    assert.equal(result.matched, 60);
    assert.equal(result.rows.length, 3);
    assert.deepEqual(given, await pageOf(file));
    assert.ok(given.every((values) => values.trace !== null && typeof values.trace === 'object'));
  });

  test('with limit: the most recent samples, oldest first, as the preview shows them', async () => {
    const file = put('limited.eval', buildEvalArchive(shuffled));
    const { result, given } = await sink(file, 25, { workers: 0 });
    assert.equal(result.matched, 25);
    assert.deepEqual(given.map((values) => values.sample_id), Array.from({ length: 25 }, (_, k) => String(36 + k)));
    assert.deepEqual(given, await pageOf(file, 25));
  });

  test('the first row is handed over before the archive is read through, and an abort stops the reading', async () => {
    const file = put('abort.eval', buildEvalArchive(shuffled));
    const controller = new AbortController();
    const stopped: Record<string, unknown>[] = [];
    const aborted = await preview({ key: 'k', source: { type: 'eval_logs', path: file } }, {
      limit: 3,
      signal: controller.signal,
      onRow: (values) => {
        stopped.push(values);
        controller.abort();
      },
    });
    assert.equal(aborted.complete, false);
    assert.equal(stopped.length, 1);
    assert.ok(aborted.total < 60, `${aborted.total} samples read`);
  });

  test('transcript database: every transcript, one row group at a time, in column order; an abort stops it', async () => {
    const db = join(dir, 'db');
    mkdirSync(db);
    const ids = Array.from({ length: 900 }, (_, k) => `t-${k + 1}`);
    const messages = ids.map((id) => JSON.stringify([{ role: 'user', content: `question ${id}` }, { role: 'assistant', content: `answer ${id}` }]));
    writeFileSync(join(db, 'transcripts_001.parquet'), Buffer.from(parquetWriteBuffer({
      columnData: [
        { name: 'transcript_id', data: ids, type: 'STRING' },
        { name: 'model', data: ids.map(() => 'openai/gpt-test'), type: 'STRING' },
        { name: 'messages', data: messages, type: 'STRING' },
      ],
      rowGroupSize: 100,
    })));
    const { result, given } = await sink(db, 850);
    assert.equal(given.length, 850);
    assert.equal(result.matched, 850);
    assert.deepEqual(given.map((values) => values.sample_id), ids.slice(0, 850));
    assert.deepEqual(Object.keys(given[0]), ['sample_id', 'transcript_id', 'model', 'messages', 'trace']);
    assert.deepEqual(given.slice(0, 3), (await preview({ key: 'k', source: { type: 'eval_logs', path: db } }, { limit: 3 })).rows.map((row) => row.values));
    const controller = new AbortController();
    let stopped = 0;
    const aborted = await preview({ key: 'k', source: { type: 'eval_logs', path: db } }, { limit: 0, signal: controller.signal, onRow: () => (stopped++, controller.abort()) });
    assert.equal(aborted.complete, false);
    assert.ok(stopped >= 1 && stopped <= 100, `${stopped} rows handed over (a row group holds 100)`);
  });
});
