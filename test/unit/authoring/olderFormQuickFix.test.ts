/**
 * The quick fix of the service's older forms (docs/semantics.md §11.4): today's form, with comments, quoting and the
 * rest of the file as written; reviewed before it is applied; and the data checks of the form it stands for.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { datasetChecks } from '../../../src/core/authoring/datasetChecks';
import { validateText } from '../../../src/core/validation/validateText';
import { parseSpecDocuments } from '../../../src/core/yaml/specDocument';
import { sharedFixture } from '../sharedFixtures';
import { applyFix, fixesFor } from './quickFixSupport';

const olderForm = (d: { code?: string }) => d.code === 'older-service-form';

/** The text after the one fix of the older-form note(s) that `pick` selects. */
function rewritten(text: string, fileName: string, pick: (d: { code?: string; path: (string | number)[] }) => boolean = olderForm): string {
  const fixes = fixesFor(text, fileName, (d) => olderForm(d) && pick(d));
  assert.equal(fixes.length, 1);
  assert.equal(fixes[0].title, "Rewrite in today's form");
  assert.equal(fixes[0].needsConfirmation, true, 'the rewrite is shown for review first');
  return applyFix(text, fixes[0]);
}

describe('rewriting an older form in today\'s form', () => {
  test('a fixture\'s top-level file_path becomes a local source; the other lines stay as written', () => {
    const text = fs.readFileSync(sharedFixture('aigo-integrations', 'datasets', 'qa_single_answers.yaml'), 'utf8');
    const after = rewritten(text, 'qa_single_answers.yaml');
    assert.equal(after, text.replace('file_path: "./data/qa_single_answers.jsonl"', 'source:\n  type: local\n  file_path: "./data/qa_single_answers.jsonl"'));
    assert.deepEqual(validateText(after, 'qa_single_answers.yaml').diagnostics, [], 'today\'s form, nothing left to note');
  });

  test('a comment on the line and elsewhere stays; a JSON file and a flow mapping stay on one line', () => {
    const yaml = '# seed rows\nkey: seed   # the key\ndisplay_name: Seed\nfile_path: seed.csv  # beside this file\n';
    assert.equal(rewritten(yaml, 'seed.yaml'), '# seed rows\nkey: seed   # the key\ndisplay_name: Seed\nsource:\n  type: local\n  file_path: seed.csv  # beside this file\n');
    const json = '{\n  "key": "seed",\n  "display_name": "Seed",\n  "file_path": "seed.csv"\n}\n';
    const jsonAfter = rewritten(json, 'seed.json');
    assert.deepEqual(JSON.parse(jsonAfter), { key: 'seed', display_name: 'Seed', source: { type: 'local', file_path: 'seed.csv' } });
    const flow = '{key: seed, display_name: Seed, file_path: seed.csv}\n';
    assert.equal(rewritten(flow, 'seed.yaml'), '{key: seed, display_name: Seed, source: { type: local, file_path: seed.csv }}\n');
  });

  test('dataset_generation_request: the two keys renamed, its values and comments untouched', () => {
    const text = 'key: qa\ndisplay_name: QA\n"dataset_generation_request":  # old\n  dataset_generator_id: "gen"\n  num_samples: 5\n';
    const after = rewritten(text, 'qa.yaml');
    assert.equal(after, 'key: qa\ndisplay_name: QA\n"generator_specification":  # old\n  dataset_generator_key: "gen"\n  num_samples: 5\n');
    assert.deepEqual(validateText(after, 'qa.yaml').diagnostics, []);
  });

  test('a generator\'s kind: and namespaced key: each get their own rewrite to type:', () => {
    const text = 'key: g\ndisplay_name: G\ndefinition:\n  data_source:\n    kind: empty\n  synthesizers:\n    - key: \'latticeflow$llm\'\n      user_prompt_template: "Ask"\n';
    const once = rewritten(text, 'g.yaml', (d) => d.path.join('/') === 'definition/data_source/kind');
    assert.equal(once, text.replace('kind: empty', 'type: empty'));
    const twice = rewritten(once, 'g.yaml');
    assert.equal(twice, once.replace("key: 'latticeflow$llm'", "type: 'llm'"));
    assert.deepEqual(validateText(twice, 'g.yaml').diagnostics.filter(olderForm), []);
  });

  test('today\'s form has no note and no such fix', () => {
    const text = 'key: a\ndisplay_name: A\nsource:\n  type: local\n  file_path: a.csv\n';
    assert.deepEqual(fixesFor(text, 'a.yaml', olderForm), []);
  });
});

describe('the data checks of an older form', () => {
  test('a top-level file_path naming no file is an error on its value', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-older-'));
    try {
      const text = 'key: a\ndisplay_name: A\nfile_path: ./missing.csv\n';
      const found = datasetChecks(text, parseSpecDocuments(text), {
        specPath: path.join(dir, 'a.yaml'),
        pathKind: (p) => (fs.existsSync(p) ? 'file' : undefined),
      });
      assert.deepEqual(found.map((d) => [d.severity, d.path.join('/'), text.slice(d.range.start, d.range.end)]), [['error', 'file_path', './missing.csv']]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an omitted dataset_generator_config: only an option without default_value is missing', () => {
    const text = 'key: a\ndisplay_name: A\ngenerator_specification:\n  dataset_generator_key: g\n  num_samples: 2\n';
    const check = (defaulted: string[]) => datasetChecks(text, parseSpecDocuments(text), { generatorOptions: () => ({ keys: ['topic', 'model'], defaulted, file: 'g.yaml' }) });
    assert.deepEqual(check(['topic', 'model']), []);
    const found = check(['model']);
    assert.equal(found.length, 1);
    assert.equal(found[0].severity, 'warning');
    assert.match(found[0].message, /`topic`/);
    assert.doesNotMatch(found[0].message, /`model`/);
  });
});
