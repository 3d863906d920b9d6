/**
 * The `eval_logs` source (docs/semantics.md §9.1, §9.3): an Inspect `.eval` archive, a `.json` log, a directory searched
 * recursively for both, or a transcript database directory. One row per sample and epoch; samples are read one at
 * a time and only the page's rows keep their data and trace. Without `limit` the first page is sent as soon as it
 * is read; with `limit` (the N most recent by `started_at`, shown oldest first) after the full pass, which keeps
 * only each sample's start time and where to read it again.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sourceStrings } from '../../l10n/sourceStrings';
import { previewStrings } from '../../l10n/previewStrings';
import { PreviewError } from '../previewError';
import { FilterStep, PreviewResult, PreviewRow } from '../../model/previewTypes';
import { isPlainObject } from '../../json/objectValues';
import { EVAL_LOG_SAMPLE_COLUMNS } from './evalLogColumns';
import { LoadedSample, LogFile, ReadContext, SampleLocator, isEvalArchive, isJsonLog, reloadSamples, samplesOfLog } from './logSamples';
import { EvalCountJob } from './evalLogCountMessages';
import { RangeRun, archiveCountPlan, startRange } from './parallelArchiveCount';
import { sampleRow, timeOf } from './sampleRow';
import { isTranscriptDatabase, previewTranscriptDatabase } from './transcriptDatabase';
import type { EvalLogsInput } from './evalLogsInput';
import { WarningList } from './warningList';
import { DeferredTraces } from './deferredTraces';
import type { SkippedMembers } from './leanSample';
import type { SourceOptions } from '../sourceDefinition';

export type { EvalLogsInput } from './evalLogsInput';

const DEFAULT_MAX_ENTRY_MB = 1024;
/** Samples whose `metadata` and `scores` keys are collected for completion and hovers. */
const FACT_SAMPLES = 50;
const PROGRESS_EVERY = 64;
/** Samples read again at a time when a row sink takes every sample chosen by `limit`. */
const RELOAD_BATCH = 512;

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function listLogs(root: string, warnings: WarningList, signal?: AbortSignal): Promise<LogFile[]> {
  const logs: LogFile[] = [];
  const pending: { dir: string; prefix: string; depth: number }[] = [{ dir: root, prefix: '', depth: 0 }];
  while (pending.length && !signal?.aborted) {
    const { dir, prefix, depth } = pending.shift()!;
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      warnings.add(previewStrings.unreadableEntry(dir, reason(error)), dir);
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && depth < 32) pending.push({ dir: path, prefix: `${prefix}${entry.name}/`, depth: depth + 1 });
      else if (entry.isFile() && (isEvalArchive(entry.name) || isJsonLog(entry.name))) logs.push({ path, relative: prefix + entry.name });
    }
  }
  return logs.sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0));
}

/** The source's log files: the path itself, or the logs under it. */
async function logFilesOf(path: string, warnings: WarningList, signal?: AbortSignal): Promise<{ logs: LogFile[]; single: boolean }> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw new PreviewError('unreadableSource', previewStrings.cannotRead(path, reason(error)), { file: path });
  }
  if (info.isFile()) {
    if (!isEvalArchive(path) && !isJsonLog(path)) throw new PreviewError('invalidSource', sourceStrings.notALogFile(path), { file: path });
    return { logs: [{ path, relative: path.split(/[\\/]/).pop() ?? path }], single: true };
  }
  if (!info.isDirectory()) throw new PreviewError('invalidSource', sourceStrings.notALogFile(path), { file: path });
  const logs = await listLogs(path, warnings, signal);
  if (!logs.length) throw new PreviewError('invalidSource', sourceStrings.noLogs(path), { file: path });
  return { logs, single: false };
}

function collectKeys(target: string[], value: unknown): void {
  if (!isPlainObject(value)) return;
  for (const key of Object.keys(value)) if (!target.includes(key)) target.push(key);
}

interface Candidate {
  time: number;
  ordinal: number;
  locator: SampleLocator;
  relative: string;
}

