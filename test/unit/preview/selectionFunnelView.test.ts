import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { funnelStages, funnelText } from '../../../webview/preview/funnelModel';
import { countPercent, previewViewStrings, boundedCount, recordCount, selectionFunnelLine, selectionFunnelViewStrings as strings } from '../../../src/core/l10n/previewStrings';
import { expectedRecordNoun } from '../../../src/core/sources/sourceRecordNoun';
import type { FilterStep, PreviewResult } from '../../../src/core/model/previewTypes';
import { commandSummary, summaryView } from '../../../src/extension/preview/previewSummary';

const selectionStep = (index: number, field: string, label: string, removed: number): FilterStep => ({ index, field, label, removed, notComparable: 0 });
const filterStep = (index: number, label: string, removed: number, notComparable = 0): FilterStep => ({ index, label, removed, notComparable });

const sessions = {
  total: 412,
  matched: 50,
  steps: [selectionStep(0, 'from_time', 'from 2026-11-01', 292), selectionStep(1, 'limit', 'kept by limit 50', 70)],
  selection: true,
  recordNoun: 'sessions' as const,
};

describe('the selection funnel in the preview view', () => {
  test('reads "412 sessions → 120 from 2026-11-01 → 50 kept by limit"', () => {
    assert.equal(funnelText(sessions), '412 sessions → 120 from 2026-11-01 → 50 kept by limit');
  });

  test('each stage carries its field and the records left', () => {
    const stages = funnelStages(sessions);
    assert.deepEqual(stages.map((s) => [s.kind, s.field, s.label, s.before, s.after, s.removed]), [
      ['total', undefined, '', 412, 412, 0],
      ['filter', 'from_time', 'from 2026-11-01', 412, 120, 292],
      ['filter', 'limit', 'kept by limit 50', 120, 50, 70],
    ]);
  });

  test('a step whose records can be listed says so; its drill-down reads its field, label and the value read', () => {
    const listed = { ...sessions, steps: sessions.steps.map((step) => ({ ...step, listable: true })) };
    assert.deepEqual(funnelStages(listed).map((s) => s.listable), [undefined, true, true]);
    assert.deepEqual(funnelStages(sessions).map((s) => s.listable), [undefined, undefined, undefined]);
    assert.equal(strings.removedHeading('from_time', 'from 2026-11-01', 292, 'sessions'), '292 sessions removed by from_time (from 2026-11-01)');
    assert.equal(strings.removedHeading('tags', 'tagged prod', 1, 'runs'), '1 run removed by tags (tagged prod)');
    assert.equal(strings.removedReason('from_time', 'from 2026-11-01', '"2026-10-29T12:00:00.000Z"'), 'not selected by from_time (from 2026-11-01): the record has "2026-10-29T12:00:00.000Z"');
    assert.equal(strings.removedReason('session_id', 'session_id = s2', undefined), 'not selected by session_id (session_id = s2): the value is missing');
    assert.equal(strings.removedReason('limit', 'kept by limit 50', '"2026-10-29T12:00:00.000Z"'), 'kept by limit 50: older than the ones kept (started "2026-10-29T12:00:00.000Z")');
    assert.equal(strings.stepDrill('limit', 'kept by limit 50', 70, 'sessions'), 'limit (kept by limit 50): show the 70 sessions this step removed');
  });

  test('steps follow their order, whatever order they arrive in', () => {
    const text = funnelText({ ...sessions, steps: [...sessions.steps].reverse() });
    assert.equal(text, '412 sessions → 120 from 2026-11-01 → 50 kept by limit');
  });

  test('a source whose fields removed nothing: all its records are kept', () => {
    assert.equal(funnelText({ total: 3, matched: 3, steps: [], selection: true, recordNoun: 'sessions' }), '3 sessions → 3 kept');
  });

  test('one record takes the singular noun', () => {
    assert.equal(funnelText({ total: 1, matched: 1, steps: [], selection: true, recordNoun: 'transcripts' }), '1 transcript → 1 kept');
    assert.equal(recordCount(1, 'samples'), '1 sample');
    assert.equal(recordCount(2_500, 'runs'), '2,500 runs');
  });

  test('the last step shows the kept count even when the count stopped early', () => {
    const text = funnelText({ total: 900, matched: 10, steps: [selectionStep(0, 'tags', 'tags include needs-review', 850)], selection: true, recordNoun: 'runs' });
    assert.equal(text, '900 runs → 10 tags include needs-review');
  });
});

