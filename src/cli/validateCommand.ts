/**
 * `eval-lens validate FILE|FOLDER… [--json]`: recognise, validate, print `file:line:col severity message`. A folder also
 * gets the cross-file checks of docs/semantics.md §11.7; files that are none of ours are skipped and counted (§11.5).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CliCommand, UsageError } from './cliTypes';
import { isYamlOrJsonFileName } from '../core/fileKind';
import { FileValidationReport, unreadableMessage } from '../core/validation/fileValidationReport';
import { authoringStrings } from '../core/l10n/authoringStrings';
import { cliStrings } from '../core/l10n/cliStrings';
import { readRegularTextFile } from '../core/text/regularFile';
import * as l10n from '@vscode/l10n';
import { keyStrings } from '../core/l10n/keyStrings';
import { checkedFileReport, FolderChecks, ReadFile } from '../core/workspaceKeys/folderChecks';

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

interface ReadResult {
  files: ReadFile[];
  unreadable: number;
}

/** Reads every file to check; a file that cannot be read is a message on stderr. */
function readAll(args: string[], io: { cwd: string; stderr: (text: string) => void }): ReadResult {
  const files: ReadFile[] = [];
  let unreadable = 0;
  for (const { file, explicit } of expand(args, io.cwd)) {
    try {
      files.push({ file, text: readRegularTextFile(file), explicit });
    } catch (error) {
      io.stderr(`${unreadableMessage(shownName(io.cwd, file), file, error)}\n`);
      unreadable++;
    }
  }
  return { files, unreadable };
}

function shownName(cwd: string, file: string): string {
  return path.relative(cwd, file) || file;
}

function printReport(report: FileValidationReport, io: { stdout: (text: string) => void }): void {
  for (const d of report.diagnostics) io.stdout(`${report.file}:${d.line}:${d.column} ${d.severity} ${d.message}\n`);
  if (report.diagnostics.length === 0) io.stdout(`${report.file}: ok (${report.kind === 'run-config' ? keyStrings.runConfig : report.kind})\n`);
}

export const runValidateCommand: CliCommand = async (argv, io) => {
  const json = argv.includes('--json');
  const unknown = argv.find((a) => a.startsWith('-') && a !== '--json');
  if (unknown) throw new UsageError(l10n.t('unknown option {0}', unknown));
  const args = argv.filter((a) => a !== '--json');
  if (args.length === 0) throw new UsageError(l10n.t('name at least one file'));
  const { files, unreadable } = readAll(args, io);
  const folders = args.map((arg) => path.resolve(io.cwd, arg)).filter((full) => fs.existsSync(full) && fs.statSync(full).isDirectory());
  const checks = new FolderChecks(io.cwd, files, folders);
  const reports: FileValidationReport[] = [];
  const skippedReports: FileValidationReport[] = [];
  let skipped = 0;
  for (const entry of files) {
    const shown = shownName(io.cwd, entry.file);
    const report = checkedFileReport(entry, checks, shown);
    if (report) {
      reports.push(report);
      if (!json) printReport(report, io);
      continue;
    }
    skipped++;
    // A file named on its own is answered, in text and in JSON; those found below a folder are only counted.
    if (!entry.explicit) continue;
    if (json) skippedReports.push({ file: shown, kind: null, valid: true, skipped: true, diagnostics: [] });
    else io.stdout(`${shown}: skipped (${authoringStrings.notRecognised})\n`);
  }
  if (json) io.stdout(JSON.stringify([...reports, ...skippedReports], null, 2) + '\n');
  else printSummary(io, reports, unreadable, skipped);
  if (unreadable > 0) return 2;
  return reports.some((r) => !r.valid) ? 1 : 0;
};

function printSummary(io: { stdout: (text: string) => void }, reports: FileValidationReport[], unreadable: number, skipped: number): void {
  // Nothing read, nothing checked: the messages above say it all (no "0 files checked, 0 with errors").
  const invalid = reports.filter((r) => !r.valid).length;
  const skippedNote = skipped > 0 ? `; ${keyStrings.skippedFiles(skipped)}` : '';
  if (unreadable === 0) io.stdout(`${cliStrings.summary(reports.length, invalid)}${skippedNote}\n`);
  else if (reports.length > 0) io.stdout(`${cliStrings.summaryWithUnreadable(reports.length, invalid, unreadable)}${skippedNote}\n`);
}
