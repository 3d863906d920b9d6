/**
 * The API on the kinds of input the command line reads: Inspect logs (archives and JSON) through `openLog`, and a
 * dataset spec of every source type the examples preview without a network through `previewDataset`.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { openLog, previewDataset } from '../../../src/api/index';
import { repoRoot, sharedFixture } from '../sharedFixtures';
import { asJson, cli } from './cliOutput';

const INSPECT_LOGS = [
  path.join(repoRoot, 'examples', 'logs', 'arith-inspect.eval'),
  sharedFixture('inspect-ai', '2025-12-11T18-00-43+00-00_gpqa-diamond_NL3aygdanSgqAJfzoMFuH6.eval'),
  sharedFixture('inspect-ai', 'completed-eval.json'),
];

describe('openLog on Inspect logs', () => {
  for (const file of INSPECT_LOGS) {
    test(`${path.basename(file)}: the header, a sample with its epochs as trials, and verify() as log verify --json prints it`, async () => {
      const log = await openLog(file);
      try {
        assert.ok(log.samplesInfo.count > 0, 'samples are listed');
        const first = await log.sample(0);
        assert.ok(first.trials.length >= 1, 'each epoch is a trial');
        const printed = await cli(['log', 'verify', file, '--json']);
        assert.deepEqual(asJson(await log.verify()), JSON.parse(printed.out));
      } finally {
        await log.close();
      }
    });
  }
});

/** Example specs whose sources are read from the disk (the hub and `url` examples need a network). */
const OFFLINE_SPECS = ['local-csv', 'local-jsonl', 'folder-notes', 'eval-logs', 'agent-sessions', 'conversations'];

describe('previewDataset on every source type the examples read from disk', () => {
  for (const name of OFFLINE_SPECS) {
    test(`${name}: the rows and funnel eval-lens preview --json prints`, async () => {
      const spec = path.join(repoRoot, 'examples', 'datasets', `${name}.dataset.yaml`);
      const printed = JSON.parse((await cli(['preview', spec, '--json', '--limit', '5'])).out) as { rows: unknown[]; total: number; matched: number; notComparable: number; complete: boolean };
      const preview = await previewDataset(spec, { limit: 5 });
      const rows: unknown[] = [];
      for await (const row of preview.rows) rows.push(row);
      assert.ok(rows.length > 0, `${name} keeps rows`);
      assert.deepEqual(asJson(rows), asJson(printed.rows));
      const { total, matched, notComparable, complete } = preview.funnel;
      assert.deepEqual({ total, matched, notComparable, complete }, { total: printed.total, matched: printed.matched, notComparable: printed.notComparable, complete: printed.complete });
    });
  }
});
