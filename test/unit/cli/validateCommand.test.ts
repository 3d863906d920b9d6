import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli as main } from '../../../src/cli/runCli';
import { CliIo } from '../../../src/cli/cliTypes';

function capture(cwd: string): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', cwd, stdout: (t: string) => { io.out += t; }, stderr: (t: string) => { io.err += t; } };
  return io;
}

describe('eval-lens validate', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-validate-'));
    fs.writeFileSync(path.join(dir, 'good.dataset.yaml'), 'key: good\ndisplay_name: Good\nsource: {type: local, file_path: a.csv}\n');
    fs.writeFileSync(path.join(dir, 'bad.dataset.yaml'), 'key: "bad key"\ndisplay_name: Bad\nsource: {type: local, file_path: a.csv}\n');
    fs.writeFileSync(path.join(dir, 'warn.yaml'), 'connection_type: agent_platform_a\nurl: https://agents.example\napi_key: plain-text\n');
    fs.writeFileSync(path.join(dir, 'other.yaml'), 'just: config\n');
    fs.writeFileSync(path.join(dir, 'data.csv'), 'a,b\n1,2\n');
    fs.writeFileSync(path.join(dir, 'a.csv'), 'a,b\n1,2\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('exit 0 for valid files, with warnings allowed', async () => {
    const io = capture(dir);
    assert.equal(await main(['validate', 'good.dataset.yaml', 'warn.yaml'], io), 0);
    assert.match(io.out, /good\.dataset\.yaml: ok \(dataset\)/);
    assert.match(io.out, /warn\.yaml:3:10 warning credential in plain text/);
  });

  test('exit 1 when a file has an error, printing file:line:col severity message', async () => {
    const io = capture(dir);
    assert.equal(await main(['validate', 'good.dataset.yaml', 'bad.dataset.yaml'], io), 1);
    assert.match(io.out, /^bad\.dataset\.yaml:1:6 error key may only contain letters, digits, '_' and '-'$/m);
    assert.match(io.out, /2 files checked, 1 with errors/);
  });

  test('--json prints one report per file with 1-based ranges and JSON pointers', async () => {
    const io = capture(dir);
    assert.equal(await main(['validate', '--json', 'bad.dataset.yaml', 'good.dataset.yaml'], io), 1);
    const reports = JSON.parse(io.out) as { file: string; kind: string; valid: boolean; diagnostics: { severity: string; line: number; column: number; endLine: number; endColumn: number; path: string; message: string }[] }[];
    assert.deepEqual(reports.map((r) => [r.file, r.kind, r.valid]), [['bad.dataset.yaml', 'dataset', false], ['good.dataset.yaml', 'dataset', true]]);
    assert.deepEqual(reports[0].diagnostics[0], { severity: 'error', message: "key may only contain letters, digits, '_' and '-'", line: 1, column: 6, endLine: 1, endColumn: 15, path: '/key' });
  });

  test('a folder stands for the recognised files below it; others are skipped', async () => {
    const io = capture(dir);
    assert.equal(await main(['validate', '--json', '.'], io), 1);
    const files = (JSON.parse(io.out) as { file: string }[]).map((r) => r.file);
    assert.deepEqual(files, ['bad.dataset.yaml', 'good.dataset.yaml', 'warn.yaml']);
  });

  test('a named file that is none of ours is skipped, not an error', async () => {
    const io = capture(dir);
    assert.equal(await main(['validate', 'other.yaml', 'data.csv'], io), 0);
    assert.match(io.out, /other\.yaml: skipped/);
  });

  test('exit 2 for an unreadable file and for usage errors, with a message and no stack trace', async () => {
    const missing = capture(dir);
    assert.equal(await main(['validate', 'nope.dataset.yaml'], missing), 2);
    assert.match(missing.err, /nope\.dataset\.yaml: no such file \(looked for .*nope\.dataset\.yaml\)/);
    assert.doesNotMatch(missing.err, /ENOENT/, 'no error code in place of words');
    assert.doesNotMatch(missing.err, /\n\s+at /);
    assert.doesNotMatch(missing.out, /0 files? checked/, 'no summary that contradicts the message');
    const mixed = capture(dir);
    assert.equal(await main(['validate', 'good.dataset.yaml', 'nope.dataset.yaml'], mixed), 2);
    assert.match(mixed.out, /1 file checked, 0 with errors, 1 could not be read/);
    const usage = capture(dir);
    assert.equal(await main(['validate'], usage), 2);
    assert.match(usage.err, /name at least one file/);
    const option = capture(dir);
    assert.equal(await main(['validate', '--bogus', 'x'], option), 2);
    assert.equal(await main(['frobnicate'], capture(dir)), 2);
  });
});
