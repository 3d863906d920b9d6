/**
 * The `eval_logs` source (SEMANTICS §9.1, §9.3): an Inspect `.eval` archive, a `.json` log, a directory searched
 * recursively for both, or a transcript database directory. One row per sample and epoch; samples are read one at
 * a time and only the page's rows keep their data and trace. Without `limit` the first page is sent as soon as it
 * is read; with `limit` (the N most recent by `started_at`, shown oldest first) after the full pass, which keeps
 * only each sample's start time and where to read it again.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { evalLogStrings } from '../../l10n/evalLogStrings';
import { evalLogSpeedStrings } from '../../l10n/evalLogSpeedStrings';
import { previewStrings } from '../../l10n/previewStrings';
import { PreviewError } from '../previewError';
import { FilterStep, PreviewResult, PreviewRow } from '../../model/previewTypes';
import { isPlainObject } from '../../json/objectValues';
import { EVAL_LOG_SAMPLE_COLUMNS } from './evalLogColumns';
import { LoadedSample, LogFile, ReadContext, SampleLocator, isEvalArchive, isJsonLog, reloadSamples, samplesOfLog } from './logSamples';
import { EvalCountJob } from './evalLogCountProtocol';
import { RangeRun, archiveCountPlan, startRange } from './parallelArchiveCount';
import { sampleRow, timeOf } from './sampleRow';
import { isTranscriptDatabase, previewTranscriptDatabase } from './transcriptDatabase';
import type { EvalLogsInput } from './evalLogsInput';
import { WarningList } from './warningList';
import { DeferredTraces } from './deferredTraces';

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
    if (!isEvalArchive(path) && !isJsonLog(path)) throw new PreviewError('invalidSource', evalLogStrings.notALogFile(path), { file: path });
    return { logs: [{ path, relative: path.split(/[\\/]/).pop() ?? path }], single: true };
  }
  if (!info.isDirectory()) throw new PreviewError('invalidSource', evalLogStrings.notALogFile(path), { file: path });
  const logs = await listLogs(path, warnings, signal);
  if (!logs.length) throw new PreviewError('invalidSource', evalLogStrings.noLogs(path), { file: path });
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
    throw new PreviewError('invalidSource', evalLogStrings.badLimit(input.limit), { file: options.specPath });
  }
  if (await isTranscriptDatabase(input.path)) return previewTranscriptDatabase(input);
  const warnings = new WarningList();
  const { logs, single } = await logFilesOf(input.path, warnings, options.signal);
  const maxBytes = (options.maxEntryMB ?? DEFAULT_MAX_ENTRY_MB) * 1048576;
  const pageSize = Math.max(0, Math.floor(options.limit));
  const rows: PreviewRow[] = [];
  // A row sink (an export) takes every row, with its trace, as soon as it is read; only the page is kept.
  const sink = options.onRow;
  const metadataKeys: string[] = [];
  const scoreKeys: string[] = [];
  const candidates: Candidate[] = [];
  let seen = 0;
  let ordinalBase = 0;
  let filesDone = 0;
  let samplesInFile = 0;
  let firstPageSent = false;

  let ranges: RangeRun[] = [];
  let threadsUsed = 1;
  let startWorkers: (() => void) | undefined;
  const rangeProgress = () => ranges.reduce((sum, range) => sum + range.progress(), 0);
  const progress = () => {
    const read = seen + rangeProgress();
    const matched = input.limit === undefined ? read : Math.min(read, input.limit);
    options.onProgress?.(
      single
        ? { done: read, total: samplesInFile || undefined, unit: 'records', rowsSeen: read, rowsKept: matched }
        : { done: filesDone, total: logs.length, unit: 'files', rowsSeen: read, rowsKept: matched },
    );
  };
  const result = (complete: boolean): PreviewResult => {
    const matched = input.limit === undefined ? seen : Math.min(seen, input.limit);
    const steps: FilterStep[] = matched < seen ? [{ index: 0, field: 'limit', label: evalLogStrings.keptByLimit, removed: seen - matched, notComparable: 0 }] : [];
    return {
      columns: [...EVAL_LOG_SAMPLE_COLUMNS],
      rows: [...rows],
      total: seen,
      matched,
      removedPerFilter: steps,
      notComparable: 0,
      warnings: warnings.list(),
      complete,
      selection: true,
      recordNoun: 'samples',
      countedBy: evalLogStrings.countedArchive(filesDone, seen, threadsUsed) + (input.limit === undefined ? '' : evalLogSpeedStrings.limitNeedsFullPass(input.limit)),
      sourceFacts: { metadataKeys: [...metadataKeys], scoreKeys: [...scoreKeys] },
      ...(deferred.any ? { fillTraces: (wanted: readonly PreviewRow[], signal?: AbortSignal) => deferred.fill(wanted, signal) } : {}),
    };
  };
  // Rows after the first `traceRows` keep only where their sample is; their trace is built when a page shows them.
  const traceRows = options.traceRows === undefined ? Infinity : Math.max(0, Math.floor(options.traceRows));
  const context: ReadContext = {
    maxBytes,
    single,
    signal: options.signal,
    warn: (message, file) => warnings.add(message, file),
    onSampleCount: (count) => (samplesInFile = count),
    // Only the rows kept with their trace need the sample's messages; the others skip them and its events, and a
    // sample that is only counted (after the samples whose metadata and score keys are collected) needs its id.
    skippedMembers: () => {
      if (sink && input.limit === undefined) return undefined;
      const kept = input.limit === undefined && rows.length < pageSize;
      if (kept && rows.length < traceRows) return undefined;
      return kept || seen < FACT_SAMPLES ? 'eventsAndMessages' : 'allButCount';
    },
  };
  const deferred = new DeferredTraces(context);
  const logByPath = new Map(logs.map((log) => [log.path, log]));
  const keepRow = (loaded: LoadedSample) => {
    if (sink) {
      const values = sampleRow(loaded.sample, loaded.context, true);
      sink(values, { file: loaded.locator.file });
      if (rows.length < pageSize) rows.push({ values, origin: { file: loaded.locator.file } });
      return;
    }
    const withTrace = rows.length < traceRows;
    const row: PreviewRow = { values: sampleRow(loaded.sample, loaded.context, withTrace), origin: { file: loaded.locator.file } };
    const log = logByPath.get(loaded.locator.file);
    if (!withTrace && log) deferred.defer(row, log, loaded.locator);
    rows.push(row);
  };
  const stopRanges = () => ranges.forEach((range) => range.stop());
  options.signal?.addEventListener('abort', stopRanges, { once: true });
  for (const log of logs) {
    if (options.signal?.aborted) break;
    // Ordinals order samples of equal start time: by file, then by position in the file (skipped ones included).
    const fileBase = ordinalBase;
    samplesInFile = 0;
    let keys: string[] = [];
    context.rangeEnd = (archiveKeys) => {
      const plan = archiveCountPlan(archiveKeys.length, options);
      const part = Math.ceil(archiveKeys.length / plan.threads);
      // Rows for a row sink are built here, in order: other threads only count, for `limit`.
      if (!plan.script || (input.limit === undefined && (sink !== undefined || part < pageSize))) return archiveKeys.length;
      keys = archiveKeys;
      const jobs: EvalCountJob[] = Array.from({ length: plan.threads - 1 }, (_, k) => ({ file: log.path, from: part * (k + 1), to: Math.min(archiveKeys.length, part * (k + 2)), maxBytes, needStarts: input.limit !== undefined }));
      // The workers start once the first page is out, so that it does not share the cores with them.
      startWorkers = () => {
        startWorkers = undefined;
        ranges = jobs.map((job) => startRange(plan.script!, job, progress));
      };
      if (input.limit !== undefined || rows.length >= pageSize) startWorkers();
      threadsUsed = Math.max(threadsUsed, plan.threads);
      return part;
    };
    for await (const loaded of samplesOfLog(log, context)) {
      seen++;
      if (seen <= FACT_SAMPLES) {
        collectKeys(metadataKeys, loaded.sample.metadata);
        collectKeys(scoreKeys, loaded.sample.scores);
      }
      if (input.limit === undefined) {
        if (sink || rows.length < pageSize) {
          keepRow(loaded);
          if (rows.length === pageSize && !firstPageSent) {
            firstPageSent = true;
            options.onFirstPage?.(result(false));
            startWorkers?.();
          }
        }
      } else {
        // The row's started_at is the sample's own (timeOf reads only strings): no need to build the row.
        candidates.push({ time: timeOf(loaded.sample.started_at) ?? -Infinity, ordinal: fileBase + loaded.index, locator: loaded.locator, relative: log.relative });
      }
      if (seen % PROGRESS_EVERY === 0) progress();
    }
    if (!options.signal?.aborted) startWorkers?.();
    startWorkers = undefined;
    for (const range of ranges) {
      if (options.signal?.aborted) break;
      const counted = await range.done.catch((error: unknown) => {
        if (!options.signal?.aborted) warnings.add(evalLogStrings.unreadableLog(log.path, error instanceof Error ? error.message : String(error)), log.path);
        return undefined;
      });
      if (!counted) continue;
      seen += counted.count;
      for (const warning of counted.warnings) warnings.add(warning.message, warning.file);
      counted.indexes.forEach((index, n) => {
        candidates.push({ time: counted.starts[n] ?? -Infinity, ordinal: fileBase + index, locator: { kind: 'eval', file: log.path, key: keys[index] }, relative: log.relative });
      });
    }
    ranges = [];
    ordinalBase += samplesInFile;
    filesDone++;
    progress();
  }
  if (input.limit !== undefined && !options.signal?.aborted) {
    candidates.sort(byStart);
    const chosen = candidates.slice(Math.max(0, candidates.length - input.limit));
    if (!sink) await loadPage(chosen.slice(0, pageSize), logs, context, keepRow);
    else for (let k = 0; k < chosen.length && !options.signal?.aborted; k += RELOAD_BATCH) await loadPage(chosen.slice(k, k + RELOAD_BATCH), logs, context, keepRow);
  }
  options.signal?.removeEventListener('abort', stopRanges);
  stopRanges();
  const final = result(!options.signal?.aborted);
  if (!firstPageSent) options.onFirstPage?.(final);
  return final;
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
