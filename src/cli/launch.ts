// The `eval-lens` executable (dist/cli.js): starts the command line, built as ES modules in dist/cli/ so that each
// command's code is read only when that command runs (docs/development.md, "The command line's build").
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { configureCliL10n } from './cliLocale';
import { cliStrings } from '../core/l10n/cliStrings';

const entry = path.join(__dirname, 'cli', 'main.mjs');
import(pathToFileURL(entry).href).catch((error: unknown) => {
  configureCliL10n(process.env, path.join(__dirname, '..', 'l10n'));
  process.stderr.write(cliStrings.cannotStart(entry, error instanceof Error ? error.message : String(error)));
  process.exitCode = 2;
});
