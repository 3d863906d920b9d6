/**
 * Messages between the extension host and the filter preview webview. Both sides import this file.
 * Every message has a string-literal `type`; requests carry an `id` that the response repeats.
 * `generation` numbers a run of the preview: pages of an older generation are dropped.
 */
import type { FilterStep, PreviewProgress, PreviewRow, PreviewWarning, RecordNoun, RemovedRowsPage } from '../model/previewTypes';
import { isRecord } from '../json/jsonValue';
import type { GeneratorPreviewView } from '../sources/generatorPreview';
import type { GeneratorRunView } from '../generators/generatorRun';
import type { TemplateSample } from '../generators/templateExpansion';
import type { ReadyMessage } from '../channel/handshake';
import { isOpenConversationMessage } from './conversationProtocol';
import type { OpenConversationMessage } from './conversationProtocol';
import type { ColumnStatisticsResult } from '../model/columnStatisticsTypes';
import type { SortDirection } from '../filters/valueOrder';

/** Where a problem is, so the view can open it (absolute path or URL, 1-based line). */
export interface PreviewLocation {
  file: string;
  line?: number;
  column?: number;
}

/** A run that could not produce rows: what went wrong, where, and what to do. */
export interface PreviewFailure {
  message: string;
  hint?: string;
  location?: PreviewLocation;
  /** The technical message behind a failure said in plain words (shown folded). */
  detail?: string;
}

/** Counts of a run, without the rows. */
export interface PreviewSummaryView {
  columns: string[];
  total: number;
  matched: number;
  steps: FilterStep[];
  notComparable: number;
  warnings: PreviewWarning[];
  /** False while counting, after a cancel, or when the count stopped early: counts are lower bounds. */
  complete: boolean;
  /** Kept rows the host holds and serves as pages. */
  rowCount: number;
  /** True when more rows were kept than the host holds (`rowCount` is the cap). */
  capped: boolean;
  /** The steps are the source's own selecting fields (docs/semantics.md §9.1), not filters. */
  selection?: boolean;
  /** What one record is ("sessions", "samples", …); rows when absent. */
  recordNoun?: RecordNoun;
  /** How the count was made, in words ("counted by the hub", "counted here from 3 of 12 columns, 41 MB read"). */
  countedBy?: string;
  /** Only part of the data was counted: every count is a lower bound. */
  lowerBound?: boolean;
}

/**
 * Which spec and dataset a view shows. The webview keeps it in its state, so the view can be restored
 * (and run again) after the window reloads.
 */
export interface PreviewTarget {
  /** The spec file's URI, as a string. */
  spec: string;
  /** 0-based index of the dataset's document in the spec file. */
  index: number;
}

// ---- host → webview -------------------------------------------------------------------------

export interface InitMessage {
  type: 'init';
  /** Display name of the spec file and dataset, e.g. "notes.dataset.yaml · math_only". */
  title: string;
  specFile: string;
  target: PreviewTarget;
  pageSize: number;
  rowCap: number;
}

export interface RunStartedMessage {
  type: 'runStarted';
  generation: number;
}

export interface ProgressMessage {
  type: 'progress';
  generation: number;
  progress: PreviewProgress;
  /** What the records counted are, when the host knows ("120 sessions read"); rows when absent. */
  recordNoun?: RecordNoun;
}

/** The first page (`phase: 'firstPage'`, counting goes on) or the final counts (`phase: 'final'`). */
export interface ResultMessage {
  type: 'result';
  generation: number;
  phase: 'firstPage' | 'final';
  summary: PreviewSummaryView;
  /** Rows 0..n of the kept rows, so the table fills without a round trip. */
  rows: PreviewRow[];
}

export interface RunFailedMessage {
  type: 'runFailed';
  generation: number;
  failure: PreviewFailure;
}

interface PageResponse {
  type: 'page';
  id: number;
  generation: number;
  offset: number;
  rows: PreviewRow[];
}

/** A page of the rows one filter step removed, answering `getRemovedRows`. */
interface RemovedRowsResponse {
  type: 'removedRows';
  id: number;
  generation: number;
  page: RemovedRowsPage;
}

/** The statistics of every column of the kept rows, answering `getColumnStatistics`. */
interface ColumnStatisticsResponse {
  type: 'columnStatistics';
  id: number;
  generation: number;
  result: ColumnStatisticsResult;
}

interface ErrorResponse {
  type: 'error';
  id: number;
  message: string;
}

/** A dataset made by a generator: what the generator will produce, shown instead of rows. */
export interface GeneratorMessage {
  type: 'generator';
  generation: number;
  view: GeneratorPreviewView;
  /** What the definition produces for its first source samples (docs/semantics.md §11.3), when it was found. */
  run?: GeneratorRunView;
  /** The previewed file is the generator definition itself (not a dataset that names it). */
  definitionFile?: boolean;
}

/** A page of a `template` synthesizer's samples, answering `getGeneratorPage`. */
export interface GeneratorPageMessage {
  type: 'generatorPage';
  generation: number;
  stage: number;
  offset: number;
  samples: TemplateSample[];
}

