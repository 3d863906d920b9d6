import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { traceViewFromItems, traceViewFromTrace } from '../../../src/core/trace/traceView';
import { outputViewOf } from '../../../src/core/log/outputView';
import { sharedFixtures } from '../sharedFixtures';

const fixtures = sharedFixtures;

describe('trace view', () => {
  test('preamble is everything before the first user message; turns start there', () => {
    const view = traceViewFromItems([
      { type: 'message', role: 'system', content: [{ type: 'input_text', text: 'Be brief.' }] },
      { type: 'message', role: 'developer', content: 'Use tools.' },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi' }] },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Hello' }] },
    ]);
    assert.deepEqual(view.preamble.map((i) => i.kind === 'message' && i.role), ['system', 'developer']);
    assert.deepEqual(view.turns, [
      { kind: 'message', role: 'user', parts: [{ type: 'input_text', text: 'Hi' }] },
      { kind: 'message', role: 'assistant', parts: [{ type: 'output_text', text: 'Hello' }] },
    ]);
    assert.deepEqual(view.preamble[1], { kind: 'message', role: 'developer', parts: [{ type: 'input_text', text: 'Use tools.' }] }, 'plain string content');
  });

  test('a function_call_output is attached to the call with the same call_id; an orphan output stays', () => {
    const view = traceViewFromItems([
      { type: 'message', role: 'user', content: 'weather?' },
      { type: 'function_call', call_id: 'c1', name: 'get_weather', arguments: '{"city":"Tokyo"}' },
      { type: 'function_call', call_id: 'c2', name: 'get_time', arguments: { tz: 'JST' } },
      { type: 'function_call_output', call_id: 'c2', output: '09:00' },
      { type: 'function_call_output', call_id: 'c1', output: [{ type: 'output_text', text: 'sunny' }] },
      { type: 'function_call_output', call_id: 'ghost', output: 'lost' },
    ]);
    assert.deepEqual(view.turns.slice(1), [
      { kind: 'function_call', name: 'get_weather', callId: 'c1', arguments: '{"city":"Tokyo"}', output: 'sunny' },
      { kind: 'function_call', name: 'get_time', callId: 'c2', arguments: '{\n  "tz": "JST"\n}', output: '09:00' },
      { kind: 'function_call_output', callId: 'ghost', output: 'lost' },
    ]);
  });

  test('reasoning summary and content; unknown item types kept as JSON', () => {
    const unknown = { type: 'web_search_call', id: 'ws_1', status: 'completed' };
    const view = traceViewFromItems([
      { type: 'message', role: 'user', content: 'q' },
      { type: 'reasoning', summary: [{ type: 'summary_text', text: 'Short plan' }] },
      { type: 'reasoning', summary: [], content: [{ type: 'reasoning_text', text: 'Long thought' }] },
      unknown,
      'not an object',
    ]);
    assert.deepEqual(view.turns.slice(1), [
      { kind: 'reasoning', text: 'Short plan', summary: 'Short plan' },
      { kind: 'reasoning', text: 'Long thought' },
      { kind: 'unknown', itemType: 'web_search_call', value: unknown },
      { kind: 'unknown', value: 'not an object' },
    ]);
  });

  test('no user message: every item is preamble, none is dropped', () => {
    const view = traceViewFromItems([{ type: 'message', role: 'assistant', content: 'x' }]);
    assert.equal(view.preamble.length, 1);
    assert.equal(view.turns.length, 0);
  });

  test('trace metadata, span fields and events', () => {
    const view = traceViewFromTrace({
      items: [], metadata: { model: 'm', total_tokens: 12 }, span_id: 's1', span_name: 'root', span_type: 'agent',
      events: [{ span_id: 'a', span_name: 'agent' }, { span_id: 'b', parent_id: 'a', span_name: 'tool' }],
    });
    assert.deepEqual(view.metadata, { model: 'm', total_tokens: 12 });
    assert.equal(view.spanId, 's1');
    assert.equal(view.spanName, 'root');
    assert.equal(view.spanType, 'agent');
    assert.deepEqual(view.spans, [{ id: 'a', name: 'agent', children: [{ id: 'b', name: 'tool', children: [] }] }]);
  });

  test('real Responses API items (recorded cassette): tool call paired with its output, easy-input user message', () => {
    const cassette = parse(fs.readFileSync(path.join(fixtures, 'openai-responses', 'test_openai_responses_model_simple_response_with_tool_call.yaml'), 'utf8')) as {
      interactions: { request: { parsed_body: { input: unknown[] } }; response: { parsed_body: { output: unknown[] } } }[];
    };
    const [first, second] = cassette.interactions;
    const firstView = traceViewFromItems([...first.request.parsed_body.input, ...first.response.parsed_body.output]);
    assert.equal(firstView.turns[1].kind, 'function_call');
    assert.equal(firstView.turns[1].kind === 'function_call' && firstView.turns[1].output, undefined);
    const view = traceViewFromItems([...second.request.parsed_body.input, ...second.response.parsed_body.output]);
    assert.equal(view.preamble.length, 0);
    assert.deepEqual(view.turns[0], { kind: 'message', role: 'user', parts: [{ type: 'input_text', text: 'What is the capital of PotatoLand?' }] });
    assert.deepEqual(view.turns[1], { kind: 'function_call', name: 'get_capital', callId: 'call_YfwRsW8sUxDKipwyhWTzOXCA', arguments: '{"country":"PotatoLand"}', output: 'Potato City' });
    assert.deepEqual(view.turns[2], { kind: 'message', role: 'assistant', parts: [{ type: 'output_text', text: 'The capital of PotatoLand is Potato City.' }] });
    assert.equal(view.turns.length, 3);
  });

  test('solver outputs: Trace, bare item list, text, JSON and nothing', () => {
    assert.equal(outputViewOf({ items: [] }, true).kind, 'trace');
    assert.equal(outputViewOf([{ type: 'message', role: 'user', content: 'x' }], true).kind, 'trace');
    assert.equal(outputViewOf({ trace: { items: [] } }, true).kind, 'trace');
    assert.deepEqual(outputViewOf('plain', true), { kind: 'text', text: 'plain' });
    assert.deepEqual(outputViewOf({ answer: 4 }, true), { kind: 'json', value: { answer: 4 } });
    assert.equal(outputViewOf(null, true).kind, 'none');
    assert.equal(outputViewOf(undefined, false).kind, 'none');
  });
});
