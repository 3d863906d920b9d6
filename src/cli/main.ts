// Entry of the `eval-lens` command line.
import { runCli } from './runCli';
import { CliIo } from './cliTypes';

const io: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
};
runCli(process.argv.slice(2), io).then(
  (code) => { process.exitCode = code; },
  (error: unknown) => { process.stderr.write(`eval-lens: ${error instanceof Error ? error.message : String(error)}\n`); process.exitCode = 2; },
);
