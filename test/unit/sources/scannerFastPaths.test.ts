import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonObjectScanner, LINE_GOES_ON, NOT_AN_OBJECT_LINE } from '../../../src/core/engine/scan/jsonObjectScanner';
import { ShortValueCache, decodeUtf8 } from '../../../src/core/engine/scan/shortValueCache';
import { compileFilter, FilterOutcome } from '../../../src/core/filters/filterEvaluator';
import { parsedObject, seededRandom as rng } from '../randomInput';


const PIECES = ['a', 'bc', ' ', 'é', '日本', '\\"', '\\\\', '\\n', '\\u00e9', '\\u12', '\\x', '"', '\t', '\u0001', '\u007f', 'word ', '😀'];

function randomString(next: () => number): string {
  let text = '';
  const n = Math.floor(next() * 14);
  for (let k = 0; k < n; k++) text += PIECES[Math.floor(next() * PIECES.length)];
  return text;
}

function randomLine(next: () => number): string {
  const members = ['"id":' + Math.floor(next() * 1000), `"category":"${randomString(next)}"`, `"text":"${randomString(next)}"`, '"flag":true', '"n":-1.5e3'];
  const line = '{' + members.filter(() => next() > 0.2).join(',') + '}';
  // Sometimes break the line somewhere.
  if (next() < 0.15) {
    const at = Math.floor(next() * line.length);
    return line.slice(0, at) + ['', '"', ',', '}', '\\', 'x'][Math.floor(next() * 6)] + line.slice(at + 1);
  }
  return line;
}


