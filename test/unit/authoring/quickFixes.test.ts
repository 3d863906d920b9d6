import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyFix, fixesFor } from './quickFixSupport';

describe('quick fixes', () => {
  test('an invalid enum value: one fix per allowed value', () => {
    const text = 'key: a\ndisplay_name: A\nsource:\n  type: local\n  file_path: q.csv\n  filters:\n    - expression: "{{ sample.a }}"\n      op: equal\n      value: 1\n';
    const fixes = fixesFor(text, 'dataset.yaml', (d) => d.path.join('/').endsWith('op'));
    assert.ok(fixes.length >= 6);
    const equals = fixes.find((f) => f.title.includes('equals') && !f.title.includes('not'))!;
    assert.match(applyFix(text, equals), /op: equals\n/);
  });

  test('an unknown operator: the closest first and preferred, the others after it', () => {
    const text = 'key: a\ndisplay_name: A\nsource:\n  type: local\n  file_path: q.csv\n  filters:\n    - expression: "{{ sample.a }}"\n      op: greater\n      value: 1\n';
    const fixes = fixesFor(text, 'x.dataset.yaml', (d) => d.path.join('/').endsWith('op'));
    assert.deepEqual(fixes.slice(0, 2).map((f) => f.title), ['Change to greater_than', 'Change to greater_or_equal']);
    assert.deepEqual(fixes.filter((f) => f.preferred).map((f) => f.title), ['Change to greater_than']);
    assert.equal(fixes.length, 12, 'every operator is still offered');
    assert.match(applyFix(text, fixes[0]), /op: greater_than\n/);
  });

  test('an invalid source type', () => {
    const text = 'key: a\ndisplay_name: A\nsource:\n  type: folders\n  directory_path: docs\n';
    const fixes = fixesFor(text, 'x.dataset.yaml', (d) => d.path.join('/') === 'source/type');
    assert.equal(applyFix(text, fixes.find((f) => f.title === 'Change to folder')!), text.replace('folders', 'folder'));
  });

  test('a mistyped key is renamed to the closest valid one', () => {
    const text = 'key: a\ndisplay_name: A\nsource:\n  type: local\n  file_pth: q.csv\n';
    const fixes = fixesFor(text, 'x.dataset.yaml', (d) => d.code === 'unknown-property');
    assert.equal(applyFix(text, fixes[0]), text.replace('file_pth', 'file_path'));
  });

  test('missing required keys are added with placeholders', () => {
    const text = 'key: a\ndisplay_name: A\ngenerator_specification:\n  dataset_generator_key: g\n  dataset_generator_config: {}\n';
    const fixes = fixesFor(text, 'x.dataset.yaml', (d) => d.code === 'required');
    assert.equal(applyFix(text, fixes[0]), text + '  num_samples: 1\n');
  });

  test('a missing key in JSON', () => {
    const text = '{\n  "key": "a",\n  "source": { "type": "local", "file_path": "q.csv" }\n}\n';
    const fixes = fixesFor(text, 'x.dataset.json', (d) => d.code === 'required');
    assert.equal(JSON.parse(applyFix(text, fixes[0])).display_name, '');
  });

  test('an invalid dataset key is slugged', () => {
    const text = 'key: My Dataset (v2)!\ndisplay_name: A\nsource: { type: url, url: "https://x/a.csv" }\n';
    const fixes = fixesFor(text, 'x.dataset.yaml', (d) => d.path.join('/') === 'key');
    assert.ok(fixes.length > 0);
    assert.match(applyFix(text, fixes[0]), /^key: My-Dataset-v2\n/);
  });

  test('a bare path is wrapped in {{ }}', () => {
    const text = 'key: a\ndisplay_name: A\nsource:\n  type: url\n  url: https://x/a.csv\n  filters:\n    - expression: sample.category\n      op: exists\n';
    const fixes = fixesFor(text, 'x.dataset.yaml', () => true, [{ path: ['source', 'filters', 0, 'expression'], code: 'invalid-expression' }]);
    const wrap = fixes.find((f) => f.title.includes('{{'))!;
    assert.match(applyFix(text, wrap), /expression: "\{\{ sample\.category \}\}"\n/);
  });

  test('an unquoted {{ }} expression is quoted', () => {
    const text = 'key: a\ndisplay_name: A\nsource:\n  type: url\n  url: https://x/a.csv\n  filters:\n    - expression: {{ sample.category }}\n      op: exists\n';
    const fixes = fixesFor(text, 'x.dataset.yaml', () => true, [{ path: ['source', 'filters', 0, 'expression'], code: 'type' }]);
    assert.match(applyFix(text, fixes.find((f) => f.title.includes('{{'))!), /expression: "\{\{ sample\.category \}\}"/);
  });

  test('a plain-text credential: a command that moves it to the secret storage', () => {
    const text = 'connection_type: agent_platform_a\nurl: https://h\napi_key: sk-123\n';
    const fixes = fixesFor(text, 'c.yaml', (d) => d.code === 'plain-text-credential');
    assert.equal(fixes.length, 1);
    assert.equal(fixes[0].command?.id, 'evalLens.storeCredential');
    assert.deepEqual(fixes[0].command?.arguments[0], { documentIndex: 0, path: ['api_key'], name: 'AGENT_PLATFORM_A_API_KEY' });
  });
});
