import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { columnStatistics } from '../../../src/core/sources/columnStatistics';
import { findWorkerScript } from '../../../src/core/engine/pool/parallelCount';
import type { ColumnStatistics } from '../../../src/core/model/columnStatisticsTypes';
import { temporaryFolder } from '../temporaryFolder';
import { registerSecret } from '../../../src/core/text/secretMask';

const folder = temporaryFolder('eval-lens-column-statistics-');

interface ChatRow {
  id: string;
  score?: number | null;
  label: string;
  meta: { level: number };
  tags: string[];
  ok: boolean;
}

function rowOf(i: number): ChatRow {
  const row: ChatRow = { id: `r${i}`, label: ['cat', 'dog', 'bird'][i % 3], meta: { level: i % 4 }, tags: Array.from({ length: i % 5 }, () => 't'), ok: i % 2 === 0 };
  if (i % 10 !== 0) row.score = i % 11 === 0 ? null : (i * 7) % 97;
  return row;
}

/** The figures computed directly from the rows, independently of the sketches. */
function expectedOf(rows: readonly ChatRow[]) {
  const scores = rows.map((r) => r.score).filter((s): s is number => typeof s === 'number');
  const labels = new Map<string, number>();
  for (const r of rows) labels.set(r.label, (labels.get(r.label) ?? 0) + 1);
  const tagLengths = rows.map((r) => r.tags.length);
  return {
    rows: rows.length,
    scoreCount: scores.length,
    scoreNulls: rows.filter((r) => r.score === null).length,
    scoreMissing: rows.filter((r) => r.score === undefined).length,
    scoreMin: Math.min(...scores),
    scoreMax: Math.max(...scores),
    scoreMean: scores.reduce((a, b) => a + b, 0) / scores.length,
    scoreDistinct: new Set(scores).size,
    labels: [...labels].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)),
    metaDistinct: new Set(rows.map((r) => JSON.stringify(r.meta))).size,
    tagsMean: tagLengths.reduce((a, b) => a + b, 0) / tagLengths.length,
  };
}

function column(columns: readonly ColumnStatistics[], name: string): ColumnStatistics {
  const found = columns.find((c) => c.name === name);
  assert.ok(found, `column ${name}`);
  return found;
}

function checkAgainst(columns: readonly ColumnStatistics[], expected: ReturnType<typeof expectedOf>): void {
  const score = column(columns, 'score');
  assert.equal(score.type, 'number');
  assert.equal(score.count, expected.scoreCount);
  assert.equal(score.nulls, expected.scoreNulls);
  assert.equal(score.missing, expected.scoreMissing);
  assert.equal(score.distinct, expected.scoreDistinct);
  assert.equal(score.numbers?.min, expected.scoreMin);
  assert.equal(score.numbers?.max, expected.scoreMax);
  assert.ok(Math.abs((score.numbers?.mean ?? 0) - expected.scoreMean) < 1e-9);
  const label = column(columns, 'label');
  assert.deepEqual(label.top.map((t) => [t.value, t.count]), expected.labels);
  assert.equal(column(columns, 'meta').type, 'object');
  assert.equal(column(columns, 'meta').distinct, expected.metaDistinct);
  assert.ok(Math.abs((column(columns, 'tags').arrayLengths?.mean ?? 0) - expected.tagsMean) < 1e-9);
  assert.deepEqual(column(columns, 'ok').top.map((t) => t.kind), ['boolean', 'boolean']);
}

describe('statistics of every column of the kept rows (docs/semantics.md §13)', () => {
  test('a JSONL file through a filter: only kept rows count, figures match a direct computation', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => rowOf(i));
    const file = folder.put('small.jsonl', `${rows.map((r) => JSON.stringify(r)).join('\n')}\nnot json\n`);
    const dataset = { source: { type: 'local', file_path: file, filters: [{ op: 'not_equals', expression: '{{ sample.label }}', value: 'bird' }] } };
    const result = await columnStatistics(dataset, { workers: 0 });
    const kept = rows.filter((r) => r.label !== 'bird');
    assert.equal(result.rows, kept.length);
    assert.equal(result.complete, true);
    assert.deepEqual(result.columns.map((c) => c.name), ['id', 'label', 'meta', 'tags', 'ok', 'score']);
    checkAgainst(result.columns, expectedOf(kept));
    const id = column(result.columns, 'id');
    assert.equal(id.distinct, kept.length);
    assert.deepEqual(id.textLengths, { min: 2, max: 4, mean: kept.reduce((sum, r) => sum + r.id.length, 0) / kept.length });
  });

  test('a CSV file: every cell is text', async () => {
    const file = folder.put('small.csv', 'name,n\na,1\nb,22\na,\n');
    const result = await columnStatistics({ source: { type: 'local', file_path: file } }, { workers: 0 });
    const n = column(result.columns, 'n');
    assert.equal(n.type, 'text');
    assert.deepEqual(n.textLengths, { min: 0, max: 2, mean: 1 });
    assert.deepEqual(column(result.columns, 'name').top.map((t) => [t.value, t.count]), [['a', 2], ['b', 1]]);
  });

  test('a large file read by the counting workers gives the figures of one thread', async () => {
    assert.ok(findWorkerScript(), 'run node esbuild.js first');
    const rows = Array.from({ length: 60_000 }, (_, i) => rowOf(i));
    const padding = 'x'.repeat(110);
    const file = folder.put('large.jsonl', rows.map((r) => JSON.stringify({ ...r, pad: padding })).join('\n'));
    const dataset = { source: { type: 'local', file_path: file } };
    const inWorkers = await columnStatistics(dataset, { workers: 2 });
    const oneThread = await columnStatistics(dataset, { workers: 0 });
    assert.equal(inWorkers.rows, rows.length);
    checkAgainst(inWorkers.columns, expectedOf(rows));
    const id = column(inWorkers.columns, 'id');
    assert.equal(id.distinctEstimated, true);
    assert.ok(Math.abs(id.distinct - rows.length) / rows.length < 0.05, `estimate ${id.distinct}`);
    const exactOnly = (columns: readonly ColumnStatistics[]) => columns.filter((c) => !c.distinctEstimated);
    assert.deepEqual(exactOnly(inWorkers.columns), exactOnly(oneThread.columns));
  });

  test('a cancelled pass says its figures are partial', async () => {
    const file = folder.put('cancel.jsonl', Array.from({ length: 2000 }, (_, i) => JSON.stringify(rowOf(i))).join('\n'));
    const controller = new AbortController();
    controller.abort();
    const result = await columnStatistics({ source: { type: 'local', file_path: file } }, { workers: 0, signal: controller.signal });
    assert.equal(result.complete, false);
  });

  test('a configured credential never appears among the most frequent values', async () => {
    const secret = 'sk-live-0123456789abcdef';
    registerSecret(secret);
    const file = folder.put('secret.jsonl', `{"note":"key ${secret}"}\n{"note":"key ${secret}"}\n`);
    const result = await columnStatistics({ source: { type: 'local', file_path: file } }, { workers: 0 });
    const top = column(result.columns, 'note').top;
    assert.equal(top[0].count, 2);
    assert.ok(!top[0].value.includes(secret), top[0].value);
  });
});
