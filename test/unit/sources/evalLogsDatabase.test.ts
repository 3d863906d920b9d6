import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { preview } from '../../../src/core/sources/preview';
import { PreviewResult } from '../../../src/core/model/previewTypes';
import { TraceRecord } from '../../../src/core/trace/traceRecord';

let db: string;

interface Transcript {
  id: string;
  tokens: number;
  messages: unknown[];
}

function transcripts(from: number, count: number): Transcript[] {
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return {
      id: `t-${i}`,
      tokens: 100 * i,
      messages: [
        { role: 'user', content: `question ${i}` },
        { role: 'assistant', content: [{ type: 'text', text: `answer ${i}` }], tool_calls: [{ id: `c${i}`, function: 'search', arguments: { q: i } }] },
        { role: 'tool', tool_call_id: `c${i}`, content: `found ${i}` },
      ],
    };
  });
}

function writeDatabasePart(file: string, rows: Transcript[]): void {
  const bytes = parquetWriteBuffer({
    columnData: [
      { name: 'transcript_id', data: rows.map((r) => r.id), type: 'STRING' },
      { name: 'source_type', data: rows.map(() => 'eval_log'), type: 'STRING' },
      { name: 'date', data: rows.map((_, k) => `2026-11-0${k + 1}T08:00:00Z`), type: 'STRING' },
      { name: 'model', data: rows.map(() => 'openai/gpt-test'), type: 'STRING' },
      { name: 'total_tokens', data: rows.map((r) => r.tokens), type: 'INT32' },
      { name: 'score', data: rows.map((r) => JSON.stringify({ value: r.tokens > 150 ? 1 : 0 })), type: 'STRING' },
      { name: 'messages', data: rows.map((r) => JSON.stringify(r.messages)), type: 'STRING' },
      { name: 'metadata', data: rows.map((r) => (r.id === 't-2' ? '{broken' : JSON.stringify({ split: 'test', n: r.tokens }))), type: 'STRING' },
      { name: 'team', data: rows.map(() => 'blue'), type: 'STRING' },
    ],
  });
  writeFileSync(file, Buffer.from(bytes));
}

before(() => {
  db = mkdtempSync(join(tmpdir(), 'eval-lens-transcripts-'));
  mkdirSync(join(db, '_index'));
  writeFileSync(join(db, '_index', 'manifest.json'), '{}');
  writeDatabasePart(join(db, 'transcripts_001.parquet'), transcripts(1, 3));
  writeDatabasePart(join(db, 'transcripts_002.parquet'), transcripts(4, 2));
});
after(() => rmSync(db, { recursive: true, force: true }));

function run(limit?: number, pageSize = 50): Promise<PreviewResult> {
  const source: Record<string, unknown> = { type: 'eval_logs', path: db };
  if (limit !== undefined) source.limit = limit;
  return preview({ key: 'k', source }, { limit: pageSize });
}

describe('eval_logs source on a transcript database', () => {
  test('one row per transcript with the database columns in order, sample_id first, JSON text parsed, trace from messages', async () => {
    const result = await run();
    assert.equal(result.recordNoun, 'transcripts');
    assert.equal(result.selection, true);
    assert.equal(result.total, 5);
    assert.deepEqual(result.columns, ['sample_id', 'transcript_id', 'source_type', 'date', 'model', 'total_tokens', 'score', 'messages', 'metadata', 'team', 'trace']);
    assert.deepEqual(result.rows.map((r) => r.values.sample_id), ['t-1', 't-2', 't-3', 't-4', 't-5']);
    const first = result.rows[0].values;
    assert.deepEqual(Object.keys(first), result.columns);
    assert.deepEqual(first.score, { value: 0 });
    assert.deepEqual(first.metadata, { split: 'test', n: 100 });
    assert.equal(first.total_tokens, 100);
    assert.equal(first.team, 'blue');
    const trace = first.trace as TraceRecord;
    assert.deepEqual(trace.items.map((item) => (item as { type: string }).type), ['message', 'message', 'function_call', 'function_call_output']);
    assert.deepEqual(trace.items[3], { type: 'function_call_output', call_id: 'c1', output: 'found 1' });
    assert.equal(trace.metadata?.trace_id, 't-1');
    assert.equal(trace.metadata?.created_at, '2026-11-01T08:00:00.000Z');
    assert.equal(result.rows[1].values.metadata, '{broken');
    assert.equal(result.warnings.length, 1);
    assert.match(result.warnings[0].message, /metadata.*row 2.*transcripts_001\.parquet/);
  });

  test('limit caps the rows and is the funnel step; the page reads only the rows it shows', async () => {
    const result = await run(4, 2);
    assert.equal(result.total, 5);
    assert.equal(result.matched, 4);
    assert.deepEqual(result.removedPerFilter.map((s) => [s.field, s.removed]), [['limit', 1]]);
    assert.deepEqual(result.rows.map((r) => r.values.sample_id), ['t-1', 't-2']);
    const capped = await run(2);
    assert.deepEqual(capped.rows.map((r) => r.values.sample_id), ['t-1', 't-2']);
  });
});
