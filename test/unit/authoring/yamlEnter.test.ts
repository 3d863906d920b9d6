import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { YAML_ENTER_RULES } from '../../../src/core/authoring/yamlEnter';

/** What Enter after `line` does (`indent` one level and/or text appended), or undefined when the editor's own rules apply. */
function enter(line: string): string | undefined {
  const rule = YAML_ENTER_RULES.find((r) => r.beforeText.test(line));
  return rule && `${rule.indent ? 'indent' : 'same'}+${JSON.stringify(rule.appendText)}`;
}

describe('Enter in YAML', () => {
  test('after a key with no value the next line nests one level deeper', () => {
    for (const line of ['source:', 'generator_specification:', '  filters:', '    - expression:', 'source:  # where the rows come from']) {
      assert.equal(enter(line), 'indent+""', line);
    }
  });

  test('after "- key: value" the next line continues the item\'s mapping at its key', () => {
    assert.equal(enter('    - expression: "{{ sample.category }}"'), 'same+"  "');
    assert.equal(enter('- op: equals'), 'same+"  "');
    assert.equal(enter('  - key: a # note'), 'same+"  "');
    assert.equal(enter('-   type: local'), 'same+"    "');
  });

  test('a plain item, a URL, quoted text, a comment, a nested list and a key with its value keep the line\'s indentation', () => {
    for (const line of ['  - a', '  - https://example.com/a', '  - "a: b"', '  # - a: b', '  # note:', '  - - a: b', '  key: value', '  - {a: b}', '  url: http://x']) {
      assert.equal(enter(line), undefined, line);
    }
  });
});
