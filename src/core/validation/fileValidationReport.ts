/**
 * One file's validation as `eval-lens validate --json` reports it: what the file was recognised as, and each
 * diagnostic with 1-based lines and columns and the JSON pointer of its value. The command line prints it; the
 * Node API returns it.
 */
import { LineIndex } from '../text/lineIndex';
import { toPointer } from '../yaml/specDocument';
import type { Diagnostic } from './diagnostic';
import { validateText } from './validateText';
import { cliStrings } from '../l10n/cliStrings';

export interface LocatedDiagnostic {
  severity: Diagnostic['severity'];
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  path: string;
}

export interface FileValidationReport {
  file: string;
  kind: string | null;
  valid: boolean;
  /** A file named on the command line that is none of ours. */
  skipped?: true;
  diagnostics: LocatedDiagnostic[];
}

/** Diagnostics located as the report gives them: sorted by position, 1-based, with the JSON pointer of their value. */
export function locatedDiagnostics(text: string, diagnostics: readonly Diagnostic[]): LocatedDiagnostic[] {
  const lines = new LineIndex(text);
  return [...diagnostics].sort((a, b) => a.range.start - b.range.start).map((d): LocatedDiagnostic => {
    const start = lines.positionAt(d.range.start);
    const end = lines.positionAt(d.range.end);
    return { severity: d.severity, message: d.message, line: start.line + 1, column: start.character + 1, endLine: end.line + 1, endColumn: end.character + 1, path: toPointer(d.path) };
  });
}

/**
 * The report of a file's text (`fileName` decides how it is recognised; `shown` is the name reported), or
 * undefined when the file is none of ours.
 */
export function fileValidationReport(text: string, fileName: string, shown: string): FileValidationReport | undefined {
  const result = validateText(text, fileName);
  if (!result.kind && result.diagnostics.length === 0) return undefined;
  const diagnostics = locatedDiagnostics(text, result.diagnostics);
  const valid = !diagnostics.some((d) => d.severity === 'error');
  return { file: shown, kind: result.kind ?? null, valid, diagnostics };
}

/** Why a named file could not be read, in plain words naming it (`shown`, looked for at `full`). */
export function unreadableMessage(shown: string, full: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return cliStrings.noSuchFile(shown, full);
  if (code === 'EACCES' || code === 'EPERM') return cliStrings.permissionDenied(shown);
  if (code === 'EISDIR') return cliStrings.isFolder(shown);
  return cliStrings.cannotRead(shown, error instanceof Error ? error.message : String(error));
}

/** The errors of one document of a dataset spec (the shared validation), as `file:line: message`. */
export function datasetDocumentErrors(text: string, shown: string, documentIndex: number): string[] {
  const result = validateText(text, shown, { kind: 'dataset' });
  const lines = new LineIndex(text);
  return result.diagnostics
    .filter((d) => d.severity === 'error' && d.documentIndex === documentIndex)
    .map((d) => `${shown}:${lines.positionAt(d.range.start).line + 1}: ${d.message}`);
}
