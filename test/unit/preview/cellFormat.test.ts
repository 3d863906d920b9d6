import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CELL_MAX_CHARS, cellKind, cellTooltip, formatCell, formatDetail, formatOrigin, isTraceCell, originParts, originWidth } from '../../../webview/preview/cellFormat';

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

describe('trace cells and the origin column', () => {
  const trace = { FORMAT: 'open_responses', items: [{ type: 'message', role: 'user', content: 'hi' }, { type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' }], metadata: { total_tokens: 10 } };

  test('a trace cell is its one-line summary, never raw JSON', () => {
    const cell = formatCell(trace, CELL_MAX_CHARS, 'trace');
    assert.equal(cell.kind, 'trace');
    assert.equal(cell.text, '1 message · 1 tool call · 10 tokens');
    assert.ok(!cell.text.includes('{'), 'no JSON in the cell');
  });

  test('a value with items in another column is a trace only when marked as Open Responses', () => {
    assert.equal(isTraceCell({ items: [] }, 'trace'), true);
    assert.equal(isTraceCell({ items: [] }, 'basket'), false);
    assert.equal(isTraceCell({ FORMAT: 'open_responses', items: [] }, 'basket'), true);
    assert.equal(formatCell({ items: [1] }, CELL_MAX_CHARS, 'basket').text, '{"items":[1]}');
  });

  test('the origin splits into a name that may be cut and a line that is kept', () => {
    assert.deepEqual(originParts('/data/questions.csv', 1234), { name: 'questions.csv', line: ':1234' });
    assert.deepEqual(originParts('notes/a.md'), { name: 'a.md', line: '' });
    // A hub row: its dataset, split and row rather than the API address that gives it.
    const hubRow = 'https://datasets-server.example/rows?dataset=allenai%2Ftulu-3-harmbench-eval&config=plain_text&split=test&offset=12&length=1';
    assert.deepEqual(originParts(hubRow), { name: 'tulu-3-harmbench-eval/test', line: ' #12' });
    assert.equal(formatOrigin(hubRow), 'tulu-3-harmbench-eval/test #12');
    // Other addresses keep their last segment.
    assert.deepEqual(originParts('https://example.com/data/rows?page=2'), { name: 'rows?page=2', line: '' });
  });

  test('the origin column is as wide as its longest origin, within bounds', () => {
    const row = (file: string, line?: number) => ({ origin: { file, line }, values: {} });
    assert.equal(originWidth([row('a.csv', 1)], 8), 130, 'never narrower than the default');
    // "questions.jsonl:12345" is 21 characters: 21 × 8 + 20.
    assert.equal(originWidth([row('a.csv', 1), row('/d/questions.jsonl', 12345)], 8), 188);
    assert.equal(originWidth([row(`${'x'.repeat(500)}.csv`, 1)], 8), 480, 'capped');
  });
});
