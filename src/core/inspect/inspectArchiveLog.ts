/**
 * An Inspect `.eval` archive read lazily for a report: `header.json` (or `_journal/start.json` for a log still being
 * written), the sample summaries (`summaries.json`, else the journal's `_journal/summaries/*.json`, else each sample
 * read without its messages and events), and a full sample only when its detail is shown. Entry names are only
 * compared, never used as paths; each entry is read within a byte bound (docs/security.md).
 */
import { ZipArchive, ZipEntry, ZipFormatError, openZip } from '../archive/zipReader';
import { ZipEntryError, readEntryData } from '../archive/zipEntryData';
import { SampleRef, archiveSampleCount, archiveSamples, readArchiveSample, splitKey } from '../sources/evalLogs/evalArchive';
import { isPlainObject } from '../json/objectValues';
import { inspectStrings as S } from '../l10n/inspectStrings';
import { InspectLog, InspectLogError, InspectReadOptions, sampleKey } from './inspectLog';
import { MAX_ENTRY_BYTES, readLeanSummaries, readSummaries } from './inspectArchiveSummaries';
import { allSummaries } from './inspectSummaryList';
import { MetricInputReader } from './inspectMetricInputs';
import { metadataKeysRead } from './metrics/verifyInspectMetrics';

async function readJson(archive: ZipArchive, entry: ZipEntry): Promise<unknown> {
  const data = await readEntryData(archive, entry, MAX_ENTRY_BYTES);
  try {
    return JSON.parse(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8'));
  } catch (error) {
    throw new ZipEntryError(entry.name, archive.file, false, S.invalidJson(`${archive.file}:${entry.name}`, error instanceof Error ? error.message : String(error)));
  }
}

/** An entry's JSON, or undefined with a note saying what is left out. */
async function readOrNote(archive: ZipArchive, entry: ZipEntry, notes: string[]): Promise<unknown> {
  try {
    return await readJson(archive, entry);
  } catch (error) {
    if (!(error instanceof ZipEntryError)) throw error;
    notes.push(S.unreadableEntry(error.message));
    return undefined;
  }
}

async function readHeader(archive: ZipArchive, notes: string[]): Promise<Record<string, unknown>> {
  const header = archive.entries.find((e) => e.name === 'header.json');
  const start = archive.entries.find((e) => e.name === '_journal/start.json');
  const value = header ? await readOrNote(archive, header, notes) : undefined;
  if (isPlainObject(value)) return value;
  const journal = start ? await readOrNote(archive, start, notes) : undefined;
  if (isPlainObject(journal)) {
    notes.push(S.journalHeader);
    return journal;
  }
  notes.push(S.noHeader(archive.file));
  return {};
}

function refsByKey(refs: readonly SampleRef[]): Map<string, SampleRef> {
  const byKey = new Map<string, SampleRef>();
  for (const ref of refs) {
    const { id, epoch } = splitKey(ref.key);
    const key = sampleKey(id, epoch ?? 1);
    if (!byKey.has(key)) byKey.set(key, ref);
  }
  return byKey;
}

/** How long an archive stays open after its last read (a detail, or the export reading every sample). */
const IDLE_CLOSE_MS = 5000;

/**
 * The open archive of a log, reopened on demand and closed once idle, so that a log nobody disposes (a compared
 * log) holds no file handle for long.
 */
class ArchiveHandle {
  private open?: Promise<ZipArchive>;
  private timer?: ReturnType<typeof setTimeout>;
  private users = 0;

  constructor(private readonly filePath: string, first: ZipArchive) {
    this.open = Promise.resolve(first);
  }

  async use<T>(read: (archive: ZipArchive) => Promise<T>): Promise<T> {
    clearTimeout(this.timer);
    this.users++;
    try {
      this.open ??= openZip(this.filePath);
      return await read(await this.open);
    } finally {
      if (--this.users === 0) this.closeLater();
    }
  }

  closeLater(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.close(), IDLE_CLOSE_MS);
    this.timer.unref?.();
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    const open = this.open;
    this.open = undefined;
    if (open) await (await open.catch(() => undefined))?.close();
  }
}

