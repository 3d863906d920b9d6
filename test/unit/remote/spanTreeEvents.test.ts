/** A platform trace's spans as span events: depth first, items after each start, each span once, orphans left out. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SpanNode, spanTreeEvents } from '../../../src/core/sources/remote/spanTreeEvents';
import { messageItem } from '../../../src/core/trace/traceRecord';

function node(id: string, parent: string | undefined, said?: string): SpanNode {
  let asked = 0;
  return {
    id, parent, name: `n-${id}`, type: parent === undefined ? 'agent' : 'tool', start: `s-${id}`, end: `e-${id}`, error: id === 'b' ? 'broke' : undefined,
    items: () => {
      asked++;
      assert.equal(asked, 1, `items of ${id} asked once`);
      return said ? [messageItem('user', said)] : [];
    },
  };
}

test('depth first in the given order, items right after their span starts, errors on the end', () => {
  const root = node('r', undefined, 'hello');
  const events = spanTreeEvents(root, [node('a', 'r'), node('b', 'r', 'inner'), node('c', 'a'), root]);
  assert.deepEqual(events.map((e) => (e.type === 'item' ? `item@${e.span_id}` : `${e.type}:${e.span_id}`)), [
    'span_start:r', 'item@r', 'span_start:a', 'span_start:c', 'span_end:c', 'span_end:a', 'span_start:b', 'item@b', 'span_end:b', 'span_end:r',
  ]);
  const startOfC = events.find((e) => e.type === 'span_start' && e.span_id === 'c');
  assert.deepEqual(startOfC, { type: 'span_start', span_id: 'c', parent_span_id: 'a', span_name: 'n-c', span_type: 'tool', timestamp: 's-c' });
  assert.deepEqual(events.find((e) => e.type === 'span_end' && e.span_id === 'b'), { type: 'span_end', span_id: 'b', timestamp: 'e-b', error: 'broke' });
});

test('a span listed twice is entered once; a loop ends; a span whose parent is absent is not reached', () => {
  const root = node('r', undefined);
  const events = spanTreeEvents(root, [node('a', 'r'), node('a', 'r'), node('x', 'y'), node('y', 'x')]);
  assert.deepEqual(events.filter((e) => e.type === 'span_start').map((e) => e.span_id), ['r', 'a']);
});
