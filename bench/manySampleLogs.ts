/**
 * Seeded task result logs of very many small samples (bench/data/, git-ignored): N legacy-layout samples of
 * one 0/1 score each and no data, about 80 bytes a sample, where per-sample memory decides rather than the file's bytes.
 * The candidate comes from another seed, so about half of the pairs change.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { warmFileCache } from './benchTypes';
import { execution, seededRng } from './logGenerator';

/** Writes the log (if not there yet) and returns its path. */
export function ensureManySampleLog(dataDir: string, samples: number, seed: number): string {
  const file = path.join(dataDir, `many-${samples}x1-${seed}.tasklog.json`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dataDir, { recursive: true });
  const rng = seededRng(seed);
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  const header = { format_version: 'v1', app_version: '2.14.0', status: 'success', specification: { display_name: `Yes/no QA — ${samples} samples`, task: { key: 'yes-no-qa' }, config: {}, run_config: null }, execution: execution(1767258000, 5400), errors: [] };
  fs.writeSync(fd, `${JSON.stringify(header).slice(0, -1)},"evidence":{"samples":[\n`);
  let correct = 0;
  const lines: string[] = [];
  for (let n = 0; n < samples; n++) {
    const value = rng() < 0.6 ? 1 : 0;
    correct += value;
    lines.push(`${n ? ',\n' : ''}{"sample_id":"q${n}","scores":[{"scorer_key":"j","values":{"c":${value}}}],"errors":[]}`);
    if (lines.length === 10000) fs.writeSync(fd, lines.splice(0).join(''));
  }
  fs.writeSync(fd, lines.join(''));
  const metrics = [{ metric_key: 'accuracy', metric_type: 'mean', scorer_key: 'j', values: { c: samples ? correct / samples : 0 } }];
  fs.writeSync(fd, `],"metrics":${JSON.stringify(metrics)},"errors":[]}}\n`);
  fs.closeSync(fd);
  fs.renameSync(tmp, file);
  return file;
}

/** The two logs of `samples` samples the compare benchmark pairs, read once (in the OS cache); with their size in MB. */
export function ensureManySampleCompareLogs(dataDir: string, samples: number): { baseline: string; candidate: string; sizeMb: number } {
  const baseline = ensureManySampleLog(dataDir, samples, 20260101);
  const candidate = ensureManySampleLog(dataDir, samples, 20260202);
  warmFileCache(baseline);
  warmFileCache(candidate);
  return { baseline, candidate, sizeMb: (fs.statSync(baseline).size + fs.statSync(candidate).size) / 1e6 };
}