/** Oldest first; samples without a start time count as older than any with one, then in reading order. */
function byStart(a: Candidate, b: Candidate): number {
  return a.time - b.time || a.ordinal - b.ordinal;
}

export async function previewEvalLogs(input: EvalLogsInput): Promise<PreviewResult> {
  const { options } = input;
  if (input.limit !== undefined && (!Number.isInteger(input.limit) || input.limit < 1)) {
    throw new PreviewError('invalidSource', sourceStrings.badLimit(input.limit), { file: options.specPath });
  }
  if (await isTranscriptDatabase(input.path)) return previewTranscriptDatabase(input);
  const warnings = new WarningList();
  const { logs, single } = await logFilesOf(input.path, warnings, options.signal);
  return new EvalLogPass(input, logs, single, warnings).run();
}

/**
 * One pass over the logs: every sample counted; without `limit` the first page's rows kept as they come (every row
 * for a row sink), with `limit` each sample's start time and where to read it again, the chosen ones read at the end.
 * Large archives are split between this thread and worker threads that only count.
 */
class EvalLogPass {
  private readonly rows: PreviewRow[] = [];
  // A row sink (an export) takes every row, with its trace, as soon as it is read; only the page is kept.
  private readonly sink: SourceOptions['onRow'];
  private readonly pageSize: number;
  private readonly maxBytes: number;
  /** Rows after the first `traceRows` keep only where their sample is; their trace is built when a page shows them. */
  private readonly traceRows: number;
  private readonly metadataKeys: string[] = [];
  private readonly scoreKeys: string[] = [];
  private readonly candidates: Candidate[] = [];
  private readonly context: ReadContext;
  private readonly deferred: DeferredTraces;
  private readonly logByPath: Map<string, LogFile>;
  private seen = 0;
  private ordinalBase = 0;
  private filesDone = 0;
  private samplesInFile = 0;
  private ranges: RangeRun[] = [];
  private threadsUsed = 1;
  private startWorkers: (() => void) | undefined;
  private firstPageSent = false;

  constructor(private readonly input: EvalLogsInput, private readonly logs: LogFile[], private readonly single: boolean, private readonly warnings: WarningList) {
    const options = input.options;
    this.sink = options.onRow;
    this.maxBytes = (options.maxEntryMB ?? DEFAULT_MAX_ENTRY_MB) * 1048576;
    this.pageSize = Math.max(0, Math.floor(options.limit));
    this.traceRows = options.traceRows === undefined ? Infinity : Math.max(0, Math.floor(options.traceRows));
    this.context = {
      maxBytes: this.maxBytes,
      single,
      signal: options.signal,
      warn: (message, file) => warnings.add(message, file),
      onSampleCount: (count) => (this.samplesInFile = count),
      skippedMembers: () => this.skippedMembers(),
    };
    this.deferred = new DeferredTraces(this.context);
    this.logByPath = new Map(logs.map((log) => [log.path, log]));
  }

  async run(): Promise<PreviewResult> {
    const { options } = this.input;
    const stopRanges = () => this.ranges.forEach((range) => range.stop());
    options.signal?.addEventListener('abort', stopRanges, { once: true });
    for (const log of this.logs) {
      if (options.signal?.aborted) break;
      await this.readLog(log);
    }
    if (this.input.limit !== undefined && !options.signal?.aborted) await this.readChosen(this.input.limit);
    options.signal?.removeEventListener('abort', stopRanges);
    stopRanges();
    return this.result(!options.signal?.aborted);
  }

  private progress(): void {
    const read = this.seen + this.ranges.reduce((sum, range) => sum + range.progress(), 0);
    const matched = this.input.limit === undefined ? read : Math.min(read, this.input.limit);
    this.input.run.progress(
      this.single
        ? { done: read, total: this.samplesInFile || undefined, unit: 'records', rowsSeen: read, rowsKept: matched }
        : { done: this.filesDone, total: this.logs.length, unit: 'files', rowsSeen: read, rowsKept: matched },
    );
  }

