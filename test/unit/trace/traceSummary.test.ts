import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formatFunnel, formatTable } from '../../../src/cli/previewFormat';
import { functionCallItem, functionCallOutputItem, messageItem, reasoningItem } from '../../../src/core/trace/traceRecord';
import { isTraceValue, traceSummaryText } from '../../../src/core/trace/traceSummary';

const trace = {
  FORMAT: 'open_responses',
  items: [messageItem('user', 'hi'), reasoningItem('think'), functionCallItem('c1', 'ls', { path: '.' }), functionCallOutputItem('c1', 'a b'), messageItem('assistant', 'done')],
  metadata: { total_tokens: 4210 },
};

describe('trace summary', () => {
  test('counts messages, tool calls and tokens in one line', () => {
    assert.equal(traceSummaryText(trace), '2 messages · 1 tool call · 4,210 tokens');
    assert.equal(traceSummaryText({ FORMAT: 'open_responses', items: [] }), '0 messages · 0 tool calls');
  });

  test('items of every span count when the trace has events', () => {
    const events = [
      { type: 'span_start', span_id: 'root', span_name: 'main', span_type: 'agent' },
      { type: 'item', span_id: 'root', item: messageItem('user', 'go') },
      { type: 'span_start', span_id: 'sub', parent_span_id: 'root', span_name: 'helper', span_type: 'agent' },
      { type: 'item', span_id: 'sub', item: functionCallItem('c2', 'grep', {}) },
      { type: 'item', span_id: 'sub', item: messageItem('assistant', 'found') },
    ];
    assert.equal(traceSummaryText({ FORMAT: 'open_responses', items: [messageItem('user', 'go')], events }), '2 messages · 1 tool call');
  });

  test('the CLI table shows a trace cell as its summary, never as JSON', () => {
    assert.equal(isTraceValue(trace), true);
    assert.equal(isTraceValue({ items: 'no' }), false);
    const table = formatTable({ columns: ['sample_id', 'trace'], rows: [{ values: { sample_id: '1', trace }, origin: { file: 'x' } }], total: 1, matched: 1, removedPerFilter: [], notComparable: 0, warnings: [], complete: true });
    assert.match(table, /2 messages · 1 tool call · 4,210 tokens/);
    assert.doesNotMatch(table, /open_responses|function_call/);
  });

  test('the CLI prints a selection funnel in records of the source, one step per selecting field', () => {
    const base = { columns: [] as string[], rows: [], notComparable: 0, warnings: [], complete: true, selection: true };
    const limited = formatFunnel({ ...base, total: 412, matched: 50, recordNoun: 'samples', removedPerFilter: [{ index: 0, field: 'limit', label: 'kept by limit', removed: 362, notComparable: 0 }] });
    assert.match(limited, /412 samples → 50 kept by limit\n/);
    assert.match(limited, /\n {2}limit: removed 362\n/);
    assert.doesNotMatch(limited, /filter 1/);
    assert.match(formatFunnel({ ...base, total: 7, matched: 7, recordNoun: 'transcripts', removedPerFilter: [] }), /7 transcripts → 7 kept/);
  });
});
