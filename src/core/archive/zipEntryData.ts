/**
 * Reads one entry's data in place (local header, then its compressed bytes by offset), decodes it (stored,
 * deflate with Node's zlib, zstd with several frames) and checks its CRC-32. A problem with one entry is a
 * ZipEntryError: the caller turns it into a warning naming the entry and the archive, and reads the others.
 */
import * as zlib from 'node:zlib';
import { sourceStrings } from '../l10n/sourceStrings';
import { ZipArchive, ZipEntry, applyZip64Extra } from './zipReader';
import { decodeZstdFrames } from './zstdFrames';
import { startZstdWasm } from './zstdWasm';

const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;
const METHOD_ZSTD = 93;

const LOCAL_SIGNATURE = 0x04034b50;

export class ZipEntryError extends Error {
  constructor(readonly entry: string, readonly file: string, readonly tooLarge: boolean, message: string) {
    super(message);
    this.name = 'ZipEntryError';
  }
}

let crcTable: Int32Array | undefined;

/** CRC-32 (IEEE), with Node's native zlib.crc32 where the runtime has it. */
export function crc32(data: Uint8Array): number {
  const native = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  if (native) return native(data) >>> 0;
  if (!crcTable) {
    crcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c;
    }
  }
  let crc = -1;
  for (let i = 0; i < data.length; i++) crc = crcTable[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

/** Deflate expands its input at most about 1032 times: an entry declared larger than that cannot be honest. */
const MAX_DEFLATE_RATIO = 1032;
/** The largest output buffer made at once for an entry (larger entries grow in buffers of this size). */
const MAX_INFLATE_CHUNK = 64 * 1024 * 1024;

/**
 * The size of zlib's output buffers for an entry: one buffer one byte larger than the declared size, so that an
 * honest entry is decoded into one buffer with no copy (zlib's default, 16 KiB buffers joined at the end, took
 * twice as long on a 7 MB summaries.json); bounded by what its compressed bytes can expand to, so that a lying
 * size allocates no more than the data could fill.
 */
function inflateChunkSize(compressedBytes: number, declaredBytes: number): number {
  return Math.max(zlib.constants.Z_MIN_CHUNK, Math.min(declaredBytes + 1, compressedBytes * MAX_DEFLATE_RATIO + 1024, MAX_INFLATE_CHUNK));
}

/** Decodes compressed entry bytes by method; the result is checked against the declared size. */
function decodeEntryBytes(method: number, data: Uint8Array, uncompressedSize: number, scratch?: Uint8Array): Uint8Array {
  switch (method) {
    case METHOD_STORED:
      return data;
    case METHOD_DEFLATE:
      return zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, uncompressedSize), chunkSize: inflateChunkSize(data.length, uncompressedSize) });
    case METHOD_ZSTD:
      return decodeZstdFrames(data, uncompressedSize, scratch);
    default:
      throw new Error(sourceStrings.unknownMethod(method));
  }
}

/** The entry's uncompressed bytes. Throws ZipEntryError for an entry above `maxBytes` or with damaged data. */
export async function readEntryData(archive: ZipArchive, entry: ZipEntry, maxBytes: number): Promise<Uint8Array> {
  // Stored bytes are a view of the archive's read window, which is given up once the window moves on: a copy. Zlib's
  // output is the caller's own (its buffer one byte larger than the data, inflateChunkSize): never copied.
  const own = (data: Uint8Array) => entry.method === METHOD_DEFLATE || data.byteLength === data.buffer.byteLength;
  return readDecoded(archive, entry, maxBytes, undefined, (data) => (own(data) ? data : new Uint8Array(data)));
}

/** Entries up to this size are decoded into one reused buffer by useEntryData. */
const MAX_SCRATCH_BYTES = 1024 * 1024;
let scratch: Uint8Array | undefined;

function scratchFor(size: number): Uint8Array | undefined {
  if (size > MAX_SCRATCH_BYTES) return undefined;
  if (!scratch || scratch.length < size) scratch = new Uint8Array(Math.min(MAX_SCRATCH_BYTES, Math.max(64 * 1024, 2 ** Math.ceil(Math.log2(Math.max(1, size))))));
  return scratch;
}

/**
 * The entry's uncompressed bytes given to `use`, which is done with them when it returns (they may be a buffer
 * reused by the next read): a pass over many small entries then leaves no decoded buffer per entry behind for the
 * garbage collector to find. Throws as readEntryData does.
 */
export async function useEntryData<T>(archive: ZipArchive, entry: ZipEntry, maxBytes: number, use: (data: Uint8Array) => T): Promise<T> {
  return readDecoded(archive, entry, maxBytes, scratchFor(entry.uncompressedSize), use);
}

/** Reads and decodes the entry (into `into` when it fits) and hands the bytes to `use` at once, before any other read. */
async function readDecoded<T>(archive: ZipArchive, entry: ZipEntry, maxBytes: number, into: Uint8Array | undefined, use: (data: Uint8Array) => T): Promise<T> {
  const fail = (message: string, tooLarge = false) => new ZipEntryError(entry.name, archive.file, tooLarge, message);
  if (entry.uncompressedSize > maxBytes) {
    throw fail(sourceStrings.entryTooLarge(entry.name, archive.file, entry.uncompressedSize / 1048576, maxBytes / 1048576), true);
  }
  const damaged = (reason: string) => fail(sourceStrings.entryCorrupt(entry.name, archive.file, reason));
  if (entry.damage !== undefined) throw damaged(entry.damage);
  if (entry.flags & 1) throw damaged(sourceStrings.encrypted);
  const header = await archive.read(entry.localHeaderOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw damaged(sourceStrings.badLocalHeader);
  const nameLength = header.readUInt16LE(26);
  const extraLength = header.readUInt16LE(28);
  const sizes = { uncompressedSize: entry.uncompressedSize, compressedSize: entry.compressedSize, localHeaderOffset: 0 };
  if (sizes.compressedSize === 0xffffffff || sizes.uncompressedSize === 0xffffffff) {
    applyZip64Extra(await archive.read(entry.localHeaderOffset + 30 + nameLength, extraLength), sizes);
  }
  if (sizes.uncompressedSize > maxBytes) {
    throw fail(sourceStrings.entryTooLarge(entry.name, archive.file, sizes.uncompressedSize / 1048576, maxBytes / 1048576), true);
  }
  const dataStart = entry.localHeaderOffset + 30 + nameLength + extraLength;
  if (dataStart + sizes.compressedSize > archive.size) throw damaged(sourceStrings.dataTruncated);
  // The decoder is ready before the bytes are read: nothing is awaited between the read and the decoding (the read
  // window the bytes view is given up once a later read moves it on, ZipArchive.read).
  if (entry.method === METHOD_ZSTD) await startZstdWasm();
  const compressed = await archive.read(dataStart, sizes.compressedSize);
  if (compressed.length < sizes.compressedSize) throw damaged(sourceStrings.dataTruncated);
  let data: Uint8Array;
  try {
    data = decodeEntryBytes(entry.method, compressed, sizes.uncompressedSize, into);
  } catch (error) {
    throw damaged(error instanceof Error ? error.message : String(error));
  }
  if (data.length !== sizes.uncompressedSize) throw damaged(sourceStrings.sizeMismatch(data.length, sizes.uncompressedSize));
  if (crc32(data) !== entry.crc32) throw damaged(sourceStrings.badCrc);
  return use(data);
}
