import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateText, ValidationResult } from '../../../src/core/validation/validateText';
import { cutDocuments, IncrementalSpecParser } from '../../../src/core/yaml/incrementalSpecParser';
import { locate, pathAtOffset } from '../../../src/core/yaml/specDocument';

function dataset(i: number, extra = ''): string {
  return [
    `key: dataset-${i}`,
    `display_name: Dataset ${i}`,
    'source:',
    '  type: local',
    '  file_path: questions.csv',
    '  filters:',
    '    - expression: "{{ sample.category }}"',
    '      op: in',
    '      values: [math, code]',
    extra,
  ].filter(Boolean).join('\n');
}

/** Documents with mistakes of every kind the core reports (schema, expression, credential, duplicate key). */
const docs = [
  dataset(0),
  dataset(1, '    - expression: "{{ sample. }}"\n      op: equals\n      value: 1'),
  dataset(2).replace('type: local', 'type: locl'),
  dataset(3, 'api_key: sk-live-0123456789abcdefghijklmnop'),
  dataset(0),
];

function comparable(result: ValidationResult): unknown {
  return {
    kind: result.kind,
    values: result.values,
    ranges: result.documents.map((d) => [d.index, d.range, d.problems]),
    diagnostics: result.diagnostics.map((d) => [d.range, d.message, d.documentIndex, d.severity, d.code, d.path]),
  };
}

function assertSameAsFresh(parser: IncrementalSpecParser, text: string): ValidationResult {
  const incremental = validateText(text, 'edited.dataset.yaml', { parser });
  const fresh = validateText(text, 'edited.dataset.yaml');
  assert.deepEqual(comparable(incremental), comparable(fresh));
  // Node ranges were moved too: locating and hit-testing give the same answers as a fresh parse.
  for (const [i, doc] of incremental.documents.entries()) {
    const path = ['source', 'filters', 0, 'expression'];
    assert.deepEqual(locate(doc, path).valueRange, locate(fresh.documents[i], path).valueRange);
    const at = locate(doc, ['source', 'type']).valueRange.start;
    assert.deepEqual(pathAtOffset(doc, at).path, pathAtOffset(fresh.documents[i], at).path);
  }
  return incremental;
}

describe('incremental parse of a YAML stream', () => {
  test('cuts a stream at document markers; leading comments belong to the first document', () => {
    assert.deepEqual(cutDocuments('a: 1\n---\nb: 2\n'), [{ start: 0, end: 5 }, { start: 5, end: 14 }]);
    assert.deepEqual(cutDocuments('# c\n---\nb: 2'), [{ start: 0, end: 12 }]);
    assert.deepEqual(cutDocuments('a: "---"\n---x: 1'), [{ start: 0, end: 16 }]);
    assert.equal(cutDocuments('%YAML 1.2\n---\na: 1'), undefined);
    assert.equal(cutDocuments('a: 1\n...\n---\nb: 2'), undefined);
  });

  test('gives the same documents, ranges and diagnostics as a fresh validation through a series of edits', () => {
    const parser = new IncrementalSpecParser();
    let text = docs.join('\n---\n') + '\n';
    const first = assertSameAsFresh(parser, text);
    assert.ok(first.diagnostics.some((d) => d.code === 'duplicate-key'));
    assert.ok(first.diagnostics.some((d) => d.source === 'credential'));
    assert.ok(first.diagnostics.some((d) => d.source === 'expression'));

    text = text.replace('display_name: Dataset 2', 'display_name: Dataset two, renamed');
    assertSameAsFresh(parser, text);
    assert.equal(parser.reused, docs.length - 1, 'only the edited document is parsed again');

    text = '# leading comment\n' + dataset(9) + '\n---\n' + text;
    assertSameAsFresh(parser, text);
    assert.equal(parser.reused, docs.length - 1, 'the old first document now starts with a marker, so it is parsed again; the rest moved');

    text = text.replace(dataset(3, 'api_key: sk-live-0123456789abcdefghijklmnop') + '\n---\n', '');
    assertSameAsFresh(parser, text);

    const broken = text.replace('op: in', 'op: [in');
    assertSameAsFresh(parser, broken);
    assertSameAsFresh(parser, text);
    assertSameAsFresh(parser, text.replace(/\n/g, '\r\n'));
    assertSameAsFresh(parser, '%YAML 1.2\n---\n' + text);
    assertSameAsFresh(parser, text + '---\n');
    assertSameAsFresh(parser, '');
  });

  test('identical documents are kept apart', () => {
    const parser = new IncrementalSpecParser();
    const text = [dataset(5), dataset(5), dataset(5)].join('\n---\n');
    assertSameAsFresh(parser, text);
    const result = assertSameAsFresh(parser, dataset(4) + '\n---\n' + text);
    assert.equal(parser.reused, 2, 'the two pieces that start with a marker are moved; the old first piece now starts with one');
    assert.equal(new Set(result.documents.map((d) => d.range.start)).size, 4);
  });
});
