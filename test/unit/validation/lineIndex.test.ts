import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LineIndex } from '../../../src/core/text/lineIndex';

describe('LineIndex', () => {
  test('maps offsets to positions and back across LF, CRLF and CR line ends', () => {
    const text = 'ab\ncd\r\nef\rgh';
    const index = new LineIndex(text);
    assert.equal(index.lineCount, 4);
    for (let offset = 0; offset <= text.length; offset++) {
      const position = index.positionAt(offset);
      if (text[offset - 1] === '\r' && text[offset] === '\n') continue; // inside a CRLF pair
      assert.equal(index.offsetAt(position), offset, `offset ${offset}`);
    }
    assert.deepEqual(index.positionAt(text.indexOf('e')), { line: 2, character: 0 });
    assert.deepEqual(index.positionAt(text.indexOf('h')), { line: 3, character: 1 });
    assert.equal(index.lineText(1), 'cd');
  });

  test('clamps out-of-range input', () => {
    const index = new LineIndex('one\ntwo');
    assert.deepEqual(index.positionAt(-5), { line: 0, character: 0 });
    assert.deepEqual(index.positionAt(99), { line: 1, character: 3 });
    assert.equal(index.offsetAt({ line: 9, character: 0 }), 7);
    assert.equal(index.offsetAt({ line: 0, character: 99 }), 4);
  });
});
