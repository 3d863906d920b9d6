/**
 * `eval-lens validate FILE|FOLDER… [--json]`: recognise, validate, print `file:line:col severity message`. A folder also
 * gets the cross-file checks of docs/semantics.md §11.7; files that are none of ours are skipped and counted (§11.5).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CliCommand, UsageError } from './cliTypes';
import { validateText } from '../core/validation/validateText';
import { LineIndex } from '../core/text/lineIndex';
import { isYamlOrJsonFileName } from '../core/fileKind';
import { toPointer } from '../core/yaml/specDocument';
import { Diagnostic } from '../core/validation/diagnostic';
import { authoringStrings } from '../core/l10n/authoringStrings';
import { cliStrings } from '../core/l10n/cliStrings';
import { readRegularTextFile } from '../core/text/regularFile';
import * as l10n from '@vscode/l10n';
import { keyStrings } from '../core/l10n/keyStrings';
import { FolderChecks, ReadFile } from './folderChecks';

/** Why a named file could not be read, in plain words naming it. */
function unreadableMessage(shown: string, full: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return cliStrings.noSuchFile(shown, full);
  if (code === 'EACCES' || code === 'EPERM') return cliStrings.permissionDenied(shown);
  if (code === 'EISDIR') return cliStrings.isFolder(shown);
  return cliStrings.cannotRead(shown, error instanceof Error ? error.message : String(error));
}

interface JsonDiagnostic {
  severity: Diagnostic['severity'];
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  path: string;
}

interface FileReport {
  file: string;
  kind: string | null;
  valid: boolean;
  /** A file named on the command line that is none of ours. */
  skipped?: true;
  diagnostics: JsonDiagnostic[];
}

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

function toJsonDiagnostics(text: string, diagnostics: Diagnostic[]): JsonDiagnostic[] {
  const lines = new LineIndex(text);
  return [...diagnostics].sort((a, b) => a.range.start - b.range.start).map((d): JsonDiagnostic => {
    const start = lines.positionAt(d.range.start);
    const end = lines.positionAt(d.range.end);
    return { severity: d.severity, message: d.message, line: start.line + 1, column: start.character + 1, endLine: end.line + 1, endColumn: end.character + 1, path: toPointer(d.path) };
  });
}

/** The report of one file, or undefined when it is none of ours (skipped). */
function reportOf(entry: ReadFile, checks: FolderChecks, shown: string): FileReport | undefined {
  if (!isYamlOrJsonFileName(entry.file) && !/^\s*#\s*eval-lens:/.test(entry.text)) return undefined;
  const result = validateText(entry.text, entry.file);
  const role = checks.roleOf(entry.file);
  if (!result.kind && !role) return undefined;
  const diagnostics = toJsonDiagnostics(entry.text, [...result.diagnostics, ...checks.diagnostics(entry, result)]);
  const kind = result.kind ?? (role === 'run-config' ? 'run-config' : role) ?? null;
  return { file: shown, kind, valid: !diagnostics.some((d) => d.severity === 'error'), diagnostics };
}

function printReport(report: FileReport, io: { stdout: (text: string) => void }): void {
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
  const reports: FileReport[] = [];
  const skippedReports: FileReport[] = [];
  let skipped = 0;
  for (const entry of files) {
    const shown = shownName(io.cwd, entry.file);
    const report = reportOf(entry, checks, shown);
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

function printSummary(io: { stdout: (text: string) => void }, reports: FileReport[], unreadable: number, skipped: number): void {
  // Nothing read, nothing checked: the messages above say it all (no "0 file(s) checked, 0 with errors").
  const invalid = reports.filter((r) => !r.valid).length;
  const skippedNote = skipped > 0 ? `; ${keyStrings.skippedFiles(skipped)}` : '';
  if (unreadable === 0) io.stdout(`${cliStrings.summary(reports.length, invalid)}${skippedNote}\n`);
  else if (reports.length > 0) io.stdout(`${cliStrings.summaryWithUnreadable(reports.length, invalid, unreadable)}${skippedNote}\n`);
}
