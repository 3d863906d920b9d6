import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, test } from 'node:test';
import { BLOCK_SCALAR, scanBlockYaml } from '../../../src/core/workspaceKeys/blockScanner';
import { locate, parseSpecDocuments } from '../../../src/core/yaml/specDocument';
import { fixtureRoot, yamlFilesBelow } from './fixtureWorkspace';

/** The parsed value with every block scalar replaced by the scanner's marker. */
function withoutBlockScalars(value: unknown, scanned: unknown): unknown {
  if (scanned === BLOCK_SCALAR) return BLOCK_SCALAR;
  if (Array.isArray(value) && Array.isArray(scanned)) return value.map((v, i) => withoutBlockScalars(v, scanned[i]));
  if (value && typeof value === 'object' && scanned && typeof scanned === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutBlockScalars(v, (scanned as Record<string, unknown>)[k])]));
  }
  return value;
}

function assertSameAsParser(text: string, label: string): boolean {
  const scanned = scanBlockYaml(text);
  if (!scanned) return false;
  const [doc] = parseSpecDocuments(text);
  assert.deepEqual(scanned.value, withoutBlockScalars(doc.value, scanned.value), label);
  for (const [path, range] of scanned.ranges) {
    const at = locate(doc, path.split('/').map((s) => (/^\d+$/.test(s) ? Number(s) : s)));
    assert.deepEqual(range, at.valueRange, `${label} ${path}`);
  }
  return true;
}

describe('the quick reading of plain YAML', () => {
  test('reads what the parser reads, values and ranges, on every fixture file it takes', () => {
    let taken = 0;
    for (const file of yamlFilesBelow(fixtureRoot)) if (assertSameAsParser(fs.readFileSync(file, 'utf8'), file)) taken++;
    assert.ok(taken >= 20, `only ${taken} fixture files were read quickly`);
  });

  test('quotes, comments, numbers, nested items and block scalars', () => {
    const text = [
      "key: 'it''s' # note", 'n: 3', 'f: 1.5', 'b: true', 'z: ~', 'empty:', 'list:', '  - "a"', '  - b # c', '  - x: 1',
      '    y:', '      - deep', 'prompt: |', '  text: with colon', '  - and a dash', 'after: done', 'flow: []', 'map: {}', '',
    ].join('\n');
    assert.ok(assertSameAsParser(text, 'mixed'));
  });

  test('leaves to the parser what it does not read', () => {
    for (const text of ['a: [1, 2]\n', 'a: &x 1\nb: *x\n', 'a: !include x\n', 'a: 1\n---\nb: 2\n', 'a: "x\\ny"\n', 'a: plain\n  continued\n',
      'a: 1\na: 2\n', 'a:\n\tb: 1\n', 'a: "open\n', '- a\nb: 1\n', 'a: b: c\n', '# only a comment\n', '']) {
      assert.equal(scanBlockYaml(text), undefined, JSON.stringify(text));
    }
  });
});
