import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview, PreviewError } from '../../../src/core/sources/preview';
import { removedRows } from '../../../src/core/sources/removedRows';

let dir: string;
let file: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'eval-lens-removed-'));
  file = join(dir, 'rows.jsonl');
  const rows = [
    { id: 1, score: 0.9, category: 'a' },
    { id: 2, score: 0.1, category: 'a' },
    { id: 3, score: 'n/a', category: 'b' },
    { id: 4, score: 0.7, category: 'b' },
    { id: 5, category: 'a' },
    { id: 6, score: 0.2, category: 'b' },
    { id: 7, score: 0.8, category: 'c' },
  ];
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
});
after(() => rmSync(dir, { recursive: true, force: true }));

const filters = [
  { op: 'greater_or_equal', expression: '{{ sample.score }}', value: 0.5 },
  { op: 'equals', expression: '{{ sample.category }}', value: 'a' },
];
const dataset = () => ({ key: 'k', display_name: 'K', source: { type: 'local', file_path: file, filters } });

describe('the rows a funnel step removed', () => {
  test('the first step lists every row it removed, with the value read and whether it failed or was not comparable', async () => {
    const page = await removedRows(dataset(), 0, 0, 50, { limit: 0, workers: 0 });
    assert.equal(page.label.includes('score'), true, page.label);
    assert.deepEqual(page.rows.map((r) => [r.values.id, r.outcome, r.value]), [
      [2, 'failed', '0.1'],
      [3, 'notComparable', '"n/a"'],
      [5, 'notComparable', undefined],
      [6, 'failed', '0.2'],
    ]);
    assert.equal(page.more, false);
    assert.deepEqual(page.rows.map((r) => r.origin.line), [2, 3, 5, 6]);
    const funnel = await preview(dataset(), { limit: 0, workers: 0 });
    assert.equal(page.rows.length, funnel.removedPerFilter[0].removed);
    assert.equal(page.rows.filter((r) => r.outcome === 'notComparable').length, funnel.removedPerFilter[0].notComparable);
  });

  test('a later step lists only rows the steps before it kept', async () => {
    const page = await removedRows(dataset(), 1, 0, 50, { limit: 0, workers: 0 });
    assert.deepEqual(page.rows.map((r) => [r.values.id, r.value]), [[4, '"b"'], [7, '"c"']]);
  });

  test('pages: an offset skips, a full page says more follow', async () => {
    const first = await removedRows(dataset(), 0, 0, 2, { limit: 0, workers: 0 });
    assert.deepEqual(first.rows.map((r) => r.values.id), [2, 3]);
    assert.equal(first.more, true);
    const second = await removedRows(dataset(), 0, 2, 2, { limit: 0, workers: 0 });
    assert.deepEqual(second.rows.map((r) => r.values.id), [5, 6]);
    assert.equal(second.more, false);
    assert.equal(second.offset, 2);
  });

  test('a step the source does not have is an error saying what to do', async () => {
    await assert.rejects(removedRows(dataset(), 5, 0, 10, { limit: 0, workers: 0 }), (error: unknown) => error instanceof PreviewError && /no filter 6/.test(error.message));
  });
});
