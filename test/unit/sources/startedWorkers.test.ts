import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { countInWorkers, findWorkerScript, ParallelCountInput, startWorkers, stopWorkers } from '../../../src/core/sources/parallelCount';
import { preview } from '../../../src/core/sources/preview';

let dir: string;
let file: string;
const filters = [
  { op: 'in', expression: '{{ sample.meta.category }}', values: ['math', 'code'] },
  { op: 'greater_or_equal', expression: '{{ sample.meta.level }}', value: 3 },
];

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'eval-lens-started-'));
  file = join(dir, 'rows.jsonl');
  const lines: string[] = [];
  for (let k = 0; k < 90_000; k++) {
    const category = ['math', 'code', 'art'][k % 3];
    lines.push(k % 997 === 0 ? '{"meta":broken' : JSON.stringify({ id: k, meta: { category, level: k % 5 }, text: 'x'.repeat(60 + (k % 40)) }));
  }
  writeFileSync(file, lines.join('\n') + '\n');
});
after(() => rmSync(dir, { recursive: true, force: true }));

function input(script: string): ParallelCountInput {
  return {
    script,
    job: { file, format: 'jsonl', filters, need: 0, fast: true, chunkSize: 4 * 1024 * 1024 },
    filterCount: filters.length,
    from: 0,
    lineAtFrom: 1,
    size: statSync(file).size,
    workers: 2,
  };
}

describe('workers started before their job', () => {
  test('count what fresh workers count, and a started worker that has ended is replaced', async () => {
    const script = findWorkerScript();
    assert.ok(script, 'run node esbuild.js first: dist/worker/rangeCount.js');
    const fresh = await countInWorkers(input(script));
    const started = startWorkers(script, 3);
    await started[0].worker.terminate();
    if (!started[0].exited) await once(started[0].worker, 'exit');
    assert.ok(started[0].exited);
    const reused = await countInWorkers({ ...input(script), started });
    assert.deepEqual(reused.stats, fresh.stats);
    assert.deepEqual(reused.warnings, fresh.warnings);
    assert.equal(reused.finished, true);
    assert.ok(fresh.stats.total === 90_000 - 91 && fresh.stats.matched > 1000, JSON.stringify(fresh.stats));
    // The one worker left over was ended.
    if (!started[2].exited) await once(started[2].worker, 'exit');
    stopWorkers(started);
  });

  // A worker left running would keep this test process from ending.
  test('a preview cancelled while it reads the first page ends the workers it started', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await preview({ source: { type: 'local', file_path: file, filters } }, { limit: 10, signal: controller.signal });
    assert.equal(result.complete, false);
    const whole = await preview({ source: { type: 'local', file_path: file, filters } }, { limit: 10 });
    assert.equal(whole.complete, true);
    assert.equal(whole.total, 90_000 - 91);
  });
});
