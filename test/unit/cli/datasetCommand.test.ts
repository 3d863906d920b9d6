import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { repoRoot } from '../sharedFixtures';

const cli = path.join(repoRoot, 'dist', 'cli.js');

function run(cwd: string, ...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('eval-lens dataset (child process)', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-dataset-cli-'));
    fs.mkdirSync(path.join(dir, 'specs'));
    const lines = Array.from({ length: 500 }, (_, i) => JSON.stringify({ id: i, lang: i % 2 ? 'en' : 'fr', q: `q${i}, "x"` }));
    fs.writeFileSync(path.join(dir, 'data.jsonl'), lines.join('\n') + '\n');
    fs.writeFileSync(path.join(dir, 'specs', 'en.dataset.yaml'), [
      'key: english', 'display_name: English', 'source:', '  type: local', '  file_path: ../data.jsonl',
      '  filters:', '    - expression: "{{ sample.lang }}"', '      op: equals', '      value: en',
      '---', 'key: all', 'display_name: All', 'source: {type: local, file_path: ../data.jsonl}', '',
    ].join('\n'));
    fs.writeFileSync(path.join(dir, 'specs', 'broken.yaml'), '# eval-lens: dataset\nkey: broken\ndisplay_name: B\nsource: {type: local}\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('list --json: one entry per document, exit 1 when one is invalid', () => {
    const r = run(dir, 'dataset', 'list', 'specs', '--json');
    assert.equal(r.code, 1, r.err);
    const entries = JSON.parse(r.out) as { file: string; document: number; line: number; key: string; sourceType: string; valid: boolean }[];
    assert.deepEqual(entries.map((e) => [e.file, e.document, e.line, e.key, e.sourceType, e.valid]), [
      [path.join('specs', 'broken.yaml'), 1, 2, 'broken', 'local', false],
      [path.join('specs', 'en.dataset.yaml'), 1, 1, 'english', 'local', true],
      [path.join('specs', 'en.dataset.yaml'), 2, 11, 'all', 'local', true],
    ]);
  });

  test('list (text) prints file:line, key, name, type and verdict', () => {
    const r = run(path.join(dir, 'specs'), 'dataset', 'list');
    assert.match(r.out, /^en\.dataset\.yaml:11 {2}all {2}"All" {2}local {2}valid$/m);
    assert.match(r.out, /^broken\.yaml:2 {2}broken {2}"B" {2}local {2}invalid \(1 error\)$/m);
    assert.match(r.out, /3 datasets, 1 invalid/);
  });

  test('list calls a spec valid exactly when validate does: a missing data file, an option the generator lacks', () => {
    const project = path.join(dir, 'project');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'rows.jsonl'), '{"q": 1}\n');
    fs.copyFileSync(path.join(repoRoot, 'examples', 'generators', 'qa-generator.generator.yaml'), path.join(project, 'qa.generator.yaml'));
    fs.writeFileSync(path.join(project, 'two.dataset.yaml'), [
      'key: present', 'display_name: Present', 'source: {type: local, file_path: rows.jsonl}',
      '---', 'key: absent', 'display_name: Absent', 'source: {type: local, file_path: missing.jsonl}', '',
    ].join('\n'));
    fs.writeFileSync(path.join(project, 'gen.dataset.yaml'), [
      'key: generated', 'display_name: Generated', 'generator_specification:', '  dataset_generator_key: qa-generator', '  num_samples: 2',
      '  dataset_generator_config: {topik: maths, difficulty: easy}', '',
    ].join('\n'));
    const validate = run(project, 'validate', '.');
    const invalidFiles = new Set([...validate.out.matchAll(/^([^:\n]+):\d+:\d+ error /gm)].map((m) => m[1]));
    const list = run(project, 'dataset', 'list');
    assert.equal(list.code, 1, list.err);
    assert.match(list.out, /^two\.dataset\.yaml:1 {2}present {2}"Present" {2}local {2}valid$/m);
    assert.match(list.out, /^two\.dataset\.yaml:5 {2}absent {2}"Absent" {2}local {2}invalid \(1 error\)$/m);
    assert.match(list.out, /^ {4}two\.dataset\.yaml:7: `file_path`: missing\.jsonl does not exist$/m);
    assert.match(list.out, /^gen\.dataset\.yaml:1 {2}generated {2}"Generated" {2}generator {2}invalid \(1 error\)$/m);
    assert.match(list.out, /`topik` is not an option of generator `qa-generator`; did you mean `topic`\?/);
    const listedInvalid = new Set([...list.out.matchAll(/^([^:\s]+):\d+ .* invalid \(/gm)].map((m) => m[1]));
    assert.deepEqual([...listedInvalid].sort(), [...invalidFiles].sort(), validate.out);
  });

  test('export writes every kept row (JSONL and CSV), progress on stderr', () => {
    let r = run(dir, 'dataset', 'export', 'specs/en.dataset.yaml', '-o', 'en.jsonl');
    assert.equal(r.code, 0, r.err);
    const ids = fs.readFileSync(path.join(dir, 'en.jsonl'), 'utf8').trimEnd().split('\n').map((l) => (JSON.parse(l) as { id: number }).id);
    assert.deepEqual(ids, Array.from({ length: 250 }, (_, i) => 2 * i + 1));
    assert.match(r.err, /rows read, 250 kept/);
    assert.match(r.err, /Wrote 250 kept rows to en\.jsonl/);
    assert.equal(r.out, '');
    r = run(dir, 'dataset', 'export', 'specs/en.dataset.yaml', '--doc', '2', '-o', 'all.csv');
    assert.equal(r.code, 0, r.err);
    const csv = fs.readFileSync(path.join(dir, 'all.csv'), 'utf8').split('\r\n');
    assert.equal(csv[0], 'id,lang,q');
    assert.equal(csv[1], '0,fr,"q0, ""x"""');
    assert.equal(csv.length, 502);
  });

  test('an invalid spec writes nothing and says why, with the line', () => {
    fs.writeFileSync(path.join(dir, 'out.jsonl'), 'previous\n');
    const r = run(dir, 'dataset', 'export', 'specs/broken.yaml', '-o', 'out.jsonl');
    assert.equal(r.code, 1);
    assert.match(r.err, /specs\/broken\.yaml:4: .*file_path/);
    assert.equal(fs.readFileSync(path.join(dir, 'out.jsonl'), 'utf8'), 'previous\n');
  });

  test('usage errors exit 2: unknown output type, missing -o, no such directory', () => {
    assert.equal(run(dir, 'dataset', 'export', 'specs/en.dataset.yaml', '-o', 'x.txt').code, 2);
    assert.equal(run(dir, 'dataset', 'export', 'specs/en.dataset.yaml').code, 2);
    const r = run(dir, 'dataset', 'list', 'nowhere');
    assert.equal(r.code, 2);
    assert.match(r.err, /nowhere is not a directory/);
  });

  test('dataset validate and dataset preview are the validate and preview commands', () => {
    const v = run(dir, 'dataset', 'validate', 'specs/broken.yaml');
    assert.equal(v.code, 1);
    assert.match(v.out, /broken\.yaml:4:1 error missing required property `file_path`/);
    const p = run(dir, 'dataset', 'preview', 'specs/en.dataset.yaml', '--json', '--limit', '1');
    assert.equal(p.code, 0, p.err);
    assert.equal((JSON.parse(p.out) as { matched: number }).matched, 250);
  });

  test('Ctrl+C during an export leaves the previous output untouched and no temporary file', { timeout: 60_000 }, async () => {
    const big = Array.from({ length: 400_000 }, (_, i) => `{"id":${i},"text":"row ${i} of a file large enough to take a while"}`).join('\n') + '\n';
    fs.writeFileSync(path.join(dir, 'big.jsonl'), big);
    fs.writeFileSync(path.join(dir, 'big.dataset.yaml'), 'key: big\ndisplay_name: Big\nsource: {type: local, file_path: big.jsonl}\n');
    fs.writeFileSync(path.join(dir, 'big-out.csv'), 'previous\n');
    const child = spawn(process.execPath, [cli, 'dataset', 'export', 'big.dataset.yaml', '-o', 'big-out.csv'], { cwd: dir });
    let err = '';
    const interrupted = new Promise<void>((resolve) => {
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        if (!child.killed && /rows read/.test(err)) {
          child.kill('SIGINT');
          resolve();
        }
      });
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    await interrupted;
    assert.equal(code, 1, err);
    assert.match(err, /export cancelled; the output file was left as it was/);
    assert.equal(fs.readFileSync(path.join(dir, 'big-out.csv'), 'utf8'), 'previous\n');
    assert.deepEqual(fs.readdirSync(dir).filter((n) => n.endsWith('.part')), []);
  });
});
