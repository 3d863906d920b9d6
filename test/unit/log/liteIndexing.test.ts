import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadLogIndexSync } from '../../../src/core/log/logLoader';
import { randomLogText, reportViews } from './randomLogs';

/**
 * The index built from bytes (samples located by offsets, indexed from their "lite" copies without
 * `solver` and `direct_ios`) against the index of the whole parsed text, on random logs (randomLogs.ts).
 */

describe('lite indexing on random logs', () => {
  for (const seed of [3, 8, 21, 34]) {
    test(`gives the summary, pages, checks and details of the fully parsed log (seed ${seed})`, () => {
      const text = randomLogText(seed, 1200);
      const lite = loadLogIndexSync(Buffer.from(text), { fileName: 'random.tasklog.json' });
      const full = loadLogIndexSync(Buffer.from(text), { fileName: 'random.tasklog.json', mode: 'full' });
      assert.ok(lite.getSummary().errorTotal > 0, 'the random log has errors');
      assert.deepEqual(reportViews(lite), reportViews(full));
    });
  }
});
