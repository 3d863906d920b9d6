import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { countPercent, previewViewStrings } from '../../../src/core/l10n/previewStrings';

describe('the count in the status bar', () => {
  test('the percentage comes from the bytes or files read, rounded down and kept within 0–100', () => {
    assert.equal(countPercent({ done: 0, total: 200, unit: 'bytes', rowsSeen: 0, rowsKept: 0 }), 0);
    assert.equal(countPercent({ done: 199, total: 200, unit: 'bytes', rowsSeen: 10, rowsKept: 1 }), 99);
    assert.equal(countPercent({ done: 3, total: 4, unit: 'files', rowsSeen: 3, rowsKept: 1 }), 75);
    assert.equal(countPercent({ done: 250, total: 200, unit: 'bytes', rowsSeen: 10, rowsKept: 1 }), 100);
  });

  test('without a known size there is no percentage', () => {
    assert.equal(countPercent({ done: 5, unit: 'files', rowsSeen: 5, rowsKept: 2 }), undefined);
    assert.equal(countPercent({ done: 5, total: 0, unit: 'bytes', rowsSeen: 5, rowsKept: 2 }), undefined);
  });

  test('the message gives the percentage and the rows read', () => {
    assert.equal(previewViewStrings.statusBarProgress({ done: 42, total: 100, unit: 'bytes', rowsSeen: 120_000, rowsKept: 7 }), '42% · 120,000 rows read');
    assert.equal(previewViewStrings.statusBarProgress({ done: 1, unit: 'files', rowsSeen: 1, rowsKept: 1 }), '1 row read');
  });
});
