/** Runs the built CLI as a child process for the hostile-input tests: a hang or a crash fails the case. */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { repoRoot } from '../sharedFixtures';

const cli = path.join(repoRoot, 'dist', 'cli.js');
export const CASE_MS = 20_000;

export interface Run { code: number | null; out: string; err: string }

/** Runs the CLI as a child process, killed after CASE_MS (a hang fails the case). */
export function run(cwd: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`eval-lens ${args.join(' ')} did not finish within ${CASE_MS} ms`));
    }, CASE_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

/** No crash: an exit code of ours, no stack trace, no stack overflow text. */
export function assertClean(r: Run, what: string): void {
  assert.ok(r.code === 0 || r.code === 1 || r.code === 2, `${what}: exit ${r.code}\n${r.err}`);
  const all = r.out + r.err;
  assert.doesNotMatch(all, /Maximum call stack|RangeError|^\s+at .+:\d+:\d+\)?$/m, `${what}:\n${all.slice(0, 2000)}`);
}