/** An archive whose header is read: the samples' summaries are read when asked for. */
export interface InspectArchiveStart {
  header: Record<string, unknown>;
  /** What reading the header found missing (the log then has these and more). */
  notes: readonly string[];
  /** Reads the summaries (or each sample lean) and gives the log; called once. */
  readSamples(options?: InspectReadOptions): Promise<InspectLog>;
  /** Closes the archive (whether or not the samples were read). */
  close(): Promise<void>;
}

/** Opens an archive and reads its header only; a file that is not a readable zip is an InspectLogError naming it. */
export async function openInspectArchive(filePath: string, fileSize: number): Promise<InspectArchiveStart> {
  let archive: ZipArchive;
  try {
    archive = await openZip(filePath);
  } catch (error) {
    throw new InspectLogError(S.notAZip(filePath, error instanceof ZipFormatError ? error.message : String(error)));
  }
  const handle = new ArchiveHandle(filePath, archive);
  const notes: string[] = [];
  let header: Record<string, unknown>;
  try {
    header = await readHeader(archive, notes);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return { header, notes: [...notes], readSamples: (options = {}) => readArchiveSamples(handle, archive, { filePath, fileSize, header, notes }, options), close: () => handle.close() };
}

/** Opens an archive and reads its header and summaries. */
export async function readInspectArchive(filePath: string, fileSize: number, options: InspectReadOptions = {}): Promise<InspectLog> {
  return (await openInspectArchive(filePath, fileSize)).readSamples(options);
}

async function readArchiveSamples(handle: ArchiveHandle, archive: ZipArchive, log: Pick<InspectLog, 'filePath' | 'fileSize' | 'header' | 'notes'>, options: InspectReadOptions): Promise<InspectLog> {
  const { notes } = log;
  try {
    // The samples' entries are found when a sample is read (a detail, or no summaries); opening needs their count.
    // Only the entries are kept for that, not the archive opened first (the reader's buffers with it).
    const { entries } = archive;
    let refs: SampleRef[] | undefined;
    const sampleRefs = (): SampleRef[] => (refs ??= archiveSamples(entries));
    // The header is read: each summary's metric inputs are taken as it is parsed, so the metrics parse none again
    // (summaries held parsed are read again by the metrics as they are).
    const reader = new MetricInputReader(metadataKeysRead(log.header.results));
    const hold = options.holdSummaries === true;
    const readAlong = hold ? undefined : (summary: Record<string, unknown>) => reader.hold(summary);
    const read = await readSummaries(archive, notes, readAlong, hold);
    const summaryList = read ? read.list : await readLeanSummaries(archive, sampleRefs(), notes, readAlong, hold);
    if (read && read.listed > summaryList.count) notes.push(S.samplesLeftOut(read.listed - summaryList.count));
    const sampleCount = read ? archiveSampleCount(entries) : 0;
    if (read && sampleCount && read.listed !== sampleCount) notes.push(S.summaryCountDiffers(read.listed, sampleCount));
    // The entries by sample key, worked out when the first full sample is read (a detail), not while opening.
    let byKey: Map<string, SampleRef> | undefined;
    handle.closeLater();
    return {
      ...log,
      summaryList,
      takeMetricInputs: () => {
        const held = summaryList.takeAlong();
        return held && { keys: reader.keys, held };
      },
      get summaries() {
        return allSummaries(summaryList);
      },
      // The entries found when the log was opened are read: a file rewritten since is read again on reload.
      fullSample: (id, epoch) => {
        byKey ??= refsByKey(sampleRefs());
        const ref = byKey.get(sampleKey(String(id), epoch));
        return ref ? handle.use((open) => readArchiveSample(open, ref, MAX_ENTRY_BYTES)) : Promise.resolve(undefined);
      },
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
