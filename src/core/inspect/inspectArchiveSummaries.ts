/**
 * The sample summaries of an Inspect archive read into a PackedSummaryList: `summaries.json`, else the journal's
 * `_journal/summaries/*.json` in order, each scanned element by element (each element parsed on its own, never the
 * whole list at once, unless the list holds its summaries parsed anyway), else each sample read without its messages
 * and events; what else is wanted of each summary (the metrics' inputs) is taken as it is parsed. Each entry is read
 * within a byte bound (docs/security.md); an unreadable one is a note saying what is left out.
 */
import { ZipArchive, ZipEntry } from '../archive/zipReader';
import { ZipEntryError, readEntryData } from '../archive/zipEntryData';
import { SampleRef, readArchiveSample } from '../sources/evalLogs/evalArchive';
import { forEachElement, isArrayAt, skipWs, startOf, valueEnd } from '../log/jsonScanner';
import { isPlainObject } from '../json/objectValues';
import { inspectStrings as S } from '../l10n/inspectStrings';
import { summaryOf } from './inspectLog';
import { PackedSummaryList } from './inspectSummaryList';

/** Largest entry read (a sample with its messages and events, or the summaries). */
export const MAX_ENTRY_BYTES = 512 * 1024 * 1024;

/** The summaries read, and how many entries the lists held (objects or not). */
export interface ReadSummaries<T> {
  list: PackedSummaryList<T>;
  listed: number;
}

function textOf(bytes: Uint8Array, start = 0, end = bytes.length): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8', start, end);
}

/**
 * Adds each object of the JSON array in `bytes` to `list`; the number of elements, or undefined when the value is
 * not an array. Throws (a SyntaxError, or the scanner's JsonSyntaxError) when the text is not valid JSON.
 */
function scanSummaryArray<T>(bytes: Uint8Array, list: PackedSummaryList<T>): number | undefined {
  if (list.holdParsed) {
    const listed = parseWholeArray(bytes, list);
    if (listed !== false) return listed;
  }
  const first = startOf(bytes);
  if (!isArrayAt(bytes, first)) {
    JSON.parse(textOf(bytes)); // valid JSON that is not a list, or the parser's own message
    return undefined;
  }
  let listed = 0;
  const after = forEachElement(bytes, first, (start) => {
    const end = valueEnd(bytes, start);
    const value: unknown = JSON.parse(textOf(bytes, start, end));
    if (isPlainObject(value)) list.addSlice(bytes, start, end, value);
    listed++;
    return end;
  });
  if (skipWs(bytes, after) !== bytes.length) JSON.parse(textOf(bytes)); // text after the list: the parser says where
  return listed;
}

/**
 * For a list that holds its summaries parsed: the whole text parsed at once (one parse, no scan), each object added
 * as it is; the number of elements, undefined when the value is not an array, false when the text is not valid
 * JSON (the element scan then says where, and keeps what comes before the damage).
 */
function parseWholeArray<T>(bytes: Uint8Array, list: PackedSummaryList<T>): number | undefined | false {
  let value: unknown;
  try {
    value = JSON.parse(textOf(bytes));
  } catch {
    return false;
  }
  if (!Array.isArray(value)) return undefined;
  for (const element of value) if (isPlainObject(element)) list.addParsed(element);
  return value.length;
}

/** One entry's summaries added to `list`; undefined (and a note when it is unreadable) when it holds no list. */
async function addEntry<T>(archive: ZipArchive, entry: ZipEntry, list: PackedSummaryList<T>, notes: string[]): Promise<number | undefined> {
  const where = `${archive.file}:${entry.name}`;
  try {
    const bytes = await readEntryData(archive, entry, MAX_ENTRY_BYTES);
    const before = list.count;
    try {
      return scanSummaryArray(bytes, list);
    } catch (error) {
      list.truncate(before);
      let reason = error instanceof Error ? error.message : String(error);
      try {
        JSON.parse(textOf(bytes)); // the parser's message, as for any entry read whole
      } catch (parseError) {
        reason = parseError instanceof Error ? parseError.message : String(parseError);
      }
      notes.push(S.unreadableEntry(S.invalidJson(where, reason)));
      return undefined;
    }
  } catch (error) {
    if (!(error instanceof ZipEntryError)) throw error;
    notes.push(S.unreadableEntry(error.message));
    return undefined;
  }
}

/**
 * The summaries of `summaries.json`, else of the journal's numbered files in order; undefined when there are none.
 * `readAlong`: what else to take of each summary as it is parsed (PackedSummaryList).
 */
export async function readSummaries<T>(archive: ZipArchive, notes: string[], readAlong?: (summary: Record<string, unknown>) => T, holdParsed = false): Promise<ReadSummaries<T> | undefined> {
  const list = new PackedSummaryList(readAlong, holdParsed);
  const main = archive.entries.find((e) => e.name === 'summaries.json');
  const listed = main ? await addEntry(archive, main, list, notes) : undefined;
  if (listed !== undefined) return { list: list.finish(), listed };
  const parts = archive.entries
    .map((entry) => ({ entry, match: /^_journal\/summaries\/(\d+)\.json$/.exec(entry.name) }))
    .filter((p) => p.match)
    .sort((a, b) => Number(a.match![1]) - Number(b.match![1]));
  if (!parts.length) return undefined;
  let total = 0;
  for (const part of parts) total += (await addEntry(archive, part.entry, list, notes)) ?? 0;
  notes.push(S.journalSummaries(total));
  return { list: list.finish(), listed: total };
}

/** Each sample read without its messages and events, its summary kept as JSON bytes; `readAlong` as for readSummaries. */
export async function readLeanSummaries<T>(archive: ZipArchive, refs: readonly SampleRef[], notes: string[], readAlong?: (summary: Record<string, unknown>) => T, holdParsed = false): Promise<PackedSummaryList<T>> {
  notes.push(S.leanSamples);
  const list = new PackedSummaryList(readAlong, holdParsed);
  for (const ref of refs) {
    try {
      list.addValue(summaryOf(await readArchiveSample(archive, ref, MAX_ENTRY_BYTES, 'eventsAndMessages')));
    } catch (error) {
      if (!(error instanceof ZipEntryError)) throw error;
      notes.push(S.unreadableEntry(error.message));
    }
  }
  return list.finish();
}
