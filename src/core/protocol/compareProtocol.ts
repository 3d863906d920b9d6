/**
 * Messages between the compare webview and the extension host. Same pattern as the log report: a `ready`
 * handshake answered by `init` (or `loadError`), requests with an `id` answered by their result or by
 * `{ type: 'error', id }`, pages of per-sample changes on demand (the webview never holds whole logs), and
 * a `generation` that increases when the comparison is computed again (other cluster column, flipped
 * metric): replies of an older generation are stale.
 */
import type { ChangePage, ChangeQuery, ComparisonSummary, PairDetail, ResamplingResult } from '../model/compareTypes';
import { isRecord } from '../json/jsonValue';
import type { ReadyMessage } from '../channel/handshake';

// ---- webview → host -------------------------------------------------------------------------------------

/** The webview listens: answered by `init` (src/core/channel/handshake.ts). */
type CompareReadyMessage = ReadyMessage;

interface ChangesRequest {
  type: 'changes';
  id: number;
  generation: number;
  query: ChangeQuery;
}

interface PairRequest {
  type: 'pair';
  id: number;
  generation: number;
  candidate: number;
  sampleId: string;
  /** The sample's baseline position, as its row gave it (`SampleChange.baselineIndex`): found without a search. */
  baselineIndex?: number;
}

/** Compute the comparison again with other options; answered by a new `init`. */
interface CompareOptionsMessage {
  type: 'options';
  clusterKey?: string;
  lowerIsBetter: string[];
}

export type CompareWebviewToHost = CompareReadyMessage | ChangesRequest | PairRequest | CompareOptionsMessage;

// ---- host → webview -------------------------------------------------------------------------------------

interface CompareProgressMessage {
  type: 'progress';
  label: string;
}

interface CompareInitMessage {
  type: 'init';
  generation: number;
  summary: ComparisonSummary;
}

/** Bootstrap and permutation figures computed after `init` (docs/semantics.md §12); `complete` when none is to come. */
interface CompareResamplingMessage {
  type: 'resampling';
  generation: number;
  results: ResamplingResult[];
  complete: boolean;
}

interface CompareLoadErrorMessage {
  type: 'loadError';
  message: string;
}

interface ChangesResult {
  type: 'changesResult';
  id: number;
  generation: number;
  page: ChangePage;
}

interface PairResult {
  type: 'pairResult';
  id: number;
  generation: number;
  pair: PairDetail;
}

interface CompareErrorReply {
  type: 'error';
  id: number;
  error: string;
}

export type CompareHostToWebview = CompareProgressMessage | CompareInitMessage | CompareResamplingMessage | CompareLoadErrorMessage | ChangesResult | PairResult | CompareErrorReply;
export type CompareHostReply = ChangesResult | PairResult | CompareErrorReply;

// ---- guards ---------------------------------------------------------------------------------------------

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function optional(value: unknown, type: 'string' | 'boolean'): boolean {
  return value === undefined || typeof value === type;
}

export function isChangeQuery(value: unknown): value is ChangeQuery {
  if (!isRecord(value)) return false;
  if (!isId(value.candidate) || value.candidate < 1 || !isId(value.offset) || !isId(value.limit)) return false;
  if (!optional(value.metricId, 'string') || !optional(value.onlySignificant, 'boolean') || !optional(value.onlyInputChanged, 'boolean')) return false;
  if (value.view !== undefined && value.view !== 'changes' && value.view !== 'all') return false;
  return value.kind === undefined || value.kind === 'improvement' || value.kind === 'regression';
}

export function isCompareWebviewToHost(value: unknown): value is CompareWebviewToHost {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'ready':
      return true;
    case 'changes':
      return isId(value.id) && isId(value.generation) && isChangeQuery(value.query);
    case 'pair':
      return isId(value.id) && isId(value.generation) && isId(value.candidate) && typeof value.sampleId === 'string' && (value.baselineIndex === undefined || isId(value.baselineIndex));
    case 'options':
      return optional(value.clusterKey, 'string') && Array.isArray(value.lowerIsBetter) && value.lowerIsBetter.every((k) => typeof k === 'string');
    default:
      return false;
  }
}

export function isCompareHostToWebview(value: unknown): value is CompareHostToWebview {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'progress':
      return typeof value.label === 'string';
    case 'init':
      return isId(value.generation) && isRecord(value.summary) && Array.isArray(value.summary.candidates);
    case 'loadError':
      return typeof value.message === 'string';
    case 'resampling':
      return isId(value.generation) && typeof value.complete === 'boolean' && Array.isArray(value.results) && value.results.every((r) => isRecord(r) && isId(r.candidate) && typeof r.metricId === 'string' && isRecord(r.figures));
    case 'changesResult':
      return isId(value.id) && isId(value.generation) && isRecord(value.page) && Array.isArray(value.page.rows);
    case 'pairResult':
      return isId(value.id) && isId(value.generation) && isRecord(value.pair);
    case 'error':
      return isId(value.id) && typeof value.error === 'string';
    default:
      return false;
  }
}
