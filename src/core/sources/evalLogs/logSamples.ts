/**
 * The samples of one Inspect log file, one at a time: a `.eval` archive entry by entry, or a `.json` log's
 * `samples`. Entry problems become warnings; a file that cannot be read at all is an error when it is the source
 * itself and a warning when it is one log of a directory.
 */
import { readFile, stat } from 'node:fs/promises';
import { ZipArchive, ZipFormatError, openZip } from '../../archive/zipReader';
import { ZipEntryError } from '../../archive/zipEntryData';
import { sourceStrings } from '../../l10n/sourceStrings';
import { PreviewError } from '../previewError';
import { isPlainObject } from '../../json/objectValues';
import { SampleRef, archiveSamples, readArchiveHeader, readArchiveSample } from './evalArchive';
import { LogContext, logContext } from './sampleRow';
import { SkippedMembers } from './leanSample';

/** Where a sample can be read again (for the page rows chosen after a full pass). */
export type SampleLocator = { kind: 'eval'; file: string; key: string } | { kind: 'json'; file: string; index: number };

export interface LoadedSample {
  sample: Record<string, unknown>;
  context: LogContext;
  locator: SampleLocator;
  /** Position of the sample in its log (archive samples in directory order, or `samples` index). */
  index: number;
}

export interface LogFile {
  path: string;
  /** Relative to the source `path` (the `log_file` column). */
  relative: string;
}

export interface ReadContext {
  maxBytes: number;
  /** The source is this one file: a file that cannot be read is an error, not a warning. */
  single: boolean;
  signal?: AbortSignal;
  warn: (message: string, file?: string) => void;
  /** How many samples the file holds, once known. */
  onSampleCount?: (count: number) => void;
  /**
   * For an archive: given its sample keys, where this pass stops (the samples after it are counted elsewhere, in
   * worker threads). Absent: every sample is read here.
   */
  rangeEnd?: (keys: string[]) => number;
  /** What of the next sample can be left unread (see leanSample.ts); absent or undefined: nothing. */
  skippedMembers?: () => SkippedMembers | undefined;
}

/** Largest `.json` log read whole (V8's longest string is about 512 MB). */
const MAX_JSON_LOG_BYTES = 512 * 1024 * 1024;

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function failFile(context: ReadContext, file: string, message: string): void {
  if (context.single) throw new PreviewError('unreadableSource', message, { file });
  context.warn(message, file);
}

async function openArchive(log: LogFile, context: ReadContext): Promise<ZipArchive | undefined> {
  try {
    return await openZip(log.path);
  } catch (error) {
    failFile(context, log.path, error instanceof ZipFormatError ? error.message : sourceStrings.unreadableLog(log.path, reason(error)));
    return undefined;
  }
}

async function* archiveSamplesOf(log: LogFile, context: ReadContext): AsyncGenerator<LoadedSample> {
  const archive = await openArchive(log, context);
  if (!archive) return;
  try {
    let header: unknown;
    try {
      header = await readArchiveHeader(archive, context.maxBytes);
      if (header === undefined) context.warn(sourceStrings.noHeader(log.path), log.path);
    } catch (error) {
      if (!(error instanceof ZipEntryError)) throw error;
      context.warn(error.message, log.path);
    }
    const logInfo = logContext(header, log.relative, log.path);
    const refs = archiveSamples(archive.entries);
    context.onSampleCount?.(refs.length);
    const end = context.rangeEnd ? context.rangeEnd(refs.map((ref) => ref.key)) : refs.length;
    for (let index = 0; index < end; index++) {
      if (context.signal?.aborted) return;
      const ref = refs[index];
      // Rows with a trace (the first page, while the code is still cold) parse the sample whole: faster there.
      const sample = await readSampleOrWarn(archive, ref, context, context.skippedMembers?.());
      if (sample) yield { sample, context: logInfo, locator: { kind: 'eval', file: log.path, key: ref.key }, index };
    }
  } finally {
    await archive.close();
  }
}

