import type { CandidateComparison, ChangePage, ChangeQuery, CompareLogHeader, CompareOptions, ComparisonSummary, MetricComparison, PairDetail, ResamplingResult, SampleChange } from '../model/compareTypes';
import type { LogSummary } from '../model/logViewTypes';
import { compareStrings } from '../l10n/compareStrings';
import { isRecord } from '../log/logValue';
import { ComparableLog, dataFingerprint, dataKeys } from './comparableLog';
import { adjustAndJudge, compareMetricKey, metricKeyValues } from './metricComparison';
import { alignSampleIds, Alignment } from './sampleAlignment';
import { sampleCount } from './comparableSamples';
import { DataFingerprints, markSameFingerprints } from './dataFingerprints';
import { fisherPAt, KIND_CODES, metricPairs, MetricPairs, NOISE_ALPHA } from './sampleChanges';
import { errorDeltas, runsDeltas, runtimeDelta, usageDeltas } from './runDeltas';
import { GrowableArray } from '../log/growableArrays';
import type { ResamplingWork } from './resamplingMessages';
import { besideT } from './smallSampleFigures';

/** Some pairs of a candidate: each one's position in the baseline and in the candidate, and its sample id. */
export interface ChangedPairs {
  baseline: Int32Array;
  candidate: Int32Array;
  idAt(k: number): string;
}

/** 0 not yet compared, 1 same data, 2 changed. */
const INPUT_UNKNOWN = 0;
const INPUT_SAME = 1;
const INPUT_CHANGED = 2;
const INPUT_MARKS = { unknown: INPUT_UNKNOWN, same: INPUT_SAME, changed: INPUT_CHANGED };

interface CandidateState {
  log: ComparableLog;
  alignment: Alignment;
  unpaired: boolean;
  metrics: MetricComparison[];
  pairs: MetricPairs[];
  inputs: Uint8Array;
  inputsChecked: number;
  result: Omit<CandidateComparison, 'alignment'> & { alignment: Omit<CandidateComparison['alignment'], 'inputChanged' | 'inputsChecked'> };
  /** The filter of the last ordering, and its entries (kept for the next page). */
  lastFilter?: ChangeFilter;
  lastOrder?: Uint32Array;
}

/** What orders a query's entries: all of it but the candidate and the page. */
type ChangeFilter = Pick<ChangeQuery, 'metricId' | 'view' | 'kind' | 'onlySignificant' | 'onlyInputChanged'>;

function sameFilter(a: ChangeFilter, b: ChangeFilter): boolean {
  return a.metricId === b.metricId && a.view === b.view && a.kind === b.kind && a.onlySignificant === b.onlySignificant && a.onlyInputChanged === b.onlyInputChanged;
}

function logHeader(summary: LogSummary): CompareLogHeader {
  const header: CompareLogHeader = {
    fileName: summary.fileName,
    displayName: summary.displayName,
    status: summary.status,
    sampleCount: summary.samples.count,
    layout: summary.samples.layout,
    maxTrials: summary.samples.maxTrials,
  };
  if (summary.execution.startedAt !== undefined) header.startedAt = summary.execution.startedAt;
  if (summary.execution.runtime !== undefined) header.runtime = summary.execution.runtime;
  if (summary.evaluatedEntity !== undefined) header.evaluatedEntity = summary.evaluatedEntity;
  return header;
}

/** The cluster a sample's data falls in for a cluster key (its value as text). */
export function clusterText(data: unknown, key: string): string {
  if (!isRecord(data) || data[key] === undefined || data[key] === null) return compareStrings.missingCluster;
  const value = data[key];
  return typeof value === 'string' ? value : dataFingerprint(value) ?? compareStrings.missingCluster;
}

/**
 * Entries (`pair * M + slot`, ascending) by the size of their change, largest first, equal sizes in the order
 * given: the order sortByKeys (samplePaging.ts) gives, in typed arrays. The sizes are sorted natively (no comparison
 * in script); each distinct size then knows where its entries start, and each entry is placed there in turn.
 */
