import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { conversationOf, inputItems, outputItems } from '../../../src/core/sources/remote/conversationItems';

describe('chat payloads as Open Responses items', () => {
  test('chat completions: messages, tool calls, tool results, images as placeholders', () => {
    const items = conversationOf(
      { messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: [{ type: 'text', text: 'what is this?' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${'A'.repeat(4096)}` } }] },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'look', arguments: '{"x":1}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: 'a cat' },
      ] },
      { choices: [{ message: { role: 'assistant', content: 'A cat.' } }] },
    );
    assert.deepEqual(items, [
      { type: 'message', role: 'system', content: [{ type: 'input_text', text: 'be brief' }] },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'what is this?\n[image: image/png, 3 KB]' }] },
      { type: 'function_call', call_id: 'c1', name: 'look', arguments: '{"x":1}' },
      { type: 'function_call_output', call_id: 'c1', output: 'a cat' },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'A cat.' }] },
    ]);
  });

  test('LangChain serialised messages and plain prompt fields', () => {
    assert.deepEqual(inputItems({ messages: [[{ lc: 1, type: 'constructor', id: ['langchain', 'schema', 'HumanMessage'], kwargs: { content: 'hi' } }]] }), [
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
    ]);
    assert.deepEqual(inputItems({ question: 'q?' }), [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'q?' }] }]);
    assert.deepEqual(outputItems('{"output": "done"}'), [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'done' }] }]);
  });

  test('hostile payloads: deep nesting and unknown shapes give no items and no exception', () => {
    let deep: unknown = { role: 'user', content: 'x' };
    for (let i = 0; i < 100_000; i++) deep = [deep];
    assert.deepEqual(inputItems(deep), []);
    let deepArgs: unknown = 1;
    for (let i = 0; i < 100_000; i++) deepArgs = { a: deepArgs };
    const call = outputItems({ choices: [{ message: { role: 'assistant', tool_calls: [{ id: 'c', function: { name: 'f', arguments: deepArgs } }] } }] });
    assert.equal(call.length, 1);
    assert.equal(inputItems({ something: 'else' }).length, 0);
    assert.equal(inputItems(42).length, 0);
  });
});
