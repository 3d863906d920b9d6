/**
 * The datasets and generators of a run config (docs/semantics.md §11.5): each entry of its `datasets:` and
 * `dataset_generators:` lists, either written out in full (embedded) or a `$ref: "PATH"` to a file of its own.
 * An embedded entry is given as a document of its own (its value and a YAML view rooted at the entry, with the
 * run config's offsets), so the checks, hovers and preview of a spec file apply to it unchanged.
 */
import { dirname, resolve } from 'node:path';
import { Document, Node } from 'yaml';
import { keyFileRoleFromValue } from '../fileKind';
import { isRecord } from '../json/jsonValue';
import type { OffsetRange } from '../text/lineIndex';
import { locate, SpecDocument } from '../yaml/specDocument';

export type RunConfigList = 'datasets' | 'dataset_generators';

/** Entries read from one run config: checks, lenses and hovers stay bounded on a hostile file. */
export const MAX_RUN_CONFIG_ENTRIES = 2_000;

const LISTS: readonly { list: RunConfigList; kind: 'dataset' | 'generator' }[] = [
  { list: 'datasets', kind: 'dataset' },
  { list: 'dataset_generators', kind: 'generator' },
];

interface RunConfigEntryBase {
  list: RunConfigList;
  /** 0-based position in its list. */
  position: number;
  kind: 'dataset' | 'generator';
  /** Where the entry's lens goes: its `key` (or `$ref`) key, else the entry's start. */
  anchor: number;
  /** The entry's range in the run config's text. */
  range: OffsetRange;
}

export interface EmbeddedEntry extends RunConfigEntryBase {
  embedded: true;
  /** The entry as a document of its own (offsets are the run config's). */
  document: SpecDocument;
  /**
   * The `secrets:` map its `<< secrets.NAME >>` values read (docs/semantics.md §11.5): the run config's, with the
   * entry's own map (if it writes one) over it; undefined when neither writes one.
   */
  secrets?: Record<string, unknown>;
}

export interface ReferencedEntry extends RunConfigEntryBase {
  embedded: false;
  /** The `$ref` as written. */
  path: string;
  /** Absolute, resolved against the run config's folder; undefined for a run config with no file yet. */
  target?: string;
  /** The `$ref` value's range. */
  valueRange: OffsetRange;
}

export type RunConfigEntry = EmbeddedEntry | ReferencedEntry;

/** Whether a file's first document is a run config (and not a spec file that happens to hold lists). */
export function isRunConfigDocument(documents: readonly SpecDocument[]): boolean {
  return documents.length > 0 && keyFileRoleFromValue(documents[0].value) === 'run-config';
}

/**
 * The preview index of an entry: datasets take the even numbers, generators the odd ones, so adding an entry
 * to one list keeps the index of every entry of the other.
 */
export function runConfigEntryIndex(entry: Pick<RunConfigEntry, 'list' | 'position'>): number {
  return entry.position * 2 + (entry.list === 'datasets' ? 0 : 1);
}

/** The run config's `secrets:` map with the entry's own over it (docs/semantics.md §11.5). */
function entrySecrets(root: Record<string, unknown>, value: Record<string, unknown>): Record<string, unknown> | undefined {
  const shared = isRecord(root.secrets) ? root.secrets : undefined;
  const own = isRecord(value.secrets) ? value.secrets : undefined;
  return shared || own ? { ...shared, ...own } : undefined;
}

/** A view of the document rooted at `node`: locate() and pathAtOffset() then answer paths inside the entry. */
function documentRootedAt(parent: SpecDocument, node: Node, value: unknown, range: OffsetRange): SpecDocument {
  const yaml = new Document() as unknown as Document.Parsed;
  yaml.contents = node as Document.Parsed['contents'];
  return { index: parent.index, value, yaml, range, problems: [] };
}

/** The entries of a run config's first document (none when the text is not a run config or does not parse; at most MAX_RUN_CONFIG_ENTRIES). */
export function runConfigEntries(documents: readonly SpecDocument[], runConfigFile?: string): RunConfigEntry[] {
  if (!isRunConfigDocument(documents)) return [];
  const doc = documents[0];
  if (doc.problems.some((p) => p.severity === 'error') || !isRecord(doc.value)) return [];
  const root = doc.value;
  const entries: RunConfigEntry[] = [];
  for (const { list, kind } of LISTS) {
    const values = root[list];
    if (!Array.isArray(values)) continue;
    values.slice(0, MAX_RUN_CONFIG_ENTRIES - entries.length).forEach((value, position) => {
      const at = locate(doc, [list, position]);
      if (!at.exact || !at.node || !isRecord(value)) return;
      const range = at.valueRange;
      if (typeof value.$ref === 'string') {
        const ref = locate(doc, [list, position, '$ref']);
        entries.push({
          embedded: false, list, position, kind, range, path: value.$ref, valueRange: ref.valueRange,
          anchor: ref.keyRange?.start ?? range.start, target: runConfigFile ? resolve(dirname(runConfigFile), value.$ref) : undefined,
        });
        return;
      }
      const key = locate(doc, [list, position, 'key']);
      entries.push({
        embedded: true, list, position, kind, range, anchor: key.exact && key.keyRange ? key.keyRange.start : range.start,
        document: documentRootedAt(doc, at.node, value, range), secrets: entrySecrets(root, value),
      });
    });
  }
  return entries;
}

/** The embedded entry whose range holds the offset. */
export function embeddedEntryAt(entries: readonly RunConfigEntry[], offset: number): EmbeddedEntry | undefined {
  return entries.find((e): e is EmbeddedEntry => e.embedded && offset >= e.range.start && offset <= e.range.end);
}
