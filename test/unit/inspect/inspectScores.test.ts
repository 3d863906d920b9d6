/** An Inspect `score` event as an item of its scorer's span: in the span tree, in `trace show` and in the Trace model. */
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runCli } from '../../../src/cli/runCli';
import { CliIo } from '../../../src/cli/cliTypes';
import { inspectConversation, resolvedSample } from '../../../src/core/inspect/inspectConversation';
import { spanConversations, SpanConversation } from '../../../src/core/trace/spanConversation';
import { traceTranscript } from '../../../src/cli/traceTranscript';
import { itemsToViews } from '../../../src/core/trace/traceView';
import type { TraceValue } from '../../../src/core/trace/traceFile';
import { sharedFixture } from '../sharedFixtures';

function capture(): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', cwd: process.cwd(), stdout: (t: string) => { io.out += t; }, stderr: (t: string) => { io.err += t; } };
  return io;
}

/** The span named `name` in the span tree of a sample's conversation. */
function spanNamed(sample: Record<string, unknown>, name: string): SpanConversation | undefined {
  const roots = spanConversations(inspectConversation(resolvedSample(sample)).events) ?? [];
  const find = (span: SpanConversation): SpanConversation | undefined => (span.name === name ? span : span.children.map((c) => find(c.span)).find(Boolean));
  return roots.map(find).find(Boolean);
}

const answer = { id: 'm2', role: 'assistant', content: 'It is 4.' };
const scoredSample = {
  messages: [{ id: 'm1', role: 'user', content: 'What is 2 + 2?' }, answer],
  events: [
    { event: 'span_begin', id: 's1', name: 'solvers', type: 'solvers' },
    { event: 'model', span_id: 's1', model: 'openai/m', input: [{ id: 'm1', role: 'user', content: 'What is 2 + 2?' }], output: { choices: [{ message: answer }] } },
    { event: 'span_end', id: 's1' },
    { event: 'span_begin', id: 's2', name: 'scorers', type: 'scorers' },
    { event: 'span_begin', id: 's3', parent_id: 's2', name: 'match', type: 'scorer' },
    { event: 'score', span_id: 's3', score: { value: 'I', answer: '3' }, target: '4', intermediate: true },
    { event: 'score', span_id: 's3', score: { value: 'C', answer: '4', explanation: 'It is 4.' }, target: '4', intermediate: false },
    { event: 'span_end', id: 's3' },
    { event: 'span_end', id: 's2' },
  ],
};

describe('Inspect scores in the conversation spans', () => {
  test('the final score is an item of its scorer\'s span, with its answer, target and explanation; an intermediate one is not', () => {
    const scorer = spanNamed(scoredSample, 'match');
    assert.ok(scorer, 'the scorer span is there');
    assert.deepEqual(scorer.items, [{ kind: 'score', value: 'C', answer: '4', target: '4', explanation: 'It is 4.' }]);
  });

  test('trace show: the scorer span shows the score, not "(no items)"', () => {
    const transcript = traceTranscript(inspectConversation(resolvedSample(scoredSample)) as unknown as TraceValue, { maxBlockChars: 0 });
    assert.match(transcript, /▸ chain match\n\n {6}SCORE C\n {8}answer: 4\n {8}target: 4\n\n {8}It is 4\./);
    assert.doesNotMatch(transcript, /match {2}\(no items\)/);
    assert.doesNotMatch(transcript, /SCORE I/, 'the intermediate score is not shown');
  });

  test('values and targets of other shapes: numbers, booleans, lists and objects as one line; no value is an item of its own kind', () => {
    const views = itemsToViews([
      { type: 'score', value: 0.5, target: ['A', 'B'] },
      { type: 'score', value: true },
      { type: 'score', value: { accuracy: 'C', f1: 0.8 }, answer: 7 },
      { type: 'score', value: null },
    ]).views;
    assert.deepEqual(views, [
      { kind: 'score', value: '0.5', target: 'A, B' },
      { kind: 'score', value: 'true' },
      { kind: 'score', value: '{"accuracy":"C","f1":0.8}', answer: '7' },
      { kind: 'unknown', itemType: 'score', value: { type: 'score', value: null } },
    ]);
  });

  test('a score whose value is a huge text is cut in trace show as a block is', () => {
    const trace = { items: [{ type: 'message', role: 'user', content: 'Grade it.' }, { type: 'score', value: 'x'.repeat(100_000), explanation: 'y'.repeat(100_000) }] };
    const transcript = traceTranscript(trace as unknown as TraceValue, { maxBlockChars: 1000 });
    assert.ok(transcript.length < 5000, `${transcript.length} characters`);
    assert.match(transcript, /SCORE x{1000}\n… \(99,?000 more characters/);
  });

  test('a real log: trace show gives each sample\'s choice scorer its score, answer and target', async () => {
    const io = capture();
    const log = sharedFixture('inspect-ai', '2025-12-11T18-00-43+00-00_gpqa-diamond_NL3aygdanSgqAJfzoMFuH6.eval');
    assert.equal(await runCli(['trace', 'show', log], io), 0, io.err);
    const samples = io.out.split(/^=== /m).filter(Boolean);
    assert.ok(samples.length > 1, io.out.slice(0, 200));
    for (const sample of samples) {
      assert.match(sample, /▸ chain choice\n\n {6}SCORE [CI]\n {8}answer: [A-D]\n {8}target: [A-D]/, sample.slice(0, 80));
      assert.doesNotMatch(sample, /choice {2}\(no items\)/);
    }
  });
});
