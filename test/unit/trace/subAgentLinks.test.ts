import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview } from '../../../src/core/sources/preview';
import type { TraceItemView } from '../../../src/core/model/logViewTypes';
import { inspectConversation, resolvedSample } from '../../../src/core/inspect/inspectConversation';
import { traceViewWithSubAgents } from '../../../src/core/trace/subAgentLinks';
import { functionCallItem, functionCallOutputItem, messageItem } from '../../../src/core/trace/traceRecord';
import { sharedFixture } from '../sharedFixtures';
import { assistantLine, userLine, writeLines } from '../sources/sessionFileWriter';

const SUBAGENT_SESSION = 'ae4a77f8-aedd-4bc1-888f-c94edc91af04';
let root: string;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'eval-lens-subagents-'));
});
after(() => rmSync(root, { recursive: true, force: true }));

type Call = Extract<TraceItemView, { kind: 'function_call' }>;

function calls(items: readonly TraceItemView[]): Call[] {
  return items.filter((item): item is Call => item.kind === 'function_call');
}

/** A parent session launching the real sub-agent fixture through a `Task` call (the parent file itself is not public). */
async function sessionWithSubagent(meta: Record<string, unknown>): Promise<Record<string, unknown>> {
  const dir = join(root, `s-${Math.random().toString(36).slice(2)}`);
  const sub = join(dir, SUBAGENT_SESSION, 'subagents');
  mkdirSync(sub, { recursive: true });
  copyFileSync(sharedFixture('claude-code', SUBAGENT_SESSION, 'subagents', 'agent-aac57f5.jsonl'), join(sub, 'agent-aac57f5.jsonl'));
  writeFileSync(join(sub, 'agent-aac57f5.meta.json'), JSON.stringify(meta));
  const ctx = (timestamp: string) => ({ sessionId: SUBAGENT_SESSION, timestamp });
  writeLines(join(dir, `${SUBAGENT_SESSION}.jsonl`), [
    userLine(ctx('2026-02-12T14:10:00.000Z'), 'check the package versions'),
    assistantLine(ctx('2026-02-12T14:10:05.000Z'), { id: 'msg_p1', requestId: 'req_p1', usage: { input_tokens: 5 }, blocks: [{ type: 'tool_use', id: 'toolu_task', name: 'Task', input: { prompt: 'search hex.pm' } }] }),
    userLine(ctx('2026-02-12T14:20:00.000Z'), [{ type: 'tool_result', tool_use_id: 'toolu_task', content: [{ type: 'text', text: 'report' }] }]),
    assistantLine(ctx('2026-02-12T14:20:05.000Z'), { id: 'msg_p2', requestId: 'req_p2', usage: { input_tokens: 5 }, blocks: [{ type: 'text', text: 'Summary.' }] }),
  ]);
  const result = await preview({ key: 'k', display_name: 'K', source: { type: 'coding_agent_sessions', path: dir } }, { limit: 20, env: {}, homeDir: join(root, 'no-home') });
  assert.equal(result.total, 1, JSON.stringify(result.warnings));
  return result.rows[0].values.trace as Record<string, unknown>;
}

