/** Opens an Inspect log file (a `.eval` archive, or an Inspect `.json` log) as a report source. */
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { isZipArchive } from '../archive/zipMagic';
import type { LogSource } from '../log/logSource';
import { InspectLog, InspectReadOptions, readInspectJson } from './inspectLog';
import { openInspectArchive, readInspectArchive } from './inspectArchiveLog';
import { InspectLogSource } from './inspectLogSource';
import { EarlyInspectSource } from './earlyInspectSource';

/** Reads the log's header and sample summaries (never a full sample); an unreadable file is an InspectLogError. */
export async function readInspectLog(filePath: string, options: InspectReadOptions = {}): Promise<InspectLog> {
  const size = (await fs.stat(filePath)).size;
  return isZipArchive(filePath) ? readInspectArchive(filePath, size, options) : readInspectJson(filePath, size);
}

/** `leaveOutChecks`: see InspectLogSource (a comparison leaves them out; `log verify` reads them). */
export async function openInspectLog(filePath: string, generation: number, leaveOutChecks = false, options: InspectReadOptions = {}): Promise<InspectLogSource> {
  return new InspectLogSource(await readInspectLog(filePath, options), generation, path.basename(filePath), leaveOutChecks);
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