function largestFirst(entries: Uint32Array, pairs: readonly MetricPairs[], metrics: readonly number[]): Uint32Array {
  const m = metrics.length;
  const sizes = new Float64Array(entries.length);
  for (let e = 0; e < entries.length; e++) sizes[e] = Math.abs(pairs[metrics[entries[e] % m]].delta[Math.floor(entries[e] / m)]);
  // A change is never NaN here (its kind is set), and never −0 (a size is an absolute value).
  const ascending = sizes.slice().sort();
  const next = new Map<number, number>();
  for (let i = ascending.length - 1; i >= 0; i--) {
    if (i === ascending.length - 1 || ascending[i] !== ascending[i + 1]) next.set(ascending[i], ascending.length - 1 - i);
  }
  const order = new Uint32Array(entries.length);
  for (let e = 0; e < sizes.length; e++) {
    const at = next.get(sizes[e]) as number;
    order[at] = entries[e];
    next.set(sizes[e], at + 1);
  }
  return order;
}

/**
 * A comparison of two or more logs (the first is the baseline, docs/semantics.md §10): the metric figures are
 * computed once from the indexed records; per-sample changes are served in pages; sample data is read
 * again only to tell changed inputs and clusters.
 */
export class LogComparison {
  private readonly candidates: CandidateState[];
  private readonly lowerIsBetter: Set<string>;

  constructor(private readonly logs: readonly ComparableLog[], private readonly options: CompareOptions = {}) {
    if (logs.length < 2) throw new Error(compareStrings.needTwoLogs);
    this.lowerIsBetter = new Set(options.lowerIsBetter ?? []);
    this.candidates = logs.slice(1).map((log, i) => this.compareOne(log, i + 1));
  }

  private compareOne(cand: ComparableLog, position: number): CandidateState {
    const base = this.logs[0];
    const alignment = alignSampleIds(base.samples.ids, cand.samples.ids);
    const unpaired = alignment.baseline.length === 0;
    const clusterKey = this.options.clusterKey;
    const clusters = clusterKey && !unpaired ? Array.from(alignment.baseline, (p) => clusterText(base.sampleData(p), clusterKey)) : undefined;
    const { keys, skipped } = metricKeyValues(base, cand, this.lowerIsBetter);
    const resampling = this.options.resampling ? { seed: this.options.resamplingSeed } : undefined;
    const pairs = keys.map((key) => metricPairs(key, alignment, base, cand));
    const figures = adjustAndJudge(keys.map((key) => compareMetricKey(key, alignment, unpaired, clusters, resampling)));
    const metrics: MetricComparison[] = figures.map((m, i) => ({ ...m, changes: pairs[i].counts }));
    return {
      log: cand,
      alignment,
      unpaired,
      metrics,
      pairs,
      inputs: new Uint8Array(alignment.baseline.length),
      inputsChecked: 0,
      result: {
        position,
        log: logHeader(cand.summary),
        alignment: {
          paired: alignment.baseline.length,
          onlyBaseline: alignment.onlyBaseline,
          onlyCandidate: alignment.onlyCandidate,
          duplicateBaseline: alignment.duplicateBaseline,
          duplicateCandidate: alignment.duplicateCandidate,
        },
        unpaired,
        metrics,
        skipped,
        usage: usageDeltas(base.summary, cand.summary),
        errors: errorDeltas(base.summary, cand.summary),
        errorTotal: { stage: 'all', baseline: base.summary.errorTotal, candidate: cand.summary.errorTotal, delta: cand.summary.errorTotal - base.summary.errorTotal },
        runtime: runtimeDelta(base.summary, cand.summary),
        runs: runsDeltas(base.summary, cand.summary),
      },
    };
  }

  private state(candidate: number): CandidateState {
    const state = this.candidates[candidate - 1];
    if (!state) throw new Error(compareStrings.noCandidate(candidate, this.candidates.length));
    return state;
  }

