import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { functionCallItem, functionCallOutputItem, messageItem, reasoningItem } from '../../../src/core/trace/traceRecord';
import { formatFunnel, formatTable } from '../../../src/cli/previewFormat';
import { isTraceValue, traceSummaryText } from '../../../src/core/trace/traceSummary';

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

describe('trace cells and the selection funnel in the CLI', () => {
  const trace = {
    FORMAT: 'open_responses',
    items: [messageItem('user', 'hi'), reasoningItem('think'), functionCallItem('c1', 'ls', { path: '.' }), functionCallOutputItem('c1', 'a b'), messageItem('assistant', 'done')],
    metadata: { total_tokens: 4210 },
  };

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
    assert.match(limited, /\n {2}limit: .*removed 362\n/);
    assert.doesNotMatch(limited, /filter 1/);
    assert.match(formatFunnel({ ...base, total: 7, matched: 7, recordNoun: 'transcripts', removedPerFilter: [] }), /7 transcripts → 7 kept/);
  });
});
