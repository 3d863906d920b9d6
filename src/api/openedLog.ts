/**
 * An open log: the figures of its summary at once, its samples from the index on demand. Every call goes to the
 * same source and index the report and `eval-lens log verify` read (src/core/report/openLogSource.ts).
 */
import type { LogSource } from '../core/log/logSource';
import type { LogIndex } from '../core/log/logIndex';
import { LogLoadError as CoreLogLoadError } from '../core/log/logLoadError';
import type { LogSummary, MetricGroup, RepeatabilityStat, RunSummaryView, SampleDetail, SampleRow, SchemaProblem } from '../core/model/logViewTypes';
import { logVerifyJson, logVerifyReport } from '../core/compare/logVerifyReport';
import { logStrings } from '../core/l10n/logStrings';
import { apiStrings } from '../core/l10n/apiStrings';
import { ArgumentError, EvalLensError, LogLoadError } from './errors';
import { logFigures } from './logFigures';
import { wholeNumberOption } from './wholeNumberOption';
import type { LogFile } from './logInput';
import type { LogErrors, LogHeader, LogSamplesInfo, LogTiming, LogVerificationResult, SamplePageQuery, SamplesOptions, SamplesPage, TaskResultLog, VerifyOptions } from './types';

const DEFAULT_PAGE = 100;
const DEFAULT_BATCH = 1000;
/** Samples whose search text is built per turn before a search (the rest of the work waits its turn). */
const SEARCH_STEP = 5000;

/** A core error as the API's: a log that cannot be read names its file as given. */
function apiError(error: unknown, file: LogFile): Error {
  if (error instanceof CoreLogLoadError) {
    return new LogLoadError(error.message.split(file.filePath).join(file.shown), file.shown, { line: error.line, column: error.column });
  }
  return error instanceof Error ? new EvalLensError(error.message, file.shown) : new EvalLensError(String(error), file.shown);
}

export class OpenedLog implements TaskResultLog {
  readonly header: LogHeader;
  readonly metrics: MetricGroup[] | null;
  readonly metricsMissingReason?: string;
  readonly errors: LogErrors;
  readonly timing: LogTiming;
  readonly samplesInfo: LogSamplesInfo;
  readonly runs?: { runs: RunSummaryView[]; stats: RepeatabilityStat[] };
  private closed = false;

  constructor(private readonly source: LogSource, private readonly index: LogIndex | undefined, private readonly summary: LogSummary, private readonly file: LogFile) {
    const figures = logFigures(summary);
    this.header = figures.header;
    this.metrics = summary.metrics;
    this.metricsMissingReason = summary.metricsMissingReason;
    this.errors = figures.errors;
    this.timing = figures.timing;
    this.samplesInfo = figures.samplesInfo;
    this.runs = summary.runs;
  }

  schemaProblems(): Promise<SchemaProblem[]> {
    this.assertOpen();
    return this.source.laterSchemaProblems ? this.source.laterSchemaProblems() : Promise.resolve(this.summary.schemaProblems);
  }

  async *samples(options: SamplesOptions = {}): AsyncIterableIterator<SampleRow> {
    const batch = wholeNumberOption('batchSize', options.batchSize, 1) ?? DEFAULT_BATCH;
    for (let offset = 0; ; offset += batch) {
      this.assertOpen();
      const page = await this.guarded(() => this.source.page({ offset, limit: batch, runIndex: options.runIndex }));
      yield* page.rows;
      if (page.rows.length < batch || offset + batch >= page.total) return;
    }
  }

  async *sampleDetails(options: { runIndex?: number } = {}): AsyncIterableIterator<SampleDetail> {
    const { runIndex } = options;
    const total = runIndex === undefined ? this.samplesInfo.count : (await this.guarded(() => this.source.page({ offset: 0, limit: 0, runIndex }))).total;
    for (let index = 0; index < total; index++) {
      this.assertOpen();
      yield await this.guarded(() => this.source.detail(index, runIndex));
    }
  }

  async page(query: SamplePageQuery = {}): Promise<SamplesPage> {
    this.assertOpen();
    if (query.search && this.index) await this.searchable(this.index);
    const offset = wholeNumberOption('offset', query.offset, 0) ?? 0;
    const limit = wholeNumberOption('limit', query.limit, 0) ?? DEFAULT_PAGE;
    const { sort, search, scoreFilter, runIndex } = query;
    const page = await this.guarded(() => this.source.page({ offset, limit, sort, search, scoreFilter, runIndex }));
    return { total: page.total, offset: page.offset, rows: page.rows };
  }

  sample(index: number, runIndex?: number): Promise<SampleDetail> {
    this.assertOpen();
    if (runIndex === undefined && (!Number.isInteger(index) || index < 0 || index >= this.samplesInfo.count)) {
      return Promise.reject(new ArgumentError(logStrings.sampleOutOfRange(index)));
    }
    return this.guarded(() => this.source.detail(index, runIndex));
  }

  async verify(options: VerifyOptions = {}): Promise<LogVerificationResult> {
    this.assertOpen();
    const index = this.index;
    if (!index) throw new EvalLensError(apiStrings.cannotVerify(this.file.shown), this.file.shown);
    return this.guarded(() => Promise.resolve(logVerifyJson(logVerifyReport(index, options.curves === true, this.summary))));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.source.dispose();
    await this.file.release();
  }

  /** Builds the search text of every sample (a turn at a time), so that a search covers them all. */
  private async searchable(index: LogIndex): Promise<void> {
    while (!index.prepareSearch(SEARCH_STEP)) await new Promise((resolve) => setImmediate(resolve));
  }

  private async guarded<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      throw apiError(error, this.file);
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new EvalLensError(apiStrings.logClosed(this.file.shown), this.file.shown);
  }
}

export { apiError };
