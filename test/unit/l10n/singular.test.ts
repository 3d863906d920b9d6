/** Counts of one read in the singular wherever a real log or a preview can have exactly one. */
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { cliStrings } from '../../../src/core/l10n/cliStrings';
import { compareStrings } from '../../../src/core/l10n/compareStrings';
import { inspectStrings } from '../../../src/core/l10n/inspectStrings';
import { logStrings } from '../../../src/core/l10n/logStrings';
import { previewViewStrings } from '../../../src/core/l10n/previewStrings';

test('one sample, row, trial or log in the singular; every other count in the plural', () => {
  const cases: [string, string, string][] = [
    [logStrings.samplesCount(1, 1), '1 sample', logStrings.samplesCount(2, 2)],
    [logStrings.samplesCount(0, 1), '0 of 1 sample', logStrings.samplesCount(1, 3)],
    [logStrings.runSamples(0, 1), 'Run 1: 1 sample', logStrings.runSamples(0, 12)],
    [logStrings.cliReportWritten('a.html', 1), 'Wrote a.html (1 sample).\n', logStrings.cliReportWritten('a.html', 5)],
    [previewViewStrings.funnelTotal(1), '1 row', previewViewStrings.funnelTotal(1200)],
    [cliStrings.rows(1), '1 row', cliStrings.rows(0)],
    [inspectStrings.missingEpochs(1, 4), '1 sample has fewer than the 4 epochs configured (the run stopped early or the log is damaged).', inspectStrings.missingEpochs(3, 4)],
    [compareStrings.view.sampleFacts(1, 1), '1 sample × 1 trial', compareStrings.view.sampleFacts(100, 3)],
    [compareStrings.view.sampleFacts(1, 0), '1 sample', compareStrings.view.sampleFacts(20000, 0)],
    [compareStrings.logLine('baseline', 'a.eval', 'arith', 1), 'baseline: a.eval — arith (1 sample)', compareStrings.logLine('baseline', 'a.eval', 'arith', 5)],
  ];
  for (const [one, expected, many] of cases) {
    assert.equal(one, expected);
    assert.match(many, /samples|rows|trials|have fewer/, `the plural: ${many}`);
  }
  assert.equal(previewViewStrings.funnelTotal(1200), '1,200 rows');
  assert.equal(compareStrings.view.sampleFacts(20000, 3), '20,000 samples × 3 trials');
});
