import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanSessionFile } from '../../../src/core/sources/sessions/sessionFileScan';
import { readSessionLinesFast, WINDOW_BYTES } from '../../../src/core/sources/sessions/sessionKernelLines';
import { SessionLine } from '../../../src/core/sources/sessions/sessionRecords';
import { pick, seededRandom } from '../randomInput';
import { sharedFixture } from '../sharedFixtures';

let root: string;
before(() => {
  root = mkdtempSync(join(tmpdir(), 'eval-lens-session-kernel-'));
});
after(() => rmSync(root, { recursive: true, force: true }));

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonlFiles(path) : name.endsWith('.jsonl') ? [path] : [];
  });
}

interface Read {
  lines: { line: SessionLine; lineNumber: number }[];
  texts: { text: string; lineNumber: number }[];
}

/** The members FileScan reads of a line the kernel gives (which is only valid while the sink runs). */
function members(line: SessionLine): SessionLine {
  const copy: SessionLine = {};
  for (const key of ['type', 'timestamp', 'sessionId', 'agentId', 'cwd', 'gitBranch', 'version', 'isMeta', 'requestId']) copy[key] = line[key];
  const message = line.message as Record<string, unknown> | null | undefined;
  copy.message = message ? { id: message.id, model: message.model, usage: message.usage, content: message.content } : message;
  return copy;
}

/** A line with only these members (the others absent). */
function only(values: SessionLine): SessionLine {
  return { type: undefined, timestamp: undefined, sessionId: undefined, agentId: undefined, cwd: undefined, gitBranch: undefined, version: undefined, isMeta: undefined, requestId: undefined, message: undefined, ...values };
}

async function readFast(path: string, syncReads = false): Promise<Read> {
  const read: Read = { lines: [], texts: [] };
  const sink = { line: (line: SessionLine, lineNumber: number) => read.lines.push({ line: members(line), lineNumber }), text: (text: string, lineNumber: number) => read.texts.push({ text, lineNumber }) };
  const end = await readSessionLinesFast(path, sink, { syncReads });
  assert.equal(end, 'done');
  return read;
}

async function assertSameScan(path: string, syncReads = false): Promise<void> {
  const fast = await scanSessionFile(path, 'f.jsonl', undefined, { syncReads });
  const plain = await scanSessionFile(path, 'f.jsonl', undefined, { plain: true });
  assert.deepEqual(fast, plain, path);
}

// Pieces of strings: plain, escaped, unicode, and bytes that look like JSON syntax.
const TEXT = ['word ', 'é', '日本語', '😀', '\\', '"', '\n', '\t', '\u0001', '\u007f', '\u2028', '{"type":"user"}', '}', ',', ':', 'a long text '.repeat(3), '\ud800'];
const KEYS_ESCAPED = ['typ\\u0065', 'message', 'sessionI\\u0064', 'us\\u0061ge', 'input_t\\u006fkens'];

function randomText(next: () => number, pieces = 4): string {
  let text = '';
  const n = Math.floor(next() * pieces);
  for (let k = 0; k < n; k++) text += pick(next, TEXT);
  return text;
}

function usage(next: () => number): Record<string, unknown> {
  const u: Record<string, unknown> = {};
  for (const key of ['input_tokens', 'output_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens']) {
    const r = next();
    if (r < 0.7) u[key] = Math.floor(next() * 5000);
    else if (r < 0.75) u[key] = pick(next, ['12', -3, 1.5, null, 1e300, 2 ** 64, 999999999999999, 0, { n: 1 }]);
  }
  if (next() < 0.3) u.cache_creation = { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 7 };
  return u;
}

