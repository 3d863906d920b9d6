import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { deflateRawSync } from 'node:zlib';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { crc32 } from '../../../src/core/archive/zipEntryData';
import { sourceHoverMarkdown } from '../../../src/core/authoring/sourceFacts';
import { preview, PreviewError } from '../../../src/core/sources/preview';
import { PreviewOptions, PreviewResult } from '../../../src/core/model/previewTypes';
import { TraceRecord } from '../../../src/core/trace/traceRecord';
import { buildZip } from '../archive/zipTestWriter';
import { HEADER } from '../sources/inspectLogData';
import { assistantLine, userLine, simpleSession, writeLines } from '../sources/sessionFileWriter';
import { binaryBytes, DEEP_JSONL_LINE, DEEP_LOG_VALUE, deepFlow, prototypeIsClean, tempDir, write } from './hostileCases';

const TIMEOUT = { timeout: 30_000 };
const SESSION = '11111111-2222-3333-4444-555555555555';
const traceOf = (result: PreviewResult, k = 0) => result.rows[k].values.trace as TraceRecord;

describe('hostile input: coding_agent_sessions', () => {
  let dir: string;
  before(() => {
    dir = tempDir('sessions');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const sessions = (p: string, options: Partial<PreviewOptions> = {}): Promise<PreviewResult> =>
    preview({ key: 'k', display_name: 'K', source: { type: 'coding_agent_sessions', path: p } }, { limit: 20, env: {}, homeDir: path.join(dir, 'no-home'), workers: 0, ...options });

  test('a session line nesting 300,000 levels is read; its deep value is shown as a note, never a stack overflow', TIMEOUT, async () => {
    const ctx = { sessionId: SESSION, timestamp: '2026-01-01T10:00:05.000Z' };
    const lines = simpleSession(SESSION, '2026-01-01T10:00:00.000Z');
    lines.splice(2, 0, assistantLine(ctx, { id: 'deep', requestId: 'rd', blocks: [{ type: 'tool_use', id: 'deep-call', name: 'X', input: {} }] }).replace('"input":{}', `"input":{"v":${deepFlow(DEEP_JSONL_LINE)}}`));
    const file = path.join(dir, 'deep', `${SESSION}.jsonl`);
    writeLines(file, lines);
    for (const limit of [20, 0]) {
      const result = await sessions(path.dirname(file), { limit });
      assert.equal(result.total, 1);
      assert.deepEqual(result.warnings, []);
      JSON.stringify(result);
      if (limit > 0) {
        assert.equal(result.rows[0].values.tool_call_count, 2);
        const call = traceOf(result).items.find((item) => (item as { call_id?: string }).call_id === 'deep-call') as { arguments: string };
        assert.match(call.arguments, /too deeply nested to show/);
      }
    }
  });

  test('a deep value inside an otherwise valid message is bounded in the trace', TIMEOUT, async () => {
    const ctx = { sessionId: SESSION, timestamp: '2026-01-01T10:00:00.000Z' };
    const deepTool = JSON.stringify({ type: 'tool_result', tool_use_id: 'x', content: 'X' }).replace('"X"', deepFlow(2000));
    const file = path.join(dir, 'mid', `${SESSION}.jsonl`);
    writeLines(file, [userLine(ctx, 'hello'), userLine(ctx, 'PLACEHOLDER').replace('"PLACEHOLDER"', `[${deepTool}]`)]);
    const result = await sessions(file);
    assert.equal(result.total, 1);
    JSON.stringify(result);
    structuredClone(result);
  });

  test('binary bytes, NUL, invalid UTF-8 and a huge line: warnings with lines, never an exception', TIMEOUT, async () => {
    const bytes = binaryBytes(200_000);
    const good = simpleSession(SESSION, '2026-01-01T10:00:00.000Z').join('\n');
    const huge = `{"type":"user","text":"${'x'.repeat(20 * 1024 * 1024)}"}`;
    const file = write(dir, 'bin/s.jsonl', Buffer.concat([Buffer.from(`${good}\n`), bytes, Buffer.from('\n{"a":"x\0y"}\n'), Buffer.from([0xff, 0xfe, 0x0a]), Buffer.from(`${huge}\n`)]));
    const result = await sessions(file);
    assert.equal(result.total, 1);
    assert.ok(result.warnings.length > 0);
    assert.ok(result.warnings.every((w) => w.file === file));
    JSON.stringify(result);
  });

  test('empty files, a directory named like a session, a symbolic link loop and __proto__ keys', TIMEOUT, async () => {
    const root = path.join(dir, 'tree');
    writeLines(path.join(root, `${SESSION}.jsonl`), simpleSession(SESSION, '2026-01-01T10:00:00.000Z'));
    write(root, 'empty.jsonl', '');
    fs.mkdirSync(path.join(root, 'adir.jsonl'));
    fs.symlinkSync(root, path.join(root, 'loop'));
    fs.symlinkSync('..', path.join(root, 'adir.jsonl', 'up'));
    const proto = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"hostile":1}},"type":"user","sessionId":"p","timestamp":"2026-01-01T10:00:00.000Z","message":{"role":"user","content":"hi","__proto__":{"hostile":1}}}';
    write(root, 'proto.jsonl', `${proto}\n`);
    const result = await sessions(root);
    assert.ok(result.total >= 1);
    JSON.stringify(result);
    assert.ok(prototypeIsClean());
    const empty = await sessions(write(dir, 'only-empty.jsonl', ''));
    assert.deepEqual(empty.rows.map((r) => [r.values.file_name, r.values.message_count]), [['only-empty.jsonl', 0]]);
    assert.deepEqual(empty.warnings, []);
    assert.ok(result.rows.some((r) => r.values.session_id === SESSION));
  });

  test('sub-agent meta files: nesting 200,000 levels, __proto__ keys, binary, a directory and a named pipe', TIMEOUT, async () => {
    const root = path.join(dir, 'subagents');
    const sub = path.join(root, SESSION, 'subagents');
    writeLines(path.join(root, `${SESSION}.jsonl`), simpleSession(SESSION, '2026-01-01T10:00:00.000Z'));
    const metas: [string, string | Buffer | null][] = [
      ['a1', `{"agentType":"Explore","deep":${deepFlow(DEEP_LOG_VALUE)}}`],
      ['a2', '{"__proto__":{"polluted":true},"agentType":"Plan","constructor":{"prototype":{"hostile":1}}}'],
      ['a3', binaryBytes(2000)],
      ['a4', null],
      ['a5', 'fifo'],
    ];
    for (const [id, meta] of metas) {
      const ctx = { sessionId: SESSION, timestamp: '2026-01-01T10:00:01.000Z', agentId: id };
      writeLines(path.join(sub, `agent-${id}.jsonl`), [userLine(ctx, `task of ${id}`)]);
      const metaPath = path.join(sub, `agent-${id}.meta.json`);
      if (meta === null) fs.mkdirSync(metaPath);
      else if (meta === 'fifo') execFileSync('mkfifo', [metaPath]);
      else fs.writeFileSync(metaPath, meta);
    }
    const result = await sessions(root);
    assert.equal(result.total, 1);
    assert.equal(result.rows[0].values.subagent_count, 5);
    const metaWarnings = result.warnings.filter((w) => /unreadable sub-agent metadata/.test(w.message)).map((w) => w.message);
    assert.equal(metaWarnings.length, 3, metaWarnings.join('\n'));
    assert.ok(metaWarnings.some((m) => /agent-a4\.meta\.json is a directory, not a file/.test(m)));
    assert.ok(metaWarnings.some((m) => /agent-a5\.meta\.json is not a regular file/.test(m)));
    JSON.stringify(result);
    structuredClone(result);
    assert.ok(prototypeIsClean());
  });
});

