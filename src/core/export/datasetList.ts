/**
 * `dataset list`: every dataset spec among a set of files (recognised as docs/semantics.md §1 says: by name,
 * modeline or first document), one entry per document of a YAML stream, with its key, display name,
 * source type, line and whether it is valid (with the folder's checks given, as `eval-lens validate` says it of the
 * same folder: docs/semantics.md §11.7).
 */
import * as fs from 'node:fs';
import { kindFromFileName, looksLikeLogJson } from '../fileKind';
import { ValidationResult, validateText } from '../validation/validateText';
import { Diagnostic } from '../validation/diagnostic';
import { LineIndex } from '../text/lineIndex';
import { locate } from '../yaml/specDocument';
import { isPlainObject } from '../json/objectValues';
import { datasetCommandStrings as S } from '../l10n/cliStrings';
import { readRegularTextFile } from '../text/regularFile';
import { currentDatasetForm } from '../json/olderServiceForms';

export interface DatasetListEntry {
  file: string;
  /** 1-based document of the YAML stream. */
  document: number;
  /** 1-based line of the document's `key` (or of the document). */
  line: number;
  key: string | null;
  displayName: string | null;
  /** The source's `type`, `generator` for a generated dataset, null when neither is given. */
  sourceType: string | null;
  valid: boolean;
  errors: number;
  /** First error messages, for the text listing. */
  problems: string[];
}

interface DatasetListOutcome {
  entries: DatasetListEntry[];
  /** Files that could not be read, with the reason. */
  unreadable: { file: string; message: string }[];
}

/** Larger files are not read when their name does not say they are a dataset spec. */
const MAX_UNNAMED_SPEC_BYTES = 4 * 1024 * 1024;

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function sourceTypeOf(written: Record<string, unknown>): string | null {
  // An older form is listed as what it stands for (docs/semantics.md §11.4).
  const current = currentDatasetForm(written);
  const value = isPlainObject(current) ? current : written;
  if (isPlainObject(value.source) && typeof value.source.type === 'string') return value.source.type;
  if (value.generator_specification !== undefined && value.source === undefined) return S.generator;
  return null;
}

/** The document of a stream that holds `offset` (the last one that starts at or before it). */
function documentAt(result: ValidationResult, offset: number): number {
  let found = 0;
  result.documents.forEach((doc, index) => {
    if (doc.range.start <= offset) found = index;
  });
  return found;
}

/**
 * Dataset entries of one spec file's text. `moreChecks` adds the diagnostics beyond the text's own (missing data
 * files, unknown keys), each counted in the document that holds it.
 */
export function datasetEntriesOf(file: string, content: string, moreChecks?: (result: ValidationResult) => Diagnostic[]): DatasetListEntry[] {
  const result = validateText(content, file);
  if (result.kind !== 'dataset') return [];
  const lines = new LineIndex(content);
  const more = moreChecks ? moreChecks(result).filter((d) => d.severity === 'error') : [];
  const documents = result.documents.length > 0 ? result.documents : [undefined];
  return documents.map((doc, index) => {
    const value = doc ? doc.value : result.values[index];
    const errors = [
      ...result.diagnostics.filter((d) => d.severity === 'error' && d.documentIndex === index),
      ...more.filter((d) => documentAt(result, d.range.start) === index),
    ].sort((a, b) => a.range.start - b.range.start);
    const record = isPlainObject(value) ? value : {};
    const at = doc ? (locate(doc, ['key']).keyRange?.start ?? doc.range.start) : 0;
    return {
      file,
      document: index + 1,
      line: lines.positionAt(at).line + 1,
      key: text(record.key),
      displayName: text(record.display_name),
      sourceType: sourceTypeOf(record),
      valid: errors.length === 0,
      errors: errors.length,
      problems: errors.slice(0, 3).map((d) => `${lines.positionAt(d.range.start).line + 1}: ${d.message}`),
    };
  });
}

/** Files named as another kind (logs, traces) are neither listed nor read: they can be hundreds of MB. */
const NOT_READ_KINDS = new Set(['log', 'trace']);

/** A file's checks beyond its text's own, given every file read (the other specs, generators and run configs). */
export type FolderCheckFactory = (read: { file: string; text: string }[]) => (file: { file: string; text: string }, result: ValidationResult) => Diagnostic[];

/**
 * Dataset entries of the given files (paths as they should be shown); unreadable files are reported, not thrown.
 * With `folderChecks`, each spec is also checked against the disk and the other files read, as `validate` checks a
 * folder.
 */
export function listDatasets(files: readonly { file: string; shown: string }[], folderChecks?: FolderCheckFactory): DatasetListOutcome {
  const outcome: DatasetListOutcome = { entries: [], unreadable: [] };
  const read: { file: string; shown: string; text: string; candidate: boolean }[] = [];
  for (const { file, shown } of files) {
    const named = kindFromFileName(file);
    if (named !== undefined && NOT_READ_KINDS.has(named)) continue;
    const candidate = named === undefined || named === 'dataset';
    let content: string;
    try {
      if (named === undefined && fs.statSync(file).size > MAX_UNNAMED_SPEC_BYTES) continue;
      content = readRegularTextFile(file);
    } catch (error) {
      if (candidate) outcome.unreadable.push({ file: shown, message: S.cannotRead(shown, (error as NodeJS.ErrnoException).code ?? (error as Error).message) });
      continue;
    }
    if (named === undefined && /\.json$/i.test(file) && looksLikeLogJson(content)) continue;
    read.push({ file, shown, text: content, candidate });
  }
  const checks = folderChecks?.(read);
  for (const { file, shown, text, candidate } of read) {
    if (!candidate) continue;
    const moreChecks = checks && ((result: ValidationResult) => checks({ file, text }, result));
    outcome.entries.push(...datasetEntriesOf(shown, text, moreChecks));
  }
  return outcome;
}