function block(next: () => number, user: boolean): unknown {
  const r = next();
  if (user && r < 0.3) return { type: 'tool_result', tool_use_id: `call-${Math.floor(next() * 9)}`, content: next() < 0.5 ? randomText(next, 8) : [{ type: 'text', text: randomText(next) }] };
  if (r < 0.5) return { type: 'tool_use', id: next() < 0.9 ? `call-${Math.floor(next() * 9)}` : 7, name: 'Read', input: { path: randomText(next), deep: [[[{ a: [1, { b: null }] }]]] } };
  if (r < 0.55) return { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } };
  if (r < 0.6) return pick(next, ['a string block', 3, null, [{ type: 'tool_use', id: 'inner' }]]);
  if (r < 0.65) return { type: 'text' };
  if (r < 0.7) return { type: 'thinking', thinking: randomText(next, 6), signature: 'sig' };
  return { type: 'text', text: randomText(next, 6) };
}

function content(next: () => number, user: boolean): unknown {
  const r = next();
  if (r < 0.3) return randomText(next, 6);
  if (r < 0.35) return pick(next, [null, 5, { type: 'text', text: 'object content' }, true]);
  const n = next() < 0.02 ? 70 : Math.floor(next() * 4);
  return Array.from({ length: n }, () => block(next, user));
}

/** One random line of a session file, as a value (then written as JSON), or as broken text. */
function randomLine(next: () => number, k: number): string {
  const response = Math.floor(next() * 6);
  const common: Record<string, unknown> = {
    parentUuid: null, isSidechain: next() < 0.2, userType: 'external', cwd: pick(next, ['/work/demo', '/wörk/d\\emo', '/w "q"']),
    sessionId: pick(next, ['s-1', 's-1', 's\u00e9-2', 7]), version: '2.1.38', gitBranch: pick(next, ['main', 'feat/ü', null]),
    timestamp: pick(next, [`2026-01-0${1 + Math.floor(next() * 9)}T10:00:${String(Math.floor(next() * 60)).padStart(2, '0')}.000Z`, 'not a time', 12, '2026-02-01T00:00:00+02:00']),
  };
  if (next() < 0.2) common.agentId = `agent-${Math.floor(next() * 3)}`;
  const r = next();
  let value: Record<string, unknown>;
  if (r < 0.35) {
    const model = next() < 0.1 ? '<synthetic>' : pick(next, ['model-a', 'model-b', 'mödel']);
    const message: Record<string, unknown> = { model, id: next() < 0.9 ? `msg-${response}` : undefined, type: 'message', role: 'assistant', content: content(next, false), stop_reason: null, usage: next() < 0.95 ? usage(next) : pick(next, [null, 'x', [1]]) };
    value = { ...common, message: next() < 0.97 ? message : pick(next, [null, 'text', []]), requestId: next() < 0.9 ? `req-${response}` : undefined, type: 'assistant', uuid: `a-${k}` };
  } else if (r < 0.65) {
    value = { ...common, type: 'user', message: { role: 'user', content: content(next, true) }, uuid: `u-${k}` };
    if (next() < 0.1) value.isMeta = pick(next, [true, false, 'true', 1]);
  } else if (r < 0.72) {
    value = { ...common, type: 'progress', data: { type: 'bash_progress', output: randomText(next, 6) } };
  } else if (r < 0.76) {
    value = { type: 'summary', summary: randomText(next), leafUuid: 'x' };
  } else if (r < 0.79) {
    value = { type: 'ai-title', ...(next() < 0.5 ? { aiTitle: randomText(next) } : { title: randomText(next) }) };
  } else if (r < 0.83) {
    value = { ...common, type: 'system', level: pick(next, ['error', 'info']), ...(next() < 0.7 ? { content: pick(next, [randomText(next), { code: 1 }]) } : { subtype: 'api_error' }) };
  } else if (r < 0.86) {
    value = { type: 'file-history-snapshot', messageId: 'm', snapshot: { trackedFileBackups: {}, timestamp: '2026-01-01T00:00:00Z' } };
  } else {
    value = { ...common, type: pick(next, ['user', 'assistant']), message: { id: `msg-${response}`, model: 'model-a', usage: usage(next), content: content(next, next() < 0.5) }, requestId: `req-${response}` };
  }
  let line = JSON.stringify(value);
  const m = next();
  if (m < 0.04) {
    // A wanted key twice (JSON.parse keeps the last), or written with an escape.
    line = line.replace('{', pick(next, ['{"type":"summary","summary":"first",', '{"message":{"id":"other","usage":{"input_tokens":99}},', '{"timestamp":"2020-01-01T00:00:00Z",']));
  } else if (m < 0.07) {
    line = line.replace(/"(type|message|sessionId|usage|input_tokens)":/, `"${pick(next, KEYS_ESCAPED)}":`);
  } else if (m < 0.1) {
    // Numbers as JSON may write them (and one it may not).
    line = line.replace(/"(output_tokens|input_tokens)":\d+/, (_, key: string) => `"${key}":${pick(next, ['1.5e2', '-0', '2E+1', '0.0', '1e400', '007', '12345678901234567890123', '-12'])}`);
  } else if (m < 0.13) {
    // An escape written by hand inside a string value: valid or not.
    const at = line.indexOf(':"', Math.floor(next() * line.length / 2));
    if (at >= 0) line = `${line.slice(0, at + 2)}${pick(next, ['\\u12G4', '\\u12g', '\\x41', '\\u00e9', '\\uD83D\\uDE00', '\\/', '\\u004"', '\\U0041', '\\ ', '\\uabcD', '\\uFFFF'])}${line.slice(at + 2)}`;
  } else if (m < 0.15) {
    // Broken somewhere: the kernel must never accept what JSON.parse rejects.
    const at = Math.floor(next() * line.length);
    line = line.slice(0, at) + pick(next, ['', '"', ',', '}', ']', '\\', 'x', ':', '{', '\u0000', '\\u12', '01', ' ', '\t\t']) + line.slice(at + 1);
  } else if (m < 0.18) {
    line = pick(next, ['', '   ', '\t', '[1,2]', '"text"', '42', 'null', '\ufeff{"type":"user","message":{"content":"bom"}}', '{"type":"user"} x', '{"type":"user",}', `{"type":"user","x":${'['.repeat(40)}${']'.repeat(40)}}`]);
  } else if (m < 0.23) {
    line = ` \t${line.replace(/":/g, () => (next() < 0.1 ? '" : ' : '":'))}\r`;
  }
  return line;
}

