import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { csvCellText, csvField, csvRecord, csvRow, exportFormatOf, jsonlLine } from '../../../src/core/export/rowFormats';

describe('export row formats', () => {
  test('RFC 4180: fields with a comma, quote, CR or LF are quoted and quotes doubled', () => {
    assert.equal(csvField('plain text'), 'plain text');
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('two\nlines'), '"two\nlines"');
    assert.equal(csvField('cr\rhere'), '"cr\rhere"');
    assert.equal(csvField(' padded'), '" padded"');
    assert.equal(csvField(''), '');
    assert.equal(csvRecord(['a', 'b,c', '"']), 'a,"b,c",""""\r\n');
  });

  test('nested values are JSON text; null and missing are empty; scalars as written', () => {
    assert.equal(csvCellText({ a: [1, { b: 'x' }] }), '{"a":[1,{"b":"x"}]}');
    assert.equal(csvCellText([1, 2]), '[1,2]');
    assert.equal(csvCellText(null), '');
    assert.equal(csvCellText(undefined), '');
    assert.equal(csvCellText(3.5), '3.5');
    assert.equal(csvCellText(false), 'false');
    assert.equal(csvRow({ b: { x: 1 }, a: 'q"' }, ['a', 'b', 'missing']), '"q""","{""x"":1}",\r\n');
  });

  test('a row key that names an Object.prototype member is not read from the prototype', () => {
    assert.equal(csvRow({}, ['constructor', 'toString']), ',\r\n');
    const row: Record<string, unknown> = {};
    Object.defineProperty(row, '__proto__', { value: 'p', enumerable: true });
    assert.equal(csvRow(row, ['__proto__']), 'p\r\n');
    assert.equal(jsonlLine(row), '{"__proto__":"p"}\n');
  });

  test('the format follows the output extension', () => {
    assert.equal(exportFormatOf('out/rows.JSONL'), 'jsonl');
    assert.equal(exportFormatOf('rows.csv'), 'csv');
    assert.equal(exportFormatOf('rows.json'), undefined);
  });
});
