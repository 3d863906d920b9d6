import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { preview, PreviewError } from '../../../src/core/sources/preview';
import { PreviewOptions, PreviewResult } from '../../../src/core/model/previewTypes';
import { exportKeptRows } from '../../../src/core/export/keptRowsExport';
import { binaryBytes, DEEP_JSONL_LINE, deepFlow, jsonlWithDeepLine, prototypeIsClean, tempDir, write } from './hostileCases';

const TIMEOUT = { timeout: 30_000 };
const tooDeep = /^nested more than 512 levels deep; .*; line skipped$/;

describe('hostile data: preview of local, folder and url sources, and export', () => {
  let dir: string;
  let server: Server;
  let base: string;
  const served = new Map<string, Buffer>();

  before(async () => {
    dir = tempDir('data');
    server = createServer((req, res) => {
      const body = served.get(req.url ?? '');
      if (!body) {
        res.statusCode = 404;
        res.end();
        return;
      }
      res.setHeader('content-length', body.length);
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const local = (file: string, filters: unknown[] = [], options: Partial<PreviewOptions> = {}): Promise<PreviewResult> =>
    preview({ source: { type: 'local', file_path: file, filters } }, { limit: 10, workers: 0, ...options });

  test('a JSONL line nesting 300,000 levels is one warning with its line; the lines after it are counted', TIMEOUT, async () => {
    const file = write(dir, 'deep.jsonl', jsonlWithDeepLine(DEEP_JSONL_LINE, 50));
    const filter = [{ expression: '{{ sample.lang }}', op: 'equals', value: 'en' }];
    for (const [filters, options] of [[[], {}], [filter, {}], [filter, { plainParsing: true }], [filter, { limit: 0 }]] as const) {
      const result = await local(file, [...filters], options);
      assert.equal(result.total, 51);
      assert.equal(result.matched, 51);
      assert.equal(result.warnings.length, 1);
      assert.equal(result.warnings[0].line, 2);
      assert.match(result.warnings[0].message, tooDeep);
      assert.equal(result.complete, true);
      JSON.stringify(result);
    }
  });

  test('the same line over a url source', TIMEOUT, async () => {
    served.set('/deep.jsonl', Buffer.from(jsonlWithDeepLine(DEEP_JSONL_LINE, 20)));
    const result = await preview({ source: { type: 'url', url: `${base}/deep.jsonl` } }, { limit: 5 });
    assert.equal(result.total, 21);
    assert.equal(result.warnings[0].line, 2);
    assert.match(result.warnings[0].message, tooDeep);
  });

  test('a huge single line (50 MB) is read as one row', TIMEOUT, async () => {
    const big = 'x'.repeat(50 * 1024 * 1024);
    const jsonl = write(dir, 'huge.jsonl', `{"id":1,"text":"${big}"}\n{"id":2,"text":"small"}\n`);
    const j = await local(jsonl);
    assert.equal(j.total, 2);
    assert.equal((j.rows[0].values.text as string).length, big.length);
    served.set('/huge.jsonl', fs.readFileSync(jsonl));
    const started = Date.now();
    const u = await preview({ source: { type: 'url', url: `${base}/huge.jsonl` } }, { limit: 0 });
    assert.equal(u.total, 2);
    assert.ok(Date.now() - started < 15_000, `a 50 MB line over HTTP took ${Date.now() - started} ms`);
    served.delete('/huge.jsonl');
    const csv = write(dir, 'huge.csv', `id,text\n1,${big}\n2,small\n`);
    const c = await local(csv);
    assert.equal(c.total, 2);
    assert.deepEqual(c.rows[1].values, { id: '2', text: 'small' });
  });

  test('binary bytes, NUL and invalid UTF-8: per-line warnings and decoded rows, never an exception', TIMEOUT, async () => {
    const bytes = binaryBytes(300_000);
    for (let i = 1000; i < bytes.length; i += 1000) bytes[i] = 0x0a;
    const binJsonl = await local(write(dir, 'bin.jsonl', bytes));
    assert.equal(binJsonl.total, 0);
    assert.ok(binJsonl.warnings.length > 100);
    const lineWarnings = binJsonl.warnings.filter((w) => w.line !== undefined);
    assert.ok(lineWarnings.length >= 1000);
    assert.ok(lineWarnings.every((w) => /^not valid JSON|^not a JSON object/.test(w.message)));
    const isControl = (c: string) => c.charCodeAt(0) < 0x20 && c !== '\n' && c !== '\t';
    assert.ok(binJsonl.warnings.every((w) => ![...w.message].some(isControl)), 'control characters are escaped');
    const binCsv = await local(write(dir, 'bin.csv', bytes));
    JSON.stringify(binCsv);
    const nul = await local(write(dir, 'nul.jsonl', Buffer.concat([Buffer.from('{"a":"x'), Buffer.from([0]), Buffer.from('"}\n{"a":"ok"}\n')])));
    assert.equal(nul.total, 1);
    assert.equal(nul.warnings[0].line, 1);
    const utf8 = await local(write(dir, 'utf8.jsonl', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xc3]), Buffer.from('"}\n')])));
    assert.equal(utf8.total, 1);
    assert.match(String(utf8.rows[0].values.a), /\uFFFD/);
  });

  test('empty files and a directory where a file is expected', TIMEOUT, async () => {
    for (const name of ['empty.jsonl', 'empty.csv']) {
      const result = await local(write(dir, name, ''));
      assert.equal(result.total, 0);
      assert.deepEqual(result.warnings, []);
    }
    fs.mkdirSync(path.join(dir, 'adir.jsonl'));
    await assert.rejects(local(path.join(dir, 'adir.jsonl')), (e: unknown) => e instanceof PreviewError && e.message.includes('adir.jsonl'));
    await assert.rejects(preview({ source: { type: 'folder', directory_path: write(dir, 'afile.txt', 'x') } }, { limit: 1 }), (e: unknown) => e instanceof PreviewError && e.message.includes('afile.txt'));
  });

  test('a folder with symbolic link loops, a binary file, an empty file and a deep front matter ends, each file once', TIMEOUT, async () => {
    const notes = path.join(dir, 'notes');
    write(notes, 'a.md', '---\nrank: 1\n---\nbody\n');
    write(notes, 'sub/b.md', 'plain\n');
    write(notes, 'empty.md', '');
    write(notes, 'bin.md', binaryBytes(5000));
    write(notes, 'deep.md', `---\nx: ${deepFlow(20_000)}\n---\nbody\n`);
    fs.mkdirSync(path.join(notes, 'dir.md'));
    fs.symlinkSync(notes, path.join(notes, 'loop'));
    fs.symlinkSync('..', path.join(notes, 'sub', 'up'));
    const result = await preview({ source: { type: 'folder', directory_path: notes, extension: 'md' } }, { limit: 100 });
    assert.deepEqual(result.rows.map((r) => r.values.file_name).sort(), ['a.md', 'bin.md', 'deep.md', 'empty.md', 'sub/b.md']);
    const deep = result.warnings.find((w) => w.file?.endsWith('deep.md'));
    assert.match(deep?.message ?? '', /invalid front matter \(nested more than 512 levels deep/);
  });

  test('__proto__, constructor and prototype as row keys and CSV headers stay plain data', TIMEOUT, async () => {
    const jsonl = write(dir, 'proto.jsonl', '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"hostile": 1}}, "prototype": 2}\n');
    const j = await local(jsonl, [{ expression: '{{ sample["__proto__"].polluted }}', op: 'is_true' }]);
    assert.equal(j.matched, 1);
    assert.deepEqual(Object.keys(j.rows[0].values), ['__proto__', 'constructor', 'prototype']);
    assert.ok(prototypeIsClean());
    const csv = write(dir, 'proto.csv', '__proto__,constructor,prototype\npolluted,hostile,3\n');
    const c = await local(csv, [{ expression: '{{ sample.constructor }}', op: 'equals', value: 'hostile' }]);
    assert.equal(c.matched, 1);
    assert.equal(Object.getPrototypeOf(c.rows[0].values), Object.prototype);
    assert.equal(Object.getOwnPropertyDescriptor(c.rows[0].values, '__proto__')?.value, 'polluted');
    const out = path.join(dir, 'proto-out.jsonl');
    await exportKeptRows({ key: 'p', display_name: 'P', source: { type: 'local', file_path: jsonl } }, { specPath: path.join(dir, 'p.dataset.yaml'), outFile: out });
    assert.equal(fs.readFileSync(out, 'utf8'), '{"__proto__":{"polluted":true},"constructor":{"prototype":{"hostile":1}},"prototype":2}\n');
    assert.ok(prototypeIsClean());
  });

  test('exporting a file with a deep line writes the other lines', TIMEOUT, async () => {
    const file = write(dir, 'deep-export.jsonl', jsonlWithDeepLine(DEEP_JSONL_LINE, 5));
    const out = path.join(dir, 'deep-export.csv');
    const outcome = await exportKeptRows({ key: 'd', display_name: 'D', source: { type: 'local', file_path: file } }, { specPath: path.join(dir, 'd.dataset.yaml'), outFile: out });
    assert.equal(outcome.rows, 6);
    assert.equal(fs.readFileSync(out, 'utf8').split('\r\n').length, 8);
  });
});