function randomSession(seed: number): string {
  const next = seededRandom(seed);
  const n = 20 + Math.floor(next() * 60);
  const lines = Array.from({ length: n }, (_, k) => randomLine(next, k));
  // The first line's length sets every later line's byte alignment.
  lines.unshift(' '.repeat(seed % 4) + '{"type":"progress"}');
  return lines.join(next() < 0.2 ? '\r\n' : '\n') + (next() < 0.5 ? '\n' : '');
}

describe('session line kernel (WebAssembly)', () => {
  test('on the real session files: the kernel reads most lines, and the summaries and warnings equal the plain reading', async () => {
    const files = jsonlFiles(sharedFixture('claude-code'));
    assert.ok(files.length >= 2);
    for (const path of files) {
      const read = await readFast(path);
      assert.ok(read.lines.length > read.texts.length, `${path}: ${read.lines.length} lines read by the kernel, ${read.texts.length} parsed whole`);
      await assertSameScan(path);
    }
  });

  test('gives a checked line only its read members, with strings decoded (escapes and unicode) and other values as null', async () => {
    const path = join(root, 'one.jsonl');
    writeFileSync(path, [
      JSON.stringify({ parentUuid: null, type: 'assistant', timestamp: 'T1', sessionId: 's\u00e9"1', cwd: '/a\\b', gitBranch: 7, version: '1', requestId: 'r', isMeta: true, message: { id: 'm', model: '日本', role: 'assistant', usage: { input_tokens: 3, output_tokens: 4, cache_creation_input_tokens: undefined, cache_read_input_tokens: undefined }, content: [{ type: 'tool_use', id: 'c1', input: { x: [1] } }, 'skip', { type: 'text', text: 'not read' }] } }),
      '',
      JSON.stringify({ type: 'user', message: { content: [{ type: 'text', text: 'line\nbreak 😀' }, { type: 'tool_result', content: 'x' }] } }),
      JSON.stringify({ type: 'progress', timestamp: 'T3', data: { message: { id: 'x' } } }),
      JSON.stringify({ type: 'summary', summary: 'whole' }),
      '{"type":"user",}',
      '{}',
      JSON.stringify({ type: 'assistant', message: { content: Array.from({ length: 70 }, (_, k) => ({ type: 'tool_use', id: `c${k}` })) } }),
      '{"type":"summary","type":"progress","timestamp":"T9","timestamp":"T10"}',
    ].join('\n'));
    const read = await readFast(path);
    assert.deepEqual(read.lines, [
      {
        lineNumber: 1, line: {
          type: 'assistant', timestamp: 'T1', sessionId: 's\u00e9"1', agentId: undefined, cwd: '/a\\b', gitBranch: null, version: '1', isMeta: true, requestId: 'r',
          message: { id: 'm', model: '日本', usage: { input_tokens: 3, output_tokens: 4, cache_creation_input_tokens: undefined, cache_read_input_tokens: undefined }, content: [{ type: 'tool_use', id: 'c1' }, { type: 'text', id: undefined }] },
        },
      },
      {
        lineNumber: 3, line: {
          type: 'user', timestamp: undefined, sessionId: undefined, agentId: undefined, cwd: undefined, gitBranch: undefined, version: undefined, isMeta: undefined, requestId: undefined,
          message: { id: undefined, model: undefined, usage: undefined, content: [{ type: 'text', id: undefined, text: 'line\nbreak 😀' }, { type: 'tool_result', id: undefined, text: undefined }] },
        },
      },
      { lineNumber: 4, line: only({ type: 'progress', timestamp: 'T3' }) },
      { lineNumber: 7, line: only({}) },
      { lineNumber: 9, line: only({ type: 'progress', timestamp: 'T10' }) },
    ]);
    assert.deepEqual(read.texts.map((t) => t.lineNumber), [5, 6, 8], 'a summary line, an invalid line and a line with more content items than the kernel holds are parsed whole');
    assert.deepEqual(read.texts[0], { text: '{"type":"summary","summary":"whole"}', lineNumber: 5 });
  });

  test('on random sessions (split responses, streamed usage, <synthetic>, broken lines, sub-agents, escapes, unicode, four alignments): equal to the plain reading', async () => {
    let kernelLines = 0;
    let parsedWhole = 0;
    for (let seed = 1; seed <= 160; seed++) {
      const path = join(root, `random-${seed}.jsonl`);
      writeFileSync(path, randomSession(seed));
      const read = await readFast(path, seed % 2 === 0);
      kernelLines += read.lines.length;
      parsedWhole += read.texts.length;
      await assertSameScan(path, seed % 2 === 0);
    }
    assert.ok(kernelLines > 2 * parsedWhole, `${kernelLines} lines read by the kernel, ${parsedWhole} parsed whole`);
  });

  test('a line longer than the window is read the plain way, with the same summary', async () => {
    const path = join(root, 'long.jsonl');
    const big = 'x'.repeat(WINDOW_BYTES + 10);
    writeFileSync(path, [
      JSON.stringify({ type: 'user', sessionId: 's', timestamp: '2026-01-01T00:00:00Z', message: { content: 'first' } }),
      JSON.stringify({ type: 'assistant', sessionId: 's', message: { id: 'm', model: 'a', usage: { input_tokens: 5 }, content: [{ type: 'text', text: big }] }, requestId: 'r' }),
      '{broken',
    ].join('\n'));
    const fast = await scanSessionFile(path, 'long.jsonl');
    assert.equal(fast.summary.tokens.input, 5);
    assert.equal(fast.summary.messageCount, 2);
    assert.deepEqual(fast.warnings.map((w) => w.line), [3]);
    await assertSameScan(path);
  });
});
