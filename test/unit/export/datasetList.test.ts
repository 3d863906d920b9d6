import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { datasetEntriesOf, listDatasets } from '../../../src/core/export/datasetList';

describe('dataset list', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-list-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('every document of a YAML stream: key, display name, source type, line, validity', () => {
    const text = [
      '# two datasets',
      'key: first',
      'display_name: First',
      'source: {type: local, file_path: a.csv}',
      '---',
      'key: second one',
      'display_name: Second',
      'generator_specification: {dataset_generator_key: g, num_samples: 2, dataset_generator_config: {}}',
    ].join('\n');
    const entries = datasetEntriesOf('many.dataset.yaml', text);
    assert.deepEqual(entries.map((e) => [e.document, e.line, e.key, e.displayName, e.sourceType, e.valid]), [
      [1, 2, 'first', 'First', 'local', true],
      [2, 6, 'second one', 'Second', 'generator', false],
    ]);
    assert.equal(entries[1].errors, 1);
    assert.match(entries[1].problems[0], /^6: key may only contain/);
  });

  test('recognition: by name, by modeline, by first document; other files skipped', () => {
    const write = (name: string, text: string) => {
      fs.writeFileSync(path.join(dir, name), text);
      return { file: path.join(dir, name), shown: name };
    };
    const files = [
      write('named.dataset.yaml', 'key: named\ndisplay_name: N\nsource: {type: url, url: "https://x/y.csv"}\n'),
      write('moded.yaml', '# eval-lens: dataset\nkey: moded\ndisplay_name: M\nsource: {type: folder, directory_path: d}\n'),
      write('content.json', '{"key": "content", "display_name": "C", "source": {"type": "local", "file_path": "a.jsonl"}}'),
      write('config.yaml', 'just: config\n'),
      write('run.json', '{"format_version": "v1", "evidence": {}}'),
      write('gen.generator.yaml', 'key: g\n'),
    ];
    const { entries, unreadable } = listDatasets(files);
    assert.deepEqual(entries.map((e) => [e.file, e.key, e.sourceType]), [
      ['named.dataset.yaml', 'named', 'url'],
      ['moded.yaml', 'moded', 'folder'],
      ['content.json', 'content', 'local'],
    ]);
    assert.deepEqual(unreadable, []);
  });

  test('a spec file that cannot be read is reported with its name; a directory named like a spec too', () => {
    fs.mkdirSync(path.join(dir, 'folder.dataset.yaml'));
    const { entries, unreadable } = listDatasets([{ file: path.join(dir, 'folder.dataset.yaml'), shown: 'folder.dataset.yaml' }]);
    assert.deepEqual(entries, []);
    assert.equal(unreadable.length, 1);
    assert.match(unreadable[0].message, /^folder\.dataset\.yaml: cannot read: .*folder\.dataset\.yaml is a directory, not a file$/);
  });

  test('a spec nested too deep is listed as invalid, with the line', () => {
    const deep = `key: deep\ndisplay_name: D\nsource: {type: local, file_path: a.csv}\nextra: ${'['.repeat(5000)}${']'.repeat(5000)}\n`;
    const [entry] = datasetEntriesOf('deep.dataset.yaml', deep);
    assert.equal(entry.valid, false);
    assert.match(entry.problems[0], /^4: nested more than 512 levels deep/);
  });
});