export type HostToWebview = InitMessage | RunStartedMessage | ProgressMessage | ResultMessage | RunFailedMessage | PageResponse | RemovedRowsResponse | ColumnStatisticsResponse | ErrorResponse | GeneratorMessage | GeneratorPageMessage;

// ---- webview → host -------------------------------------------------------------------------

/** The webview listens: answered by `init` (src/core/channel/handshake.ts). */
export type { ReadyMessage };

/** Kept rows ordered by one column's values (docs/semantics.md §13). */
export interface RowSort {
  column: string;
  direction: SortDirection;
}

export interface PageRequest {
  type: 'getPage';
  id: number;
  generation: number;
  offset: number;
  count: number;
  /** Rows in this order over every kept row (absent: source order). */
  sort?: RowSort;
}

/** The statistics of every column of the kept rows, computed in one pass over the source. */
export interface ColumnStatisticsRequest {
  type: 'getColumnStatistics';
  id: number;
  generation: number;
}

/**
 * The rows filter `filterIndex` (0-based, in the spec) removed, `offset …` (answered by `removedRows` or `error`); with
 * `field`, the records the selection step of that source field removed (`filterIndex` is then the step's place).
 */
export interface RemovedRowsRequest {
  type: 'getRemovedRows';
  id: number;
  generation: number;
  filterIndex: number;
  field?: string;
  offset: number;
  count: number;
}

interface CancelMessage {
  type: 'cancel';
}

interface RerunMessage {
  type: 'rerun';
}

interface OpenLocationMessage {
  type: 'openLocation';
  location: PreviewLocation;
}

/** A page of a generator's `template` samples (answered by `generatorPage`). */
export interface GeneratorPageRequest {
  type: 'getGeneratorPage';
  generation: number;
  stage: number;
  offset: number;
  count: number;
}

/** "Export kept rows…": the host asks for a file and writes every kept row to it. */
interface ExportRowsMessage {
  type: 'exportRows';
}

export type WebviewToHost = ReadyMessage | PageRequest | RemovedRowsRequest | ColumnStatisticsRequest | OpenConversationMessage | CancelMessage | RerunMessage | OpenLocationMessage | ExportRowsMessage | GeneratorPageRequest;

// ---- guards (messages cross a process boundary: check before trusting) ------------------------

/** A selection step's field as a request names it: absent (a filter step), or a short name. */
function isStepField(value: unknown): boolean {
  return value === undefined || (typeof value === 'string' && value.length > 0 && value.length <= 100);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isSort(value: unknown): value is RowSort {
  return isRecord(value) && typeof value.column === 'string' && (value.direction === 'ascending' || value.direction === 'descending');
}

function isLocation(value: unknown): value is PreviewLocation {
  return isRecord(value) && typeof value.file === 'string' && value.file.length > 0
    && (value.line === undefined || isCount(value.line))
    && (value.column === undefined || isCount(value.column));
}

/** Whether a message from the webview is well formed (unknown types and bad fields are refused). */
export function isWebviewToHost(value: unknown): value is WebviewToHost {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'ready':
    case 'cancel':
    case 'rerun':
    case 'exportRows':
      return true;
    case 'getPage':
      return isCount(value.id) && isCount(value.generation) && isCount(value.offset) && isCount(value.count) && (value.sort === undefined || isSort(value.sort));
    case 'getRemovedRows':
      return isCount(value.id) && isCount(value.generation) && isCount(value.filterIndex) && isCount(value.offset) && isCount(value.count) && isStepField(value.field);
    case 'getColumnStatistics':
      return isCount(value.id) && isCount(value.generation);
    case 'openLocation':
      return isLocation(value.location);
    case 'openConversation':
      return isOpenConversationMessage(value);
    case 'getGeneratorPage':
      return isCount(value.generation) && isCount(value.stage) && isCount(value.offset) && isCount(value.count);
    default:
      return false;
  }
}

function isTarget(value: unknown): value is PreviewTarget {
  return isRecord(value) && typeof value.spec === 'string' && value.spec.length > 0 && isCount(value.index);
}

/** The target a restored view's saved state names (`{ target: { spec, index }, … }`), if it names one. */
export function restoredTarget(state: unknown): PreviewTarget | undefined {
  if (!isRecord(state) || !isTarget(state.target)) return undefined;
  return { spec: state.target.spec, index: state.target.index };
}

const HOST_TYPES: ReadonlySet<string> = new Set<HostToWebview['type']>(['init', 'runStarted', 'progress', 'result', 'runFailed', 'page', 'removedRows', 'columnStatistics', 'error', 'generator', 'generatorPage']);

/** Whether a message from the host has a known type (the host is trusted; this guards stray messages). */
export function isHostToWebview(value: unknown): value is HostToWebview {
  return isRecord(value) && typeof value.type === 'string' && HOST_TYPES.has(value.type);
}
