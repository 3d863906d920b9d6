import type { LogSummary, RunSummaryView, SampleDetail, SamplePage, SampleQuery, SchemaProblem } from '../model/logViewTypes';
import type { LogSource } from './logSource';
import { logStrings } from '../l10n/logStrings';
import { ErrorCollector, readErrors, sortStages, stageOf } from './errorCollection';
import { asArray, asInteger, asRecord, isRecord, JsonRecord } from './logValue';
import { kindFromValue } from '../fileKind';
import { buildMetricGroups, PerSampleValues } from './metricsView';
import { addMetricStatistics } from './metricStatistics';
import { repeatabilityStats } from './repeatabilityStats';
import { buildSampleDetail } from './sampleDetail';
import { ArraySampleStore, SampleStore } from './sampleReading';
import { chooseDataColumns, ColumnRegistry, SampleCheck } from './sampleRecords';
import type { SampleRecordColumns } from './sampleRecordColumns';
import { SamplePager } from './samplePaging';
import { IndexedSet, indexSampleSet, PROBE_SAMPLES, probeSettings, recordChecks, SampleVisitor } from './sampleSetBuilder';
import { buildHeader, failuresOf, layoutOf, metricsMissingReason, tokenUsageRows } from './summaryHeader';
import { AggregatorSpec, readTrialsSettings, TrialsSettings } from './trialsConfig';
import { boundDepth } from '../json/depthGuard';
import type { TrialPassTally } from './trialPassTally';

interface LogIndexOptions {
  fileName: string;
  fileSize: number;
  generation: number;
  schemaProblems?: SchemaProblem[];
  /** Build the records without their checks (sampleChecks() then reads the samples again). */
  leaveOutChecks?: boolean;
}

/** The sample stores of a log: top-level samples and each run's (undefined where absent or null). */
interface LogSampleStores {
  top?: SampleStore;
  runs: (SampleStore | undefined)[];
}

/** A sample-level value checked against its trials, with the sample it belongs to. */
interface SampleCheckRow extends SampleCheck {
  sampleId: string | number;
  sampleIndex: number;
  runIndex?: number;
}

interface RunEntry {
  index: number;
  raw: JsonRecord;
  set?: IndexedSet;
  pager?: SamplePager;
}

/**
 * The in-memory index of one task result log: compact per-sample aggregates, the summary (built once),
 * pages and sample details. The raw samples stay in their stores and are read again only for details.
 */
export class LogIndex implements LogSource {
  private readonly settings: TrialsSettings;
  private readonly columns = new ColumnRegistry();
  private readonly top?: IndexedSet;
  private readonly topPager?: SamplePager;
  private readonly runs: RunEntry[] = [];
  private readonly primaryScore?: string;
  private readonly passK: number;
  private readonly dataColumns: string[];
  private cachedSummary?: LogSummary;

  /** Indexes a parsed log value. */
  static fromValue(value: unknown, options: LogIndexOptions): LogIndex {
    const evidence = asRecord(asRecord(value)?.evidence);
    const samples = asArray(evidence?.samples);
    const runs = (asArray(evidence?.runs) ?? []).map((run) => {
      const list = asArray(asRecord(run)?.samples);
      return list ? new ArraySampleStore(list) : undefined;
    });
    return new LogIndex(value, { top: samples ? new ArraySampleStore(samples) : undefined, runs }, options);
  }

  /**
   * `log` is the log value; its sample arrays are read through `stores` (they may be left out of it).
   * `onSample` sees each sample as it is indexed. A store still being filled (pipedScan.ts) is indexed as
   * its samples arrive; `log` is then complete once that store is.
   */
  /** What the top level is when it is not a task result log: 'trace', another kind, or undefined (none known). */
  get otherKind(): { kind: string | undefined } | undefined {
    const kind = kindFromValue(this.log);
    return kind === 'log' ? undefined : { kind };
  }

