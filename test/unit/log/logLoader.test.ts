import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LogIndex } from '../../../src/core/log/logIndex';
import { LogLoadError, loadLogIndex, loadLogIndexSync } from '../../../src/core/log/logLoader';
import { findJsonErrorOffset } from '../../../src/core/json/jsonErrors';
import { examplesDir, repoRoot } from './logTestHelpers';

const exampleFiles = fs.readdirSync(examplesDir).filter((f) => f.endsWith('.json')).map((f) => path.join(examplesDir, f));
exampleFiles.push(path.join(repoRoot, 'test', 'fixtures', 'logs', 'hostile.tasklog.json'));

function tempFile(name: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-log-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

describe('loading logs', () => {
  for (const file of exampleFiles) {
    test(`lazy byte index equals the parsed-value index: ${path.basename(file)}`, async () => {
      const lazy = await loadLogIndex(file, { generation: 3 });
      const text = fs.readFileSync(file, 'utf8');
      const full = LogIndex.fromValue(JSON.parse(text), { fileName: path.basename(file), fileSize: Buffer.byteLength(text), generation: 3 });
      assert.deepEqual(lazy.getSummary(), full.getSummary());
      const query = { offset: 0, limit: 50, sort: { column: 'sampleId', direction: 'desc' as const } };
      assert.deepEqual(lazy.getPage(query), full.getPage(query));
      for (let i = 0; i < lazy.getSummary().samples.count; i++) assert.deepEqual(lazy.getDetail(i), full.getDetail(i));
    });
  }

  test('JSON text, bytes and a path give the same summary', async () => {
    const file = path.join(examplesDir, 'legacy.tasklog.json');
    const text = fs.readFileSync(file, 'utf8');
    const fromText = loadLogIndexSync(text, { fileName: 'legacy.tasklog.json' }).getSummary();
    const fromBytes = loadLogIndexSync(Buffer.from(text), { fileName: 'legacy.tasklog.json' }).getSummary();
    const fromPath = (await loadLogIndex(file)).getSummary();
    assert.deepEqual(fromText, fromPath);
    assert.deepEqual(fromBytes, fromPath);
    assert.equal(fromPath.fileName, 'legacy.tasklog.json');
    assert.equal(fromPath.fileSize, fs.statSync(file).size);
  });

  test('a syntax error reports file, line and column (lazy and full)', async () => {
    const file = tempFile('bad.tasklog.json', '{\n  "format_version": "v1",\n  "evidence": {"samples": [ {"sample_id": 1,}\n]}}');
    for (const mode of ['lazy', 'full'] as const) {
      await assert.rejects(loadLogIndex(file, { mode }), (error: unknown) => {
        assert.ok(error instanceof LogLoadError);
        assert.equal(error.line, 3, mode);
        assert.equal(error.column, 45, mode);
        assert.ok(error.message.startsWith(`${file}:3:45:`), error.message);
        return true;
      });
    }
  });

  test('a message without a position is located by re-reading the text', async () => {
    assert.equal(findJsonErrorOffset('{"a": tru}'), 6);
    assert.equal(findJsonErrorOffset('[1, 2'), 5);
    const valid = '{"a": [1, {"b": "x"}], "c": null}';
    assert.equal(findJsonErrorOffset(valid), valid.length, 'valid text: no error before the end');
    const file = tempFile('tok.json', '{"a":\n  tru}');
    await assert.rejects(loadLogIndex(file, { mode: 'full' }), (error: unknown) => error instanceof LogLoadError && error.line === 2 && error.column === 3);
  });

  test('a syntax error inside a skipped output surfaces when that sample is opened', async () => {
    const text = JSON.stringify({ format_version: 'v1', evidence: { metrics: [], samples: [{ sample_id: 1, errors: [], trials: [] }] } }).replace('"trials":[]', '"trials":[{"index":0,"solver":{"output":{"items":[tru]}},"scores":[]}]');
    const idx = loadLogIndexSync(Buffer.from(text), { fileName: 'x.json' });
    assert.equal(idx.getSummary().samples.count, 1);
    assert.throws(() => idx.getDetail(0), (error: unknown) => error instanceof LogLoadError && error.line === 1);
    // Read from a file, the bytes are not kept: the sample is read from the file and the error located there.
    const file = tempFile('skipped.tasklog.json', `\n\n${text}`);
    const fromFile = loadLogIndexSync(file);
    assert.throws(() => fromFile.getDetail(0), (error: unknown) => error instanceof LogLoadError && error.line === 3 && error.column === text.indexOf('tru]') + 1);
  });

  test('an unreadable file and a non-object log are load errors naming the file', async () => {
    await assert.rejects(loadLogIndex(path.join(os.tmpdir(), 'does-not-exist.tasklog.json')), (error: unknown) => error instanceof LogLoadError && /does-not-exist/.test(error.message));
    await assert.rejects(loadLogIndex(tempFile('arr.json', '[1, 2]')), (error: unknown) => error instanceof LogLoadError && /must be a JSON object/.test(error.message));
  });

  test('a byte order mark and strings with escapes and non-ASCII text are read', () => {
    const value = { format_version: 'v1', evidence: { metrics: [], samples: [{ sample_id: 'é"\\]}', errors: [], trials: [{ index: 0, sample: { data: { q: 'naïve "quote" ] }' } }, solver: { output: 'ünïcödé ✓' }, scores: [] }] }] } };
    const idx = loadLogIndexSync(Buffer.from(`\uFEFF${JSON.stringify(value)}`), { fileName: 'bom.json' });
    const detail = idx.getDetail(0);
    assert.equal(detail.sampleId, 'é"\\]}');
    assert.deepEqual(detail.trials[0].output, { kind: 'text', text: 'ünïcödé ✓' });
    assert.equal(idx.getPage({ offset: 0, limit: 1 }).rows[0].data.q, 'naïve "quote" ] }');
  });
});