describe('sub-agents at their call', () => {
  test('the real Claude Code sub-agent sits under the Task call that launched it, with its name, messages and tokens', async () => {
    const view = traceViewWithSubAgents(await sessionWithSubagent({ agentType: 'Explore', toolUseId: 'toolu_task' }));
    const [task] = calls(view.turns);
    assert.equal(task.name, 'Task');
    assert.equal(task.output, 'report');
    assert.equal(task.subAgents?.length, 1);
    const agent = task.subAgents[0];
    assert.equal(agent.name, 'Explore');
    assert.equal(agent.type, 'agent');
    assert.equal(agent.tokens, 50503, 'the sub-agent file uses 50,503 tokens in all');
    assert.ok(agent.messageCount > 1);
    assert.equal(agent.messageCount, agent.items.filter((i) => i.kind === 'message').length);
    const first = agent.items[0];
    assert.ok(first.kind === 'message' && first.role === 'user' && /hex\.pm/.test(first.parts[0].text), 'the sub-agent opens with the prompt it was given');
    assert.ok(calls(agent.items).length > 0, 'its own tool calls are in its transcript');
    assert.equal(view.spans, undefined, 'nothing is left for the span list at the end');
  });

  test('a sub-agent whose launching call is unknown keeps its place in the span list', async () => {
    const view = traceViewWithSubAgents(await sessionWithSubagent({ agentType: 'Explore' }));
    assert.equal(calls(view.turns)[0].subAgents, undefined);
    const names = (view.spans ?? []).flatMap((s) => s.children.map((c) => c.name));
    assert.deepEqual(names, ['Explore']);
  });

  test('an Inspect agent span begun inside a tool span is shown under the message call with that id', () => {
    const sample = {
      messages: [
        { role: 'user', content: 'research this' },
        { role: 'assistant', content: '', tool_calls: [{ id: 'call_1', function: 'researcher', arguments: { q: 'x' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: 'found it' },
        { role: 'assistant', content: 'done' },
      ],
      events: [
        { event: 'span_begin', id: 's1', name: 'solvers', type: 'solvers' },
        { event: 'span_begin', id: 't1', parent_id: 's1', name: 'researcher', type: 'tool' },
        { event: 'tool', span_id: 't1', id: 'call_1', function: 'researcher', arguments: { q: 'x' }, result: 'found it' },
        { event: 'span_begin', id: 'a1', parent_id: 't1', name: 'researcher', type: 'agent' },
        { event: 'model', span_id: 'a1', model: 'm', output: { choices: [{ message: { role: 'assistant', content: 'looking' } }] } },
        { event: 'span_end', id: 'a1' },
        { event: 'span_end', id: 't1' },
        { event: 'span_end', id: 's1' },
      ],
    };
    const trace = inspectConversation(resolvedSample(sample)) as unknown as Record<string, unknown>;
    const view = traceViewWithSubAgents(trace);
    const [call] = calls(view.turns);
    assert.equal(call.callId, 'call_1');
    assert.deepEqual(call.subAgents?.map((a) => [a.name, a.messageCount]), [['researcher', 1]]);
    assert.ok(view.spans, 'the solver and tool spans stay in the span list');
    const ids: string[] = [];
    const walk = (nodes: typeof view.spans) => nodes?.forEach((n) => { if (n.id) ids.push(n.id); walk(n.children); });
    walk(view.spans);
    assert.ok(ids.includes('t1') && !ids.includes('a1'), ids.join(','));
  });

  test('the real Inspect log without sub-agents keeps every span in the list and no call gets one', () => {
    const log = JSON.parse(readFileSync(sharedFixture('inspect-ai', 'log_read_sample.json'), 'utf8')) as { samples: Record<string, unknown>[] };
    const view = traceViewWithSubAgents(inspectConversation(resolvedSample(log.samples[0])) as unknown as Record<string, unknown>);
    assert.ok(view.spans && view.spans.length > 0);
    assert.ok([...view.preamble, ...view.turns].every((item) => item.kind !== 'function_call' || item.subAgents === undefined));
  });

  test('a span naming a call of its own transcript is shown once, never inside itself', () => {
    const view = traceViewWithSubAgents({
      items: [messageItem('user', 'go'), functionCallItem('c1', 'Task', {}), functionCallOutputItem('c1', 'ok')],
      events: [
        { type: 'span_start', span_id: 'root', span_name: 'main', span_type: 'agent' },
        { type: 'item', span_id: 'root', item: messageItem('user', 'go') },
        { type: 'item', span_id: 'root', item: functionCallItem('c1', 'Task', {}) },
        { type: 'span_start', span_id: 'sub', parent_span_id: 'root', span_name: 'loop', span_type: 'agent', call_id: 'c1' },
        { type: 'item', span_id: 'sub', item: functionCallItem('c1', 'Task', {}) },
        { type: 'span_end', span_id: 'sub' },
        { type: 'item', span_id: 'root', item: functionCallOutputItem('c1', 'ok') },
        { type: 'span_end', span_id: 'root' },
      ],
    });
    const [call] = calls(view.turns);
    assert.equal(call.subAgents?.length, 1);
    const inner = calls(call.subAgents[0].items);
    assert.equal(inner.length, 1);
    assert.equal(inner[0].subAgents, undefined);
  });
});