describe('nouns', () => {
  test('every record noun has its words', () => {
    for (const [noun, one] of [['sessions', 'session'], ['samples', 'sample'], ['transcripts', 'transcript'], ['traces', 'trace'], ['runs', 'run'], ['examples', 'example'], ['rows', 'row']] as const) {
      assert.equal(recordCount(2, noun), `2 ${noun}`);
      assert.equal(recordCount(1, noun), `1 ${one}`);
    }
  });

  test('progress, capped table and empty table say the source\'s records', () => {
    assert.equal(strings.counting(1_200, 40, 'samples'), 'Counting… 1,200 samples read, 40 kept');
    assert.equal(strings.countingRecords(30, 120, 'traces'), '30 of 120 traces');
    assert.equal(strings.countingRecords(30, undefined, 'traces'), '30 traces');
    assert.equal(strings.capped(10_000, 12_345, 'examples'), 'The table holds the first 10,000 of 12,345 kept examples.');
    assert.equal(strings.noneKept('sessions'), 'No session is selected by the source\'s fields.');
    assert.equal(strings.noneInSource('runs'), 'The source has no runs.');
  });

  test('the status bar says the records read; rows keep the filter preview\'s words', () => {
    const progress = { done: 42, total: 100, unit: 'records' as const, rowsSeen: 42, rowsKept: 7 };
    assert.equal(strings.statusBarProgress(progress, 'traces'), '42% · 42 traces read');
    assert.equal(strings.statusBarProgress({ done: 5, unit: 'records', rowsSeen: 1, rowsKept: 1 }, 'sessions'), '1 session read');
    assert.equal(strings.statusBarProgress(progress, undefined), previewViewStrings.statusBarProgress(progress));
    assert.equal(strings.statusBarProgress(progress, 'rows'), '42% · 42 rows read');
    assert.equal(countPercent(progress), 42);
  });

  test('the code lens says the kept records, "at least" when the count is a lower bound, and rows as before', () => {
    assert.equal(strings.codeLensCounted({ total: 3, matched: 2, complete: true, recordNoun: 'sessions' }), 'Preview · 2 sessions kept of 3');
    assert.equal(strings.codeLensCounted({ total: 3, matched: 1, complete: true, recordNoun: 'sessions' }), 'Preview · 1 session kept of 3');
    assert.equal(strings.codeLensCounted({ total: 9_000, matched: 800, complete: true, recordNoun: 'samples', lowerBound: true }), 'Preview · at least 800 samples kept of 9,000');
    assert.equal(strings.codeLensCounted({ total: 40, matched: 3, complete: true }), previewViewStrings.codeLensCounted(3, 40));
    assert.equal(strings.codeLensCounted({ total: 40, matched: 3, complete: true, lowerBound: true }), previewViewStrings.codeLensCountedPartial(3, 40));
    assert.equal(strings.codeLensCounted({ total: 40, matched: 3, complete: false }), 'Preview · at least 3 kept of 40');
  });

  test('the noun of a count in progress is known from the spec where the source type says it', () => {
    assert.equal(expectedRecordNoun({ source: { type: 'coding_agent_sessions' } }), 'sessions');
    assert.equal(expectedRecordNoun({ source: { type: 'trace_platform_b', project: 'p' } }), 'traces');
    assert.equal(expectedRecordNoun({ source: { type: 'trace_platform_a', project: 'p' } }), 'runs');
    assert.equal(expectedRecordNoun({ source: { type: 'trace_platform_a', dataset: 'd' } }), 'examples');
    assert.equal(expectedRecordNoun({ source: { type: 'eval_logs', path: 'logs/run.eval' } }), 'samples');
    assert.equal(expectedRecordNoun({ source: { type: 'eval_logs', path: 'logs/' } }), undefined, 'a folder may be a transcript database');
    assert.equal(expectedRecordNoun({ source: { type: 'local', path: 'a.csv' } }), undefined);
    assert.equal(expectedRecordNoun({ source: 'not a mapping' }), undefined);
    assert.equal(expectedRecordNoun(null), undefined);
  });
});

