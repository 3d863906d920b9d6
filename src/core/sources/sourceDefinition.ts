/**
 * What a dataset source type is: its spellings, its fields and what each is for, the columns of its rows, how it
 * selects records, what the editor says about it, and how its rows are read. One definition per type, listed in
 * registry.ts; every place that treats source types differently reads them from here.
 */
import type { CompiledFilter } from '../filters/filterEvaluator';
import type { PreviewOptions, PreviewProgress, PreviewResult, PreviewRow, RecordNoun, SourceFacts } from '../model/previewTypes';
import type { RecordSelection, SelectionCheck } from './selectionFunnel';

/** A file or folder field, resolved against the spec's folder (docs/semantics.md §2). */
export interface SourcePathField {
  name: string;
  role: 'path';
  /** What must be at the path; `file or folder` is a file when its name matches `fileNames`. */
  target: 'file' | 'folder' | 'file or folder';
  /** `file`: the only names accepted (else an authoring error); `file or folder`: the names that make it a file. */
  fileNames?: RegExp;
  /** The preview watches the path for changes, and code lenses count the source (it reads only this path). */
  watched: boolean;
}

/**
 * What another field is for: where the records are (`url`, a platform's `dataset`), the platform (`endpoint`), a
 * key (`credential`, docs/semantics.md §7), a bound of the selection (`time`), ids the selection keeps (`id`),
 * another selecting field (`selection`: tags, metadata, limit), or how the records are read (`option`).
 */
interface SourcePlainField {
  name: string;
  role: 'url' | 'dataset' | 'endpoint' | 'credential' | 'time' | 'id' | 'selection' | 'option';
}

type SourceField = SourcePathField | SourcePlainField;

/** One shape of the rows a source can produce, for hovers ("rows of this source have …"). */
interface SourceColumnSet {
  /** What one row is: `session`, `sample and epoch`, … */
  label: string;
  columns: readonly string[];
}

/** What the editor shows and checks for a source, beyond what its fields say. */
interface SourceAuthoring {
  /** The key the facts of its last preview are kept under (hovers, completion); absent: it has no facts. */
  factsKey?: (source: Record<string, unknown>, specPath: string | undefined) => string;
  /** More keys the same facts answer to (the hub: the config the preview chose). */
  moreFactsKeys?: (facts: SourceFacts) => readonly string[];
  /** The source's own hover, from its facts; absent: its columns and facts. */
  hover?: (facts: SourceFacts | undefined) => string;
  /** Fields besides `type` whose hover also shows the source's columns and facts. */
  factsFields: readonly string[];
  /** The hover says "no preview yet" while its facts are unknown (its columns are worth a preview). */
  factsNeedPreview: boolean;
  /** Values the last preview found for a field (session ids), offered by completion. */
  knownValues?: (field: string, facts: SourceFacts) => readonly string[];
}

/**
 * The preview options as a source sees them: `limit` a whole number ≥ 0 and `signal` always present. Progress and
 * the first page go through the run (SourceRun), never to the caller directly.
 */
export type SourceOptions = Omit<PreviewOptions, 'signal' | 'onProgress' | 'onFirstPage'> & { readonly signal: AbortSignal };

/**
 * What the driver (previewDriver.ts) owns for one run of a source: cancellation, progress, the first page and the
 * selection funnel. A source reports through it; the driver keeps progress in order and paced, announces the first
 * page once, and marks a cancelled run incomplete.
 */
export interface SourceRun {
  /** True once the preview or export was cancelled: stop reading, return what was read. */
  cancelled(): boolean;
  /** How far the reading is. */
  progress(update: PreviewProgress): void;
  /**
   * The first page, as soon as `limit` rows are kept (later calls, and the final result, are ignored). A function
   * is called only for the first call, so a page costly to build is built once.
   */
  firstPage(partial: PreviewResult | (() => PreviewResult)): void;
  /**
   * The selection funnel of a source that selects records with its own fields (docs/semantics.md §9.1): the checks
   * in order, `limit` kept (the most recent), progress reported per record offered.
   */
  selection<R>(checks: readonly SelectionCheck<R>[], limit: number | undefined, how?: SelectionOptions<R>): RecordSelection<R>;
}

export interface SelectionOptions<R> {
  /** A record as its row (no nested detail): given, the records each step removed can be listed (the drill-down). */
  rowOf?: (record: R) => PreviewRow;
  /** False: kept records are only counted, the source hands each over as it is kept (a row sink). Default true. */
  hold?: boolean;
  /** False: no progress per record (the records were counted as they were read). Default true. */
  progress?: boolean;
}

/** What a source is given to read its rows: the spec's source, its compiled filters, the options and the run. */
export interface SourceContext {
  source: Record<string, unknown>;
  /** The type as the spec spells it (for messages). */
  type: string;
  /** The compiled `filters` (none for a source that selects with its own fields). */
  filters: CompiledFilter[];
  options: SourceOptions;
  run: SourceRun;
  /** A field that must be a non-empty string; else an invalid-source error naming it. */
  requiredText: (field: string) => string;
  /** A required path field, resolved against the spec's folder (docs/semantics.md §2). */
  requiredPath: (field: string) => string;
}

export interface SourceDefinition {
  /** Every spelling of the type in a spec's `source.type`; the first is the one rows and facts are labelled with. */
  identifiers: readonly string[];
  /** What one record is, known from the spec before the source answers ("120 sessions read"); undefined: rows or not yet known. */
  recordNoun: (source: Record<string, unknown>) => RecordNoun | undefined;
  /** Its fields besides `type` and `filters`, with what each is for. */
  fields: readonly SourceField[];
  /** The columns of its rows when the source, not the data, defines them (docs/semantics.md §9); else none. */
  columns: readonly SourceColumnSet[];
  /** `filters`: it takes the spec's filters; `own fields`: it selects records with its own fields (docs/semantics.md §9.1). */
  selection: 'filters' | 'own fields';
  authoring: SourceAuthoring;
  /**
   * Reads the source and returns the funnel and the first `limit` kept rows. Every kept row also goes to
   * `options.onRow` when it is set (an export): the preview and the export read one stream of rows. A cancelled
   * run returns what it read; the driver marks it incomplete.
   */
  preview: (context: SourceContext) => Promise<PreviewResult>;
}

/** The path fields of a definition. */
export function pathFieldsOf(definition: SourceDefinition): SourcePathField[] {
  return definition.fields.filter((field): field is SourcePathField => field.role === 'path');
}

/** The first path field of a definition (the file or folder the source reads), if any. */
export function firstPathFieldOf(definition: SourceDefinition | undefined): SourcePathField | undefined {
  return definition ? pathFieldsOf(definition)[0] : undefined;
}

/** The field that says where the records are (a path, a URL, a platform's dataset), if any. */
export function locationFieldOf(definition: SourceDefinition): string | undefined {
  return definition.fields.find((field) => field.role === 'path' || field.role === 'url' || field.role === 'dataset')?.name;
}