/** A zstd frame without a content size (window 2 MB) of `blocks` RLE blocks of 128 KB each: tiny, expanding to blocks × 128 KB. */
function zstdRleBomb(blocks: number): Buffer {
  const parts = [Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x58])];
  for (let k = 0; k < blocks; k++) {
    const value = (131_072 << 3) | (1 << 1) | (k === blocks - 1 ? 1 : 0);
    parts.push(Buffer.from([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, 0x61]));
  }
  return Buffer.concat(parts);
}

/** A zstd frame header declaring `size` bytes (8-byte content size, single segment) with one empty raw block. */
function zstdDeclaring(size: bigint): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32LE(0xfd2fb528, 0);
  header[4] = 0xe0;
  header.writeBigUInt64LE(size, 5);
  return Buffer.concat([header, Buffer.from([0x01, 0x00, 0x00])]);
}

const CENTRAL = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

describe('hostile input: eval_logs archives and logs', () => {
  let dir: string;
  before(() => {
    dir = tempDir('evallogs');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const logs = (p: string, options: Partial<PreviewOptions> = {}): Promise<PreviewResult> =>
    preview({ key: 'k', source: { type: 'eval_logs', path: p } }, { limit: 20, workers: 0, ...options });
  const sampleEntry = (id: number, body = `"q${id}"`) => ({ name: `samples/${id}_epoch_1.json`, data: `{"id":${id},"epoch":1,"input":${body},"target":"t","messages":[]}` });
  const start = { name: '_journal/start.json', data: JSON.stringify({ version: 2, eval: HEADER.eval, plan: HEADER.plan }) };
  const header = { name: 'header.json', data: JSON.stringify(HEADER) };

  test('a sample nesting 300,000 levels inside a .eval, and 200,000 in a .json log, are rows with the value collapsed', TIMEOUT, async () => {
    const deep = sampleEntry(2, `{"deep":${deepFlow(DEEP_JSONL_LINE)}}`);
    const file = write(dir, 'deep.eval', buildZip([start, sampleEntry(1), { ...deep, data: deep.data.replace('"messages":[]', `"metadata":${deepFlow(DEEP_JSONL_LINE)},"messages":[]`) }, sampleEntry(3), header]));
    const json = `{"version":2,"eval":${JSON.stringify(HEADER.eval)},"samples":[{"id":1,"epoch":1,"input":"a","target":"t","messages":[]},` +
      `{"id":2,"epoch":1,"input":${deepFlow(DEEP_LOG_VALUE)},"metadata":{"m":${deepFlow(DEEP_LOG_VALUE)}},"messages":[]}]}`;
    const jsonFile = write(dir, 'deep.json', json);
    for (const [source, count] of [[file, 3], [jsonFile, 2]] as const) {
      for (const limit of [20, 0]) {
        const result = await logs(source, { limit });
        assert.equal(result.total, count);
        assert.deepEqual(result.warnings, []);
        const serialised = JSON.stringify(result);
        if (limit > 0) assert.ok(serialised.includes('nested too deep to show'));
        structuredClone(result);
      }
    }
  });

  test('zip bombs: a huge declared size, deflate and zstd streams expanding beyond the limit, a frame declaring terabytes', TIMEOUT, async () => {
    const zeros = Buffer.alloc(64 * 1024 * 1024);
    const bombs = [
      { name: 'samples/10_epoch_1.json', method: 8, raw: { bytes: deflateRawSync(Buffer.from('{}')), crc: 0, size: 0xfffffff0 } },
      { name: 'samples/11_epoch_1.json', method: 8, raw: { bytes: deflateRawSync(zeros), crc: 0, size: 1000 } },
      { name: 'samples/12_epoch_1.json', method: 93, raw: { bytes: zstdRleBomb(4000), crc: 0, size: 1000 } },
      { name: 'samples/13_epoch_1.json', method: 93, raw: { bytes: zstdDeclaring(1n << 42n), crc: 0, size: 1000 } },
      { name: 'samples/14_epoch_1.json', method: 8, raw: { bytes: deflateRawSync(zeros), crc: crc32(zeros), size: zeros.length } },
    ];
    const file = write(dir, 'bombs.eval', buildZip([start, sampleEntry(1), ...bombs, header]));
    const before = process.memoryUsage().arrayBuffers;
    const result = await logs(file, { maxEntryMB: 16 });
    const grown = process.memoryUsage().arrayBuffers - before;
    assert.ok(grown < 200 * 1024 * 1024, `decoding grew buffers by ${Math.round(grown / 1048576)} MB`);
    assert.equal(result.total, 1);
    for (const bomb of bombs) {
      const warning = result.warnings.find((w) => w.message.includes(bomb.name));
      assert.ok(warning, `${bomb.name}: ${JSON.stringify(result.warnings)}`);
      assert.ok(warning.message.includes(file));
    }
  });

  test('a central directory claiming millions of entries or pointing outside the file, overlapping entries, truncation', TIMEOUT, async () => {
    const good = buildZip([start, sampleEntry(1), sampleEntry(2), header]);
    const eocd = good.length - 22;
    const millions = Buffer.from(good);
    millions.writeUInt16LE(0xfffe, eocd + 8);
    millions.writeUInt16LE(0xfffe, eocd + 10);
    const outside = Buffer.from(good);
    outside.writeUInt32LE(0x7fff0000, eocd + 16);
    const hugeDirectory = Buffer.from(good);
    hugeDirectory.writeUInt32LE(0xfffffff0, eocd + 12);
    const cases: [string, Buffer][] = [
      ['millions.eval', millions], ['outside.eval', outside], ['hugedir.eval', hugeDirectory],
      ['truncated.eval', good.subarray(0, Math.floor(good.length / 2))], ['cut-tail.eval', good.subarray(0, good.length - 5)],
      ['empty.eval', Buffer.alloc(0)], ['binary.eval', binaryBytes(100_000)],
    ];
    for (const [name, bytes] of cases) {
      const file = write(dir, `bad/${name}`, bytes);
      await assert.rejects(logs(file), (e: unknown) => e instanceof PreviewError && e.message.includes(file), name);
    }
    const folder = await logs(path.join(dir, 'bad'));
    assert.equal(folder.total, 0);
    for (const [name] of cases) assert.ok(folder.warnings.some((w) => w.file?.endsWith(name)), `${name}: ${JSON.stringify(folder.warnings)}`);
    // Overlapping entries: the directory record of sample 2 points at the local record of sample 1.
    const overlap = Buffer.from(buildZip([start, sampleEntry(1), sampleEntry(2), header]));
    const records: number[] = [];
    for (let p = overlap.indexOf(CENTRAL); p >= 0; p = overlap.indexOf(CENTRAL, p + 4)) records.push(p);
    overlap.writeUInt32LE(overlap.readUInt32LE(records[1] + 42), records[2] + 42);
    const overlapFile = write(dir, 'overlap.eval', overlap);
    const result = await logs(overlapFile);
    assert.equal(result.total, 1);
    assert.equal(result.rows[0].values.sample_id, '1');
    assert.match(result.warnings.map((w) => w.message).join('\n'), /entry samples\/2_epoch_1\.json of .*overlap\.eval is damaged/);
    // An entry whose local record lies beyond the end of the file, and a ZIP64 directory claiming 2^40 entries.
    const beyond = Buffer.from(buildZip([start, sampleEntry(1), sampleEntry(2), header]));
    const beyondRecords: number[] = [];
    for (let p = beyond.indexOf(CENTRAL); p >= 0; p = beyond.indexOf(CENTRAL, p + 4)) beyondRecords.push(p);
    beyond.writeUInt32LE(0x7ffffff0, beyondRecords[2] + 42);
    const beyondResult = await logs(write(dir, 'beyond.eval', beyond));
    assert.equal(beyondResult.total, 1);
    assert.match(beyondResult.warnings.map((w) => w.message).join('\n'), /entry samples\/2_epoch_1\.json of .*beyond\.eval is damaged/);
    const zip64 = Buffer.from(buildZip([start, sampleEntry(1), header], { zip64: true }));
    const record = zip64.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
    zip64.writeBigUInt64LE(1n << 40n, record + 24);
    zip64.writeBigUInt64LE(1n << 40n, record + 32);
    await assert.rejects(logs(write(dir, 'zip64-millions.eval', zip64)), (e: unknown) => e instanceof PreviewError && /zip64-millions\.eval is truncated or damaged/.test(e.message));
  });

  test('a directory named like a log, a symbolic link loop, an empty .json log and __proto__ keys', TIMEOUT, async () => {
    const root = path.join(dir, 'tree');
    write(root, 'one.eval', buildZip([start, { name: 'samples/1_epoch_1.json', data: '{"id":1,"epoch":1,"input":"q","__proto__":{"polluted":true},"metadata":{"__proto__":{"hostile":1},"constructor":{"prototype":{"x":1}}},"scores":{"__proto__":{"value":1}}}' }, header]));
    fs.mkdirSync(path.join(root, 'adir.eval'));
    fs.mkdirSync(path.join(root, 'bdir.json'));
    write(root, 'empty.json', '');
    fs.symlinkSync(root, path.join(root, 'loop'));
    const result = await logs(root);
    assert.equal(result.total, 1);
    assert.ok(result.warnings.some((w) => w.file?.endsWith('empty.json')), JSON.stringify(result.warnings));
    assert.deepEqual(result.sourceFacts?.metadataKeys, ['__proto__', 'constructor']);
    assert.match(sourceHoverMarkdown({ type: 'eval_logs', path: root }, result.sourceFacts) ?? '', /__proto__/);
    JSON.stringify(result);
    assert.ok(prototypeIsClean());
    await assert.rejects(logs(write(dir, 'only-empty.json', '')), (e: unknown) => e instanceof PreviewError && e.message.includes('only-empty.json'));
  });
});

describe('hostile input: transcript databases (Parquet with JSON-text columns)', () => {
  let db: string;
  before(() => {
    db = tempDir('transcripts');
  });
  after(() => fs.rmSync(db, { recursive: true, force: true }));

  const part = (ids: string[], messages: string[], metadata: string[]): Buffer => Buffer.from(parquetWriteBuffer({
    columnData: [
      { name: 'transcript_id', data: ids, type: 'STRING' },
      { name: 'date', data: ids.map(() => '2026-11-01T08:00:00Z'), type: 'STRING' },
      { name: 'messages', data: messages, type: 'STRING' },
      { name: 'metadata', data: metadata, type: 'STRING' },
    ],
  }));

  test('JSON text nesting 200,000 levels, __proto__ keys and binary text are rows; a truncated, binary, empty, pipe or directory part is an error naming it', TIMEOUT, async () => {
    const ok = JSON.stringify([{ role: 'user', content: 'question' }, { role: 'assistant', content: 'answer' }]);
    write(db, 'transcripts_001.parquet', part(
      ['t-1', 't-2', 't-3', 't-4'],
      [ok, deepFlow(DEEP_LOG_VALUE), `[{"role":"user","content":${deepFlow(DEEP_LOG_VALUE)}}]`, '[{"role":"user","content":"hi","__proto__":{"polluted":true}}]'],
      ['{"__proto__":{"polluted":true},"constructor":{"prototype":{"hostile":1}}}', `{"m":${deepFlow(DEEP_LOG_VALUE)}}`, binaryBytes(300).toString('latin1'), '{"broken'],
    ));
    for (const limit of [20, 0]) {
      const result = await preview({ key: 'k', source: { type: 'eval_logs', path: db } }, { limit, workers: 0 });
      assert.equal(result.total, 4);
      JSON.stringify(result);
      structuredClone(result);
      if (limit > 0) {
        assert.deepEqual(result.warnings.map((w) => w.message), [3, 4].map((row) => `column metadata of row ${row} in ${path.join(db, 'transcripts_001.parquet')} is not valid JSON; kept as text`));
        assert.ok(JSON.stringify(result.rows[1].values.metadata).includes('nested too deep to show'));
        assert.equal(Object.getOwnPropertyDescriptor(result.rows[0].values.metadata, '__proto__')?.value?.polluted, true);
      }
    }
    const good = part(['t-5'], [ok], ['{}']);
    for (const [name, bytes] of [['transcripts_002.parquet', good.subarray(0, good.length - 10)], ['transcripts_003.parquet', binaryBytes(5000)], ['transcripts_004.parquet', Buffer.alloc(0)], ['transcripts_005.parquet', 'fifo'], ['transcripts_006.parquet', 'dir']] as const) {
      const broken = tempDir('transcripts-broken');
      try {
        write(broken, 'transcripts_001.parquet', good);
        if (bytes === 'fifo') execFileSync('mkfifo', [path.join(broken, name)]);
        else if (bytes === 'dir') fs.mkdirSync(path.join(broken, name));
        else write(broken, name, bytes);
        await assert.rejects(preview({ key: 'k', source: { type: 'eval_logs', path: broken } }, { limit: 5 }), (e: unknown) => e instanceof PreviewError && e.message.includes(path.join(broken, name)), name);
      } finally {
        fs.rmSync(broken, { recursive: true, force: true });
      }
    }
    assert.ok(prototypeIsClean());
  });
});
