import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cellKind, cellTooltip, formatCell, formatDetail, formatOrigin } from '../../../webview/preview/cellFormat';

describe('cell formatting', () => {
  test('kinds follow the JSON type; undefined is a missing value', () => {
    assert.deepEqual([undefined, null, 'a', 3, true, [1], { a: 1 }].map(cellKind), ['missing', 'null', 'string', 'number', 'boolean', 'json', 'json']);
  });

  test('objects are compact JSON on one line and pretty-printed in the detail pane', () => {
    const value = { a: 1, b: [true, null] };
    assert.equal(formatCell(value).text, '{"a":1,"b":[true,null]}');
    assert.equal(formatDetail(value), '{\n  "a": 1,\n  "b": [\n    true,\n    null\n  ]\n}');
  });

  test('line breaks become a visible mark and count as hidden content', () => {
    const cell = formatCell('first\nsecond');
    assert.equal(cell.text, 'first ⏎ second');
    assert.equal(cell.truncated, true);
    assert.equal(formatDetail('first\nsecond'), 'first\nsecond');
  });

  test('long values are cut with an ellipsis at the limit', () => {
    const cell = formatCell('x'.repeat(50), 10);
    assert.equal(cell.text, `${'x'.repeat(9)}…`);
    assert.equal(cell.text.length, 10);
    assert.equal(cell.truncated, true);
    assert.equal(formatCell('short', 10).truncated, false);
  });

  test('missing is blank, null is written out, an empty string stays empty', () => {
    assert.equal(formatCell(undefined).text, '');
    assert.equal(formatCell(null).text, 'null');
    assert.equal(formatCell('').text, '');
    assert.equal(formatCell('').kind, 'string');
  });

  test('tooltips are capped', () => {
    assert.equal(cellTooltip('y'.repeat(5000)).length, 2000);
  });

  test('origins show the file name and line', () => {
    assert.equal(formatOrigin('/data/sets/math.csv', 12), 'math.csv:12');
    assert.equal(formatOrigin('C:\\data\\notes\\a.md'), 'a.md');
  });
});
