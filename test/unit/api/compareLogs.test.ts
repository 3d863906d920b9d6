import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { ArgumentError, compareLogs, LogLoadError } from '../../../src/api/index';
import { repoRoot } from '../sharedFixtures';
import { asJson, cli } from './cliOutput';

const BASE = path.join('examples', 'logs', 'compare-baseline.tasklog.json');
const CAND = path.join('examples', 'logs', 'compare-candidate.tasklog.json');

describe('compareLogs', () => {
  test('gives the figures eval-lens log compare --json prints', async () => {
    const printed = await cli(['log', 'compare', BASE, CAND, '--json']);
    assert.equal(printed.code, 0, printed.err);
    const report = await compareLogs([path.join(repoRoot, BASE), path.join(repoRoot, CAND)]);
    assert.deepEqual(asJson(report), JSON.parse(printed.out));
    assert.ok(report.candidates[0].sampleChanges.length > 0);
  });

  test('takes the options of the command: lower-is-better keys, a plan for a difference, seeded resampling', async () => {
    const printed = await cli(['log', 'compare', BASE, CAND, '--json', '--delta', '0.1', '--seed', '7', '--lower-is-better', 'latency']);
    const report = await compareLogs([path.join(repoRoot, BASE), path.join(repoRoot, CAND)], { delta: 0.1, seed: 7, lowerIsBetter: ['latency'] });
    assert.deepEqual(asJson(report), JSON.parse(printed.out));
    assert.equal(report.resampling, 'complete');
  });

  test('refuses fewer than two logs, a bad seed, and names a log that cannot be read', async () => {
    await assert.rejects(compareLogs([BASE]), ArgumentError);
    await assert.rejects(compareLogs([BASE, CAND], { seed: -1 }), ArgumentError);
    await assert.rejects(compareLogs([path.join(repoRoot, BASE), 'missing.tasklog.json']), (error: unknown) => error instanceof LogLoadError && error.file === 'missing.tasklog.json' && error.message.includes('missing.tasklog.json'));
  });
});
