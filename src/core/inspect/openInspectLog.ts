/** Opens an Inspect log file (a `.eval` archive, or an Inspect `.json` log) as a report source. */
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { isZipArchive } from '../archive/zipMagic';
import { InspectLog, readInspectJson } from './inspectLog';
import { readInspectArchive } from './inspectArchiveLog';
import { InspectLogSource } from './inspectLogSource';

/** Reads the log's header and sample summaries (never a full sample); an unreadable file is an InspectLogError. */
export async function readInspectLog(filePath: string): Promise<InspectLog> {
  const size = (await fs.stat(filePath)).size;
  return isZipArchive(filePath) ? readInspectArchive(filePath, size) : readInspectJson(filePath, size);
}

export async function openInspectLog(filePath: string, generation: number): Promise<InspectLogSource> {
  return new InspectLogSource(await readInspectLog(filePath), generation, path.basename(filePath));
}
