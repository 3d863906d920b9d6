import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fromPointer, locate, parseSpecDocuments, pathAtOffset, toPointer } from '../../../src/core/yaml/specDocument';
import { findJsonSyntaxError, locateJson } from '../../../src/core/json/jsonLocator';
import { lines } from './testText';

describe('spec documents keep their ranges', () => {
  const yaml = lines('key: first', 'source:', '  type: local', '  filters:', '    - expression: "{{ sample.a }}"', '      op: exists', '---', 'key: second', 'display_name: Two');

  test('a YAML stream yields one document per ---, with values', () => {
    const docs = parseSpecDocuments(yaml);
    assert.equal(docs.length, 2);
    assert.deepEqual(docs[1].value, { key: 'second', display_name: 'Two' });
    assert.ok(docs[1].range.start > docs[0].range.end);
  });

  test('locate finds key and value ranges by path, in any document', () => {
    const docs = parseSpecDocuments(yaml);
    const op = locate(docs[0], ['source', 'filters', 0, 'op']);
    assert.equal(op.exact, true);
    assert.equal(yaml.slice(op.keyRange!.start, op.keyRange!.end), 'op');
    assert.equal(yaml.slice(op.valueRange.start, op.valueRange.end), 'exists');
    const name = locate(docs[1], ['display_name']);
    assert.equal(yaml.slice(name.valueRange.start, name.valueRange.end), 'Two');
  });

  test('locate stops at the deepest existing ancestor', () => {
    const docs = parseSpecDocuments(yaml);
    const missing = locate(docs[0], ['source', 'file_path']);
    assert.equal(missing.exact, false);
    assert.equal(missing.depth, 1);
    assert.equal(yaml.slice(missing.keyRange!.start, missing.keyRange!.end), 'source');
  });

  test('pathAtOffset tells the path and whether the cursor is on a key', () => {
    const docs = parseSpecDocuments(yaml);
    const onKey = pathAtOffset(docs[0], yaml.indexOf('op:') + 1);
    assert.deepEqual(onKey.path, ['source', 'filters', 0, 'op']);
    assert.equal(onKey.part, 'key');
    const onValue = pathAtOffset(docs[0], yaml.indexOf('local') + 2);
    assert.deepEqual(onValue.path, ['source', 'type']);
    assert.equal(onValue.part, 'value');
  });

  test('JSON text parses with ranges through the same model', () => {
    const json = '{\n  "key": "k",\n  "source": { "type": "url", "url": "https://x/y.csv" }\n}\n';
    const [doc] = parseSpecDocuments(json);
    assert.deepEqual(doc.value, { key: 'k', source: { type: 'url', url: 'https://x/y.csv' } });
    const url = locate(doc, ['source', 'url']);
    assert.equal(json.slice(url.valueRange.start, url.valueRange.end), '"https://x/y.csv"');
  });

  test('syntax errors are problems with a range, not exceptions', () => {
    const [doc] = parseSpecDocuments('key: [unclosed\nother: 1\n');
    assert.ok(doc.problems.some((p) => p.severity === 'error'));
    assert.ok(doc.problems.every((p) => p.range.end > p.range.start));
  });

  test('duplicate mapping keys are reported', () => {
    const [doc] = parseSpecDocuments('key: a\nkey: b\n');
    assert.ok(doc.problems.some((p) => /unique/i.test(p.message)));
  });

  test('JSON pointers round-trip, escaping ~ and /', () => {
    const path = ['a/b', 'c~d', 3, 'e'];
    assert.equal(toPointer(path), '/a~1b/c~0d/3/e');
    assert.deepEqual(fromPointer(toPointer(path)), path);
    assert.deepEqual(fromPointer(''), []);
  });

  test('locateJson finds values in large JSON without parsing it all', () => {
    const json = JSON.stringify({ format_version: 'v1', evidence: { samples: [{ sample_id: 1 }, { sample_id: 'two', errors: [{ message: 'a "quoted" }' }] }] } }, null, 1);
    const loc = locateJson(json, ['evidence', 'samples', 1, 'errors', 0, 'message']);
    assert.equal(loc.exact, true);
    assert.equal(json.slice(loc.valueRange.start, loc.valueRange.end), '"a \\"quoted\\" }"');
    assert.equal(json.slice(loc.keyRange!.start, loc.keyRange!.end), '"message"');
    assert.equal(locateJson(json, ['evidence', 'nope']).exact, false);
  });
});

describe('JSON syntax errors are found with their exact offset', () => {
  const cases: [string, string, RegExp][] = [
    ['{"a": oops}', 'o', /unexpected/],
    ['{"a": 1,}', '}', /trailing comma/],
    ['[1, 2', '', /end of text|expected/],
    ['{"a" 1}', '1', /expected :/],
    ['{"a": "x\ny"}', '\n', /control character/],
    ['{"a": 1} extra', 'e', /after the JSON value/],
    ["{'a': 1}", "'", /double quotes/],
  ];
  for (const [text, at, message] of cases) {
    test(JSON.stringify(text), () => {
      const found = findJsonSyntaxError(text);
      assert.ok(found, 'an error is found');
      assert.equal(found.offset, at === '' ? text.length : text.indexOf(at));
      assert.match(found.message, message);
    });
  }
  test('valid JSON has none', () => {
    assert.equal(findJsonSyntaxError(JSON.stringify({ a: [1, -2.5e3, 'x\\"y', null, true, false, {}] }, null, 2)), undefined);
  });
});
