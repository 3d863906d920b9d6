import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { preview } from '../../../src/core/sources/preview';
import { PreviewOptions, PreviewResult } from '../../../src/core/sources/previewTypes';
import { TraceRecord } from '../../../src/core/trace/traceRecord';
import { userLine, simpleSession, writeLines } from '../sources/sessionFileWriter';
import { binaryBytes, DEEP_JSONL_LINE, deepFlow, prototypeIsClean, tempDir, write } from './hostileCases';

const TIMEOUT = { timeout: 30_000 };
const tooDeep = /nested more than 512 levels deep/;
const SESSION = '11111111-2222-3333-4444-555555555555';

describe('hostile input: coding_agent_sessions', () => {
  let dir: string;
  before(() => {
    dir = tempDir('sessions');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const sessions = (p: string, options: Partial<PreviewOptions> = {}): Promise<PreviewResult> =>
    preview({ key: 'k', display_name: 'K', source: { type: 'coding_agent_sessions', path: p } }, { limit: 20, env: {}, homeDir: path.join(dir, 'no-home'), workers: 0, ...options });

  test('a session line nesting 300,000 levels is one warning naming file and line; the session is read', TIMEOUT, async () => {
    const lines = simpleSession(SESSION, '2026-01-01T10:00:00.000Z');
    lines.splice(2, 0, `{"type":"user","sessionId":"${SESSION}","deep":${deepFlow(DEEP_JSONL_LINE)}}`);
    const file = path.join(dir, 'deep', `${SESSION}.jsonl`);
    writeLines(file, lines);
    for (const limit of [20, 0]) {
      const result = await sessions(path.dirname(file), { limit });
      assert.equal(result.total, 1);
      const warning = result.warnings.find((w) => w.line === 3);
      assert.ok(warning, JSON.stringify(result.warnings));
      assert.equal(warning.file, file);
      assert.match(warning.message, tooDeep);
      JSON.stringify(result);
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
    const trace = (result.rows.find((r) => r.values.session_id === SESSION)?.values.trace) as TraceRecord | undefined;
    assert.ok(trace);
  });
});
