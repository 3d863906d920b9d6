import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { dataColumnsThatFit, mismatchedMetrics, repeatedPassColumns, sampleLevelErrors } from '../../../webview/logReport/reportRules';
import { logStrings as S, logStrings as V } from '../../../src/core/l10n/logStrings';
import { index } from '../log/logTestHelpers';

const examples = path.resolve(__dirname, '../../../../examples/logs');
const indexOf = (name: string) => index(JSON.parse(fs.readFileSync(path.join(examples, name), 'utf8')) as unknown);

describe('what the report shows where', () => {
  test('the failure log: a trial error is listed once, under its trial, not again for the sample', async () => {
    const detail = await indexOf('failure.tasklog.json').detail(0);
    const trialErrors = detail.trials.flatMap((t) => t.errors);
    assert.ok(trialErrors.some((e) => e.errorType === 'SolverError'));
    const own = sampleLevelErrors(detail);
    assert.ok(own.every((e) => e.errorType !== 'SolverError'), 'the SolverError is not repeated');
    assert.ok(own.some((e) => e.errorType === 'DatasetError'), 'the sample\'s own error stays');
    const shown = [...own, ...trialErrors];
    assert.equal(shown.length, new Set(shown).size);
  });

  test('the mismatch log names its mismatching metric for the banner', async () => {
    const summary = await indexOf('mismatch.tasklog.json').summary();
    const metrics = mismatchedMetrics(summary);
    assert.deepEqual(metrics.map((m) => m.metricKey), ['accuracy']);
    assert.equal(V.mismatchBanner(1), '1 metric does not match its per-sample scores');
    assert.equal(V.mismatchBanner(2), '2 metrics do not match their per-sample scores');
    assert.deepEqual(mismatchedMetrics(await indexOf('success-trials.tasklog.json').summary()), []);
  });

  test('pass@3 is not shown beside a pass_at_3 score that stores the same aggregation', async () => {
    const summary = await indexOf('success-trials.tasklog.json').summary();
    assert.ok(summary.samples.scoreColumns.some((c) => c.valueKey === 'pass_at_3'));
    assert.equal(repeatedPassColumns(summary).passAtK, true);
    const withoutAggregator = { ...summary, trials: summary.trials ? { ...summary.trials, aggregators: [] } : undefined };
    assert.equal(repeatedPassColumns(withoutAggregator).passAtK, false);
  });

  test('data columns give way before the key columns', () => {
    assert.equal(dataColumnsThatFit(1000, 600, 3, 110), 3);
    assert.equal(dataColumnsThatFit(800, 600, 3, 110), 1);
    assert.equal(dataColumnsThatFit(500, 600, 3, 110), 0);
    assert.equal(dataColumnsThatFit(0, 600, 3, 110), 3, 'before layout (hidden tab) nothing is dropped');
  });

  test('trials are counted from 1 for people, the log index in the tooltip', () => {
    assert.equal(S.trial(0), 'Trial 1');
    assert.equal(S.trialCell(2, 'pass'), 'Trial 3: pass');
    assert.equal(S.errorWhereTrial(0), 'trial 1');
    assert.match(S.trialIndexTitle(0), /index 0/);
  });
});