  private result(complete: boolean): PreviewResult {
    const { seen, deferred } = this;
    const limit = this.input.limit;
    const matched = limit === undefined ? seen : Math.min(seen, limit);
    const steps: FilterStep[] = matched < seen ? [{ index: 0, field: 'limit', label: sourceStrings.keptByLimit, removed: seen - matched, notComparable: 0 }] : [];
    return {
      columns: [...EVAL_LOG_SAMPLE_COLUMNS],
      rows: [...this.rows],
      total: seen,
      matched,
      removedPerFilter: steps,
      notComparable: 0,
      warnings: this.warnings.list(),
      complete,
      selection: true,
      recordNoun: 'samples',
      countedBy: sourceStrings.countedArchive(this.filesDone, seen, this.threadsUsed) + (limit === undefined ? '' : sourceStrings.limitNeedsFullPass(limit)),
      sourceFacts: { metadataKeys: [...this.metadataKeys], scoreKeys: [...this.scoreKeys] },
      ...(deferred.any ? { fillTraces: (wanted: readonly PreviewRow[], signal?: AbortSignal) => deferred.fill(wanted, signal) } : {}),
    };
  }

  // Only the rows kept with their trace need the sample's messages; the others skip them and its events, and a
  // sample that is only counted (after the samples whose metadata and score keys are collected) needs its id.
  private skippedMembers(): SkippedMembers | undefined {
    if (this.sink && this.input.limit === undefined) return undefined;
    const kept = this.input.limit === undefined && this.rows.length < this.pageSize;
    if (kept && this.rows.length < this.traceRows) return undefined;
    return kept || this.seen < FACT_SAMPLES ? 'eventsAndMessages' : 'allButCount';
  }

  private keepRow(loaded: LoadedSample): void {
    const rows = this.rows;
    if (this.sink) {
      const values = sampleRow(loaded.sample, loaded.context, true);
      this.sink(values, { file: loaded.locator.file });
      if (rows.length < this.pageSize) rows.push({ values, origin: { file: loaded.locator.file } });
      return;
    }
    const withTrace = rows.length < this.traceRows;
    const row: PreviewRow = { values: sampleRow(loaded.sample, loaded.context, withTrace), origin: { file: loaded.locator.file } };
    const log = this.logByPath.get(loaded.locator.file);
    if (!withTrace && log) this.deferred.defer(row, log, loaded.locator);
    rows.push(row);
  }

  /** Where this thread stops in an archive of these sample keys; the rest is counted by worker threads. */
  private rangeEnd(log: LogFile, archiveKeys: string[], keysOfLog: { keys: string[] }): number {
    const { options, limit } = this.input;
    const plan = archiveCountPlan(archiveKeys.length, options);
    const part = Math.ceil(archiveKeys.length / plan.threads);
    // Rows for a row sink are built here, in order: other threads only count, for `limit`.
    if (!plan.script || (limit === undefined && (this.sink !== undefined || part < this.pageSize))) return archiveKeys.length;
    keysOfLog.keys = archiveKeys;
    const jobs: EvalCountJob[] = Array.from({ length: plan.threads - 1 }, (_, k) => ({ file: log.path, from: part * (k + 1), to: Math.min(archiveKeys.length, part * (k + 2)), maxBytes: this.maxBytes, needStarts: limit !== undefined }));
    // The workers start once the first page is out, so that it does not share the cores with them.
    this.startWorkers = () => {
      this.startWorkers = undefined;
      this.ranges = jobs.map((job) => startRange(plan.script!, job, () => this.progress()));
    };
    if (limit !== undefined || this.rows.length >= this.pageSize) this.startWorkers();
    this.threadsUsed = Math.max(this.threadsUsed, plan.threads);
    return part;
  }

  private async readLog(log: LogFile): Promise<void> {
    const { options } = this.input;
    // Ordinals order samples of equal start time: by file, then by position in the file (skipped ones included).
    const fileBase = this.ordinalBase;
    this.samplesInFile = 0;
    const keysOfLog = { keys: [] as string[] };
    this.context.rangeEnd = (archiveKeys) => this.rangeEnd(log, archiveKeys, keysOfLog);
    for await (const loaded of samplesOfLog(log, this.context)) {
      if (this.sink && options.rowsWanted) await options.rowsWanted();
      this.take(loaded, log, fileBase);
    }
    if (!options.signal?.aborted) this.startWorkers?.();
    this.startWorkers = undefined;
    await this.collectRanges(log, fileBase, keysOfLog.keys);
    this.ranges = [];
    this.ordinalBase += this.samplesInFile;
    this.filesDone++;
    this.progress();
  }

