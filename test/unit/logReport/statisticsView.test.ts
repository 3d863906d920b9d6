import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { curveChart, defaultPlanDelta, intervalTexts, planCellText, planCellTitle, planText } from '../../../src/core/report/statisticsView';
import { statisticsStrings } from '../../../src/core/l10n/statisticsStrings';

describe('what the views show of the statistics of docs/semantics.md §12', () => {
  test('the interval line: Wilson always, the normal interval only when the figures carry it', () => {
    // 7 of 10: the Wilson bounds of smallSampleStatistics.test.ts (mpmath) 0.39677814746114537, 0.8922087325936989.
    const small = intervalTexts({ n: 10, passes: 7, estimate: 0.7, wilsonLow: 0.39677814746114537, wilsonHigh: 0.8922087325936989 });
    assert.equal(small.wilson, '95% Wilson interval 39.7% – 89.2% (N = 10)');
    assert.equal(small.normal, undefined);
    const large = intervalTexts({ n: 500, passes: 412, estimate: 0.824, wilsonLow: 0.78818582871064, wilsonHigh: 0.8548735986702741, normalLow: 0.790586824025812, normalHigh: 0.857413175974188 });
    assert.equal(large.wilson, '95% Wilson interval 78.8% – 85.5% (N = 500)');
    assert.equal(large.normal, 'normal interval 79.1% – 85.7%');
  });

  test('the curve chart: both lines, ±SE whiskers, k labels, a summary and the table behind it', () => {
    const points = [
      { k: 1, passAtK: 0.5375, passAtKSe: 0.21734668926241626, passPowK: 0.5375, passPowKSe: 0.21734668926241626 },
      { k: 2, passAtK: 0.675, passAtKSe: 0.2358495283014151, passPowK: 0.4, passPowKSe: 0.2273030282830976 },
      { k: 3, passAtK: 0.725, passAtKSe: 0.24281337140555775, passPowK: 0.3125, passPowKSe: 0.2366211810750114 },
      { k: 4, passAtK: 0.75, passAtKSe: 0.25, passPowK: 0.25, passPowKSe: 0.25 },
    ];
    const chart = curveChart({ samples: 4, points }, 'judge/correct', 180, 64);
    // Plot from x = 30 to 176 and y = 4 (100%) to 60 (0%).
    assert.equal(chart.passAtK.points[0].x, 30);
    assert.equal(chart.passAtK.points[3].x, 176);
    assert.equal(chart.passAtK.path, 'M30.0,29.9 L78.7,22.2 L127.3,19.4 L176.0,18.0');
    assert.equal(chart.passPowK.points[3].y, 4 + 56 * 0.75);
    // The whisker of pass@4 = 0.75 ± 0.25 runs from 50% to 100%.
    assert.equal(chart.passAtK.points[3].high, 4);
    assert.equal(chart.passAtK.points[3].low, 32);
    assert.deepEqual(chart.ticks.map((t) => t.label), ['1', '2', '3', '4']);
    assert.deepEqual(chart.yTicks.map((t) => t.label), ['100%', '0%']);
    assert.equal(chart.summary, 'Unbiased pass@k and pass^k of judge/correct over 4 samples, k = 1 … 4: pass@k from 53.8% to 75%, pass^k down to 25%');
    assert.deepEqual(chart.rows[1], ['2', '67.5%', '23.6%', '40%', '22.7%']);
    assert.equal(chart.passAtK.points[1].title, 'k = 2: pass@k 67.5% ± 23.6%, pass^k 40% ± 22.7%');
  });

  test('the curve chart of bad or single points does not break', () => {
    const one = curveChart({ samples: 1, points: [{ k: 1, passAtK: NaN, passAtKSe: null, passPowK: 2, passPowKSe: Infinity }] }, 'x');
    assert.equal(one.passAtK.points[0].x, 30 + (180 - 34) / 2);
    assert.equal(one.passAtK.points[0].y, 60, 'NaN draws at 0');
    assert.equal(one.passPowK.points[0].y, 4, 'values above 1 draw at 100%');
    assert.equal(one.passAtK.points[0].low, one.passAtK.points[0].high);
    assert.deepEqual(one.rows[0], ['1', 'NaN', 'n/a', '200%', 'n/a']);
    assert.equal(curveChart({ samples: 0, points: [] }, 'x').summary, '');
    assert.equal(one.summary, 'Unbiased pass@k and pass^k of x for this sample, k = 1 … 1: pass@k from NaN to NaN, pass^k down to 200%');
  });

  test('the plan line against the formulas of docs/semantics.md §12', () => {
    // SciPy: (z(0.975) + z(0.8))²·2·0.25/0.05² = 1569.7759468698173 → 1,570; paired (…)²·1.0/0.5² = 31.39… → 32.
    assert.deepEqual(planText(0.25, 0.05, false), { samples: 1570, text: 'you need 1,570 samples per run (power 80%, α 0.05, two-sided).' });
    assert.deepEqual(planText(1, 0.5, true), { samples: 32, text: 'you need 32 paired samples (power 80%, α 0.05, two-sided).' });
    assert.equal(planText(0.25, 0, false).samples, null);
    assert.equal(planText(0.25, NaN, false).text, 'enter a positive difference.');
    assert.equal(planText(NaN, 0.1, false).text, 'too few values to plan from.');
  });

  test('the plan beside a compared MDE: paired samples, or why there is none', () => {
    // (z(0.975) + z(0.8))² = 2.8015852181129683² = 7.8488…; ·0.0196/0.02² = 384.595… → 385; ·2.5/0.1² = 1962.2… → 1,963.
    assert.deepEqual(planCellText(0.0196, 0.02), { samples: 385, text: '→ 385 pairs' });
    assert.deepEqual(planCellText(2.5, 0.1), { samples: 1963, text: '→ 1,963 pairs' });
    assert.deepEqual(planCellText(0, 0.02), { samples: 1, text: '→ 1 pair' }, 'no spread: at least one sample');
    assert.match(planCellText(undefined, 0.02).text, /no paired differences/);
    assert.equal(planCellText(NaN, 0.02).text, 'no plan: fewer than two paired values');
    assert.equal(planCellText(0.0196, -1).text, 'enter a positive difference.');
    assert.equal(planCellText(0.0196, Infinity).samples, null);
    assert.match(planCellTitle(), /s_d²\/D²[\s\S]*Power 80%, α 0.05, two-sided/);
  });

  test('a sample\'s curve caption and a score\'s curve heading count one trial or one sample in the singular', () => {
    assert.equal(statisticsStrings.sampleCurveCaption('match/match', 1, 1), 'match/match: 1 of 1 trial passes');
    assert.equal(statisticsStrings.sampleCurveCaption('match/match', 2, 3), 'match/match: 2 of 3 trials pass');
    assert.equal(statisticsStrings.curveScore('choice', 'choice', 1, 4), 'choice/choice: 1 sample, k = 1 … 4');
    assert.equal(statisticsStrings.curveScore('choice', 'choice', 2, 4), 'choice/choice: 2 samples, k = 1 … 4');
  });

  test('the difference a plan starts from', () => {
    assert.equal(defaultPlanDelta({ variance: 0.25 }, true), 0.02);
    // sd 0.3 → a tenth is 0.03; sd 7 → 0.7; no spread → 1.
    assert.equal(defaultPlanDelta({ variance: 0.09 }, false), 0.03);
    assert.ok(Math.abs(defaultPlanDelta({ variance: 49 }, false) - 0.7) < 1e-12);
    assert.equal(defaultPlanDelta({ variance: 0 }, false), 1);
    assert.equal(defaultPlanDelta({ variance: NaN }, false), 1);
  });
});
