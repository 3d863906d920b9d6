/** How many samples an Inspect header states: total_samples over the configured epochs, else the dataset's count. */
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { statedSampleCount } from '../../../src/core/sources/evalLogs/inspectHeaderCounts';

const header = (results: unknown, config: unknown, dataset?: unknown): unknown => ({ eval: { config, ...(dataset === undefined ? {} : { dataset }) }, results });

test('total_samples counts every epoch: read over the configured epochs', () => {
  assert.equal(statedSampleCount(header({ total_samples: 10 }, { epochs: 2 })), 5);
  assert.equal(statedSampleCount(header({ total_samples: 4 }, { epochs: 4 })), 1);
  assert.equal(statedSampleCount(header({ total_samples: 100 }, {})), 100, 'one epoch when none is configured');
  assert.equal(statedSampleCount(header({ total_samples: 0 }, { epochs: 3 })), 0);
});

test('epochs that do not divide the total (a run cut short) leave the total as it is', () => {
  assert.equal(statedSampleCount(header({ total_samples: 7 }, { epochs: 2 })), 7);
});

test('no total: the dataset sample count; nothing stated: undefined; hostile values never count', () => {
  assert.equal(statedSampleCount(header({}, { epochs: 2 }, { samples: 12 })), 12);
  assert.equal(statedSampleCount(header(undefined, undefined)), undefined);
  for (const bad of [-1, 1.5, '10', null, Number.MAX_SAFE_INTEGER + 2, Infinity, [], {}]) {
    assert.equal(statedSampleCount(header({ total_samples: bad }, { epochs: 2 })), undefined, String(bad));
  }
  for (const epochs of [0, -2, 1.5, '2', null]) assert.equal(statedSampleCount(header({ total_samples: 6 }, { epochs })), 6, String(epochs));
  for (const value of [null, 'x', 3, []]) assert.equal(statedSampleCount(value), undefined);
});