/** A sample; `skipped`: members read as null (see leanSample.ts). */
async function readSampleOrWarn(archive: ZipArchive, ref: SampleRef, context: ReadContext, skipped?: SkippedMembers): Promise<Record<string, unknown> | undefined> {
  try {
    return await readArchiveSample(archive, ref, context.maxBytes, skipped);
  } catch (error) {
    if (!(error instanceof ZipEntryError)) throw error;
    context.warn(error.message, archive.file);
    return undefined;
  }
}

/** A whole `.json` log, parsed; undefined (after a warning or error) when it cannot be used. */
async function readJsonLog(log: LogFile, context: ReadContext): Promise<Record<string, unknown> | undefined> {
  try {
    const size = (await stat(log.path)).size;
    const limit = Math.min(context.maxBytes, MAX_JSON_LOG_BYTES);
    if (size > limit) {
      failFile(context, log.path, sourceStrings.jsonLogTooLarge(log.path, size / 1048576, limit / 1048576));
      return undefined;
    }
    const value: unknown = JSON.parse(await readFile(log.path, 'utf8'));
    if (isPlainObject(value) && isPlainObject(value.eval)) return value;
    failFile(context, log.path, sourceStrings.notAnInspectLog(log.path));
  } catch (error) {
    if (error instanceof PreviewError) throw error;
    failFile(context, log.path, sourceStrings.unreadableLog(log.path, reason(error)));
  }
  return undefined;
}

async function* jsonSamplesOf(log: LogFile, context: ReadContext): AsyncGenerator<LoadedSample> {
  const value = await readJsonLog(log, context);
  if (!value) return;
  const logInfo = logContext(value, log.relative, log.path);
  const samples = Array.isArray(value.samples) ? (value.samples as unknown[]) : [];
  context.onSampleCount?.(samples.length);
  for (let index = 0; index < samples.length; index++) {
    if (context.signal?.aborted) return;
    const sample = samples[index];
    if (isPlainObject(sample) && sample.id !== undefined && sample.id !== null) {
      yield { sample, context: logInfo, locator: { kind: 'json', file: log.path, index }, index };
    } else {
      context.warn(sourceStrings.notASample(`samples[${index}]`, log.path), log.path);
    }
  }
}

export function isEvalArchive(name: string): boolean {
  return name.toLowerCase().endsWith('.eval');
}

export function isJsonLog(name: string): boolean {
  return name.toLowerCase().endsWith('.json');
}

/** Every sample of one log file, in the log's order. */
export function samplesOfLog(log: LogFile, context: ReadContext): AsyncGenerator<LoadedSample> {
  return isEvalArchive(log.path) ? archiveSamplesOf(log, context) : jsonSamplesOf(log, context);
}

/** Reads the given samples again (page rows chosen after a full pass), keyed by their locator's position. */
export async function reloadSamples(log: LogFile, locators: readonly SampleLocator[], context: ReadContext): Promise<Map<SampleLocator, LoadedSample>> {
  const found = new Map<SampleLocator, LoadedSample>();
  if (isEvalArchive(log.path)) {
    const archive = await openArchive(log, context);
    if (!archive) return found;
    try {
      let header: unknown;
      try {
        header = await readArchiveHeader(archive, context.maxBytes);
      } catch (error) {
        if (!(error instanceof ZipEntryError)) throw error;
      }
      const logInfo = logContext(header, log.relative, log.path);
      const refs = new Map(archiveSamples(archive.entries).map((ref) => [ref.key, ref]));
      for (const locator of locators) {
        const ref = locator.kind === 'eval' ? refs.get(locator.key) : undefined;
        const sample = ref ? await readSampleOrWarn(archive, ref, { ...context, warn: () => undefined }) : undefined;
        if (sample) found.set(locator, { sample, context: logInfo, locator, index: 0 });
      }
    } finally {
      await archive.close();
    }
    return found;
  }
  const value = await readJsonLog(log, { ...context, warn: () => undefined });
  if (!value) return found;
  const logInfo = logContext(value, log.relative, log.path);
  const samples = Array.isArray(value.samples) ? (value.samples as unknown[]) : [];
  for (const locator of locators) {
    const sample = locator.kind === 'json' ? samples[locator.index] : undefined;
    if (isPlainObject(sample)) found.set(locator, { sample, context: logInfo, locator, index: locator.kind === 'json' ? locator.index : 0 });
  }
  return found;
}