  /** One sample read here: counted, its keys collected, its row kept (the page) or its start time (with `limit`). */
  private take(loaded: LoadedSample, log: LogFile, fileBase: number): void {
    const { limit } = this.input;
    this.seen++;
    if (this.seen <= FACT_SAMPLES) {
      collectKeys(this.metadataKeys, loaded.sample.metadata);
      collectKeys(this.scoreKeys, loaded.sample.scores);
    }
    if (limit === undefined) {
      if (this.sink || this.rows.length < this.pageSize) {
        this.keepRow(loaded);
        if (this.rows.length === this.pageSize && !this.firstPageSent) {
          this.firstPageSent = true;
          this.input.run.firstPage(this.result(false));
          this.startWorkers?.();
        }
      }
    } else {
      // The row's started_at is the sample's own (timeOf reads only strings): no need to build the row.
      this.candidates.push({ time: timeOf(loaded.sample.started_at) ?? -Infinity, ordinal: fileBase + loaded.index, locator: loaded.locator, relative: log.relative });
    }
    if (this.seen % PROGRESS_EVERY === 0) this.progress();
  }

  /** The counts (and with `limit` the start times) of the archive's ranges counted by worker threads. */
  private async collectRanges(log: LogFile, fileBase: number, keys: string[]): Promise<void> {
    const { options } = this.input;
    for (const range of this.ranges) {
      if (options.signal?.aborted) break;
      const counted = await range.done.catch((error: unknown) => {
        if (!options.signal?.aborted) this.warnings.add(sourceStrings.unreadableLog(log.path, error instanceof Error ? error.message : String(error)), log.path);
        return undefined;
      });
      if (!counted) continue;
      this.seen += counted.count;
      for (const warning of counted.warnings) this.warnings.add(warning.message, warning.file);
      counted.indexes.forEach((index, n) => {
        this.candidates.push({ time: counted.starts[n] ?? -Infinity, ordinal: fileBase + index, locator: { kind: 'eval', file: log.path, key: keys[index] }, relative: log.relative });
      });
    }
  }

  /** With `limit`: the N most recent samples read again, the page's (or, for a row sink, all of them in batches). */
  private async readChosen(limit: number): Promise<void> {
    const { options } = this.input;
    const keep = (loaded: LoadedSample) => this.keepRow(loaded);
    this.candidates.sort(byStart);
    const chosen = this.candidates.slice(Math.max(0, this.candidates.length - limit));
    if (!this.sink) await loadPage(chosen.slice(0, this.pageSize), this.logs, this.context, keep);
    else for (let k = 0; k < chosen.length && !options.signal?.aborted; k += RELOAD_BATCH) await loadPage(chosen.slice(k, k + RELOAD_BATCH), this.logs, this.context, keep);
  }
}

/** Reads the chosen page samples again, file by file, and keeps their rows in the chosen order. */
async function loadPage(page: Candidate[], logs: LogFile[], context: ReadContext, keep: (loaded: LoadedSample) => void): Promise<void> {
  const byFile = new Map<string, SampleLocator[]>();
  for (const candidate of page) {
    const list = byFile.get(candidate.locator.file) ?? [];
    list.push(candidate.locator);
    byFile.set(candidate.locator.file, list);
  }
  const loaded = new Map<SampleLocator, LoadedSample>();
  for (const log of logs) {
    const locators = byFile.get(log.path);
    if (!locators) continue;
    for (const [locator, sample] of await reloadSamples(log, locators, context)) loaded.set(locator, sample);
  }
  for (const candidate of page) {
    const sample = loaded.get(candidate.locator);
    if (sample) keep(sample);
  }
}
