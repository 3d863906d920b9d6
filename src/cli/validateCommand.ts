/** `eval-lens validate FILE… [--json]`: recognise, validate, print `file:line:col severity message`. */
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

export const runValidateCommand: CliCommand = async (argv, io) => {
  const json = argv.includes('--json');
  const unknown = argv.find((a) => a.startsWith('-') && a !== '--json');
  if (unknown) throw new UsageError(l10n.t('unknown option {0}', unknown));
  const args = argv.filter((a) => a !== '--json');
  if (args.length === 0) throw new UsageError(l10n.t('name at least one file'));
  const reports: FileReport[] = [];
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
    const result = validateText(text, file);
    if (!result.kind && result.diagnostics.length === 0) {
      if (explicit && !json) io.stdout(`${shown}: skipped (${authoringStrings.notRecognised})\n`);
      continue;
    }
    const lines = new LineIndex(text);
    const diagnostics = result.diagnostics.map((d): JsonDiagnostic => {
      const start = lines.positionAt(d.range.start);
      const end = lines.positionAt(d.range.end);
      return { severity: d.severity, message: d.message, line: start.line + 1, column: start.character + 1, endLine: end.line + 1, endColumn: end.character + 1, path: toPointer(d.path) };
    });
    const valid = !diagnostics.some((d) => d.severity === 'error');
    reports.push({ file: shown, kind: result.kind ?? null, valid, diagnostics });
    if (!json) {
      for (const d of diagnostics) io.stdout(`${shown}:${d.line}:${d.column} ${d.severity} ${d.message}\n`);
      if (diagnostics.length === 0) io.stdout(`${shown}: ok (${result.kind})\n`);
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
