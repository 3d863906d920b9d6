import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { functionCallItem, functionCallOutputItem, messageItem, reasoningItem } from '../../../src/core/trace/traceRecord';
import { traceSummaryText } from '../../../src/core/trace/traceSummary';

describe('one-line trace summary', () => {
  test('counts messages and tool calls, and gives the tokens of the metadata', () => {
    const trace = {
      FORMAT: 'open_responses',
      items: [
        messageItem('system', 'rules'), messageItem('user', 'q'), reasoningItem('think'),
        functionCallItem('c1', 'search', { q: 'x' }), functionCallOutputItem('c1', 'found'),
        functionCallItem('c2', 'open', {}), functionCallOutputItem('c2', 'page'),
        messageItem('assistant', 'a'),
      ],
      metadata: { total_tokens: 34567 },
    };
    assert.equal(traceSummaryText(trace), '3 messages · 2 tool calls · 34,567 tokens');
  });

  test('singulars, no tokens when the metadata has none, and an error mark', () => {
    assert.equal(traceSummaryText({ items: [messageItem('user', 'q'), functionCallItem('c', 'f', '')], metadata: { error: 'timeout' } }), '1 message · 1 tool call · error');
  });

  test('a trace with only events is counted from its item events, sub-agents from its agent spans', () => {
    const trace = {
      items: [],
      events: [
        { type: 'span_start', span_id: 'a', span_name: 'lead', span_type: 'agent' },
        { type: 'item', span_id: 'a', item: messageItem('user', 'q') },
        { type: 'span_start', span_id: 'b', parent_span_id: 'a', span_name: 'helper', span_type: 'agent' },
        { type: 'item', span_id: 'b', item: functionCallItem('c', 'f', {}) },
        { type: 'item', span_id: 'b', item: messageItem('assistant', 'a') },
      ],
    };
    assert.equal(traceSummaryText(trace), '2 messages · 1 tool call · 1 sub-agent');
  });

  test('hostile values give a summary or nothing, never a throw', () => {
    assert.equal(traceSummaryText(null), '');
    assert.equal(traceSummaryText('text'), '');
    assert.equal(traceSummaryText({ items: [null, 3, 'x', []], metadata: { total_tokens: -4, message_count: 'many' } }), '0 messages · 0 tool calls');
  });

  test('the example conversations read as their summaries', () => {
    const file = path.join(__dirname, '../../../../examples/data/conversations.jsonl');
    const rows = fs.readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { trace: unknown });
    assert.deepEqual(rows.map((row) => traceSummaryText(row.trace)), [
      '3 messages · 1 tool call · 812 tokens',
      '3 messages · 2 tool calls · 1,534 tokens',
      '2 messages · 1 tool call · 2,210 tokens · 1 sub-agent',
    ]);
  });
});
