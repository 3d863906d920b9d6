import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { datasetChecks, WorkspaceFacts } from '../../../src/core/authoring/datasetChecks';
import { sampleSource } from '../../../src/core/authoring/sourceSample';
import { parseSpecDocuments } from '../../../src/core/yaml/specDocument';
import { applyFix } from './quickFixSupport';
import { quickFixes } from '../../../src/core/authoring/quickFixes';
import { makeDataFolder, questionsProfile } from './authoringTestSupport';

function pathKind(p: string): 'file' | 'directory' | undefined {
  try {
    return fs.statSync(p).isDirectory() ? 'directory' : 'file';
  } catch {
    return undefined;
  }
}

function check(text: string, facts: WorkspaceFacts) {
  return datasetChecks(text, parseSpecDocuments(text), facts);
}

const local = (filePath: string, filters = '') => `key: a\ndisplay_name: A\nsource:\n  type: local\n  file_path: ${filePath}\n${filters}`;

describe('extra dataset checks', () => {
  test('an unknown column in a filter expression: a warning with did-you-mean, and its fix', () => {
    const text = local('q.csv', '  filters:\n    - expression: "{{ sample.categry }}"\n      op: exists\n');
    const found = check(text, { profileFor: () => questionsProfile });
    assert.equal(found.length, 1);
    assert.equal(found[0].severity, 'warning');
    assert.match(found[0].message, /did you mean `category`/);
    assert.equal(text.slice(found[0].range.start, found[0].range.end), '.categry');
    const fix = quickFixes(text, found[0], { kind: 'dataset', json: false })[0];
    assert.match(applyFix(text, fix), /"\{\{ sample\.category \}\}"/);
  });

  test('a known column in bracket notation is fine', () => {
    const text = local('q.csv', '  filters:\n    - expression: "{{ sample[\'my col\'] }}"\n      op: exists\n');
    assert.deepEqual(check(text, { profileFor: () => questionsProfile }), []);
  });

  test('file_path and directory_path that do not exist, or are the wrong kind', () => {
    const dir = makeDataFolder();
    const specPath = path.join(dir, 'x.dataset.yaml');
    assert.deepEqual(check(local('questions.csv'), { specPath, pathKind }), []);
    assert.match(check(local('missing.csv'), { specPath, pathKind })[0].message, /does not exist/);
    const folderText = 'key: a\ndisplay_name: A\nsource:\n  type: folder\n  directory_path: notes.txt\n';
    assert.match(check(folderText, { specPath, pathKind })[0].message, /is a file, not a folder/);
    assert.deepEqual(check(folderText.replace('notes.txt', 'docs'), { specPath, pathKind }), []);
  });

  test('a path named by many documents is looked up once a pass, and each document gets its own finding', () => {
    const dir = makeDataFolder();
    const specPath = path.join(dir, 'x.dataset.yaml');
    const text = [local('missing.csv'), local('questions.csv'), local('missing.csv')].map((doc, i) => doc.replace('key: a', `key: k${i}`)).join('---\n');
    const asked: string[] = [];
    const counting = (p: string) => {
      asked.push(path.basename(p));
      return pathKind(p);
    };
    const found = check(text, { specPath, pathKind: counting });
    assert.deepEqual(asked.sort(), ['missing.csv', 'questions.csv']);
    assert.deepEqual(found.map((d) => [d.documentIndex, d.code]), [[0, 'missing-path'], [2, 'missing-path']]);
    check(text, { specPath, pathKind: counting });
    assert.equal(asked.length, 4, 'a new pass asks again: the file may have been created or removed since');
  });

  test('a local file with an unsupported extension', () => {
    const found = check(local('data.parquet'), {});
    assert.equal(found.length, 1);
    assert.equal(found[0].code, 'unsupported-extension');
    assert.match(found[0].message, /\.csv.*\.jsonl/);
    assert.deepEqual(check(local('DATA.JSONL'), {}), []);
  });

  test('dataset_generator_config against the generator definition: unknown keys errors, missing keys warnings', () => {
    const text = 'key: g\ndisplay_name: G\ngenerator_specification:\n  dataset_generator_key: qa\n  num_samples: 3\n  dataset_generator_config:\n    topik: sql\n';
    const found = check(text, { generatorOptions: (key) => (key === 'qa' ? { keys: ['topic', 'level'], file: 'qa.generator.yaml' } : undefined) });
    const unknown = found.find((d) => d.code === 'unknown-generator-option')!;
    assert.equal(unknown.severity, 'error');
    assert.equal(text.slice(unknown.range.start, unknown.range.end), 'topik');
    const missing = found.find((d) => d.code === 'missing-generator-options')!;
    assert.equal(missing.severity, 'warning');
    assert.match(missing.message, /`topic`, `level`/);
    const rename = quickFixes(text, unknown, { kind: 'dataset', json: false })[0];
    assert.match(applyFix(text, rename), /\n {4}topic: sql\n/);
    const add = quickFixes(text, missing, { kind: 'dataset', json: false })[0];
    assert.match(applyFix(text, add), /topik: sql\n {4}topic: ""\n {4}level: ""/);
  });

  test('an unknown generator key is not checked', () => {
    const text = 'key: g\ndisplay_name: G\ngenerator_specification:\n  dataset_generator_key: other\n  num_samples: 3\n  dataset_generator_config: { a: 1 }\n';
    assert.deepEqual(check(text, { generatorOptions: () => undefined }), []);
  });

  test('the source sample profiles a CSV header and frequent values, and a folder with front matter', async () => {
    const dir = makeDataFolder();
    const specPath = path.join(dir, 'x.dataset.yaml');
    const csv = await sampleSource({ type: 'local', file_path: 'questions.csv' }, specPath, 3);
    assert.deepEqual(csv?.columns.map((c) => c.name), ['question', 'category', 'difficulty', 'my col']);
    assert.equal(csv?.rowsRead, 3);
    assert.deepEqual(csv?.columns[1].values[0], { value: 'math', count: 2 });
    const jsonl = await sampleSource({ type: 'local', file_path: 'rows.jsonl' }, specPath, 10);
    assert.deepEqual(jsonl?.columns.map((c) => c.name), ['id', 'lang', 'meta', 'tags']);
    assert.deepEqual(jsonl?.columns[0].types, ['number']);
    const folder = await sampleSource({ type: 'folder', directory_path: 'docs' }, specPath, 10);
    assert.ok(folder?.columns.some((c) => c.name === 'topic'));
    assert.ok(folder?.columns.some((c) => c.name === 'file_name'));
  });
});
