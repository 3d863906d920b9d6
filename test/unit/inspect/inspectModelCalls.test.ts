/** Each Inspect model call as an `llm` span: the messages it was sent that no earlier call was, then its reply. */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { inspectConversation, resolvedSample } from '../../../src/core/inspect/inspectConversation';
import { spanConversations, SpanConversation } from '../../../src/core/trace/spanConversation';
import { traceTranscript } from '../../../src/cli/traceTranscript';
import type { TraceItemView } from '../../../src/core/model/logViewTypes';
import type { TraceValue } from '../../../src/core/trace/traceFile';
import { sharedFixture } from '../sharedFixtures';

/** Every `llm` span of a sample's conversation, in the order the calls were made. */
function modelCalls(sample: Record<string, unknown>): SpanConversation[] {
  const roots = spanConversations(inspectConversation(resolvedSample(sample)).events) ?? [];
  const found: SpanConversation[] = [];
  const walk = (span: SpanConversation): void => {
    if (span.type === 'llm') found.push(span);
    for (const child of [...span.children].sort((a, b) => a.before - b.before)) walk(child.span);
  };
  roots.forEach(walk);
  return found;
}

/** An item as "role: text", "call name", or "output text". */
function line(item: TraceItemView): string {
  if (item.kind === 'message') return `${item.role}: ${item.parts.map((p) => p.text).join(' ')}`;
  if (item.kind === 'function_call') return `call ${item.name}`;
  if (item.kind === 'function_call_output') return `output ${item.output}`;
  return item.kind;
}

const system = { id: 'm1', role: 'system', content: 'You add numbers.' };
const user = { id: 'm2', role: 'user', content: 'What is 2 + 2?' };
const asksTool = { id: 'm3', role: 'assistant', content: '', tool_calls: [{ id: 'call_1', function: 'add', arguments: { a: 2, b: 2 } }] };
const toolReply = { id: 'm4', role: 'tool', tool_call_id: 'call_1', content: '4' };
const answer = { id: 'm5', role: 'assistant', content: 'It is 4.' };
const gradingPrompt = { id: 'g1', role: 'user', content: 'Is "It is 4." the answer 4? Reply GRADE: C or I.' };
const grade = { id: 'g2', role: 'assistant', content: 'GRADE: C' };

const agentSample = {
  messages: [system, user, asksTool, toolReply, answer],
  events: [
    { event: 'span_begin', id: 's1', name: 'solvers', type: 'solvers' },
    { event: 'model', span_id: 's1', model: 'openai/m', input: [system, user], output: { choices: [{ message: asksTool }] } },
    { event: 'tool', span_id: 's1', id: 'call_1', function: 'add', arguments: { a: 2, b: 2 }, result: '4' },
    { event: 'model', span_id: 's1', model: 'openai/m', input: [system, user, asksTool, toolReply], output: { choices: [{ message: answer }] } },
    { event: 'span_end', id: 's1' },
    { event: 'span_begin', id: 's2', name: 'scorers', type: 'scorers' },
    { event: 'model', span_id: 's2', model: 'openai/grader', input: [gradingPrompt], output: { choices: [{ message: grade }] } },
    { event: 'span_end', id: 's2' },
  ],
};

describe('Inspect model calls in the conversation spans', () => {
  test('each call shows what it was sent for the first time, then its reply; a tool result only once', () => {
    const calls = modelCalls(agentSample);
    assert.deepEqual(calls.map((call) => call.items.map(line)), [
      ['system: You add numbers.', 'user: What is 2 + 2?', 'call add'],
      // The tool's result is the tool event's (beside the call), not repeated as the next call's input.
      ['assistant: It is 4.'],
      ['user: Is "It is 4." the answer 4? Reply GRADE: C or I.', 'assistant: GRADE: C'],
    ]);
  });

  test('messages without ids are told apart by role and content', () => {
    const strip = (message: Record<string, unknown>): Record<string, unknown> => {
      const { id: _id, ...rest } = message;
      return rest;
    };
    const sample = {
      messages: [],
      events: [
        { event: 'span_begin', id: 's1', name: 'solvers', type: 'solvers' },
        { event: 'model', model: 'm', input: [strip(user)], output: { choices: [{ message: strip(answer) }] } },
        { event: 'model', model: 'm', input: [strip(user), strip(answer), { role: 'user', content: 'And 3 + 3?' }], output: { choices: [{ message: { role: 'assistant', content: '6' } }] } },
        { event: 'span_end', id: 's1' },
      ],
    };
    assert.deepEqual(modelCalls(sample).map((call) => call.items.map(line)), [
      ['user: What is 2 + 2?', 'assistant: It is 4.'],
      ['user: And 3 + 3?', 'assistant: 6'],
    ]);
  });

  test('trace show of a real log: the question and the grader\'s prompt are shown once each, with their replies', () => {
    const log = JSON.parse(readFileSync(sharedFixture('inspect-ai', '2025-05-12T20-28-26-04-00_security-guide.json'), 'utf8')) as { samples: Record<string, unknown>[] };
    const sample = log.samples[0];
    const transcript = traceTranscript(inspectConversation(resolvedSample(sample)) as unknown as TraceValue, { maxBlockChars: 0 });
    const question = (sample.messages as { role: string; content: string }[]).find((m) => m.role === 'user')?.content ?? '';
    assert.ok(question.length > 10, question);
    assert.equal(transcript.split(question).length - 1, 2, 'the question: as sent to the model, and inside the grader\'s prompt');
    const firstCall = (sample.events as { event: string; input?: { role: string }[] }[]).find((e) => e.event === 'model');
    assert.deepEqual(firstCall?.input?.map((m) => m.role), ['system', 'user']);
    assert.match(transcript, /SYSTEM[\s\S]*USER[\s\S]*ASSISTANT[\s\S]*USER[\s\S]*\[BEGIN DATA\][\s\S]*ASSISTANT/);
  });

  test('reasoning parts: the text, else the summary; redacted by its summary; one without either says so', () => {
    const reasoningOf = (part: Record<string, unknown>): string => {
      const trace = inspectConversation(resolvedSample({ messages: [{ role: 'assistant', content: [part, { type: 'text', text: 'Done.' }] }] }));
      const item = trace.items[0] as { type: string; summary: { text: string }[] };
      assert.equal(item.type, 'reasoning');
      return item.summary.map((s) => s.text).join('');
    };
    assert.equal(reasoningOf({ type: 'reasoning', reasoning: 'Add them.' }), 'Add them.');
    assert.equal(reasoningOf({ type: 'reasoning', reasoning: '', summary: 'Added them.' }), 'Added them.');
    assert.equal(reasoningOf({ type: 'reasoning', reasoning: 'gAAAAB…', redacted: true, summary: 'Thought it over.' }), 'Thought it over.');
    assert.equal(reasoningOf({ type: 'reasoning', reasoning: 'gAAAAB…', redacted: true }), '[reasoning redacted by the provider]');
    assert.equal(reasoningOf({ type: 'reasoning', reasoning: '', signature: 'rs_1', redacted: false }), '[the model reasoned here; the log holds no text of it]');
  });
});
