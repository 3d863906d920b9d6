/** What `eval-lens` prints for the same question, for tests that hold the Node API to the command line. */
import { runCli } from '../../../src/cli/runCli';
import { repoRoot } from '../sharedFixtures';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export async function cli(argv: string[], cwd = repoRoot): Promise<CliRun> {
  const run = { code: 0, out: '', err: '' };
  run.code = await runCli(argv, { cwd, stdout: (text) => { run.out += text; }, stderr: (text) => { run.err += text; } });
  return run;
}

/** The value as JSON would carry it (no undefined members). */
export function asJson<T>(value: T): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}
