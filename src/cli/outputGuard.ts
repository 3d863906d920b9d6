/**
 * The CLI's output boundary (docs/security.md): every configured credential is masked on stdout and stderr, and
 * text output shows control characters escaped (`\x1b`…) so that log, trace or row text cannot drive the reader's
 * terminal. `--json` output is exact JSON (JSON.stringify escapes what it must), so only masked.
 */
import { CliIo } from './cliTypes';
import { printable } from '../core/text/printable';
import { maskRegistered } from '../core/text/secretMask';

export function guardedIo(io: CliIo, json: boolean): CliIo {
  return {
    cwd: io.cwd,
    stdout: (text) => io.stdout(json ? maskRegistered(text) : printable(maskRegistered(text))),
    stderr: (text) => io.stderr(printable(maskRegistered(text))),
  };
}
