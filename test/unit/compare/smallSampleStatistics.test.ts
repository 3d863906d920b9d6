import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { normalQuantile, Z_95 } from '../../../src/core/compare/statistics/normalDistribution';
import { proportionInterval, wilsonInterval } from '../../../src/core/compare/statistics/proportionIntervals';
import { curveLength, curveShortfall, passCurves, unbiasedPassAtK, unbiasedPassPowK } from '../../../src/core/compare/statistics/passAtK';
import { samplesNeeded } from '../../../src/core/compare/statistics/samplePlanning';

/** Equal to `relative` relative error (absolute near 0). */
function close(actual: number | null | undefined, expected: number, relative = 1e-9): void {
  assert.ok(typeof actual === 'number', `expected a number, got ${String(actual)}`);
  const scale = Math.max(Math.abs(expected), 1e-12);
  assert.ok(Math.abs(actual - expected) / scale <= relative, `${actual} ≠ ${expected} (relative ${relative})`);
}

describe('the normal quantile', () => {
  test('matches SciPy 1.17 norm.ppf', () => {
    // python3 -c "from scipy import stats; print([repr(float(stats.norm.ppf(p))) for p in (0.975, 0.8, 0.3, 0.995, 1e-10, 1-1e-12)])"
    close(normalQuantile(0.975), 1.959963984540054, 1e-14);
    close(normalQuantile(0.8), 0.8416212335729143, 1e-14);
    close(normalQuantile(0.3), -0.5244005127080409, 1e-14);
    close(normalQuantile(0.995), 2.5758293035489004, 1e-14);
    close(normalQuantile(1e-10), -6.361340902404056, 1e-13);
    close(normalQuantile(1 - 1e-12), 7.0344869100478356, 1e-9);
    assert.equal(normalQuantile(0.5), 0);
    assert.ok(Number.isNaN(normalQuantile(0)) && Number.isNaN(normalQuantile(1)));
    close(normalQuantile(0.975), Z_95, 1e-15);
  });
});

describe('Wilson intervals', () => {
  // mpmath at 40 digits with z = 1.959963984540054 (statsmodels is not installed):
  // python3 -c "import mpmath as mp; mp.mp.dps=40; z=mp.mpf('1.959963984540054'); w=lambda c,n:(lambda p:((p+z**2/(2*n))/(1+z**2/n)-z/(1+z**2/n)*mp.sqrt(p*(1-p)/n+z**2/(4*n*n)),(p+z**2/(2*n))/(1+z**2/n)+z/(1+z**2/n)*mp.sqrt(p*(1-p)/n+z**2/(4*n*n))))(mp.mpf(c)/n); print([[repr(float(x)) for x in w(c,n)] for c,n in [(7,10),(0,12),(12,12),(412,500),(1,3)]])"
  test('the bounds of docs/semantics.md §12 against high-precision values', () => {
    const cases: [number, number, number, number][] = [
      [7, 10, 0.39677814746114537, 0.8922087325936989],
      [12, 12, 0.7575059933447591, 1.0],
      [412, 500, 0.78818582871064, 0.8548735986702741],
      [1, 3, 0.06149194472039624, 0.7923403991979523],
    ];
    for (const [c, n, low, high] of cases) {
      const w = wilsonInterval(c, n);
      close(w?.low, low);
      close(w?.high, high);
    }
    const none = wilsonInterval(0, 12);
    assert.ok(none && Math.abs(none.low) < 1e-15);
    close(none?.high, 0.24249400665524085);
    assert.equal(wilsonInterval(0, 0), null);
  });

  test('a proportion interval adds the normal interval only from 300 values on', () => {
    const small = proportionInterval(Float64Array.from([1, 0, 1, 1, NaN, 1, 0, 1, 1, 0, 1]));
    assert.deepEqual([small?.n, small?.passes], [10, 7]);
    close(small?.wilsonLow, 0.39677814746114537);
    assert.equal(small?.normalLow, undefined);
    const values = new Float64Array(500);
    values.fill(1, 0, 412);
    const large = proportionInterval(values);
    close(large?.estimate, 0.824);
    close(large?.wilsonHigh, 0.8548735986702741);
    // p̂ ± z·sd/√N with sd over n − 1, in mpmath: p=mp.mpf(412)/500; se=mp.sqrt(p*(1-p)*500/499/500); print(p-z*se, p+z*se)
    close(large?.normalLow, 0.790586824025812);
    close(large?.normalHigh, 0.857413175974188);
    assert.equal(proportionInterval(Float64Array.from([1, 0, 0.5])), undefined);
    assert.equal(proportionInterval(Float64Array.from([NaN])), undefined);
  });
});