  constructor(private readonly log: unknown, stores: LogSampleStores, readonly options: LogIndexOptions, onSample?: SampleVisitor) {
    this.settings = readTrialsSettings(asRecord(log)?.specification);
    // A store still being filled: once it has the samples probed (or is complete, then so are the runs).
    stores.top?.waitFor?.(PROBE_SAMPLES - 1);
    const allStores = [stores.top, ...stores.runs].filter((s): s is SampleStore => s !== undefined);
    const probed = probeSettings(allStores, this.settings.aggregators, this.settings.numTrials);
    this.primaryScore = probed.primaryScore;
    this.passK = probed.passK;
    const indexSettings = { aggregators: this.settings.aggregators, primaryScore: this.primaryScore, passK: this.passK, columns: this.columns, onSample, leaveOutChecks: options.leaveOutChecks };
    if (stores.top) this.top = indexSampleSet(stores.top, indexSettings);
    const rawRuns = asArray(asRecord(asRecord(log)?.evidence)?.runs) ?? [];
    rawRuns.forEach((raw, position) => {
      const record = isRecord(raw) ? raw : {};
      const index = asInteger(record.index) ?? position;
      const store = stores.runs[position];
      this.runs.push({ index, raw: record, set: store ? indexSampleSet(store, indexSettings, index) : undefined });
    });
    const firstSet = this.top ?? this.runs.find((r) => r.set)?.set;
    this.dataColumns = firstSet ? chooseDataColumns(firstSet.records) : [];
    const scoreColumns = this.columns.list();
    for (const set of this.allSets()) set.records.keepDataColumns(this.dataColumns);
    if (this.top) this.topPager = new SamplePager(this.top, scoreColumns, this.dataColumns);
    for (const run of this.runs) if (run.set) run.pager = new SamplePager(run.set, scoreColumns, this.dataColumns);
  }

  private allSets(): IndexedSet[] {
    const sets = this.runs.map((r) => r.set).filter((s): s is IndexedSet => s !== undefined);
    return this.top ? [this.top, ...sets] : sets;
  }

  getSummary(): LogSummary {
    if (this.cachedSummary) return this.cachedSummary;
    const log = asRecord(this.log) ?? {};
    const evidence = asRecord(log.evidence) ?? {};
    const scoreColumns = this.columns.list();
    const errors = new ErrorCollector();
    errors.add(readErrors(log.errors, { level: 'log' }));
    errors.add(readErrors(evidence.errors, { level: 'task' }));
    for (const run of this.runs) errors.add(readErrors(run.raw.errors, { level: 'run', runIndex: run.index }));
    const stages = new Set<string>();
    for (const set of this.allSets()) {
      errors.add(set.errors);
      if (set === this.top) for (const error of set.errors) stages.add(stageOf(error));
    }
    const metricsRaw = asArray(evidence.metrics);
    const topValues = new PerSampleValues(this.top?.records, scoreColumns);
    const summary: LogSummary = {
      ...buildHeader(log, this.options),
      metrics: metricsRaw ? this.topMetricGroups(metricsRaw, topValues) : null,
      errors: errors.result(),
      errorTotal: errors.total,
      tokenUsage: tokenUsageRows(evidence.model_token_usages, log.specification),
      samples: {
        count: this.top?.records.length ?? 0,
        layout: layoutOf(this.top?.layouts),
        scoreColumns,
        dataColumns: this.dataColumns,
        errorStages: sortStages(stages),
        maxTrials: Math.max(0, ...this.allSets().map((s) => s.maxTrials)),
        passK: this.passK,
      },
      schemaProblems: this.options.schemaProblems ?? [],
    };
    if (!metricsRaw) summary.metricsMissingReason = metricsMissingReason(log, evidence);
    const failures = failuresOf(evidence.failures);
    if (failures) summary.failures = failures;
    if (this.settings.configured || summary.samples.maxTrials > 0) {
      summary.trials = { numTrials: this.settings.numTrials ?? summary.samples.maxTrials, aggregators: this.settings.aggregators.map(({ label: _label, ...view }) => view) };
    }
    if (this.runs.length) summary.runs = this.runSummaries(scoreColumns);
    // The specification and config are shown as they are: a value nested too deep is shown collapsed.
    this.cachedSummary = boundDepth(summary);
    return this.cachedSummary;
  }

  /** The top-level metrics, each value with the figures of docs/semantics.md §12 beside it. */
  private topMetricGroups(metricsRaw: readonly unknown[], perSample: PerSampleValues): LogSummary['metrics'] {
    const groups = buildMetricGroups(metricsRaw, perSample);
    addMetricStatistics(groups, perSample, this.top?.passes);
    return groups;
  }

