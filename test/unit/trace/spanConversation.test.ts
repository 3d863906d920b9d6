import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_SPAN_DEPTH, spanConversations } from '../../../src/core/trace/spanConversation';
import { functionCallItem, functionCallOutputItem, messageItem } from '../../../src/core/trace/traceRecord';

describe('spanConversations', () => {
  test('items go to their span, calls pair with outputs inside the span, children remember where they started', () => {
    const spans = spanConversations([
      { type: 'span_start', span_id: 'a', span_name: 'main', span_type: 'agent', timestamp: '2026-01-01T00:00:00Z' },
      { type: 'item', span_id: 'a', item: messageItem('user', 'go') },
      { type: 'item', span_id: 'a', item: functionCallItem('t1', 'Task', { prompt: 'x' }) },
      { type: 'span_start', span_id: 'b', parent_span_id: 'a', span_name: 'explorer', span_type: 'agent' },
      { type: 'item', span_id: 'b', item: messageItem('assistant', 'sub answer') },
      { type: 'span_end', span_id: 'b', error: 'failed', timestamp: '2026-01-01T00:00:05Z' },
      { type: 'item', span_id: 'a', item: functionCallOutputItem('t1', 'sub answer') },
      { type: 'item', span_id: 'a', item: messageItem('assistant', 'done') },
    ]);
    assert.ok(spans);
    assert.equal(spans.length, 1);
    const [root] = spans;
    assert.equal(root.startedAt, '2026-01-01T00:00:00Z');
    assert.deepEqual(root.items.map((i) => i.kind), ['message', 'function_call', 'message']);
    const call = root.items[1];
    assert.ok(call.kind === 'function_call' && call.output === 'sub answer');
    assert.equal(root.children.length, 1);
    assert.equal(root.children[0].before, 2, 'the sub-agent started after the call (2 raw items), so before the answer');
    const child = root.children[0].span;
    assert.deepEqual([child.name, child.type, child.error, child.depth, child.endedAt], ['explorer', 'agent', 'failed', 1, '2026-01-01T00:00:05Z']);
  });

  test('not §9.1 events: undefined (the generic span tree handles them)', () => {
    assert.equal(spanConversations(undefined), undefined);
    assert.equal(spanConversations([{ id: 1, name: 'x' }]), undefined);
    assert.equal(spanConversations({ type: 'span_start', span_id: 'a' }), undefined);
  });

  test('hostile events: a self-parent, a parent that starts later and 10,000 nested spans stay bounded', () => {
    const events: unknown[] = [{ type: 'span_start', span_id: 's0', parent_span_id: 's0' }, { type: 'span_start', span_id: 'late-child', parent_span_id: 'later' }, { type: 'span_start', span_id: 'later' }];
    for (let i = 1; i < 10_000; i++) events.push({ type: 'span_start', span_id: `s${i}`, parent_span_id: `s${i - 1}` }, { type: 'item', span_id: `s${i}`, item: messageItem('user', `level ${i}`) });
    events.push({ type: 'item', span_id: 'unknown', item: messageItem('user', 'orphan') }, 42, null);
    const spans = spanConversations(events);
    assert.ok(spans);
    assert.deepEqual(spans.map((s) => s.spanId), ['s0', 'late-child', 'later']);
    assert.deepEqual(spans[0].items.map((i) => (i.kind === 'message' ? i.parts[0].text : '')), ['orphan']);
    let deepest = 0;
    let count = 0;
    const stack = [...spans];
    while (stack.length) {
      const span = stack.pop();
      if (!span) break;
      count++;
      deepest = Math.max(deepest, span.depth);
      for (const child of span.children) {
        assert.equal(child.span.depth, span.depth + 1);
        stack.push(child.span);
      }
    }
    assert.equal(count, 10_002, 'no span is lost');
    assert.equal(deepest, MAX_SPAN_DEPTH);
  });
});
