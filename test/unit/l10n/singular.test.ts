/** Counts of one read in the singular wherever a real log or a preview can have exactly one. */
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { cliStrings, datasetCommandStrings } from '../../../src/core/l10n/cliStrings';
import { compareStrings } from '../../../src/core/l10n/compareStrings';
import { extensionStrings } from '../../../src/core/l10n/extensionStrings';
import { inspectMetricStrings } from '../../../src/core/l10n/inspectMetricStrings';
import { keyStrings } from '../../../src/core/l10n/keyStrings';
import { inspectStrings } from '../../../src/core/l10n/inspectStrings';
import { logStrings } from '../../../src/core/l10n/logStrings';
import { previewViewStrings } from '../../../src/core/l10n/previewStrings';
import { statisticsStrings } from '../../../src/core/l10n/statisticsStrings';

test('one file, dataset, key, error or warning in the singular', () => {
  assert.equal(cliStrings.summary(1, 0), '1 file checked, 0 with errors');
  assert.equal(cliStrings.summary(2, 1), '2 files checked, 1 with errors');
  assert.equal(cliStrings.summaryWithUnreadable(1, 0, 1), '1 file checked, 0 with errors, 1 could not be read');
  assert.equal(datasetCommandStrings.listSummary(1, 0), '1 dataset, 0 invalid\n');
  assert.equal(datasetCommandStrings.listSummary(3, 1), '3 datasets, 1 invalid\n');
  assert.equal(keyStrings.skippedFiles(1), '1 file skipped: none of ours');
  assert.equal(keyStrings.skippedFiles(2), '2 files skipped: none of ours');
  assert.equal(compareStrings.regressionFound(1), "1 metric key significantly worse after Holm's adjustment");
  assert.equal(compareStrings.regressionFound(2), "2 metric keys significantly worse after Holm's adjustment");
  assert.equal(extensionStrings.validationSummary('a.yaml', 1, 1), 'a.yaml: 1 error, 1 warning. See the Problems panel.');
  assert.equal(extensionStrings.validationSummary('a.yaml', 2, 0), 'a.yaml: 2 errors, 0 warnings. See the Problems panel.');
});

test('one sample, row, trial or log in the singular; every other count in the plural', () => {
  const cases: [string, string, string][] = [
    [logStrings.samplesCount(1, 1), '1 sample', logStrings.samplesCount(2, 2)],
    [logStrings.samplesCount(0, 1), '0 of 1 sample', logStrings.samplesCount(1, 3)],
    [logStrings.runSamples(0, 1), 'Run 1: 1 sample', logStrings.runSamples(0, 12)],
    [logStrings.cliReportWritten('a.html', 1), 'Wrote a.html (1 sample).\n', logStrings.cliReportWritten('a.html', 5)],
    [previewViewStrings.funnelTotal(1), '1 row', previewViewStrings.funnelTotal(1200)],
    [cliStrings.rows(1), '1 row', cliStrings.rows(0)],
    [inspectStrings.samplesLeftOut(1), '1 sample entry is not a valid sample (no id) and is left out.', inspectStrings.samplesLeftOut(2)],
    [inspectStrings.samplesUnreadable(1, 'too deep'), '1 sample could not be read and is left out (too deep).', inspectStrings.samplesUnreadable(2, 'too deep')],
    [inspectStrings.missingEpochs(1, 4), '1 sample has fewer than the 4 epochs configured (the run stopped early or the log is damaged).', inspectStrings.missingEpochs(3, 4)],
    [compareStrings.view.sampleFacts(1, 1), '1 sample × 1 trial', compareStrings.view.sampleFacts(100, 3)],
    [compareStrings.view.sampleFacts(1, 0), '1 sample', compareStrings.view.sampleFacts(20000, 0)],
    [compareStrings.logLine('baseline', 'a.eval', 'arith', 1), 'baseline: a.eval — arith (1 sample)', compareStrings.logLine('baseline', 'a.eval', 'arith', 5)],
    [logStrings.verifyNoMismatchSamples(1), '1 sample-level aggregated value checked against its trials', logStrings.verifyNoMismatchSamples(4)],
    [logStrings.mismatchReason(1, 0, 1), 'reported 1, recomputed 0 from 1 sample', logStrings.mismatchReason(1, 0, 2)],
    [inspectMetricStrings.mismatchCount(1, 0, 1, 1), 'stored 1, recomputed 0 from 1 sample; the log says 1 sample was scored', inspectMetricStrings.mismatchCount(1, 0, 2, 3)],
    [statisticsStrings.curveShortfall(2, 1, 5), 'k stops at 2: 1 sample has only 2 trials with this score (others have up to 5), and every point averages the same samples.', statisticsStrings.curveShortfall(2, 3, 5)],
  ];
  for (const [one, expected, many] of cases) {
    assert.equal(one, expected);
    assert.match(many, /samples|rows|trials|have fewer|values/, `the plural: ${many}`);
  }
  assert.equal(previewViewStrings.funnelTotal(1200), '1,200 rows');
  assert.equal(inspectMetricStrings.mismatchCount(1, 0, 2, 3), 'stored 1, recomputed 0 from 2 samples; the log says 3 samples were scored');
  assert.equal(logStrings.verifyMoreMismatches(1), '… 1 more sample-level mismatch (use --json for all)');
  assert.equal(logStrings.verifyMoreMismatches(2), '… 2 more sample-level mismatches (use --json for all)');
  assert.equal(compareStrings.view.sampleFacts(20000, 3), '20,000 samples × 3 trials');
});
