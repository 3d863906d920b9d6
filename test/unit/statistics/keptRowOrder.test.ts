import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { sortedPositions } from '../../../src/core/filters/valueOrder';
import type { PreviewRow } from '../../../src/core/model/previewTypes';

const rows: PreviewRow[] = [
  { values: { n: '10', name: 'b' }, origin: { file: 'q.csv', line: 2 } },
  { values: { n: '9', name: 'a' }, origin: { file: 'q.csv', line: 3 } },
  { values: { name: 'c' }, origin: { file: 'q.csv', line: 4 } },
  { values: { n: '', name: 'd' }, origin: { file: 'q.csv', line: 5 } },
];

describe('kept rows sorted by a column (docs/semantics.md §13)', () => {
  test('CSV cells holding numbers sort as numbers; empty text after them; a missing value last either way', () => {
    const lines = (direction: 'ascending' | 'descending') => [...sortedPositions(rows.length, (i) => rows[i].values.n, direction)].map((i) => rows[i].origin.line);
    assert.deepEqual(lines('ascending'), [3, 2, 5, 4]);
    assert.deepEqual(lines('descending'), [5, 2, 3, 4]);
  });
});
