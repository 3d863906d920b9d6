/**
 * `dataset list`: every dataset spec among a set of files (recognised as docs/semantics.md §1 says: by name,
 * modeline or first document), one entry per document of a YAML stream, with its key, display name,
 * source type, line and whether it is valid.
 */
import * as fs from 'node:fs';
import { kindFromFileName, looksLikeLogJson } from '../fileKind';
import { validateText } from '../validation/validateText';
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

/** Dataset entries of one spec file's text. */
export function datasetEntriesOf(file: string, content: string): DatasetListEntry[] {
  const result = validateText(content, file);
  if (result.kind !== 'dataset') return [];
  const lines = new LineIndex(content);
  const documents = result.documents.length > 0 ? result.documents : [undefined];
  return documents.map((doc, index) => {
    const value = doc ? doc.value : result.values[index];
    const errors = result.diagnostics.filter((d) => d.severity === 'error' && d.documentIndex === index);
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

/** Dataset entries of the given files (paths as they should be shown); unreadable files are reported, not thrown. */
export function listDatasets(files: readonly { file: string; shown: string }[]): DatasetListOutcome {
  const outcome: DatasetListOutcome = { entries: [], unreadable: [] };
  for (const { file, shown } of files) {
    const named = kindFromFileName(file);
    if (named !== undefined && named !== 'dataset') continue;
    let content: string;
    try {
      if (named === undefined && fs.statSync(file).size > MAX_UNNAMED_SPEC_BYTES) continue;
      content = readRegularTextFile(file);
    } catch (error) {
      outcome.unreadable.push({ file: shown, message: S.cannotRead(shown, (error as NodeJS.ErrnoException).code ?? (error as Error).message) });
      continue;
    }
    if (named === undefined && /\.json$/i.test(file) && looksLikeLogJson(content)) continue;
    outcome.entries.push(...datasetEntriesOf(shown, content));
  }
  return outcome;
}
