import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview } from '../../../src/core/sources/preview';
import { PreviewOptions, PreviewResult } from '../../../src/core/model/previewTypes';
import { CODING_AGENT_SESSION_COLUMNS } from '../../../src/core/sources/sessions/sessionColumns';
import { TraceRecord } from '../../../src/core/trace/traceRecord';
import { sharedFixture } from '../sharedFixtures';
import { assistantLine, simpleSession, userLine, writeLines } from './sessionFileWriter';

let root: string;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'eval-lens-sessions-'));
});
after(() => rmSync(root, { recursive: true, force: true }));

function run(source: Record<string, unknown>, options: Partial<PreviewOptions> = {}): Promise<PreviewResult> {
  return preview({ key: 'k', display_name: 'K', source: { type: 'coding_agent_sessions', ...source } }, { limit: 20, env: {}, homeDir: join(root, 'no-home'), ...options });
}

function traceOf(result: PreviewResult, k = 0): TraceRecord {
  return result.rows[k].values.trace as TraceRecord;
}

const SUBAGENT_SESSION = 'ae4a77f8-aedd-4bc1-888f-c94edc91af04';

describe('coding_agent_sessions on the real session files', () => {
  test('short.jsonl: one row with every column in order, one split response counted once', async () => {
    const result = await run({ path: sharedFixture('claude-code', 'short.jsonl') });
    assert.deepEqual(result.columns, [...CODING_AGENT_SESSION_COLUMNS]);
    assert.equal(result.total, 1);
    assert.equal(result.selection, true);
    assert.equal(result.recordNoun, 'sessions');
    const { trace, ...values } = result.rows[0].values;
    assert.deepEqual(values, {
      sample_id: '55604662-cf2a-4331-851a-ec234028f8ca', session_id: '55604662-cf2a-4331-851a-ec234028f8ca', file_name: 'short.jsonl',
      title: null, first_prompt: 'mix phx.server doesnt seem to start', cwd: '/home/marco/projects/spotter', git_branch: 'master',
      version: '2.1.38', model: 'claude-opus-4-6', started_at: '2026-02-10T21:11:52.438Z', ended_at: '2026-02-10T21:16:12.381Z',
      total_time: 259.943, message_count: 3, tool_call_count: 2, subagent_count: 0, input_tokens: 3, output_tokens: 13,
      cache_creation_tokens: 13835, cache_read_tokens: 11515, total_tokens: 25366, error: null,
    });
    const t = trace as TraceRecord;
    assert.equal(t.FORMAT, 'open_responses');
    assert.deepEqual(t.items.map((item) => item.type), ['message', 'reasoning', 'message', 'function_call', 'function_call', 'function_call_output', 'function_call_output', 'message']);
    assert.deepEqual(t.items[3], { type: 'function_call', call_id: 'toolu_0116Hyi5v8ut7Ffb7d8qV1Sc', name: 'Bash', arguments: JSON.stringify({ command: 'mix phx.server 2>&1 | head -80', timeout: 30000 }) });
    assert.equal((t.items[5] as { status?: string }).status, 'incomplete');
    assert.equal(t.events, undefined);
    assert.equal(t.metadata?.source_type, 'coding_agent_sessions');
    assert.equal(t.metadata?.total_tokens, 25366);
    assert.equal(t.metadata?.created_at, '2026-02-10T21:11:52.438Z');
    assert.deepEqual(result.sourceFacts?.sessionIds, ['55604662-cf2a-4331-851a-ec234028f8ca']);
  });

  test('the fixture folder: a sub-agent whose session file is absent is a warning, not a row', async () => {
    const folder = sharedFixture('claude-code');
    const result = await run({ path: folder });
    assert.equal(result.total, 1);
    assert.equal(result.rows[0].values.file_name, 'short.jsonl');
    const warning = result.warnings.find((w) => w.file?.endsWith('agent-aac57f5.jsonl'));
    assert.ok(warning, JSON.stringify(result.warnings));
    assert.match(warning.message, new RegExp(SUBAGENT_SESSION));
  });

  test('the sub-agent fixture joins its parent session as an agent span named by its meta type', async () => {
    const dir = join(root, 'with-subagent');
    const sub = join(dir, SUBAGENT_SESSION, 'subagents');
    mkdirSync(sub, { recursive: true });
    copyFileSync(sharedFixture('claude-code', SUBAGENT_SESSION, 'subagents', 'agent-aac57f5.jsonl'), join(sub, 'agent-aac57f5.jsonl'));
    writeFileSync(join(sub, 'agent-aac57f5.meta.json'), JSON.stringify({ agentType: 'Explore', toolUseId: 'toolu_task' }));
    const ctx = (timestamp: string) => ({ sessionId: SUBAGENT_SESSION, timestamp });
    const usage = { input_tokens: 5, output_tokens: 7, cache_creation_input_tokens: 11, cache_read_input_tokens: 13 };
    writeLines(join(dir, `${SUBAGENT_SESSION}.jsonl`), [
      userLine(ctx('2026-02-12T14:10:00.000Z'), 'explore the repository'),
      assistantLine(ctx('2026-02-12T14:10:05.000Z'), { id: 'msg_p1', requestId: 'req_p1', usage, blocks: [{ type: 'tool_use', id: 'toolu_task', name: 'Task', input: { prompt: 'look around' } }] }),
      userLine(ctx('2026-02-12T14:20:00.000Z'), [{ type: 'tool_result', tool_use_id: 'toolu_task', content: [{ type: 'text', text: 'report' }] }]),
      assistantLine(ctx('2026-02-12T14:20:05.000Z'), { id: 'msg_p2', requestId: 'req_p2', usage, blocks: [{ type: 'text', text: 'Summary.' }] }),
    ]);
    const result = await run({ path: dir });
    assert.equal(result.total, 1, JSON.stringify(result.warnings));
    const values = result.rows[0].values;
    assert.equal(values.subagent_count, 1);
    assert.equal(values.total_tokens, 2 * 36 + 50503);
    assert.equal(values.input_tokens, 2 * 5 + 2408);
    assert.equal(values.message_count, 3);
    const trace = traceOf(result);
    const events = trace.events ?? [];
    const span = events.find((e) => e.type === 'span_start' && e.parent_span_id !== undefined);
    assert.ok(span && span.type === 'span_start');
    assert.equal(span.span_name, 'Explore');
    assert.equal(span.span_type, 'agent');
    const callAt = events.findIndex((e) => e.type === 'item' && (e.item as { call_id?: string }).call_id === 'toolu_task');
    assert.equal(events.indexOf(span), callAt + 1, 'the span starts right after the call that launched it');
    assert.ok(events.some((e) => e.type === 'item' && e.span_id === span.span_id && (e.item as { type: string }).type === 'function_call'));
    assert.deepEqual(trace.items.map((item) => item.type), ['message', 'function_call', 'function_call_output', 'message']);
    assert.equal(events[events.length - 1].type, 'span_end');
  });

  test('older layout: agent-*.jsonl beside the sessions belongs to its session by sessionId, named by its id', async () => {
    const dir = join(root, 'old-layout');
    writeLines(join(dir, 's-old.jsonl'), simpleSession('s-old', '2026-03-01T10:00:00Z', 10));
    writeLines(join(dir, 'agent-1234.jsonl'), [
      userLine({ sessionId: 's-old', timestamp: '2026-03-01T10:00:02Z', agentId: '1234' }, 'sub task'),
      assistantLine({ sessionId: 's-old', timestamp: '2026-03-01T10:00:09Z', agentId: '1234' }, { id: 'm-sub', requestId: 'r-sub', usage: { input_tokens: 100 }, blocks: [{ type: 'text', text: 'sub answer' }] }),
    ]);
    const result = await run({ path: dir });
    assert.equal(result.total, 1);
    assert.equal(result.rows[0].values.subagent_count, 1);
    assert.equal(result.rows[0].values.total_tokens, 2 * 11 + 100);
    const span = traceOf(result).events?.find((e) => e.type === 'span_start' && e.parent_span_id !== undefined);
    assert.equal(span?.type === 'span_start' ? span.span_name : undefined, '1234');
  });
});