describe('byte scanners: fast paths agree with the slow ones', () => {
  test('the JSON line scanner accepts exactly what JSON.parse accepts, at every byte alignment', () => {
    const next = rng(7);
    const scanner = new JsonObjectScanner(['category', 'text', 'id']);
    let valid = 0;
    for (let n = 0; n < 3000; n++) {
      const line = randomLine(next);
      const expected = parsedObject(line);
      const bytes = Buffer.from(line, 'utf8');
      for (let shift = 0; shift < 4; shift++) {
        const backing = Buffer.alloc(bytes.length + 8, 0x20);
        bytes.copy(backing, shift + 1);
        const view = backing.subarray(1, bytes.length + shift + 5);
        const row = scanner.scan(view, shift, shift + bytes.length);
        if (expected === undefined) {
          assert.equal(row, undefined, `accepted invalid: ${line}`);
        } else {
          assert.ok(row, `rejected valid: ${line}`);
          for (const key of ['category', 'text', 'id']) assert.deepEqual(row[key], expected[key], line);
        }
      }
      if (expected) valid++;
    }
    assert.ok(valid > 300 && valid < 2700, `both valid and invalid lines were tried (${valid} valid)`);
  });

  test('keys that differ from the key last seen at their position in one byte are told apart, at every alignment', () => {
    const scanner = new JsonObjectScanner(['category', 'id', 'difficulty']);
    const keys = ['id', 'category', 'difficulty', 'is_hard'];
    const names: string[] = [];
    // Each key with one byte changed, at each of its positions (lengths 2 to 10: one to three words).
    for (const key of keys) {
      for (let k = 0; k < key.length; k++) names.push(key.slice(0, k) + String.fromCharCode(key.charCodeAt(k) ^ 1) + key.slice(k + 1));
      names.push(key + 'x', key.slice(0, -1));
    }
    const next = rng(11);
    const seen = new Set<string>();
    for (let n = 0; n < 400; n++) {
      // Mostly the usual keys, so that the scanner's guess for each position is the usual key.
      const members = keys.map((key, k) => {
        const name = next() < 0.3 ? names[Math.floor(next() * names.length)] : key;
        return `${JSON.stringify(name)}:${k}`;
      });
      const line = `{${members.join(',')}}`;
      const expected = JSON.parse(line) as Record<string, unknown>;
      for (const key of Object.keys(expected)) seen.add(key);
      const bytes = Buffer.from(line, 'utf8');
      for (let shift = 0; shift < 4; shift++) {
        const backing = Buffer.alloc(bytes.length + 16, 0x20);
        bytes.copy(backing, shift);
        const row = scanner.scan(backing, shift, shift + bytes.length);
        assert.ok(row, line);
        for (const key of ['category', 'id', 'difficulty']) assert.equal(row[key], expected[key], `${key} in ${line} at shift ${shift}`);
      }
    }
    assert.deepEqual([...scanner.columns].sort(), [...seen].sort(), 'every key read is a column');
  });

  test('scanning a record without its line end finds the line feed, or says the line is not an object or goes on', () => {
    const scanner = new JsonObjectScanner(['a']);
    const text = '{"a":1}\n{"a":"x"} \r\n  \n{"a":2,}\n{"a":[1,\n2]}\n{"a":3}';
    const buf = Buffer.from(text, 'utf8');
    const first = scanner.scanValuesToLineEnd(buf, 0, buf.length);
    assert.equal(first, text.indexOf('\n'));
    assert.equal(scanner.values[0], 1);
    const second = scanner.scanValuesToLineEnd(buf, first + 1, buf.length);
    assert.equal(second, text.indexOf('\n', first + 1), 'blanks and a carriage return before the line feed');
    assert.equal(scanner.values[0], 'x');
    assert.equal(scanner.scanValuesToLineEnd(buf, second + 1, buf.length), NOT_AN_OBJECT_LINE, 'a blank line');
    const trailingComma = text.indexOf('{"a":2,}');
    assert.equal(scanner.scanValuesToLineEnd(buf, trailingComma, buf.length), NOT_AN_OBJECT_LINE);
    const split = text.indexOf('{"a":[1,');
    assert.equal(scanner.scanValuesToLineEnd(buf, split, buf.length), NOT_AN_OBJECT_LINE, 'a line feed is not a blank inside a record');
    const last = text.lastIndexOf('{');
    assert.equal(scanner.scanValuesToLineEnd(buf, last, buf.length), LINE_GOES_ON, 'no line feed yet');
    assert.equal(scanner.scanValuesToLineEnd(buf, last, last + 4), LINE_GOES_ON, 'the buffer ends inside the record');
  });

  test('the short value cache always returns the value of the exact bytes, and turns itself off for unique values', () => {
    let decodes = 0;
    const cache = new ShortValueCache((buf, s, e) => {
      decodes++;
      return decodeUtf8(buf, s, e);
    });
    const words = Array.from({ length: 3000 }, (_, i) => `v${i % 1500}`);
    const buf = Buffer.from(words.join(','), 'utf8');
    let at = 0;
    for (const word of words) {
      const end = at + Buffer.byteLength(word);
      assert.equal(cache.get(buf, at, end), word);
      at = end + 1;
    }
    assert.ok(decodes < 3000, 'repeated values were not decoded again');
    const unique = new ShortValueCache(decodeUtf8);
    const many = Buffer.from(Array.from({ length: 20000 }, (_, i) => `u${i}`).join(','), 'utf8');
    at = 0;
    for (let i = 0; i < 20000; i++) {
      const end = many.indexOf(0x2c, at) === -1 ? many.length : many.indexOf(0x2c, at);
      assert.equal(unique.get(many, at, end), `u${i}`);
      at = end + 1;
    }
  });

  test('a filter remembers outcomes per value without mixing types', () => {
    const filter = compileFilter({ expression: '{{ sample.d }}', op: 'equals', value: 3 }, 0);
    assert.equal(filter.test({ d: '3' }), FilterOutcome.Pass);
    assert.equal(filter.test({ d: 3 }), FilterOutcome.Pass);
    assert.equal(filter.test({ d: '3.0' }), FilterOutcome.Pass);
    assert.equal(filter.test({ d: 'three' }), FilterOutcome.Fail);
    assert.equal(filter.test({ d: '3' }), FilterOutcome.Pass);
    assert.equal(filter.test({}), FilterOutcome.Fail);
    const ordering = compileFilter({ expression: '{{ sample.d }}', op: 'greater_or_equal', value: 3 }, 0);
    assert.equal(ordering.test({ d: 'abc' }), FilterOutcome.NotComparable);
    assert.equal(ordering.test({ d: true }), FilterOutcome.NotComparable);
    assert.equal(ordering.test({ d: 4 }), FilterOutcome.Pass);
    assert.equal(ordering.test({ d: 'abc' }), FilterOutcome.NotComparable);
  });
});
