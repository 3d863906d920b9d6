/**
 * The datasets of a spec text (one per document of a YAML stream, or one JSON object): labels for the
 * pick list, the range of each `source:` key for code lenses. Pure: no VS Code API.
 */
import { kindFromFileName, kindFromModeline, kindFromValue } from '../../core/fileKind';
import { LineIndex, OffsetRange } from '../../core/text/lineIndex';
import { locate, parseSpecDocuments, SpecDocument } from '../../core/yaml/specDocument';
import { isRecord } from '../../core/json/jsonValue';
import * as l10n from '@vscode/l10n';
import { EmbeddedEntry, isRunConfigDocument, runConfigEntries, runConfigEntryIndex } from '../../core/validation/runConfigEntries';
import { currentDatasetForm, hasTopLevelFilePath } from '../../core/json/olderServiceForms';

export interface DatasetEntry {
  /** 0-based index of the document in the stream; in a run config, its entry's (runConfigEntryIndex). */
  index: number;
  /** Set for a dataset or generator written out in a run config (docs/semantics.md §11.5). */
  runConfigEntry?: { kind: 'dataset' | 'generator'; list: EmbeddedEntry['list']; position: number };
  document: SpecDocument;
  /** `display_name`, else `key`, else "Document N". */
  label: string;
  key?: string;
  sourceType?: string;
  /** Range of the `source` key, when the document has one. */
  sourceKeyRange?: OffsetRange;
  /** 1-based line where the document (or its `source` key) starts. */
  line: number;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Whether a file is a dataset spec: by name, by modeline, or by its first document's content. */
export function isDatasetSpec(fileName: string, content: string, documents?: SpecDocument[]): boolean {
  const byName = kindFromFileName(fileName);
  if (byName) return byName === 'dataset';
  if (kindFromModeline(content) === 'dataset') return true;
  const docs = documents ?? parseSpecDocuments(content);
  return docs.length > 0 && kindFromValue(docs[0].value) === 'dataset';
}

/** Whether a file is a generator definition (docs/semantics.md §1, §11.3). */
export function isGeneratorDefinition(fileName: string, content: string, documents?: SpecDocument[]): boolean {
  const byName = kindFromFileName(fileName);
  if (byName) return byName === 'generator';
  const byModeline = kindFromModeline(content);
  if (byModeline) return byModeline === 'generator';
  const docs = documents ?? parseSpecDocuments(content);
  return docs.length > 0 && kindFromValue(docs[0].value) === 'generator';
}

function entryOf(document: SpecDocument, value: Record<string, unknown>, index: number, lines: LineIndex, fallbackLabel: string): DatasetEntry {
  const key = text(value.key);
  // An older form (docs/semantics.md §11.4) is read as today's; its lens sits on the key it writes.
  const current = currentDatasetForm(value);
  const source = isRecord(current) && isRecord(current.source) ? current.source : undefined;
  const located = 'source' in value ? locate(document, ['source']) : hasTopLevelFilePath(value) ? locate(document, ['file_path']) : undefined;
  const sourceKeyRange = located?.exact ? located.keyRange : undefined;
  const start = sourceKeyRange?.start ?? document.range.start;
  return {
    index,
    document,
    label: text(value.display_name) ?? key ?? fallbackLabel,
    key,
    sourceType: text(source?.type),
    sourceKeyRange,
    line: lines.positionAt(start).line + 1,
  };
}

/** The datasets and generators written out in a run config, each indexed by runConfigEntryIndex. */
function runConfigDatasetEntries(lines: LineIndex, documents: SpecDocument[]): DatasetEntry[] {
  return runConfigEntries(documents).flatMap((entry) => {
    if (!entry.embedded || !isRecord(entry.document.value)) return [];
    const fallback = `${entry.list}[${entry.position}]`;
    const found = entryOf(entry.document, entry.document.value, runConfigEntryIndex(entry), lines, fallback);
    // Previewed with the run config's `secrets:` map, its own over it (docs/semantics.md §11.5); ranges are unchanged.
    const document = entry.secrets ? { ...entry.document, value: { ...entry.document.value, secrets: entry.secrets } } : entry.document;
    return [{ ...found, document, runConfigEntry: { kind: entry.kind, list: entry.list, position: entry.position } }];
  });
}

/** Every document that is a mapping (in a run config: every entry written out), with what the pick list and the code lens need. */
export function datasetEntries(content: string, documents: SpecDocument[] = parseSpecDocuments(content)): DatasetEntry[] {
  const lines = new LineIndex(content);
  if (isRunConfigDocument(documents)) return runConfigDatasetEntries(lines, documents);
  const entries: DatasetEntry[] = [];
  for (const document of documents) {
    const value = document.value;
    if (!isRecord(value)) continue;
    entries.push(entryOf(document, value, document.index, lines, l10n.t('Document {0}', document.index + 1)));
  }
  return entries;
}