describe('how the count was made, and lower bounds', () => {
  test('the counted-by note, with the lower-bound reason when the hub counted part', () => {
    assert.equal(strings.countedBy('counted by the hub', false), 'counted by the hub');
    assert.equal(strings.countedBy('counted by the hub', true), 'counted by the hub; every count is a lower bound');
    assert.match(strings.lowerBoundTooltip, /lower bound/);
  });

  test('every count of a lower-bound funnel is marked "at least"', () => {
    const hub = { total: 5_000, matched: 800, steps: [filterStep(0, 'label == 1', 3_000), filterStep(1, 'len > 10', 1_200)], lowerBound: true };
    assert.equal(funnelText(hub), 'at least 5,000 → at least 2,000 → at least 800 kept');
    assert.equal(funnelText({ ...sessions, lowerBound: true }), 'at least 412 sessions → at least 120 from 2026-11-01 → at least 50 kept by limit');
    assert.equal(boundedCount(7, true), 'at least 7');
    assert.equal(boundedCount(7, false), '7');
  });
});

describe('filter funnels are unchanged', () => {
  test('no noun, no field, no mark', () => {
    const input = { total: 10_000, matched: 2_047, steps: [filterStep(0, 'a', 3_880), filterStep(1, 'b', 4_073, 12)] };
    assert.equal(funnelText(input), '10,000 → 6,120 → 2,047 kept');
    assert.equal(funnelText({ ...input, recordNoun: 'rows' }), '10,000 → 6,120 → 2,047 kept');
    assert.ok(funnelStages(input).every((s) => s.field === undefined));
    assert.equal(funnelText({ total: 4, matched: 4, steps: [] }), '4 → 4 kept');
  });

  test('the summaries of a filter funnel carry nothing new; a selection carries its facts and its funnel in words', () => {
    const plain: PreviewResult = { columns: ['a'], rows: [], total: 10, matched: 4, removedPerFilter: [filterStep(0, 'a > 1', 6)], notComparable: 0, warnings: [], complete: true };
    assert.deepEqual(Object.keys(summaryView(plain, 0, true)).sort(), ['capped', 'columns', 'complete', 'matched', 'notComparable', 'rowCount', 'steps', 'total', 'warnings']);
    assert.deepEqual(Object.keys(commandSummary(plain, 0)).sort(), ['complete', 'matched', 'notComparable', 'removedPerFilter', 'rowsHeld', 'total', 'warnings']);

    const selected: PreviewResult = { ...plain, total: 412, matched: 50, removedPerFilter: sessions.steps, selection: true, recordNoun: 'sessions', countedBy: 'counted here', lowerBound: true };
    const view = summaryView(selected, 50, true);
    assert.equal(view.selection, true);
    assert.equal(view.recordNoun, 'sessions');
    assert.equal(view.countedBy, 'counted here');
    assert.equal(view.lowerBound, true);
    const command = commandSummary(selected, 50);
    assert.equal(command.funnel, 'at least 412 sessions → at least 120 from 2026-11-01 → at least 50 kept by limit');
    assert.equal(command.recordNoun, 'sessions');
    assert.equal(command.countedBy, 'counted here');
    assert.equal(selectionFunnelLine({ total: 412, matched: 50, steps: sessions.steps, recordNoun: 'sessions' }), '412 sessions → 120 from 2026-11-01 → 50 kept by limit');
  });
});
