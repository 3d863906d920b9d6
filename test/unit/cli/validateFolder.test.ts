import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { runCli as main } from '../../../src/cli/runCli';
import { CliIo } from '../../../src/cli/cliTypes';
import { sharedFixture } from '../sharedFixtures';
import { temporaryFolder } from '../temporaryFolder';

function capture(cwd: string): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', cwd, stdout: (t: string) => { io.out += t; }, stderr: (t: string) => { io.err += t; } };
  return io;
}

const fixture = sharedFixture('aigo-integrations');
const CROSS_FILE = /no (dataset|generator) of this project|is also defined at|\$ref names|data file .* does not exist/;
const crossFileLines = (out: string) => out.split('\n').filter((line) => CROSS_FILE.test(line));
const COMBINATIONS = 'guides/dataset-generator-combinations-llm';

describe('eval-lens validate on a folder', () => {
  const temp = temporaryFolder('eval-lens-validate-folder-');

  test('the service sample repository: files that are not ours are counted as skipped, only real key mistakes reported', async () => {
    const io = capture(fixture);
    await main(['validate', '.'], io);
    assert.match(io.out, /; 14 files skipped: none of ours\n$/);
    assert.doesNotMatch(io.out, /app\.yaml|tasks\/hp_trivia\.yaml|Unresolved tag/);
    assert.deepEqual(crossFileLines(io.out), [
      `${COMBINATIONS}/dataset_generators/city_language_qa_generator.yaml:11:9 warning no dataset of this project has the key \`languages_dataset\`: did you mean \`languages-dataset\`?`,
      'guides/evaluation-repeatability/run.yaml:2:11 error $ref names ./datasets/hp_trivia.yaml, and there is no such file next to this one: create it or correct the path',
    ]);
    const json = capture(fixture);
    await main(['validate', '--json', '.'], json);
    const kinds = (JSON.parse(json.out) as { file: string; kind: string }[]).filter((r) => r.kind === 'run-config').map((r) => r.file);
    assert.equal(kinds.length, 7, 'every guide run.yaml is a run config of ours');
  });

  test('a folder with nothing of ours wrong exits 0, however many files are not ours', async () => {
    temp.put('clean/app.yaml', 'key: my-app\ndisplay_name: App\nlong_description: !include README.md\n');
    temp.put('clean/tasks/task.yaml', 'key: t\ndisplay_name: T\ndefinition:\n  dataset:\n    key: "<< config.dataset_key >>"\n');
    temp.put('clean/datasets/cities.yaml', 'key: cities-dataset\ndisplay_name: Cities\nsource:\n  type: local\n  file_path: ./cities.csv\n');
    temp.put('clean/datasets/cities.csv', 'city\nParis\n');
    temp.put('clean/run.yaml', 'datasets:\n  - $ref: ./datasets/cities.yaml\n');
    const io = capture(temp.path);
    assert.equal(await main(['validate', 'clean'], io), 0, io.out);
    assert.match(io.out, /2 files checked, 0 with errors; 2 files skipped: none of ours/);
  });

  test('injected mistakes in a copy: exit 1, each message naming file:line', async () => {
    const copy = path.join(temp.path, 'copy');
    fs.cpSync(fixture, copy, { recursive: true });
    for (const file of fs.readdirSync(copy, { recursive: true, withFileTypes: false }) as string[]) fs.chmodSync(path.join(copy, file), 0o755);
    const cities = path.join(copy, COMBINATIONS, 'datasets/cities.yaml');
    fs.writeFileSync(cities, fs.readFileSync(cities, 'utf8').replace('key: "cities_dataset"', 'key: "cities-dataset"'));
    fs.writeFileSync(path.join(copy, COMBINATIONS, 'datasets/extra.yaml'), 'key: "languages-dataset"\ndisplay_name: X\nsource:\n  type: local\n  file_path: ./languages.csv\n');
    fs.rmSync(path.join(copy, 'guides/task-result-log-download-upload/datasets/simple_dataset.csv'));
    const io = capture(copy);
    assert.equal(await main(['validate', '.'], io), 1);
    const lines = crossFileLines(io.out);
    assert.ok(lines.includes(`${COMBINATIONS}/dataset_generators/city_language_qa_generator.yaml:10:9 warning no dataset of this project has the key \`cities_dataset\`: did you mean \`cities-dataset\`?`), lines.join('\n'));
    assert.ok(lines.includes(`${COMBINATIONS}/datasets/extra.yaml:1:6 error dataset key \`languages-dataset\` is also defined at ${COMBINATIONS}/datasets/languages.yaml:1: give one of them another key`), lines.join('\n'));
    assert.ok(lines.includes(`${COMBINATIONS}/datasets/languages.yaml:1:6 error dataset key \`languages-dataset\` is also defined at ${COMBINATIONS}/datasets/extra.yaml:1: give one of them another key`), lines.join('\n'));
    assert.ok(lines.includes('guides/task-result-log-download-upload/run.yaml:8:18 error data file ./datasets/simple_dataset.csv does not exist next to this file: create it or correct the path'), lines.join('\n'));
  });

  test('a named file that is none of ours is answered as skipped in JSON too, exit 0', async () => {
    const io = capture(fixture);
    assert.equal(await main(['validate', '--json', 'guides/dataset-phoenix/app.yaml', 'SOURCES.md'], io), 0);
    assert.deepEqual(JSON.parse(io.out), [
      { file: 'guides/dataset-phoenix/app.yaml', kind: null, valid: true, skipped: true, diagnostics: [] },
      { file: 'SOURCES.md', kind: null, valid: true, skipped: true, diagnostics: [] },
    ]);
  });

  test('a file named on its own gets no key checks: the rest of its project was not read', async () => {
    const io = capture(fixture);
    await main(['validate', `${COMBINATIONS}/dataset_generators/city_language_qa_generator.yaml`], io);
    assert.deepEqual(crossFileLines(io.out), []);
  });
});