  private runSummaries(scoreColumns: ReturnType<ColumnRegistry['list']>): NonNullable<LogSummary['runs']> {
    const runs: RunSummaryView[] = this.runs.map((run) => {
      const metricsRaw = asArray(run.raw.metrics);
      const values = new PerSampleValues(run.set?.records, scoreColumns);
      const view: RunSummaryView = {
        index: run.index,
        metrics: metricsRaw ? buildMetricGroups(metricsRaw, values) : null,
        sampleCount: run.set?.records.length ?? 0,
        errorCount: readErrors(run.raw.errors, { level: 'run' }).length + (run.set?.errors.length ?? 0),
      };
      const failures = failuresOf(run.raw.failures);
      if (failures) view.failures = failures;
      return view;
    });
    return { runs, stats: repeatabilityStats(runs.map((r) => r.metrics)) };
  }

  private pagerFor(runIndex?: number): { pager?: SamplePager; set?: IndexedSet } {
    if (runIndex === undefined) return { pager: this.topPager, set: this.top };
    const run = this.runs.find((r) => r.index === runIndex);
    if (!run) throw new Error(logStrings.runOutOfRange(runIndex));
    return { pager: run.pager, set: run.set };
  }

  /** The compact records of the top-level samples (or of run `runIndex`), in columns, and the store to read each sample again. */
  sampleSet(runIndex?: number): { records: SampleRecordColumns; store: SampleStore } | undefined {
    const { set } = this.pagerFor(runIndex);
    return set ? { records: set.records, store: set.store } : undefined;
  }

  /** The per-sample pass counts over trials of the top-level samples (or of run `runIndex`), counted while indexing. */
  trialPasses(runIndex?: number): TrialPassTally | undefined {
    return this.pagerFor(runIndex).set?.passes;
  }

  /** What building a sample detail needs besides the sample (for a reader of the samples outside this index). */
  detailSettings(): { aggregators: readonly AggregatorSpec[]; primaryScore?: string; passK: number } {
    return { aggregators: this.settings.aggregators, primaryScore: this.primaryScore, passK: this.passK };
  }

  getPage(query: SampleQuery): SamplePage {
    const { pager } = this.pagerFor(query.runIndex);
    if (!pager) return { generation: this.options.generation, total: 0, offset: 0, rows: [] };
    return pager.page(query, this.options.generation);
  }

  getDetail(index: number, runIndex?: number): SampleDetail {
    const { set } = this.pagerFor(runIndex);
    if (!set || index < 0 || index >= set.records.length || !Number.isInteger(index)) throw new Error(logStrings.sampleOutOfRange(index));
    return buildSampleDetail(set.store.full(index), index, runIndex, {
      generation: this.options.generation,
      aggregators: this.settings.aggregators,
      primaryScore: this.primaryScore,
      passK: this.passK,
    });
  }

  /** Every sample-level aggregated value checked against its trials (top level, then runs). */
  sampleChecks(): SampleCheckRow[] {
    const rows: SampleCheckRow[] = [];
    this.forEachSampleCheck((check, sampleId, sampleIndex, runIndex) => {
      const row: SampleCheckRow = { ...check, sampleId, sampleIndex };
      if (runIndex !== undefined) row.runIndex = runIndex;
      rows.push(row);
    });
    return rows;
  }

  /** Each sample-level check, in the order of sampleChecks(), without a row made for it. */
  forEachSampleCheck(visit: (check: SampleCheck, sampleId: string | number, sampleIndex: number, runIndex: number | undefined) => void): void {
    const settings = { ...this.detailSettings(), leaveOutChecks: this.options.leaveOutChecks };
    for (const set of this.allSets()) {
      const { records, runIndex } = set;
      for (let i = 0; i < records.length; i++) {
        const sampleIndex = records.indexAt(i);
        const checks = recordChecks(set, sampleIndex, settings);
        if (!checks) continue;
        const sampleId = records.sampleIdAt(i);
        for (const check of checks) visit(check, sampleId, sampleIndex, runIndex);
      }
    }
  }

  /** Builds the search text of up to `count` more samples; true when every set is searchable. */
  prepareSearch(count: number): boolean {
    for (const set of this.allSets()) {
      if (!set.search.ready) return set.search.step(count) && this.allSets().every((s) => s.search.ready);
    }
    return true;
  }

  summary(): Promise<LogSummary> {
    return Promise.resolve().then(() => this.getSummary());
  }

  page(query: SampleQuery): Promise<SamplePage> {
    return Promise.resolve().then(() => this.getPage(query));
  }

  detail(index: number, runIndex?: number): Promise<SampleDetail> {
    return Promise.resolve().then(() => this.getDetail(index, runIndex));
  }

  dispose(): void {
    // Nothing to release: the index lives as long as its references.
  }
}
