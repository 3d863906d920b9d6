/**
 * A large Inspect `.json` log read sample by sample (docs/inspect-logs.md, "Large .json logs"): the file's bytes are
 * held once and scanned (src/core/log/jsonScanner.ts), never parsed whole — the header's members and each sample are
 * parsed on their own, each sample's summary kept as JSON bytes (or parsed, for `log verify`), and a full sample is
 * parsed again from its bytes only when a detail asks for it.
 */
import * as fs from 'node:fs';
import { JsonSyntaxError, forEachElement, forEachMember, isArrayAt, isObjectAt, skipWs, startOf, valueEnd } from '../log/jsonScanner';
import { isPlainObject } from '../json/objectValues';
import { inspectStrings as S } from '../l10n/inspectStrings';
import { InspectLog, InspectLogError, InspectReadOptions, isInspectLogValue, jsonLog, sampleKey, summaryOf } from './inspectLog';
import { PackedSummaryList, epochOf } from './inspectSummaryList';

/** Largest `.json` log read at all: the bytes are held whole (Node reads no larger file into one buffer). */
export const MAX_SCANNED_JSON_BYTES = 2 * 1024 * 1024 * 1024 - 1;

/** A sample's id as text, undefined when it has none a sample can be found by. */
function idText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** Where each sample is in the bytes, by its id and epoch. */
type SampleRanges = Map<string, { start: number; end: number }>;

/** What scanning the samples found besides the samples: entries that are not samples, samples that cannot be read. */
interface ScannedSamples {
  end: number;
  leftOut: number;
  unreadable: number;
  firstProblem?: string;
}

/** The samples of the array at `start` added to `list` (their places to `ranges`). */
function scanSamples(bytes: Buffer, start: number, list: PackedSummaryList, ranges: SampleRanges): ScannedSamples {
  const scanned: ScannedSamples = { end: start, leftOut: 0, unreadable: 0 };
  scanned.end = forEachElement(bytes, start, (at) => {
    const after = valueEnd(bytes, at);
    try {
      const sample: unknown = JSON.parse(bytes.toString('utf8', at, after));
      const id = isPlainObject(sample) ? idText(sample.id) : undefined;
      if (!isPlainObject(sample) || id === undefined) {
        scanned.leftOut++;
        return after;
      }
      const summary = summaryOf(sample);
      if (list.holdParsed) list.addParsed(summary);
      else list.addValue(summary);
      // The first sample of an id and epoch is the one a detail shows, as for a log parsed whole.
      const key = sampleKey(id, epochOf(sample));
      if (!ranges.has(key)) ranges.set(key, { start: at, end: after });
    } catch (error) {
      // A sample nested deeper than can be parsed or written again (hostile input): left out, and said so.
      scanned.unreadable++;
      scanned.firstProblem ??= error instanceof Error ? error.message : String(error);
    }
    return after;
  });
  return scanned;
}

function scanNotes(scanned: ScannedSamples | undefined): string[] {
  const notes: string[] = [];
  if (scanned?.leftOut) notes.push(S.samplesLeftOut(scanned.leftOut));
  if (scanned?.unreadable) notes.push(S.samplesUnreadable(scanned.unreadable, scanned.firstProblem ?? ''));
  return notes;
}

/** Reads an Inspect `.json` log by scanning it; a file that is not one is an InspectLogError (`notInspect`). */
export async function readScannedInspectJson(filePath: string, fileSize: number, options: InspectReadOptions = {}): Promise<InspectLog> {
  if (fileSize > MAX_SCANNED_JSON_BYTES) throw new InspectLogError(S.jsonTooLarge(filePath, fileSize / 1048576, MAX_SCANNED_JSON_BYTES / 1048576));
  const bytes = await fs.promises.readFile(filePath);
  const header: Record<string, unknown> = {};
  const list = new PackedSummaryList(undefined, options.holdSummaries === true);
  const ranges: SampleRanges = new Map();
  let scanned: ScannedSamples | undefined;
  try {
    const first = startOf(bytes);
    if (!isObjectAt(bytes, first)) throw new InspectLogError(S.notInspectJson(filePath), true);
    const end = forEachMember(bytes, first, (key, start) => {
      if (key === 'samples' && isArrayAt(bytes, start)) {
        // A second `samples` member replaces the first, as it does for a parser.
        list.truncate(0);
        ranges.clear();
        scanned = scanSamples(bytes, start, list, ranges);
        return scanned.end;
      }
      const after = valueEnd(bytes, start);
      Object.defineProperty(header, key, { value: JSON.parse(bytes.toString('utf8', start, after)), enumerable: true, writable: true, configurable: true });
      return after;
    });
    if (skipWs(bytes, end) !== bytes.length) throw new JsonSyntaxError('Unexpected non-whitespace character after JSON', skipWs(bytes, end));
  } catch (error) {
    if (error instanceof InspectLogError) throw error;
    // Not JSON: the task result log reader, which the first bytes may have been meant for, says where (line and column).
    throw new InspectLogError(S.invalidJson(filePath, error instanceof Error ? error.message : String(error)), true);
  }
  if (!isInspectLogValue(header)) throw new InspectLogError(S.notInspectJson(filePath), true);
  delete header.samples;
  return jsonLog({ filePath, fileSize, header, summaryList: list.finish(), notes: scanNotes(scanned) }, (id, epoch) => {
    const range = ranges.get(sampleKey(String(id), epoch));
    return range ? (JSON.parse(bytes.toString('utf8', range.start, range.end)) as Record<string, unknown>) : undefined;
  });
}
