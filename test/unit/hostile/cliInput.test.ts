import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { assertClean, CASE_MS, run } from './cliRun';
import { aliasBomb, binaryBytes, DEEP_JSONL_LINE, DEEP_LOG_VALUE, deepFlow, deepSpecs, jsonlWithDeepLine, logWithSampleData, tempDir, write } from './hostileCases';

describe('hostile input through the CLI (child processes)', () => {
  let dir: string;
  before(() => {
    dir = tempDir('cli');
    for (const [name, text] of Object.entries(deepSpecs)) write(dir, name, text);
    write(dir, 'data.jsonl', jsonlWithDeepLine(DEEP_JSONL_LINE, 30));
    write(dir, 'ok.dataset.yaml', 'key: ok\ndisplay_name: OK\nsource: {type: local, file_path: data.jsonl}\n');
    write(dir, 'bomb.dataset.yaml', aliasBomb());
    write(dir, 'bin.dataset.yaml', binaryBytes(50_000));
    write(dir, 'empty.dataset.yaml', '');
    fs.mkdirSync(path.join(dir, 'dir.dataset.yaml'));
    write(dir, 'deep.tasklog.json', logWithSampleData(deepFlow(DEEP_LOG_VALUE)));
    write(dir, 'bin.tasklog.json', binaryBytes(50_000));
    write(dir, 'empty.tasklog.json', '');
    fs.mkdirSync(path.join(dir, 'dir.tasklog.json'));
    fs.symlinkSync(dir, path.join(dir, 'loop'));
    execFileSync('mkfifo', [path.join(dir, 'pipe.dataset.yaml'), path.join(dir, 'pipe.tasklog.json')]);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const deepLine: Record<string, number> = { 'flow.dataset.yaml': 6, 'block.dataset.yaml': 7, 'deep.dataset.json': 6 };
  for (const name of Object.keys(deepSpecs)) {
    test(`${name}: validate, preview and export name the file and line`, { timeout: 4 * CASE_MS }, async () => {
      const validate = await run(dir, ['validate', name]);
      assertClean(validate, 'validate');
      assert.equal(validate.code, 1);
      assert.match(validate.out, new RegExp(`^${name.replace(/\./g, '\\.')}:${deepLine[name]}:\\d+ error nested more than 512 levels deep`, 'm'));
      for (const args of [['preview', name], ['dataset', 'export', name, '-o', 'x.jsonl']]) {
        const r = await run(dir, args);
        assertClean(r, args[0]);
        assert.equal(r.code, 1);
        assert.match(r.err, new RegExp(`${name.replace(/\./g, '\\.')}:${deepLine[name]}: nested more than 512 levels deep`));
      }
      assert.equal(fs.existsSync(path.join(dir, 'x.jsonl')), false);
    });
  }

  test('a JSONL line nesting 300,000 levels: a warning with its line, the next lines counted', { timeout: 2 * CASE_MS }, async () => {
    const r = await run(dir, ['preview', 'ok.dataset.yaml', '--json']);
    assertClean(r, 'preview');
    assert.equal(r.code, 0);
    const result = JSON.parse(r.out) as { total: number; warnings: { line: number; message: string; file: string }[] };
    assert.equal(result.total, 31);
    assert.deepEqual(result.warnings.map((w) => [path.basename(w.file), w.line]), [['data.jsonl', 2]]);
    const e = await run(dir, ['dataset', 'export', 'ok.dataset.yaml', '-o', 'ok.jsonl']);
    assertClean(e, 'export');
    assert.equal(fs.readFileSync(path.join(dir, 'ok.jsonl'), 'utf8').trimEnd().split('\n').length, 31);
  });

  test('alias bomb, binary, empty spec and a directory named like a spec', { timeout: 12 * CASE_MS }, async () => {
    const names = ['bomb.dataset.yaml', 'bin.dataset.yaml', 'empty.dataset.yaml', 'dir.dataset.yaml'];
    const validate = await run(dir, ['validate', ...names]);
    assertClean(validate, 'validate');
    assert.equal(validate.code, 1);
    assert.match(validate.out, /^bomb\.dataset\.yaml:\d+:\d+ error .*alias/im);
    assert.match(validate.out, /^bin\.dataset\.yaml:\d+:\d+ error /m);
    assert.match(validate.out, /^empty\.dataset\.yaml:1:1 warning the document is empty$/m);
    assert.match(validate.out, /^3 files checked, 2 with errors$/m, 'the directory stands for the (no) files below it');
    for (const name of names) {
      for (const args of [['preview', name], ['dataset', 'export', name, '-o', 'y.csv']]) {
        const r = await run(dir, args);
        assertClean(r, `${args.join(' ')}`);
        assert.notEqual(r.code, 0, `${args.join(' ')} must fail`);
        assert.ok(r.err.includes(name), `${args.join(' ')} names the file:\n${r.out}${r.err}`);
      }
    }
    assert.equal(fs.existsSync(path.join(dir, 'y.csv')), false);
    const list = await run(dir, ['dataset', 'list', '--json']);
    assertClean(list, 'dataset list (with a symbolic link loop below)');
    const listed = (JSON.parse(list.out) as { file: string; valid: boolean }[]).map((e) => e.file);
    assert.ok(listed.includes('ok.dataset.yaml') && !listed.some((f) => f.startsWith('loop')));
  });

  test('a named pipe where a spec or log is expected is refused by name, not read forever', { timeout: 8 * CASE_MS }, async () => {
    for (const args of [['validate', 'pipe.dataset.yaml'], ['preview', 'pipe.dataset.yaml'], ['dataset', 'export', 'pipe.dataset.yaml', '-o', 'z.jsonl'], ['log', 'verify', 'pipe.tasklog.json'], ['log', 'report', 'pipe.tasklog.json', '-o', 'z.html']]) {
      const r = await run(dir, args);
      assertClean(r, args.join(' '));
      assert.notEqual(r.code, 0, `${args.join(' ')} must fail`);
      assert.match(r.out + r.err, /pipe\.(dataset\.yaml|tasklog\.json) is not a regular file/, args.join(' '));
    }
  });

  test('logs: a deep value is reported and shown collapsed; binary, empty and a directory fail with the name', { timeout: 12 * CASE_MS }, async () => {
    const verify = await run(dir, ['log', 'verify', 'deep.tasklog.json']);
    assertClean(verify, 'log verify');
    assert.equal(verify.code, 0);
    const report = await run(dir, ['log', 'report', 'deep.tasklog.json', '-o', 'deep.html']);
    assertClean(report, 'log report');
    assert.equal(report.code, 0, report.err);
    assert.ok(fs.readFileSync(path.join(dir, 'deep.html'), 'utf8').includes('nested too deep to show'));
    const validate = await run(dir, ['validate', 'bin.tasklog.json', 'empty.tasklog.json']);
    assertClean(validate, 'validate');
    assert.match(validate.out, /^bin\.tasklog\.json:\d+:\d+ error /m);
    assert.match(validate.out, /^empty\.tasklog\.json:\d+:\d+ error /m);
    for (const name of ['bin.tasklog.json', 'empty.tasklog.json', 'dir.tasklog.json']) {
      for (const args of [['log', 'verify', name], ['log', 'report', name, '-o', 'r.html']]) {
        const r = await run(dir, args);
        assertClean(r, args.join(' '));
        assert.notEqual(r.code, 0, `${args.join(' ')} must fail`);
        assert.ok((r.out + r.err).includes(name), `${args.join(' ')} names the file:\n${r.out}${r.err}`);
      }
    }
  });
});