  private inputChanged(state: CandidateState, pair: number): boolean {
    if (state.inputs[pair] === INPUT_UNKNOWN) {
      const a = dataFingerprint(this.logs[0].sampleData(state.alignment.baseline[pair]));
      const b = dataFingerprint(state.log.sampleData(state.alignment.candidate[pair]));
      state.inputs[pair] = a === b ? INPUT_SAME : INPUT_CHANGED;
    }
    return state.inputs[pair] === INPUT_CHANGED;
  }

  /**
   * Compares the data of up to `count` more paired samples (every candidate in turn); true when all are
   * compared. The summary lists the changed inputs completely once this returns true.
   */
  checkInputs(count = Infinity): boolean {
    let left = count;
    for (const state of this.candidates) {
      while (state.inputsChecked < state.inputs.length && left > 0) {
        this.inputChanged(state, state.inputsChecked++);
        left--;
      }
      if (state.inputsChecked < state.inputs.length) return false;
    }
    return true;
  }

  /** True when the data of every paired sample has been compared. */
  inputsComplete(): boolean {
    return this.candidates.every((state) => state.inputsChecked >= state.inputs.length);
  }

  /**
   * Compares the data of every paired sample by the hashes the logs' indexing computed (no sample is read
   * here); the same result as checkInputs. False when some log has no hashes: use checkInputs then.
   */
  async checkInputsByFingerprints(): Promise<boolean> {
    return this.applyFingerprints(await Promise.all(this.logs.map((log) => log.dataHashes ?? Promise.resolve(undefined))));
  }

  /** One pass over the pairs with the hashes of each log's samples (in log order); false when some are missing. */
  applyFingerprints(hashes: readonly (DataFingerprints | undefined)[]): boolean {
    const base = hashes[0];
    if (!base || this.logs.some((log, i) => hashes[i]?.count !== sampleCount(log.samples))) return false;
    this.candidates.forEach((state, c) => {
      markSameFingerprints(base, state.alignment.baseline, hashes[c + 1] as DataFingerprints, state.alignment.candidate, state.inputs, INPUT_MARKS);
      state.inputsChecked = state.inputs.length;
    });
    return true;
  }

  /**
   * The resampling a comparison made without it still lacks (docs/semantics.md §12): per compared metric key of
   * paired values that are not all 0/1, its paired differences in alignment order and the t-test's p.
   */
  resamplingJobs(): ResamplingWork[] {
    const jobs: ResamplingWork[] = [];
    this.candidates.forEach((state, i) => {
      if (state.unpaired) return;
      state.metrics.forEach((metric, m) => {
        if (metric.proportions || metric.resampling || metric.differenceVariance === undefined) return;
        const delta = state.pairs[m].delta;
        const differences: number[] = [];
        for (let k = 0; k < delta.length; k++) if (!Number.isNaN(delta[k])) differences.push(delta[k]);
        if (differences.length >= 2) jobs.push({ candidate: i + 1, metricId: metric.id, differences: Float64Array.from(differences), tP: metric.estimate.p });
      });
    });
    return jobs;
  }

  /** Takes the figures of one metric key, computed apart (a worker thread); unknown keys are ignored. */
  applyResampling(result: ResamplingResult): void {
    const metric = this.candidates[result.candidate - 1]?.metrics.find((m) => m.id === result.metricId);
    if (metric) metric.resampling = besideT(result.figures, metric.estimate.p);
  }

  /** Where the resampling computed apart stands (set by whoever computes it); undefined when nobody does. */
  resamplingProgress?: 'pending' | 'complete';

