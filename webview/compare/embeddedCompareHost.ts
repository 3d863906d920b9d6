/**
 * The in-page host of a standalone compare file: answers the compare view's requests from the embedded data.
 * The summary is shown as written; pages of changes, another cluster column or a flipped metric are computed
 * by the same LogComparison over the embedded per-sample values (decoded on the first request), and a pair's
 * conversations come from its compressed chunk, decoded when it is opened, or, when the file carries the logs'
 * own bytes, from the two samples parsed out of the logs' windows and built into details (the host's code).
 * Pure of DOM types.
 */
import type { ChangePage, ChangeQuery, CompareOptions, ComparisonSummary, PairDetail } from '../../src/core/model/compareTypes';
import type { CompareHostToWebview, CompareWebviewToHost } from '../../src/core/protocol/compareProtocol';
import type { LogComparison } from '../../src/core/compare/logComparison';
import { isCompareWebviewToHost } from '../../src/core/protocol/compareProtocol';
import { COMPARE_VALUES_CHUNK_ID, compareFileWindowId, comparePairsChunkId, EMBEDDED_COMPARE_ELEMENT_ID, EmbeddedCompare, isEmbeddedCompare } from '../../src/core/protocol/embeddedCompare';
import type { SampleDetail } from '../../src/core/model/logViewTypes';
import { compareValues, CompareValues } from '../../src/core/compare/standaloneCompareData';
import { compareStrings, compareStrings as S, compareStrings as W } from '../../src/core/l10n/compareStrings';
import { ChunkDocument, decodeChunk, decodeChunkBytes } from '../shared/compressedSamples';
import { FileWindowReader, FileWindowSamples } from '../shared/fileWindowSamples';
import type { CompareHostLink } from './compareHostLink';

