/** A benchmark step run as a fresh Node process: its wall time, its peak RSS and what it printed. */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';

/** Writes the process's peak RSS (bytes) to the file named by EVAL_LENS_BENCH_RSS_FILE when it exits. */
const PEAK_RSS_PRELOAD = `process.on('exit', () => { require('fs').writeFileSync(process.env.EVAL_LENS_BENCH_RSS_FILE, String(process.resourceUsage().maxRSS * 1024)); });\n`;

export interface ChildFigures {
  seconds: number;
  peakMb: number;
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node ARGS` with the peak-RSS preload; `scratch` holds the preload and the figure it writes. With
 * `stdoutFile`, what the child prints goes to that file (`stdout` is then empty).
 */
export function runChild(args: string[], scratch: string, stdoutFile?: string): ChildFigures {
  const preload = path.join(scratch, 'peakRss.js');
  if (!fs.existsSync(preload)) fs.writeFileSync(preload, PEAK_RSS_PRELOAD);
  const rssFile = path.join(scratch, 'rss.txt');
  fs.rmSync(rssFile, { force: true });
  const started = performance.now();
  const out = stdoutFile === undefined ? 'pipe' : fs.openSync(stdoutFile, 'w');
  const child = spawnSync(process.execPath, ['--require', preload, ...args], { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', out, 'pipe'], env: { ...process.env, EVAL_LENS_BENCH_RSS_FILE: rssFile } });
  if (typeof out === 'number') fs.closeSync(out);
  const seconds = (performance.now() - started) / 1000;
  const peak = fs.existsSync(rssFile) ? Number(fs.readFileSync(rssFile, 'utf8')) : NaN;
  return { seconds, peakMb: peak / 1e6, status: child.status, stdout: child.stdout ?? '', stderr: child.stderr };
}
