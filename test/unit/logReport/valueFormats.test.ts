import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ValueFormats } from '../../../src/core/format/metricValueFormat';
import { index } from '../log/logTestHelpers';
import type { LogSummary } from '../../../src/core/model/logViewTypes';

const examples = path.resolve(__dirname, '../../../../examples/logs');

async function summaryOf(name: string): Promise<LogSummary> {
  return index(JSON.parse(fs.readFileSync(path.join(examples, name), 'utf8')) as unknown).summary();
}

describe('one number format per metric key', () => {
  test('repeatability: the accuracy mean reads the same on Overview and in Runs, its std on the same scale', async () => {
    const summary = await summaryOf('repeatability.tasklog.json');
    const formats = new ValueFormats(summary);
    const metric = summary.metrics?.[0].metrics[0];
    assert.ok(metric && summary.runs);
    const overview = formats.format(metric.scorerKey, metric.values[0].key, metric.values[0].value);
    const stat = summary.runs.stats.find((s) => s.valueKey === metric.values[0].key);
    assert.ok(stat);
    const runs = formats.format(stat.scorerKey, stat.valueKey, metric.values[0].value);
    assert.equal(overview, runs);
    assert.match(overview, /%$/, 'a mean of pass/fail scores is a rate');
    assert.match(formats.format(stat.scorerKey, stat.valueKey, stat.std), /%$/, 'the spread reads on the same scale as the values');
  });

  test('a mean of continuous scores stays a number everywhere; pass@k is a rate everywhere', async () => {
    const summary = await summaryOf('success-trials.tasklog.json');
    const formats = new ValueFormats(summary);
    assert.equal(formats.isRate('llm_judge', 'quality'), false);
    assert.equal(formats.format('llm_judge', 'quality', 0.5244444444444445), '0.524');
    assert.equal(formats.isRate('exact_match', 'pass_at_3'), true);
    assert.equal(formats.isRate('exact_match', 'correct'), true, 'the per-sample column of the accuracy metric reads as the metric does');
    assert.equal(formats.isRate(undefined, 'correct'), true);
  });

  test('metric types decide; no summary-wide guess from value ranges', () => {
    const summary = {
      metrics: [{ purpose: 'score' as const, scorerKey: 's', metrics: [
        { metricKey: 'accuracy', metricType: 'stderr', scorerKey: 's', scorerPurpose: 'score' as const, values: [{ key: 'err', value: 0.01, verification: { verdict: 'not_verifiable' as const } }] },
        { metricKey: 'hits', metricType: 'accuracy', scorerKey: 's', scorerPurpose: 'score' as const, values: [{ key: 'hits', value: 0.4, verification: { verdict: 'match' as const } }] },
      ] }],
      samples: { count: 0, layout: 'none' as const, scoreColumns: [], dataColumns: [], errorStages: [], maxTrials: 0, passK: 1 },
    };
    const formats = new ValueFormats(summary);
    assert.equal(formats.isRate('s', 'err'), false, 'a standard error of accuracy is not itself named a rate');
    assert.equal(formats.format('s', 'hits', 0.4), '40%');
  });
});