  summary(): ComparisonSummary {
    const candidates = this.candidates.map((state): CandidateComparison => {
      const inputChanged: string[] = [];
      for (let i = 0; i < state.inputs.length; i++) if (state.inputs[i] === INPUT_CHANGED) inputChanged.push(state.alignment.pairId(i));
      return { ...state.result, alignment: { ...state.result.alignment, inputChanged, inputsChecked: state.inputsChecked >= state.inputs.length } };
    });
    const summary: ComparisonSummary = {
      baseline: logHeader(this.logs[0].summary),
      candidates,
      lowerIsBetter: [...this.lowerIsBetter],
      clusterKeys: dataKeys(this.logs[0]),
      anyRegression: candidates.some((c) => c.metrics.some((m) => m.verdict === 'worse')),
    };
    if (this.options.clusterKey !== undefined) summary.clusterKey = this.options.clusterKey;
    const resampling = this.options.resampling ? 'complete' : this.resamplingProgress;
    if (resampling) summary.resampling = resampling;
    return summary;
  }

  /**
   * The entries of a query, each `pair * M + m` for metric slot m of M (pair-major: equal sizes stay in
   * baseline order, then metric order); changes sorted by size, largest first. Cached for the next page.
   * Held in typed arrays: a million changes take a few megabytes, not arrays of numbers grown and copied.
   */
  private ordering(state: CandidateState, query: ChangeQuery, metrics: readonly number[]): Uint32Array {
    if (state.lastOrder && state.lastFilter && sameFilter(query, state.lastFilter)) return state.lastOrder;
    const order = this.orderEntries(state, query, metrics);
    state.lastFilter = { metricId: query.metricId, view: query.view, kind: query.kind, onlySignificant: query.onlySignificant, onlyInputChanged: query.onlyInputChanged };
    state.lastOrder = order;
    return order;
  }

  /**
   * The entries of `ordering`, computed. Apart from the cache of the next page: the compiler that optimises this
   * loop while it runs would otherwise meet the cache's reads, never run yet, on the next page, and set the
   * optimised code aside there.
   */
  private orderEntries(state: CandidateState, query: ChangeQuery, metrics: readonly number[]): Uint32Array {
    const wantKind = query.kind === 'improvement' ? 1 : query.kind === 'regression' ? 2 : undefined;
    const all = query.view === 'all';
    const m = metrics.length;
    // An entry fits 4 bytes: M × pairs of them would take the metric keys' deltas 32 GB first. Changes are counted
    // already: their list is made at its size (or more, when a filter keeps fewer), not grown and copied.
    const changes = all ? undefined : metrics.reduce((n, slot) => n + state.pairs[slot].counts.improvements + state.pairs[slot].counts.regressions, 0);
    const entries = new GrowableArray(Uint32Array, changes);
    for (let pair = 0; pair < state.alignment.baseline.length; pair++) {
      for (let slot = 0; slot < m; slot++) {
        if (this.keep(state, state.pairs[metrics[slot]], pair, wantKind, query, all)) entries.push(pair * m + slot);
      }
    }
    entries.trim();
    return all ? entries.view() : largestFirst(entries.view(), state.pairs, metrics);
  }

  private keep(state: CandidateState, p: MetricPairs, pair: number, wantKind: number | undefined, query: ChangeQuery, all: boolean): boolean {
    const kind = p.kind[pair];
    if (!all && kind === 0) return false;
    if (wantKind !== undefined && kind !== wantKind) return false;
    if (query.onlySignificant && (kind === 0 || fisherPAt(p, pair) >= NOISE_ALPHA)) return false;
    if (query.onlyInputChanged && !this.inputChanged(state, pair)) return false;
    return true;
  }

  /**
   * A page of per-sample changes (largest first) or of every paired sample (baseline order). A row says
   * whether its input changed once that sample's data has been compared (checkInputs, or the filter).
   */
  page(query: ChangeQuery): ChangePage {
    const state = this.state(query.candidate);
    const metrics: number[] = [];
    for (let i = 0; i < state.pairs.length; i++) if (query.metricId === undefined || state.pairs[i].key.id === query.metricId) metrics.push(i);
    const m = metrics.length;
    const plain = query.view === 'all' && !query.kind && !query.onlySignificant && !query.onlyInputChanged;
    // Every paired sample in baseline order needs no ordering: entry e is pair ⌊e/M⌋, metric e mod M.
    const total = plain ? state.alignment.baseline.length * m : this.ordering(state, query, metrics).length;
    const offset = Math.max(0, Math.min(Math.floor(query.offset) || 0, total));
    const limit = Math.max(0, Math.floor(query.limit) || 0);
    return { total, offset, rows: this.rows(state, metrics, plain ? undefined : state.lastOrder, offset, Math.min(total, offset + limit)) };
  }

