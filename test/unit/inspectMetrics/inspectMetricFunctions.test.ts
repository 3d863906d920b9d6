import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  accuracyOf,
  clusterPartition,
  clusteredStderrOf,
  computeMetric,
  stderrOf,
  stdOf,
  varianceOf,
} from '../../../src/core/inspect/metrics/inspectMetricFunctions';

const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-12, `${a} ≠ ${b}`);

test('accuracy and mean: the mean of the values; 0 without values', () => {
  assert.equal(accuracyOf([1, 0, 1, 1]), 0.75);
  assert.equal(accuracyOf([]), 0);
  assert.deepEqual(computeMetric('mean', [{ sampleId: 1, value: 2 }, { sampleId: 2, value: 4 }]), { value: 3 });
});

test('var, std and stderr use n − 1, and are 0 below two values', () => {
  // [1, 0, 1, 1]: mean 0.75, squared deviations 0.0625·3 + 0.5625 = 0.75, / 3 = 0.25
  assert.equal(varianceOf([1, 0, 1, 1]), 0.25);
  assert.equal(stdOf([1, 0, 1, 1]), 0.5);
  assert.equal(stderrOf([1, 0, 1, 1]), 0.25);
  // [2, 4, 4, 4, 5, 5, 7, 9]: sum of squares 32, var 32/7
  close(varianceOf([2, 4, 4, 4, 5, 5, 7, 9]), 32 / 7);
  close(stderrOf([2, 4, 4, 4, 5, 5, 7, 9]), Math.sqrt(32 / 7) / Math.sqrt(8));
  for (const f of [varianceOf, stdOf, stderrOf]) {
    assert.equal(f([5]), 0);
    assert.equal(f([]), 0);
  }
});

test('clustered stderr: √(Σ_c (Σ deviations)² · C/(C − 1)) / n', () => {
  const inputs = [1, 0, 1, 1, 0, 0].map((value, i) => ({ sampleId: i, value, metadata: { group: ['a', 'a', 'b', 'b', 'c', 'c'][i] } }));
  // mean 0.5; cluster deviation sums 0, 1, −1 → 2 · 3/2 = 3 → √3 / 6
  const result = computeMetric('stderr', inputs, 'group');
  assert.ok('value' in result);
  close(result.value, Math.sqrt(3) / 6);
  // Unclustered, the same values give a different figure.
  close((computeMetric('stderr', inputs) as { value: number }).value, Math.sqrt(0.3) / Math.sqrt(6));
});

test('cluster ids compare as Python keys do: 1, 1.0 and true are one cluster', () => {
  const partition = clusterPartition(
    [
      { sampleId: 1, value: 1, metadata: { c: 1 } },
      { sampleId: 2, value: 0, metadata: { c: true } },
      { sampleId: 3, value: 1, metadata: { c: '1' } },
    ],
    'c',
  );
  assert.deepEqual(partition, [[1, 0], [1]]);
  assert.equal(clusteredStderrOf([[1, 0, 1]]), 0);
});

test('a sample without its cluster, or with a list as cluster, makes the clustered stderr not computable', () => {
  for (const metadata of [undefined, null, {}, { c: null }, { c: NaN }, 'text', [1]]) {
    const result = computeMetric('stderr', [{ sampleId: 'x', value: 1, metadata }, { sampleId: 'y', value: 0, metadata: { c: 'a' } }], 'c');
    assert.ok('problem' in result, JSON.stringify(metadata));
    assert.match(result.problem, /"c"/);
  }
  const unhashable = computeMetric('stderr', [{ sampleId: 'x', value: 1, metadata: { c: [1] } }], 'c');
  assert.ok('problem' in unhashable && /list or an object/.test(unhashable.problem));
});

test('an unknown metric is a problem', () => {
  assert.ok('problem' in computeMetric('f1', [{ sampleId: 1, value: 1 }]));
});