describe('unbiased pass@k and pass^k', () => {
  test('single samples against exact binomial ratios', () => {
    // python3 -c "import math; from fractions import Fraction as F; pak=lambda n,c,k:1-F(math.comb(n-c,k),math.comb(n,k)); ppk=lambda n,c,k:F(math.comb(c,k),math.comb(n,k)); print([float(pak(10,3,k)) for k in (1,2,5,8)], float(pak(200,1,50)), float(ppk(10,7,3)), float(ppk(200,190,100)))"
    close(unbiasedPassAtK(10, 3, 1), 0.3);
    close(unbiasedPassAtK(10, 3, 2), 0.5333333333333333);
    close(unbiasedPassAtK(10, 3, 5), 0.9166666666666666);
    assert.equal(unbiasedPassAtK(10, 3, 8), 1); // n − c < k
    close(unbiasedPassAtK(200, 1, 50), 0.25);
    close(unbiasedPassPowK(10, 7, 3), 0.2916666666666667);
    close(unbiasedPassPowK(200, 190, 100), 0.0007710260627178503);
    assert.equal(unbiasedPassPowK(10, 2, 3), 0);
    assert.equal(unbiasedPassAtK(4, 0, 2), 0);
  });

  test('curves over samples with their standard errors', () => {
    // Four samples (n, c) = (5,2), (4,0), (6,6), (4,3); K = 4. Fractions, then statistics.variance (n − 1):
    // python3 -c "import math,statistics; from fractions import Fraction as F; S=[(5,2),(4,0),(6,6),(4,3)]; pak=lambda n,c,k:1-F(math.comb(n-c,k),math.comb(n,k)); ppk=lambda n,c,k:F(math.comb(c,k),math.comb(n,k)); [print(k,*(f(v) for v in ([pak(n,c,k) for n,c in S],[ppk(n,c,k) for n,c in S]) for f in (lambda v:float(sum(v)/4),lambda v:math.sqrt(float(statistics.variance(v))/4)))) for k in range(1,5)]"
    const samples = [{ trials: 5, passes: 2 }, { trials: 4, passes: 0 }, { trials: 6, passes: 6 }, { trials: 4, passes: 3 }];
    assert.equal(curveLength(samples), 4);
    assert.deepEqual(curveShortfall(samples), { mostTrials: 6, fewer: 2 }, 'k stops at 4 because two samples have 4 trials; one has 6');
    assert.equal(curveShortfall([{ trials: 3, passes: 1 }, { trials: 3, passes: 2 }]), undefined, 'no shortfall when every sample has as many trials');
    const expected = [
      [0.5375, 0.21734668926241626, 0.5375, 0.21734668926241626],
      [0.675, 0.2358495283014151, 0.4, 0.2273030282830976],
      [0.725, 0.24281337140555775, 0.3125, 0.2366211810750114],
      [0.75, 0.25, 0.25, 0.25],
    ];
    const curves = passCurves(samples);
    assert.equal(curves.length, 4);
    curves.forEach((point, i) => {
      assert.equal(point.k, i + 1);
      close(point.passAtK, expected[i][0]);
      close(point.passAtKSe, expected[i][1]);
      close(point.passPowK, expected[i][2]);
      close(point.passPowKSe, expected[i][3]);
    });
    assert.deepEqual(passCurves([]), []);
    assert.equal(passCurves([{ trials: 3, passes: 1 }])[0].passAtKSe, null);
  });
});

describe('planning', () => {
  // python3 -c "import math; from scipy import stats; z=stats.norm.ppf; f=lambda s2,D,pw,al,m:(z(1-al/2)+z(pw))**2*m*s2/D**2; print(f(0.25,0.05,0.8,0.05,2), f(0.09,0.1,0.9,0.01,1), f(1.0,0.5,0.8,0.05,1))"
  // → 1569.7759468698173, 133.91448452323675, 31.395518937396353
  test('samples needed from one log and from paired differences', () => {
    const oneLog = samplesNeeded(0.25, 0.05, { paired: false });
    assert.deepEqual([oneLog.samples, oneLog.power, oneLog.alpha, oneLog.paired], [1570, 0.8, 0.05, false]);
    assert.equal(samplesNeeded(0.09, 0.1, { power: 0.9, alpha: 0.01, paired: true }).samples, 134);
    assert.equal(samplesNeeded(1, 0.5, { paired: true }).samples, 32);
    assert.equal(samplesNeeded(1, -0.5, { paired: true }).samples, 32);
    assert.equal(samplesNeeded(NaN, 0.5, { paired: true }).samples, null);
  });

  test('a whole number of samples is not rounded up past itself', () => {
    // (z_a + z_b)²·s_d²/D² is exactly 40 for s_d² = 40·D²/(z_a + z_b)².
    const z = normalQuantile(0.975) + normalQuantile(0.8);
    assert.equal(samplesNeeded((40 * 0.01) / (z * z), 0.1, { paired: true }).samples, 40);
  });
});

describe('pass curves over many samples', () => {
  test('samples sharing their trials and passes give the curves each worked out alone gives, to the last bit', () => {
    const samples = Array.from({ length: 3000 }, (_, i) => ({ trials: 5 + (i % 3), passes: (i * 7) % 6 }));
    const curves = passCurves(samples);
    assert.equal(curves.length, 5);
    for (const point of curves) {
      let atSum = 0;
      let powSum = 0;
      for (const s of samples) {
        atSum += unbiasedPassAtK(s.trials, s.passes, point.k);
        powSum += unbiasedPassPowK(s.trials, s.passes, point.k);
      }
      assert.equal(point.passAtK, atSum / samples.length, `pass@${point.k}`);
      assert.equal(point.passPowK, powSum / samples.length, `pass^${point.k}`);
      let squares = 0;
      for (const s of samples) squares += (unbiasedPassAtK(s.trials, s.passes, point.k) - point.passAtK) ** 2;
      assert.equal(point.passAtKSe, Math.sqrt(squares / (samples.length - 1) / samples.length));
    }
  });
});