export function readEmbeddedCompare(doc: Pick<ChunkDocument, 'getElementById'>): EmbeddedCompare | undefined {
  const text = doc.getElementById(EMBEDDED_COMPARE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isEmbeddedCompare(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isCompareValues(value: unknown): value is CompareValues {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<CompareValues>;
  return Array.isArray(v.logs) && v.logs.length >= 2 && Array.isArray(v.pairs)
    && v.logs.every((log) => typeof log === 'object' && log !== null && Array.isArray(log.ids) && Array.isArray(log.trials) && typeof log.scores === 'object' && typeof log.summary === 'object');
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The bootstrap and permutation figures the page was written with, kept when the page compares again: they do not
 * depend on the direction of a metric or on clusters (docs/semantics.md §12), and are not computed on the page's thread.
 */
function carryResampling(written: ComparisonSummary, comparison: LogComparison): void {
  for (const candidate of written.candidates) {
    for (const metric of candidate.metrics) if (metric.resampling) comparison.applyResampling({ candidate: candidate.position, metricId: metric.id, figures: metric.resampling });
  }
  if (written.resampling) comparison.resamplingProgress = written.resampling;
}

export class EmbeddedCompareHost implements CompareHostLink {
  private readonly listeners: ((message: unknown) => void)[] = [];
  private state: unknown;
  private generation = 1;
  private summary: ComparisonSummary;
  private options: CompareOptions;
  private valuesLoad?: Promise<CompareValues>;
  private comparison?: Promise<LogComparison>;
  private readonly pairPositions = new Map<number, Map<string, number>>();
  private readonly pairChunks = new Map<string, Promise<PairDetail[]>>();
  private readonly fileSamples = new Map<number, FileWindowSamples>();

  constructor(private readonly data: EmbeddedCompare, private readonly doc: ChunkDocument) {
    this.summary = data.summary;
    this.options = { lowerIsBetter: data.summary.lowerIsBetter };
    if (data.summary.clusterKey !== undefined) this.options.clusterKey = data.summary.clusterKey;
  }

  post(message: CompareWebviewToHost): void {
    void this.answer(message).then((reply) => {
      if (reply) queueMicrotask(() => this.listeners.forEach((listener) => listener(reply)));
    });
  }

  onMessage(listener: (message: unknown) => void): void {
    this.listeners.push(listener);
  }

  getState(): unknown {
    return this.state;
  }

  setState(state: unknown): void {
    this.state = state;
  }

  private values(): Promise<CompareValues> {
    this.valuesLoad ??= decodeChunk<unknown>(this.doc, COMPARE_VALUES_CHUNK_ID).then((list) => {
      if (!isCompareValues(list[0])) throw new Error(S.damaged(COMPARE_VALUES_CHUNK_ID));
      return list[0];
    });
    return this.valuesLoad;
  }

  private current(): Promise<LogComparison> {
    const data = this.data.summary;
    const options = this.options;
    this.comparison ??= this.values().then((values) => compareValues(values, data, options));
    return this.comparison;
  }

  /** The reply to one message of the view (undefined when none is due). */
  async answer(message: unknown): Promise<CompareHostToWebview | undefined> {
    if (!isCompareWebviewToHost(message)) return undefined;
    if (message.type === 'ready') {
      // Decoded while the reader looks at the table: the first filter or flip then answers sooner.
      this.values().catch(() => undefined);
      return { type: 'init', generation: this.generation, summary: this.summary };
    }
    if (message.type === 'options') return this.compareAgain(message.lowerIsBetter, message.clusterKey);
    if (message.generation !== this.generation) return { type: 'error', id: message.id, error: compareStrings.staleComparison };
    try {
      if (message.type === 'changes') {
        const page = this.embeddedPage(message.query) ?? (await this.current()).page(message.query);
        return { type: 'changesResult', id: message.id, generation: message.generation, page };
      }
      return { type: 'pairResult', id: message.id, generation: message.generation, pair: await this.pair(message.candidate, message.sampleId) };
    } catch (error) {
      return { type: 'error', id: message.id, error: errorText(error) };
    }
  }

  /** The start of the unfiltered list under the file's own options, as embedded. */
  private embeddedPage(query: ChangeQuery): ChangePage | undefined {
    if (this.generation !== 1 || query.offset !== 0 || query.metricId !== undefined || query.view !== undefined || query.kind !== undefined || query.onlySignificant || query.onlyInputChanged) return undefined;
    const first = this.data.firstPages?.[query.candidate - 1];
    if (!first || !Array.isArray(first.rows) || (query.limit > first.rows.length && first.rows.length < first.total)) return undefined;
    return { total: first.total, offset: 0, rows: first.rows.slice(0, query.limit) };
  }

  private async compareAgain(lowerIsBetter: string[], clusterKey: string | undefined): Promise<CompareHostToWebview | undefined> {
    this.options = { lowerIsBetter };
    if (clusterKey) this.options.clusterKey = clusterKey;
    this.comparison = undefined;
    const generation = ++this.generation;
    try {
      const comparison = await this.current();
      carryResampling(this.data.summary, comparison);
      const summary = comparison.summary();
      if (generation !== this.generation) return undefined;
      this.summary = summary;
      return { type: 'init', generation, summary };
    } catch (error) {
      return generation === this.generation ? { type: 'loadError', message: S.cannotCompareAgain(errorText(error)) } : undefined;
    }
  }

  private async pair(candidate: number, sampleId: string): Promise<PairDetail> {
    let positions = this.pairPositions.get(candidate);
    if (!positions) {
      const ids = (await this.values()).pairs[candidate - 1];
      positions = new Map(Array.isArray(ids) ? ids.map((id, i) => [id, i]) : []);
      this.pairPositions.set(candidate, positions);
    }
    const position = positions.get(sampleId);
    if (position === undefined) throw new Error(S.pairNotCarried(sampleId));
    if (this.data.logFiles) return this.pairFromFiles(candidate, position, sampleId);
    const per = this.data.pairsPerChunk;
    const id = comparePairsChunkId(candidate, Math.floor(position / per));
    let chunk = this.pairChunks.get(id);
    if (!chunk) {
      chunk = decodeChunk<PairDetail>(this.doc, id);
      this.pairChunks.set(id, chunk);
    }
    const pair = (await chunk)[position % per];
    if (typeof pair !== 'object' || pair === null || pair.sampleId !== sampleId || !pair.baseline || !pair.candidate) throw new Error(S.damaged(id));
    return pair;
  }

  /** The samples of log `log` (0 for the baseline), read from its windows. */
  private samplesOf(log: number, values: CompareValues): FileWindowSamples {
    let samples = this.fileSamples.get(log);
    const file = this.data.logFiles?.[log];
    const bounds = values.bounds?.[log];
    const count = values.logs[log]?.ids.length;
    if (!file || !bounds || count === undefined) throw new Error(S.damaged(COMPARE_VALUES_CHUNK_ID));
    if (!samples) {
      const reader = new FileWindowReader((n) => decodeChunkBytes(this.doc, compareFileWindowId(log, n)), file.windowBytes, file.windowCount);
      samples = new FileWindowSamples(reader, () => Promise.resolve(bounds), count, file.context);
      this.fileSamples.set(log, samples);
    }
    return samples;
  }

  /** Pair `position` of `candidate`'s carried pairs, parsed from both logs' windows. */
  private async pairFromFiles(candidate: number, position: number, sampleId: string): Promise<PairDetail> {
    const values = await this.values();
    const indices = values.pairIndices?.[candidate - 1];
    const baselineIndex = indices?.baseline[position];
    const candidateIndex = indices?.candidate[position];
    const inRange = (index: number | undefined, log: number): index is number => index !== undefined && Number.isInteger(index) && index >= 0 && index < (values.logs[log]?.ids.length ?? 0);
    if (!inRange(baselineIndex, 0) || !inRange(candidateIndex, candidate)) throw new Error(S.damaged(COMPARE_VALUES_CHUNK_ID));
    const detail = async (log: number, index: number, side: string): Promise<SampleDetail> => {
      try {
        return await this.samplesOf(log, values).detail(index);
      } catch (error) {
        throw new Error(W.pairUnreadable(sampleId, side, errorText(error)));
      }
    };
    const [baseline, candidateDetail] = await Promise.all([detail(0, baselineIndex, W.baseline), detail(candidate, candidateIndex, W.candidate)]);
    const inputChanged = this.data.summary.candidates.find((c) => c.position === candidate)?.alignment.inputChanged.includes(sampleId) ?? false;
    return { sampleId, baseline, candidate: candidateDetail, inputChanged };
  }
}
