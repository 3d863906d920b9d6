/** Opens an Inspect log file (a `.eval` archive, or an Inspect `.json` log) as a report source. */
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { isZipArchive } from '../archive/zipMagic';
import type { LogSource } from '../log/logSource';
import { InspectLog, InspectReadOptions, readInspectJson } from './inspectLog';
import { openInspectArchive, readInspectArchive } from './inspectArchiveLog';
import { readScannedInspectJson } from './inspectJsonScan';
import { InspectLogSource, InspectOpenPlan } from './inspectLogSource';
import { EarlyInspectSource } from './earlyInspectSource';

/**
 * `.json` logs up to this size are parsed whole; a larger one is scanned sample by sample (inspectJsonScan.ts), which
 * holds its bytes once instead of the whole parsed value.
 */
export const WHOLE_JSON_LOG_BYTES = 16 * 1024 * 1024;

/** Reads the log's header and sample summaries (never a full sample); an unreadable file is an InspectLogError. */
export async function readInspectLog(filePath: string, options: InspectReadOptions = {}): Promise<InspectLog> {
  const size = (await fs.stat(filePath)).size;
  if (isZipArchive(filePath)) return readInspectArchive(filePath, size, options);
  return size > WHOLE_JSON_LOG_BYTES ? readScannedInspectJson(filePath, size, options) : readInspectJson(filePath, size);
}

/** `plan`: what the log is opened for (InspectOpenPlan); `verify` reads the summaries held parsed. */
export async function openInspectLog(filePath: string, generation: number, plan: InspectOpenPlan = 'report'): Promise<InspectLogSource> {
  const log = await readInspectLog(filePath, { holdSummaries: plan === 'verify' });
  return new InspectLogSource(log, generation, path.basename(filePath), plan);
}

/**
 * Opens an Inspect log for the report editor: an archive answers with its header and stored metrics once
 * `header.json` is read (`earlySummary`), its samples indexed after; a `.json` log is read whole at once.
 */
export async function openInspectLogEarly(filePath: string, generation: number): Promise<LogSource> {
  if (!isZipArchive(filePath)) return openInspectLog(filePath, generation);
  const size = (await fs.stat(filePath)).size;
  return new EarlyInspectSource(await openInspectArchive(filePath, size), size, generation, path.basename(filePath));
}
