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
runCli(process.argv.slice(2), io).then(
  (code) => { process.exitCode = code; },
  (error: unknown) => { process.stderr.write(printable(maskRegistered(`eval-lens: ${error instanceof Error ? error.message : String(error)}\n`))); process.exitCode = 2; },
);
