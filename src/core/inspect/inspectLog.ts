/**
 * An Inspect log (a `.eval` archive, or a `.json` log recognised by its content: a top-level `eval`, `version` and
 * `status`) as the report reads it: the header, one summary per sample result, and each full sample on demand.
 */
import * as fs from 'node:fs';
import { isZipArchive } from '../archive/zipMagic';
import { isPlainObject } from '../json/objectValues';
import { inspectStrings as S } from '../l10n/inspectStrings';
import { resolveAttachments } from './inspectConversation';
import { ArraySummaryList, InspectSummaryList, allSummaries } from './inspectSummaryList';
import type { CollectedMetricInputs } from './inspectMetricInputs';

/** How an Inspect log's summaries are read. */
export interface InspectReadOptions {
  /**
   * Keep every summary parsed as read (`summaries.json` parsed whole): for a command that reads each summary again
   * and exits (`log verify`), none is parsed twice; the report and comparisons hold them as bytes instead.
   */
  holdSummaries?: boolean;
}

export interface InspectLog {
  filePath: string;
  fileSize: number;
  /** `version`, `status`, `eval`, `plan`, `results`, `stats`, `error` (what the log has of them). */
  header: Record<string, unknown>;
  /**
   * One per sample and epoch: `id`, `epoch`, `input`, `target`, `scores`, `metadata`, `error`, `limit` (and what
   * else a `summaries.json` entry holds) — held as an archive's JSON bytes with each id and epoch, parsed when one is
   * asked for.
   */
  summaryList: InspectSummaryList;
  /**
   * The metric inputs taken from each summary as it was read (inspectMetricInputs.ts), given up to the first caller;
   * undefined when none were taken or they are given up already (the metrics then parse the summaries).
   */
  takeMetricInputs?(): CollectedMetricInputs | undefined;
  /** Every summary, parsed anew on each read (for a reader that goes through them all once). */
  readonly summaries: Record<string, unknown>[];
  /** What is missing or was left out, in plain words (a partial report shows them). */
  notes: string[];
  /** The complete sample (messages, events, attachments); undefined when the log holds none for it. */
  fullSample(id: string | number, epoch: number): Promise<Record<string, unknown> | undefined>;
  close(): Promise<void>;
}

/** The file cannot be read as an Inspect log at all (the message names it and says what to do). */
export class InspectLogError extends Error {
  /** `notInspect`: the file is JSON that is not an Inspect log, or not JSON at all (another reader opens it, or says where it breaks). */
  constructor(message: string, readonly notInspect = false) {
    super(message);
    this.name = 'InspectLogError';
  }
}

/**
 * The members of a sample its summary carries: those the report reads (the table, the metrics, a detail that cannot
 * read its full sample). A sample read lean keeps only these, for every sample of the log.
 */
const SUMMARY_FIELDS = ['id', 'epoch', 'input', 'target', 'scores', 'metadata', 'error', 'limit'] as const;

/** What a summary carries of a sample, with its `attachment://` references resolved. */
export function summaryOf(sample: Record<string, unknown>): Record<string, unknown> {
  const attachments = isPlainObject(sample.attachments) ? sample.attachments : undefined;
  // Without attachments (a `summaries.json` entry has none) the values are kept as they are, not copied.
  const resolve = attachments && hasKeys(attachments) ? (value: unknown) => resolveAttachments(value, attachments) : (value: unknown) => value;
  const summary: Record<string, unknown> = {};
  for (const key of SUMMARY_FIELDS) if (sample[key] !== undefined) summary[key] = resolve(sample[key]);
  return summary;
}

function hasKeys(value: Record<string, unknown>): boolean {
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) return true;
  return false;
}

export function sampleKey(id: string, epoch: number): string {
  return `${id}\u0000${epoch}`;
}

/** Bytes looked at to tell an Inspect `.json` log from a task result log. */
const SNIFF_BYTES = 512;

/** Whether a parsed value is an Inspect log: a top-level `eval` object, `version` and `status`. */
export function isInspectLogValue(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && isPlainObject(value.eval) && value.version !== undefined && typeof value.status === 'string';
}

/** Whether JSON text starts as an Inspect log does: an object whose first member is `version`, `status` or `eval`. */
export function looksLikeInspectJsonText(head: string): boolean {
  return /^\uFEFF?\s*\{\s*"(version|status|eval)"\s*:/.test(head.slice(0, SNIFF_BYTES));
}

/**
 * Whether the file looks like an Inspect `.json` log by its first bytes: an object whose first member is
 * `version`, `status` or `eval` (a task result log starts with `format_version`). Confirmed when parsed.
 */
export function looksLikeInspectJson(file: string): boolean {
  let fd: number | undefined;
  try {
    if (!fs.statSync(file).isFile()) return false;
    fd = fs.openSync(file, 'r');
    const head = Buffer.alloc(SNIFF_BYTES);
    const read = fs.readSync(fd, head, 0, head.length, 0);
    return looksLikeInspectJsonText(head.toString('utf8', 0, read));
  } catch {
    return false;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Whether the file is one the Inspect reader opens: a zip archive, or an Inspect `.json` log. */
export function isInspectLogFile(file: string): boolean {
  return isZipArchive(file) || looksLikeInspectJson(file);
}

function idOf(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/**
 * A `.json` log parsed whole: its samples are the summaries and the full samples alike. For small logs only (a
 * larger one is scanned: readInspectLog, inspectJsonScan.ts).
 */
export async function readInspectJson(filePath: string, fileSize: number): Promise<InspectLog> {
  let value: unknown;
  try {
    value = JSON.parse(await fs.promises.readFile(filePath, 'utf8'));
  } catch (error) {
    // Not JSON: the task result log reader, which the first bytes may have been meant for, says where (line and column).
    throw new InspectLogError(S.invalidJson(filePath, error instanceof Error ? error.message : String(error)), true);
  }
  if (!isInspectLogValue(value)) throw new InspectLogError(S.notInspectJson(filePath), true);
  const { samples: listed, ...header } = value;
  const list = Array.isArray(listed) ? listed : [];
  const samples = list.filter((s): s is Record<string, unknown> => isPlainObject(s) && idOf(s.id) !== undefined);
  const notes = list.length > samples.length ? [S.samplesLeftOut(list.length - samples.length)] : [];
  const summaryList = new ArraySummaryList(samples.map(summaryOf));
  return jsonLog({ filePath, fileSize, header, summaryList, notes }, (id, epoch) => samples.find((s) => idOf(s.id) === String(id) && (s.epoch ?? 1) === epoch));
}

/** A `.json` log as an InspectLog, its full samples found by `fullSample` (the file holds nothing open). */
export function jsonLog(
  read: Pick<InspectLog, 'filePath' | 'fileSize' | 'header' | 'summaryList' | 'notes'>,
  fullSample: (id: string | number, epoch: number) => Record<string, unknown> | undefined,
): InspectLog {
  const { summaryList } = read;
  return {
    ...read,
    get summaries() {
      return allSummaries(summaryList);
    },
    fullSample: (id, epoch) => Promise.resolve().then(() => fullSample(id, epoch)),
    close: () => Promise.resolve(),
  };
}