describe('coding_agent_sessions line rules', () => {
  test('split responses: blocks once each in line order, usage from the line with the largest total', async () => {
    const file = join(root, 'split', 'split.jsonl');
    const c = (s: number) => ({ sessionId: 'split', timestamp: `2026-04-01T00:00:0${s}.000Z` });
    const call = { type: 'tool_use', id: 'call-1', name: 'Grep', input: { pattern: 'x' } };
    writeLines(file, [
      userLine(c(0), 'find x'),
      assistantLine(c(1), { id: 'm1', requestId: 'r1', usage: { input_tokens: 10, output_tokens: 1 }, blocks: [{ type: 'thinking', thinking: 'plan', signature: 's' }] }),
      assistantLine(c(2), { id: 'm1', requestId: 'r1', usage: { input_tokens: 10, output_tokens: 40, cache_read_input_tokens: 5 }, blocks: [{ type: 'text', text: 'Searching.' }] }),
      assistantLine(c(3), { id: 'm1', requestId: 'r1', usage: { input_tokens: 10, output_tokens: 20 }, blocks: [call] }),
      assistantLine(c(4), { id: 'm1', requestId: 'r1', usage: { input_tokens: 10, output_tokens: 20 }, blocks: [call] }),
      assistantLine(c(5), { id: 'm1', requestId: 'r2', usage: { input_tokens: 1, output_tokens: 1 }, blocks: [{ type: 'text', text: 'Other request.' }] }),
    ]);
    const result = await run({ path: file });
    const v = result.rows[0].values;
    assert.deepEqual([v.input_tokens, v.output_tokens, v.cache_read_tokens, v.total_tokens], [11, 41, 5, 57]);
    assert.equal(v.message_count, 3, 'one prompt + two responses (same message id, different request ids)');
    assert.equal(v.tool_call_count, 1);
    assert.deepEqual(traceOf(result).items.map((item) => item.type), ['message', 'reasoning', 'message', 'function_call', 'message']);
  });

  test('<synthetic> lines count no tokens and do not choose the model', async () => {
    const file = join(root, 'synthetic', 'syn.jsonl');
    const c = (s: number) => ({ sessionId: 'syn', timestamp: `2026-04-02T00:00:0${s}.000Z` });
    writeLines(file, [
      userLine(c(0), 'hi'),
      assistantLine(c(1), { id: 'a', requestId: 'ra', model: 'model-b', usage: { input_tokens: 3, output_tokens: 4 }, blocks: [{ type: 'text', text: 'Hello' }] }),
      assistantLine(c(2), { id: 'b', requestId: 'rb', model: '<synthetic>', usage: { input_tokens: 900, output_tokens: 900 }, blocks: [{ type: 'text', text: 'No response requested.' }] }),
      assistantLine(c(3), { id: 'c', requestId: 'rc', model: '<synthetic>', usage: { input_tokens: 900 }, blocks: [{ type: 'text', text: 'again' }] }),
    ]);
    const v = (await run({ path: file })).rows[0].values;
    assert.equal(v.total_tokens, 7);
    assert.equal(v.model, 'model-b');
    assert.equal(v.message_count, 4);
  });

  test('lines that are not JSON are warnings with file and line; the rest loads', async () => {
    const file = join(root, 'broken', 'broken.jsonl');
    const lines = simpleSession('broken', '2026-04-03T00:00:00Z');
    writeLines(file, [lines[0], '{"type":"user", oops', lines[1], '[1,2]', '', lines[2], lines[3], lines[4], '\u0000\u0001binary']);
    const result = await run({ path: file });
    assert.equal(result.total, 1);
    assert.deepEqual(result.warnings.map((w) => [w.file, w.line]), [[file, 2], [file, 4], [file, 9]]);
    assert.match(result.warnings[0].message, /not valid JSON/);
    assert.equal(result.rows[0].values.message_count, 3);
  });

  test('titles come from ai-title (else summary) lines; a system error line gives error; images become placeholders', async () => {
    const file = join(root, 'titled', 't.jsonl');
    const c = (s: number) => ({ sessionId: 'titled', timestamp: `2026-04-04T00:00:0${s}.000Z` });
    writeLines(file, [
      JSON.stringify({ type: 'summary', summary: 'Old summary', leafUuid: 'x' }),
      userLine(c(0), 'Caveat: generated lines', { isMeta: true }),
      userLine(c(1), [{ type: 'text', text: 'look at this' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'A'.repeat(4096) } }]),
      JSON.stringify({ type: 'ai-title', aiTitle: 'Fix the parser', sessionId: 'titled' }),
      JSON.stringify({ type: 'system', subtype: 'api_error', level: 'error', content: 'API Error: overloaded', timestamp: '2026-04-04T00:00:05.000Z' }),
      JSON.stringify({ type: 'file-history-snapshot', messageId: 'z', snapshot: {} }),
    ]);
    const result = await run({ path: file });
    const v = result.rows[0].values;
    assert.equal(v.title, 'Fix the parser');
    assert.equal(v.error, 'API Error: overloaded');
    assert.equal(v.first_prompt, 'look at this\n[image: image/png, 3 KB]');
    assert.equal(v.message_count, 1);
    assert.equal(v.ended_at, '2026-04-04T00:00:05.000Z');
    const items = traceOf(result).items;
    assert.deepEqual(items[0], { type: 'message', role: 'system', content: [{ type: 'input_text', text: 'Caveat: generated lines' }] });
    assert.ok(!JSON.stringify(items).includes('AAAA'), 'no base64 in the trace');
  });

  test('hostile lines: deep nesting, a huge line and binary bytes neither crash nor hang', async () => {
    const file = join(root, 'hostile', 'h.jsonl');
    const c = (s: number) => ({ sessionId: 'hostile', timestamp: `2026-04-05T00:00:0${s}.000Z` });
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const deepCall = assistantLine(c(1), { id: 'd', requestId: 'rd', blocks: [{ type: 'tool_use', id: 'deep-call', name: 'X', input: {} }] }).replace('"input":{}', `"input":{"v":${deep}}`);
    const deepResult = userLine(c(2), [{ type: 'tool_result', tool_use_id: 'deep-call', content: 'X' }]).replace('"content":"X"', `"content":{"v":${deep}}`);
    writeLines(file, [userLine(c(0), 'go'), deepCall, deepResult, 'x'.repeat(3_000_000), Buffer.from([0xff, 0xfe, 0x00, 0x7b]).toString('latin1')]);
    const result = await run({ path: file });
    assert.equal(result.total, 1);
    assert.equal(result.rows[0].values.tool_call_count, 1);
    assert.deepEqual(result.warnings.map((w) => w.line), [4, 5]);
    const items = traceOf(result).items;
    assert.equal(items.length, 3);
  });
});
