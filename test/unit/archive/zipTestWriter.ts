/**
 * Writes small zip archives for tests: stored, deflate and zstd entries (zstd as valid frames of Raw blocks, or
 * given compressed bytes), optional ZIP64 records and extra fields, an archive comment, and damaged variants.
 */
import { deflateRawSync } from 'node:zlib';
import { crc32 } from '../../../src/core/archive/zipEntryData';

export interface TestEntry {
  name: string;
  /** Uncompressed content. */
  data?: Buffer | string;
  /** 0 stored, 8 deflate, 93 zstd (Raw-block frames, split into `frames` frames); default 8. */
  method?: number;
  frames?: number;
  /** Compressed bytes as written (with `crc` and `size` of the uncompressed content). */
  raw?: { bytes: Buffer; crc: number; size: number };
  /** Overrides the stored CRC-32 (a damaged entry). */
  crc?: number;
}

export interface ArchiveOptions {
  zip64?: boolean;
  comment?: string;
}

/** One zstd frame holding `data` in Raw blocks; `withSize` writes the content size, else a window descriptor. */
export function rawZstdFrame(data: Buffer, withSize = true): Buffer {
  const header = withSize ? Buffer.alloc(9) : Buffer.alloc(6);
  header.writeUInt32LE(0xfd2fb528, 0);
  if (withSize) {
    header[4] = 0xa0; // 4-byte content size, single segment
    header.writeUInt32LE(data.length, 5);
  } else {
    header[4] = 0x00;
    header[5] = 0x58; // window 2 MB
  }
  const blocks: Buffer[] = [header];
  const BLOCK = 128 * 1024;
  let p = 0;
  do {
    const size = Math.min(BLOCK, data.length - p);
    const last = p + size >= data.length ? 1 : 0;
    const value = (size << 3) | (0 << 1) | last;
    blocks.push(Buffer.from([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff]), data.subarray(p, p + size));
    p += size;
  } while (p < data.length);
  return Buffer.concat(blocks);
}

/** `data` as `count` consecutive zstd frames (the first without a content size when there are several). */
export function rawZstdFrames(data: Buffer, count: number): Buffer {
  const frames: Buffer[] = [];
  const step = Math.ceil(data.length / count);
  for (let k = 0; k < count; k++) frames.push(rawZstdFrame(data.subarray(k * step, Math.min(data.length, (k + 1) * step)), count === 1 || k > 0));
  return Buffer.concat(frames);
}

function compressed(entry: TestEntry, data: Buffer): Buffer {
  const method = entry.method ?? 8;
  if (method === 0) return data;
  if (method === 8) return deflateRawSync(data);
  if (method === 93) return rawZstdFrames(data, entry.frames ?? 1);
  return data;
}

export function buildZip(entries: TestEntry[], options: ArchiveOptions = {}): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const z64 = options.zip64 === true;
  for (const entry of entries) {
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data ?? '', 'utf8');
    const body = entry.raw ? entry.raw.bytes : compressed(entry, data);
    const size = entry.raw ? entry.raw.size : data.length;
    const crc = entry.crc ?? (entry.raw ? entry.raw.crc : crc32(data));
    const name = Buffer.from(entry.name, 'utf8');
    const method = entry.method ?? 8;
    const localExtra = z64 ? zip64Extra([size, body.length]) : Buffer.alloc(0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(z64 ? 45 : 20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(z64 ? 0xffffffff : body.length, 18);
    local.writeUInt32LE(z64 ? 0xffffffff : size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(localExtra.length, 28);
    parts.push(local, name, localExtra, body);
    const centralExtra = z64 ? zip64Extra([size, body.length, offset]) : Buffer.alloc(0);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(z64 ? 45 : 20, 4);
    record.writeUInt16LE(z64 ? 45 : 20, 6);
    record.writeUInt16LE(0x0800, 8);
    record.writeUInt16LE(method, 10);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(z64 ? 0xffffffff : body.length, 20);
    record.writeUInt32LE(z64 ? 0xffffffff : size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt16LE(centralExtra.length, 30);
    record.writeUInt32LE(z64 ? 0xffffffff : offset, 42);
    central.push(record, name, centralExtra);
    offset += local.length + name.length + localExtra.length + body.length;
  }
  const directory = Buffer.concat(central);
  const comment = Buffer.from(options.comment ?? '', 'utf8');
  const tail: Buffer[] = [];
  if (z64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(entries.length), 24);
    record.writeBigUInt64LE(BigInt(entries.length), 32);
    record.writeBigUInt64LE(BigInt(directory.length), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(z64 ? 0xffff : entries.length, 8);
  end.writeUInt16LE(z64 ? 0xffff : entries.length, 10);
  end.writeUInt32LE(z64 ? 0xffffffff : directory.length, 12);
  end.writeUInt32LE(z64 ? 0xffffffff : offset, 16);
  end.writeUInt16LE(comment.length, 20);
  return Buffer.concat([...parts, directory, ...tail, end, comment]);
}

function zip64Extra(values: number[]): Buffer {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(1, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, k) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * k));
  return extra;
}

/**
 * Two real zstd frames (compressed by the zstd command, level 19; the second without a checksum) holding one
 * 796-byte JSON text: `part`, `messages` (user 'What is 2+2? ' × 20, assistant 'It is 4. ' × 20), `numbers` 0–59.
 */
export const REAL_ZSTD_FRAMES = {
  bytes: Buffer.from(
    'KLUv/WSQACUDAAKGExeQTQfAs5JCXokSFMH4fAMNAVksWf+SAw6GYtutNqrnVd2EAAjWxnuM0XAbhNzriSrd7OhAeeowu+Jyqvjc64rPpeJkdbJzmDf75kWnAgYALDpUr9uy/aCsjaDD0AtAi888gbP9KLUv/WCMAN0EAAaQJBagaxgDB5M3b4q0Czexe0sppf3W9j9rIgAbABsAPuPJ+MAFvrji5+bl5OOJQQLA0UggFhAGwA8RgMJHwYDpCL6QK+RHbuRFTuRDnpAPxgXjy7gyfuM2XuM0AV7mZD7mifmgXFC+lCvlV27lVU7lU56UD8gFFJHD4Fxwvpwr53du53VO53OenA/MBeaLuWJ+5mYBAQAJUuUI',
    'base64',
  ),
  crc: 0x7ab9d09d,
  size: 796,
};
