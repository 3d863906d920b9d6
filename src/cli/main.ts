// Entry of the `eval-lens` command line.
import { runCli } from './runCli';
import { CliIo } from './cliTypes';
import * as path from 'node:path';
import { configureCliL10n } from './cliLocale';
import { printable } from '../core/text/printable';
import { maskRegistered } from '../core/text/secretMask';

// dist/cli.js → the package's l10n/ folder.
configureCliL10n(process.env, path.join(__dirname, '..', 'l10n'));

// A reader that closes the pipe early (`eval-lens … | head`) ends the output, not the process with a trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const io: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
};
/**
 * Ends the process with `code` once everything written to stdout and stderr has been handed on. The command's work
 * is done: leaving Node to tear down a command's heap object by object took longer than the exit itself (about
 * 0.1 s after `log verify` of a large log; docs/performance.md).
 */
function exitWhenWritten(code: number): void {
  process.exitCode = code;
  let open = 2;
  const written = (): void => {
    if (--open === 0) process.exit(code);
  };
  process.stdout.write('', written);
  process.stderr.write('', written);
}

runCli(process.argv.slice(2), io).then(
  (code) => exitWhenWritten(code),
  (error: unknown) => {
    process.stderr.write(printable(maskRegistered(`eval-lens: ${error instanceof Error ? error.message : String(error)}\n`)));
    exitWhenWritten(2);
  },
);
