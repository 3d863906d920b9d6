import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { finalAnswer, sampleTarget } from '../../../src/core/log/sampleTarget';
import { chooseDataColumns, SampleRecord } from '../../../src/core/log/sampleRecords';
import { examplesDir, index, log, trial } from './logTestHelpers';
import type { OutputView } from '../../../src/core/model/logViewTypes';

describe('expected versus actual', () => {
  test('the target comes from the usual data fields, most specific first, any case', () => {
    assert.deepEqual(sampleTarget({ question: 'Q', answer: 'Paris' }), { key: 'answer', value: 'Paris' });
    assert.deepEqual(sampleTarget({ Answer: 'x', Target: 'y' }), { key: 'Target', value: 'y' });
    assert.deepEqual(sampleTarget({ expected_output: [1, 2] }), { key: 'expected_output', value: [1, 2] });
    assert.equal(sampleTarget({ question: 'Q' }), undefined);
    assert.equal(sampleTarget({ answer: '' }), undefined);
    assert.equal(sampleTarget('Paris'), undefined);
    assert.equal(sampleTarget(null), undefined);
  });

  test('the final answer is the last assistant message with text, or the text output', () => {
    const trace: OutputView = { kind: 'trace', trace: { preamble: [], turns: [
      { kind: 'message', role: 'user', parts: [{ type: 'input_text', text: 'Capital of France?' }] },
      { kind: 'message', role: 'assistant', parts: [{ type: 'output_text', text: 'Let me check.' }] },
      { kind: 'function_call', name: 'lookup', arguments: '{}', output: 'Paris' },
      { kind: 'message', role: 'assistant', parts: [{ type: 'output_text', text: ' Paris ' }] },
      { kind: 'reasoning', text: 'done' },
    ] } };
    assert.equal(finalAnswer(trace), 'Paris');
    assert.equal(finalAnswer({ kind: 'text', text: 'A1' }), 'A1');
    assert.equal(finalAnswer({ kind: 'json', value: { a: 1 } }), undefined);
    assert.equal(finalAnswer({ kind: 'none', reason: '' }), undefined);
  });

  test('a sample detail carries the target of its data', async () => {
    const idx = index(log({ metrics: [], samples: [{ sample_id: 'a', errors: [], trials: [trial(0, { ok: true }, { sample: { data: { q: 'Q', answer: 'Paris' } } })] }] }));
    assert.deepEqual((await idx.detail(0)).target, { key: 'answer', value: 'Paris' });
  });
});

describe('data columns of the samples table', () => {
  const record = (sampleId: string, data: SampleRecord['data']): SampleRecord => ({ index: 0, sampleId, layout: 'trials', scores: {}, trials: [], errorStages: [], errorCount: 0, data });

  test('a data field that only repeats the sample id is not a column', () => {
    const records = [record('geo-1', { id: 'geo-1', question: 'Q1' }), record('geo-2', { id: 'geo-2', question: 'Q2' })];
    assert.deepEqual(chooseDataColumns(records), ['question']);
  });

  test('an id field with its own values stays', () => {
    const records = [record('1', { id: 'row-7', question: 'Q1' }), record('2', { id: 'row-8', question: 'Q2' })];
    assert.deepEqual(chooseDataColumns(records), ['id', 'question']);
  });

  test('the example log shows no data column named id (its id repeats the sample id)', async () => {
    const raw = JSON.parse(fs.readFileSync(path.join(examplesDir, 'success-trials.tasklog.json'), 'utf8')) as unknown;
    const summary = await index(raw).summary();
    assert.ok(!summary.samples.dataColumns.includes('id'), `data columns: ${summary.samples.dataColumns.join(', ')}`);
    assert.ok(summary.samples.dataColumns.includes('question'));
  });
});
