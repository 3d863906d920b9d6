/**
 * Where the API reads a log from: a file path as given, or a stream written to a temporary file first, so that a
 * large log is indexed from a file like any other and never held whole in memory.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { apiStrings } from '../core/l10n/apiStrings';
import { LogLoadError } from './errors';

export interface LogFile {
  /** Absolute path of the file to index. */
  filePath: string;
  /** The name messages show: the path as given, or the stream's file name. */
  shown: string;
  /** Removes the temporary copy of a stream (nothing for a path). */
  release(): Promise<void>;
}

/** A log given as a path or as the bytes of a stream. */
export type LogInputSource = string | AsyncIterable<Uint8Array | string>;

async function spooled(stream: AsyncIterable<Uint8Array | string>, fileName: string): Promise<LogFile> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'eval-lens-log-'));
  const release = (): Promise<void> => fs.promises.rm(folder, { recursive: true, force: true });
  const filePath = path.join(folder, path.basename(fileName));
  try {
    await pipeline(Readable.from(stream), fs.createWriteStream(filePath));
  } catch (error) {
    await release();
    throw new LogLoadError(apiStrings.streamUnreadable(fileName, error instanceof Error ? error.message : String(error)), fileName);
  }
  return { filePath, shown: fileName, release };
}

/** The file behind `input`; a stream is written to a temporary file named `fileName`. */
export function logFileOf(input: LogInputSource, fileName: string | undefined): Promise<LogFile> {
  if (typeof input === 'string') return Promise.resolve({ filePath: path.resolve(input), shown: input, release: () => Promise.resolve() });
  return spooled(input, fileName ?? 'log.json');
}
