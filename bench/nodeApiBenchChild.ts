/**
 * Iterates every sample of a log through the built Node API (dist/api/index.js, as a user's script loads it) and
 * prints how many samples it read and the seconds it took.
 *   node out/bench/nodeApiBenchChild.js API_BUNDLE LOG_FILE
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import type * as Api from '../src/api/index';

async function main(): Promise<void> {
  const [bundle, file] = process.argv.slice(2);
  const api = createRequire(__filename)(bundle) as typeof Api;
  const started = performance.now();
  const log = await api.openLog(file);
  let samples = 0;
  let trials = 0;
  try {
    for await (const sample of log.samples()) {
      samples++;
      trials += sample.trials.length;
    }
  } finally {
    await log.close();
  }
  process.stdout.write(JSON.stringify({ samples, trials, expected: log.samplesInfo.count, seconds: (performance.now() - started) / 1000 }));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
