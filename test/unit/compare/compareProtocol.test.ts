import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isChangeQuery, isCompareHostToWebview, isCompareWebviewToHost } from '../../../src/core/protocol/compareProtocol';
import { diffLines, finalOutputText } from '../../../webview/compare/textDiff';

describe('compare protocol guards', () => {
  test('well-formed webview messages pass; hostile or malformed ones are refused', () => {
    assert.equal(isCompareWebviewToHost({ type: 'ready' }), true);
    assert.equal(isCompareWebviewToHost({ type: 'changes', id: 1, generation: 2, query: { candidate: 1, offset: 0, limit: 100, kind: 'regression', onlySignificant: true } }), true);
    assert.equal(isCompareWebviewToHost({ type: 'pair', id: 3, generation: 1, candidate: 1, sampleId: 's1' }), true);
    assert.equal(isCompareWebviewToHost({ type: 'options', lowerIsBetter: ['latency'], clusterKey: 'topic' }), true);
    assert.equal(isCompareWebviewToHost({ type: 'changes', id: 1, generation: 2, query: { candidate: 0, offset: 0, limit: 10 } }), false, 'candidate 0 is the baseline');
    assert.equal(isCompareWebviewToHost({ type: 'changes', id: -1, generation: 2, query: { candidate: 1, offset: 0, limit: 10 } }), false);
    assert.equal(isCompareWebviewToHost({ type: 'pair', id: 1, generation: 1, candidate: 1, sampleId: 7 }), false);
    assert.equal(isCompareWebviewToHost({ type: 'pair', id: 3, generation: 1, candidate: 1, sampleId: 's1', baselineIndex: 0 }), true);
    for (const baselineIndex of [-1, 0.5, '3', null, Number.NaN]) {
      assert.equal(isCompareWebviewToHost({ type: 'pair', id: 3, generation: 1, candidate: 1, sampleId: 's1', baselineIndex }), false, String(baselineIndex));
    }
    assert.equal(isCompareWebviewToHost({ type: 'options', lowerIsBetter: [1] }), false);
    assert.equal(isCompareWebviewToHost({ type: 'eval', code: 'x' }), false);
    assert.equal(isCompareWebviewToHost(null), false);
    assert.equal(isChangeQuery({ candidate: 1, offset: 0, limit: 5, view: 'everything' }), false);
    assert.equal(isChangeQuery({ candidate: 1, offset: 0.5, limit: 5 }), false);
  });

  test('host messages are checked by their envelope', () => {
    assert.equal(isCompareHostToWebview({ type: 'init', generation: 1, summary: { candidates: [] } }), true);
    assert.equal(isCompareHostToWebview({ type: 'changesResult', id: 1, generation: 1, page: { rows: [] } }), true);
    assert.equal(isCompareHostToWebview({ type: 'init', generation: 1, summary: {} }), false);
    assert.equal(isCompareHostToWebview({ type: 'error', id: 1 }), false);
  });
});

describe('output diff', () => {
  test('a line diff keeps common lines and marks removed and added ones', () => {
    assert.deepEqual(diffLines('a\nb\nc', 'a\nx\nc'), [
      { op: 'same', line: 'a' }, { op: 'removed', line: 'b' }, { op: 'added', line: 'x' }, { op: 'same', line: 'c' },
    ]);
    assert.deepEqual(diffLines('', 'new'), [{ op: 'removed', line: '' }, { op: 'added', line: 'new' }]);
    assert.ok(diffLines('same', 'same').every((o) => o.op === 'same'));
  });

  test('huge outputs are bounded (the rest compared as one block)', () => {
    const many = Array.from({ length: 5000 }, (_, i) => `line ${i}`).join('\n');
    const ops = diffLines(many, `${many}\nextra`);
    assert.ok(ops.length <= 802, `${ops.length} operations`);
  });

  test('the final output of a trace is its last assistant message', () => {
    const text = finalOutputText({ kind: 'trace', trace: { preamble: [], turns: [
      { kind: 'message', role: 'user', parts: [{ type: 'input_text', text: 'Q' }] },
      { kind: 'message', role: 'assistant', parts: [{ type: 'output_text', text: 'first' }] },
      { kind: 'function_call', name: 'f', arguments: '{}' },
      { kind: 'message', role: 'assistant', parts: [{ type: 'output_text', text: 'Paris' }] },
    ] } });
    assert.equal(text, 'Paris');
    assert.equal(finalOutputText({ kind: 'text', text: 'plain' }), 'plain');
    assert.equal(finalOutputText({ kind: 'none', reason: 'x' }), '');
  });
});
