/**
 * A small zip reader that reads archives in place: the End of Central Directory record (searched back from the end,
 * so an archive comment is allowed), ZIP64 records and extra fields, and the central directory's entries. Entry
 * data is read by offset with random-access reads (zipEntryData.ts); nothing is extracted and entry names are
 * never used as paths.
 */
import { FileHandle, open } from 'node:fs/promises';
import { sourceStrings } from '../l10n/sourceStrings';
import { readAt } from '../text/readFully';
import { discardBytes } from '../text/discardBytes';
import { startZstdWasm } from './zstdWasm';
import { markOverlaps } from './zipOverlap';
import { zipEntryName } from './zipEntryName';

export interface ZipEntry {
  /** Name as stored (UTF-8, `/` separators). Only ever compared, never used as a path. */
  name: string;
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  /** Set when the entry shares bytes with another one or with the directory: it is damaged, never read. */
  damage?: string;
}

export interface ZipArchive {
  file: string;
  size: number;
  entries: ZipEntry[];
  handle: FileHandle;
  /**
   * Bytes at `position`, served from a read-ahead window (entries lie one after another, so most reads of a pass
   * over the archive need no system call). The returned buffer is valid until a later turn of the event loop
   * (the window it views is then given up): read what you need from it before awaiting anything else.
   */
  read(position: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

/** The file is not a zip archive, or its directory is truncated or damaged (the whole archive cannot be read). */
export class ZipFormatError extends Error {
  constructor(readonly file: string, message: string) {
    super(message);
    this.name = 'ZipFormatError';
  }
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const ZIP64_LOCATOR_SIZE = 20;
const MAX_CENTRAL_DIRECTORY = 2 ** 31 - 1;

/** Size of the read-ahead window of entry reads. */
const READ_WINDOW = 1024 * 1024;

/**
 * A window that moves on is given up at once (discardBytes.ts) rather than left for a garbage collection that its
 * small wrapper does not prompt: a pass over an archive would otherwise hold every window it read until then. It is
 * given up on a later turn of the event loop, when whoever was handed a view of it has used it (see `read`).
 */
function windowedReader(handle: FileHandle, size: number): (position: number, length: number) => Promise<Buffer> {
  let windowStart = 0;
  let window: Buffer = Buffer.alloc(0);
  return async (position, length) => {
    if (position >= windowStart && position + length <= windowStart + window.length) {
      return window.subarray(position - windowStart, position - windowStart + length);
    }
    if (length >= READ_WINDOW) return readAt(handle, position, length);
    const next = await readAt(handle, position, Math.min(READ_WINDOW, Math.max(0, size - position)));
    const previous = window;
    windowStart = position;
    window = next;
    setImmediate(() => discardBytes(previous));
    return window.subarray(0, Math.min(length, window.length));
  };
}


function readUInt64(buffer: Buffer, offset: number): number {
  const value = buffer.readBigUInt64LE(offset);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

interface DirectoryLocation {
  entryCount: number;
  offset: number;
  size: number;
  /** Where the directory must end (the ZIP64 record or the end record). */
  end: number;
}

function findEndRecord(tail: Buffer): number {
  for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== EOCD_SIGNATURE) continue;
    if (i + EOCD_SIZE + tail.readUInt16LE(i + 20) <= tail.length) return i;
  }
  return -1;
}

async function locateDirectory(handle: FileHandle, file: string, size: number): Promise<DirectoryLocation> {
  if (size < EOCD_SIZE) throw new ZipFormatError(file, sourceStrings.notAZip(file));
  const tailLength = Math.min(size, EOCD_SIZE + MAX_COMMENT + ZIP64_LOCATOR_SIZE);
  const tailStart = size - tailLength;
  const tail = await readAt(handle, tailStart, tailLength);
  const at = findEndRecord(tail);
  if (at < 0) throw new ZipFormatError(file, sourceStrings.notAZip(file));
  const location: DirectoryLocation = {
    entryCount: tail.readUInt16LE(at + 10),
    size: tail.readUInt32LE(at + 12),
    offset: tail.readUInt32LE(at + 16),
    end: tailStart + at,
  };
  const needsZip64 = location.entryCount === 0xffff || location.size === 0xffffffff || location.offset === 0xffffffff;
  const locatorAt = at - ZIP64_LOCATOR_SIZE;
  if (locatorAt >= 0 && tail.readUInt32LE(locatorAt) === ZIP64_LOCATOR_SIGNATURE) {
    const recordOffset = readUInt64(tail, locatorAt + 8);
    const record = recordOffset + 56 <= size ? await readAt(handle, recordOffset, 56) : Buffer.alloc(0);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) {
      throw new ZipFormatError(file, sourceStrings.truncatedArchive(file, sourceStrings.badZip64));
    }
    return { entryCount: readUInt64(record, 32), size: readUInt64(record, 40), offset: readUInt64(record, 48), end: recordOffset };
  }
  if (needsZip64) throw new ZipFormatError(file, sourceStrings.truncatedArchive(file, sourceStrings.badZip64));
  return location;
}

/** Applies a ZIP64 extended information extra field (id 1) to the values stored as 0xFFFFFFFF. */
export function applyZip64Extra(extra: Buffer, entry: Pick<ZipEntry, 'uncompressedSize' | 'compressedSize' | 'localHeaderOffset'>): void {
  for (let p = 0; p + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(p);
    const length = extra.readUInt16LE(p + 2);
    const end = Math.min(extra.length, p + 4 + length);
    if (id === 1) {
      let q = p + 4;
      const next = (): number | undefined => (q + 8 <= end ? readUInt64(extra, (q += 8) - 8) : undefined);
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next() ?? entry.uncompressedSize;
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next() ?? entry.compressedSize;
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next() ?? entry.localHeaderOffset;
      return;
    }
    p += 4 + length;
  }
}

/** Little-endian fields of the directory, read by hand (thousands of entries: no per-field method call). */
function u16(d: Buffer, p: number): number {
  return d[p] | (d[p + 1] << 8);
}

function u32(d: Buffer, p: number): number {
  return (d[p] | (d[p + 1] << 8) | (d[p + 2] << 16)) + d[p + 3] * 0x1000000;
}

function parseDirectory(directory: Buffer, file: string, expected: number): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let p = 0;
  while (p + 46 <= directory.length && entries.length < expected) {
    if (u32(directory, p) !== CENTRAL_SIGNATURE) {
      throw new ZipFormatError(file, sourceStrings.truncatedArchive(file, sourceStrings.badCentralEntry(entries.length)));
    }
    const nameLength = u16(directory, p + 28);
    const extraLength = u16(directory, p + 30);
    const commentLength = u16(directory, p + 32);
    const nameEnd = p + 46 + nameLength;
    if (nameEnd + extraLength + commentLength > directory.length) {
      throw new ZipFormatError(file, sourceStrings.truncatedArchive(file, sourceStrings.badCentralEntry(entries.length)));
    }
    const entry: ZipEntry = {
      name: zipEntryName(directory, p + 46, nameEnd),
      flags: u16(directory, p + 8),
      method: u16(directory, p + 10),
      crc32: u32(directory, p + 16),
      compressedSize: u32(directory, p + 20),
      uncompressedSize: u32(directory, p + 24),
      localHeaderOffset: u32(directory, p + 42),
    };
    // The ZIP64 extra field replaces only fields marked 0xffffffff.
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff || entry.localHeaderOffset === 0xffffffff) {
      applyZip64Extra(directory.subarray(nameEnd, nameEnd + extraLength), entry);
    }
    entries.push(entry);
    p = nameEnd + extraLength + commentLength;
  }
  if (entries.length < expected) {
    throw new ZipFormatError(file, sourceStrings.truncatedArchive(file, sourceStrings.badCentralEntry(entries.length)));
  }
  return entries;
}

/** Opens an archive and reads its central directory (and starts the zstd decoder's compilation). The caller closes it. */
export async function openZip(file: string): Promise<ZipArchive> {
  void startZstdWasm();
  const handle = await open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    const location = await locateDirectory(handle, file, size);
    if (location.offset + location.size > location.end || location.size > MAX_CENTRAL_DIRECTORY) {
      throw new ZipFormatError(file, sourceStrings.truncatedArchive(file, sourceStrings.cdOutsideFile));
    }
    const directory = await readAt(handle, location.offset, location.size);
    if (directory.length < location.size) throw new ZipFormatError(file, sourceStrings.truncatedArchive(file, sourceStrings.cdOutsideFile));
    const entries = parseDirectory(directory, file, location.entryCount);
    // Nothing keeps a view of the directory (names are copies): its memory is given up now, not at a later collection.
    discardBytes(directory);
    markOverlaps(entries, location.offset);
    return { file, size, entries, handle, read: windowedReader(handle, size), close: () => handle.close() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