  /**
   * The rows of entries `from` to `to` (of `order`, else in baseline order): each pair's two values read from the
   * key's values through the alignment (not copied). One loop with what the page shares read once: a page's first
   * rows run before their code is compiled, where each call and each property read counts.
   */
  private rows(state: CandidateState, metrics: readonly number[], order: Uint32Array | undefined, from: number, to: number): SampleChange[] {
    const m = metrics.length;
    const { alignment, pairs, inputs } = state;
    // The id of sampleIdAt, written out: a call per row counts before the code is compiled.
    const { text, ends } = this.logs[0].samples.ids;
    const rows = new Array<SampleChange>(Math.max(0, to - from));
    for (let e = from; e < to; e++) {
      const entry = order === undefined ? e : order[e];
      const slot = entry % m;
      const pair = (entry - slot) / m;
      const p = pairs[metrics[slot]];
      const baselineIndex = alignment.baseline[pair];
      const candidateIndex = alignment.candidate[pair];
      // NaN (no value) is `x !== x`.
      const baseline = p.key.baselineValues[baselineIndex];
      const candidate = p.key.candidateValues[candidateIndex];
      const delta = p.delta[pair];
      const row: SampleChange = {
        sampleId: text.slice(baselineIndex === 0 ? 0 : ends[baselineIndex - 1], ends[baselineIndex]),
        baselineIndex,
        candidateIndex,
        metricId: p.key.id,
        baseline: baseline !== baseline ? null : baseline,
        candidate: candidate !== candidate ? null : candidate,
        delta: delta !== delta ? null : delta,
        kind: KIND_CODES[p.kind[pair]],
      };
      if (inputs[pair] !== INPUT_UNKNOWN) row.inputChanged = inputs[pair] === INPUT_CHANGED;
      const fisherP = p.fisherP ? p.fisherP[pair] : NaN; // fisherPAt, written out
      if (fisherP === fisherP) {
        row.fisherP = fisherP;
        row.withinNoise = fisherP >= NOISE_ALPHA;
      }
      rows[e - from] = row;
    }
    return rows;
  }

  /** The pairs any metric key changed for (the ones the changes list can open), in baseline order. */
  changedPairs(candidate: number): ChangedPairs {
    const state = this.state(candidate);
    const all = new Int32Array(state.alignment.baseline.length);
    let count = 0;
    for (let pair = 0; pair < all.length; pair++) if (state.pairs.some((p) => p.kind[pair] !== 0)) all[count++] = pair;
    const chosen = all.subarray(0, count);
    return {
      baseline: Int32Array.from(chosen, (pair) => state.alignment.baseline[pair]),
      candidate: Int32Array.from(chosen, (pair) => state.alignment.candidate[pair]),
      idAt: (k) => state.alignment.pairId(chosen[k]),
    };
  }

  /**
   * Both sides of one paired sample. `baselineIndex`: where a page's row put that sample in the baseline
   * (`SampleChange.baselineIndex`), checked against the id and then used in place of a search of every id.
   */
  async pairDetail(candidate: number, sampleId: string, baselineIndex?: number): Promise<PairDetail> {
    const state = this.state(candidate);
    const pair = state.alignment.pairOf(sampleId, baselineIndex);
    if (pair < 0) throw new Error(compareStrings.noPairedSample(sampleId));
    return {
      sampleId,
      baseline: await this.logs[0].detail(state.alignment.baseline[pair]),
      candidate: await state.log.detail(state.alignment.candidate[pair]),
      inputChanged: this.inputChanged(state, pair),
    };
  }
}
