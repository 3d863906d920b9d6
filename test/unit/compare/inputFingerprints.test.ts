import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadComparableLogs } from '../../../src/core/compare/parallelLoad';
import { LogComparison } from '../../../src/core/compare/logComparison';
import { sampleDataHash, sampleDataHashes } from '../../../src/core/compare/inputFingerprints';
import { repoRoot } from '../sharedFixtures';
import { compareLog, legacySample, trialsSample } from './compareTestLogs';

const workerScript = path.join(repoRoot, 'dist', 'worker', 'compareLoad.js');

describe('changed inputs from the hashes the indexing workers compute', () => {
  test('a hash is equal for equal data and differs for other data', () => {
    assert.equal(sampleDataHash({ q: 'a', n: [1, 2] }), sampleDataHash({ q: 'a', n: [1, 2] }));
    assert.notEqual(sampleDataHash({ q: 'a' }), sampleDataHash({ q: 'b' }));
    assert.equal(sampleDataHash(undefined), sampleDataHash(null));
    // A hash keeps 64 bits of the digest: 100,000 data differing in one character or one number give as many hashes.
    const distinct = new Set(Array.from({ length: 100_000 }, (_, i) => sampleDataHash({ q: `question ${i}`, n: i % 3 })));
    assert.equal(distinct.size, 100_000);
    assert.equal(Buffer.from(sampleDataHash({ q: 'a' }), 'base64').length, 8);
    // A data field named like a part the lite copy leaves out is read from the full sample.
    const full = [{ data: { solver: 'x' } }];
    const lite = [{ data: { solver: null } }];
    assert.deepEqual(sampleDataHashes(1, (i) => lite[i], (i) => full[i], (s) => (s as { data: unknown }).data), [sampleDataHash({ solver: 'x' })]);
    // An unreadable sample hashes as no data.
    assert.deepEqual(sampleDataHashes(1, () => { throw new Error('broken'); }, () => null, (s) => s), [sampleDataHash(undefined)]);
  });

  test('the same changed inputs, changes and pairs as reading every sample in this thread', async () => {
    assert.ok(fs.existsSync(workerScript), 'the worker is built (node esbuild.js)');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-compare-inputs-'));
    try {
      const n = 300;
      const base = Array.from({ length: n }, (_, i) => (i % 7 === 0
        ? trialsSample(`s${i}`, [{ correct: i % 2 }, { correct: 1 }], { q: `q${i}`, solver: `plan ${i}` })
        : legacySample(`s${i}`, { correct: i % 3 === 0 ? 0 : 1 }, { q: `q${i}`, topic: `t${i % 5}` })));
      const cand = base.map((sample, i) => {
        const copy = JSON.parse(JSON.stringify(sample)) as Record<string, unknown>;
        const data = i % 7 === 0 ? { q: `q${i}`, solver: i % 14 === 0 ? `other plan ${i}` : `plan ${i}` } : { q: i % 11 === 0 ? `changed ${i}` : `q${i}`, topic: `t${i % 5}` };
        if (i % 7 === 0) for (const trial of copy.trials as Record<string, unknown>[]) trial.sample = { data };
        else copy.sample = { data };
        return copy;
      });
      fs.writeFileSync(path.join(dir, 'base.json'), JSON.stringify(compareLog(base)));
      fs.writeFileSync(path.join(dir, 'cand.json'), JSON.stringify(compareLog(cand)));
      const files = ['base.json', 'cand.json'].map((f) => path.join(dir, f));
      const logs = await loadComparableLogs(files, workerScript);
      assert.ok(logs.every((log) => log.dataFingerprints), 'the workers posted the hashes');
      const hashed = new LogComparison(logs);
      assert.equal(hashed.inputsComplete(), false);
      assert.equal(await hashed.checkInputsByFingerprints(), true);
      assert.equal(hashed.inputsComplete(), true);
      const here = new LogComparison(await loadComparableLogs(files));
      assert.equal(await here.checkInputsByFingerprints(), false, 'logs indexed in this thread have no hashes');
      here.checkInputs();
      const expected = here.summary().candidates[0].alignment.inputChanged;
      assert.ok(expected.length > 20 && expected.includes('s11') && expected.includes('s14') && !expected.includes('s7'), `changed: ${expected.join(', ')}`);
      assert.deepEqual(hashed.summary(), here.summary());
      const query = { candidate: 1, offset: 0, limit: 1000, onlyInputChanged: true, view: 'all' as const };
      assert.deepEqual(hashed.page(query), here.page(query));
      assert.deepEqual((await hashed.pairDetail(1, 's14')).inputChanged, true);
      assert.deepEqual((await hashed.pairDetail(1, 's7')).inputChanged, false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
