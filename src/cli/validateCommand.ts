/** `eval-lens validate FILE… [--json]`: recognise, validate, print `file:line:col severity message`. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CliCommand, UsageError } from './cliTypes';
import { isYamlOrJsonFileName } from '../core/fileKind';
import { FileValidationReport, fileValidationReport, unreadableMessage } from '../core/validation/fileValidationReport';
import { authoringStrings } from '../core/l10n/authoringStrings';
import { cliStrings } from '../core/l10n/cliStrings';
import { readRegularTextFile } from '../core/text/regularFile';
import * as l10n from '@vscode/l10n';

/** Files named on the command line; a folder stands for the YAML/JSON files below it. */
export function expand(args: string[], cwd: string): { file: string; explicit: boolean }[] {
  const out: { file: string; explicit: boolean }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && isYamlOrJsonFileName(entry.name)) out.push({ file: full, explicit: false });
    }
  };
  for (const arg of args) {
    const full = path.resolve(cwd, arg);
    if (fs.existsSync(full) && fs.statSync(full).isDirectory()) walk(full);
    else out.push({ file: full, explicit: true });
  }
  return out;
}

export const runValidateCommand: CliCommand = async (argv, io) => {
  const json = argv.includes('--json');
  const unknown = argv.find((a) => a.startsWith('-') && a !== '--json');
  if (unknown) throw new UsageError(l10n.t('unknown option {0}', unknown));
  const args = argv.filter((a) => a !== '--json');
  if (args.length === 0) throw new UsageError(l10n.t('name at least one file'));
  const reports: FileValidationReport[] = [];
  let unreadable = 0;
  for (const { file, explicit } of expand(args, io.cwd)) {
    const shown = path.relative(io.cwd, file) || file;
    let text: string;
    try {
      text = readRegularTextFile(file);
    } catch (error) {
      io.stderr(`${unreadableMessage(shown, file, error)}\n`);
      unreadable++;
      continue;
    }
    if (!isYamlOrJsonFileName(file) && !/^\s*#\s*eval-lens:/.test(text)) {
      if (explicit && !json) io.stdout(`${shown}: skipped (${authoringStrings.notRecognised})\n`);
      continue;
    }
    const report = fileValidationReport(text, file, shown);
    if (!report) {
      if (explicit && !json) io.stdout(`${shown}: skipped (${authoringStrings.notRecognised})\n`);
      continue;
    }
    reports.push(report);
    if (!json) {
      for (const d of report.diagnostics) io.stdout(`${shown}:${d.line}:${d.column} ${d.severity} ${d.message}\n`);
      if (report.diagnostics.length === 0) io.stdout(`${shown}: ok (${report.kind})\n`);
    }
  }
  if (json) io.stdout(JSON.stringify(reports, null, 2) + '\n');
  else {
    // Nothing read, nothing checked: the messages above say it all (no "0 file(s) checked, 0 with errors").
    const invalid = reports.filter((r) => !r.valid).length;
    if (unreadable === 0) io.stdout(`${cliStrings.summary(reports.length, invalid)}\n`);
    else if (reports.length > 0) io.stdout(`${cliStrings.summaryWithUnreadable(reports.length, invalid, unreadable)}\n`);
  }
  if (unreadable > 0) return 2;
  return reports.some((r) => !r.valid) ? 1 : 0;
};
