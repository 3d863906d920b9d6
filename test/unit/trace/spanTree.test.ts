import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { buildSpanTree } from '../../../src/core/trace/spanTree';
import { sharedFixture } from '../sharedFixtures';
import type { SpanNode } from '../../../src/core/model/logViewTypes';

function shape(nodes: SpanNode[]): unknown[] {
  return nodes.map((n) => [n.name ?? n.id ?? '?', ...(n.children.length ? [shape(n.children)] : [])]);
}

describe('span tree', () => {
  test('absent events give no tree', () => {
    assert.equal(buildSpanTree(undefined), undefined);
    assert.equal(buildSpanTree(null), undefined);
  });

  test('parent ids link events, children may come before their parent', () => {
    const tree = buildSpanTree([
      { span_id: 'c', parent_id: 'b', span_name: 'tool call', span_type: 'tool', duration_ms: 4 },
      { span_id: 'a', span_name: 'orchestrator', span_type: 'agent' },
      { span_id: 'b', parent_id: 'a', span_name: 'researcher', span_type: 'agent' },
      { span_id: 'd', parent_id: 'missing', span_name: 'orphan' },
    ]) ?? [];
    const orchestrator = tree.find((n) => n.id === 'a');
    assert.deepEqual(shape([orchestrator as SpanNode]), [['orchestrator', [['researcher', [['tool call']]]]]]);
    assert.deepEqual(tree.map((n) => n.id), ['a', 'd']);
    assert.deepEqual(orchestrator?.children[0].children[0].attributes, { duration_ms: 4 });
    assert.equal(orchestrator?.children[0].children[0].type, 'tool');
  });

  test('nested children arrays', () => {
    const tree = buildSpanTree({ span_id: 'root', span_name: 'root', children: [{ span_name: 'x', children: [{ span_name: 'y' }] }, { span_name: 'z' }] }) ?? [];
    assert.deepEqual(shape(tree), [['root', [['x', [['y']]], ['z']]]]);
  });

  test('start and end markers open and close spans; events in between nest; the end merges', () => {
    const tree = buildSpanTree([
      { type: 'span_start', span_id: 's1', span_name: 'agent A' },
      { type: 'message', text: 'hello' },
      { type: 'span_start', span_id: 's2', span_name: 'agent B' },
      { type: 'tool_call', name: 'search' },
      { type: 'span_end', span_id: 's2', status: 'ok' },
      { type: 'span_end', span_id: 's1' },
      { type: 'message', text: 'after' },
    ]) ?? [];
    assert.equal(tree.length, 2);
    assert.equal(tree[0].name, 'agent A');
    assert.equal(tree[0].type, 'span');
    assert.deepEqual(tree[0].children.map((c) => c.name ?? c.type), ['message', 'agent B']);
    assert.deepEqual(tree[0].children[1].children.map((c) => c.name), ['search']);
    assert.deepEqual(tree[0].children[1].attributes, { status: 'ok' });
    assert.equal(tree[1].type, 'message');
  });

  test('unknown shapes become one node holding the value', () => {
    assert.deepEqual(buildSpanTree('opaque'), [{ children: [], attributes: { value: 'opaque' } }]);
    assert.deepEqual(buildSpanTree({ foo: 1 }), [{ children: [], attributes: { foo: 1 } }]);
    assert.deepEqual(buildSpanTree([42]), [{ children: [], attributes: { value: 42 } }]);
  });

  test('real observation export (parentObservationId) builds the agent → generations/tool tree', () => {
    const trace = JSON.parse(fs.readFileSync(sharedFixture('langfuse', 'openai-agents-2025-09-30.trace.json'), 'utf8')) as { observations: unknown[] };
    const tree = buildSpanTree(trace) ?? [];
    assert.equal(tree.length, 1);
    assert.equal(tree[0].name, 'Agent workflow');
    assert.equal(tree[0].type, 'AGENT');
    assert.equal(tree[0].children.length, 1);
    const agent = tree[0].children[0];
    assert.equal(agent.name, 'Hello world');
    assert.deepEqual(agent.children.map((c) => `${c.type}:${c.name}`).sort(), ['GENERATION:response', 'GENERATION:response', 'TOOL:get_weather']);
    const tool = agent.children.find((c) => c.type === 'TOOL');
    assert.equal(tool?.attributes?.output, 'The weather in Tokyo is sunny.');
    assert.equal(buildSpanTree(trace.observations)?.length, 1, 'the bare list gives the same tree');
  });
});
