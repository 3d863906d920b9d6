import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadComparableLogs } from '../../../src/core/compare/parallelLoad';
import { compareLogFiles } from '../../../src/core/compare/logFileComparison';
import { LogComparison } from '../../../src/core/compare/logComparison';
import { sampleDataHashes } from '../../../src/core/compare/inputFingerprints';
import { scanLogBuffer } from '../../../src/core/log/bufferLog';
import { readSample } from '../../../src/core/log/sampleReading';
import { randomLogText } from '../log/randomLogs';
import { repoRoot } from '../sharedFixtures';

const workerScript = path.join(repoRoot, 'dist', 'worker', 'compareLoad.js');

/** The hashes as read after indexing, sample by sample from the full text (the plain path). */
function plainHashes(text: string): string[] {
  const scanned = scanLogBuffer(Buffer.from(text), 'log.json');
  const store = scanned?.top;
  assert.ok(store);
  return sampleDataHashes(store.count, (i) => store.full(i), (i) => store.full(i), (sample, i) => readSample(sample, i).data);
}

describe('the data hashes a compare worker takes while indexing', () => {
  test('equal the hashes of each fully read sample, and the records come without checks', async () => {
    assert.ok(fs.existsSync(workerScript), 'the worker is built (node esbuild.js)');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-hashes-'));
    const texts = [31, 32].map((seed) => randomLogText(seed, 900));
    const files = texts.map((text, i) => {
      const file = path.join(dir, `log${i}.tasklog.json`);
      fs.writeFileSync(file, text);
      return file;
    });
    const logs = await loadComparableLogs(files, workerScript);
    for (let i = 0; i < logs.length; i++) {
      assert.deepEqual(await logs[i].dataFingerprints, plainHashes(texts[i]));
      assert.ok(logs[i].records.every((r) => r.checks === undefined));
      assert.ok(logs[i].records.length > 0);
    }
  });

  test('a comparison of files decides every input from them, then lets them go', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-hashes-'));
    const files = [41, 42].map((seed, i) => {
      const file = path.join(dir, `log${i}.tasklog.json`);
      fs.writeFileSync(file, randomLogText(seed, 300));
      return file;
    });
    const result = await compareLogFiles(files, { loadWorker: workerScript });
    assert.ok(result.comparison.inputsComplete());
    for (const log of result.logs) {
      assert.equal(log.dataHashes, undefined, 'the hashes are let go');
      assert.equal(log.dataFingerprints, undefined);
    }
    // The same inputs as a comparison that reads every paired sample again.
    const reread = new LogComparison(await loadComparableLogs(files));
    reread.checkInputs();
    assert.deepEqual(result.comparison.summary().candidates[0].alignment.inputChanged, reread.summary().candidates[0].alignment.inputChanged);
  });
});
