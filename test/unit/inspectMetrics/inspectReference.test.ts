/**
 * Reference figures computed by Inspect's own reducers and metrics (its Python source, numpy) for mixed inputs; the
 * recomputation must give the same values.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { reduceEpochs } from '../../../src/core/inspect/metrics/epochReduction';
import { computeMetric } from '../../../src/core/inspect/metrics/inspectMetricFunctions';

const REDUCTIONS: [string, unknown[], unknown][] = [
  ['mean', ['C', 'P', 'I', 0.25, true, 'yes', '0.75'], 0.6428571428571429],
  ['median', [0.2, 'C', 'I', 0.9], 0.55],
  ['mode', [1, true, 'C', 'C', 1.0], 1],
  ['max', [{ a: 'I', b: 0.3 }, { a: 'P', b: NaN }, { a: 'C', b: 0.1 }], { a: 'C', b: 0.3 }],
  ['at_least_3', ['C', 1, true, 'P', 'I'], 1],
  ['pass_at_3', [1, 0, 1, 0, 0, 0, 0, 1, 0, 0], 0.7083333333333333],
  ['pass_k_2', [1, 1, 1, 0, 0.5], 0.3],
  ['mean', [[1, 'C'], [0, NaN], [0.5, 'I']], [0.5, 0.5]],
];

const near = (actual: unknown, expected: unknown): boolean => {
  if (typeof expected === 'number') return typeof actual === 'number' && Math.abs(actual - expected) <= 1e-15 * Math.max(1, Math.abs(expected));
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => near(actual[i], e));
  if (typeof expected === 'object' && expected !== null) {
    return typeof actual === 'object' && actual !== null && Object.entries(expected).every(([k, e]) => near((actual as Record<string, unknown>)[k], e));
  }
  return actual === expected;
};

for (const [reducer, values, expected] of REDUCTIONS) {
  test(`${reducer} of ${JSON.stringify(values)} is Inspect's ${JSON.stringify(expected)}`, () => {
    const reduced = reduceEpochs(values.map((value) => ({ value })), reducer);
    assert.equal(reduced.problem, undefined);
    assert.ok(near(reduced.value, expected), JSON.stringify(reduced.value));
  });
}

const VALUES = [0.1, 0.7, 0.3, 0.9, 0.4, 0.4, 1.0];
const SPREAD = [3, -1, 4, 1, -5, 9, 2, 6];
const METRICS: [string, number[], unknown[] | undefined, number][] = [
  ['stderr', VALUES, [1, true, 'x', 'x', 2.0, 2, 'y'], 0.10239394678762873],
  ['stderr', VALUES, undefined, 0.12508500511013043],
  ['std', SPREAD, undefined, 4.274091382136927],
  ['var', SPREAD, undefined, 18.267857142857142],
];

for (const [metric, values, clusters, expected] of METRICS) {
  test(`${metric}${clusters ? ' clustered' : ''} of ${JSON.stringify(values)} is Inspect's ${expected}`, () => {
    const inputs = values.map((value, i) => ({ sampleId: i, value, metadata: clusters ? { g: clusters[i] } : {} }));
    const result = computeMetric(metric, inputs, clusters ? 'g' : undefined);
    assert.ok('value' in result);
    assert.ok(Math.abs(result.value - expected) <= 1e-15, `${result.value}`);
  });
}
