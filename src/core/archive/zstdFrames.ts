/**
 * Zstandard data as zip method 93 holds it: one or more frames one after another (and possibly skippable frames).
 * Frames are found by walking their headers and block headers, each is bounded against the entry's size before
 * it is decoded; it goes to the WebAssembly reference decoder (zstdWasm.ts) when that is ready, with the frame's
 * declared size or else the room left in the entry, and to fzstd when it turns the frame down. The parts are
 * joined in order.
 */
import { Decompress, decompress } from 'fzstd';
import { sourceStrings } from '../l10n/sourceStrings';
import { decodeFrameWasm } from './zstdWasm';

const ZSTD_MAGIC = 0xfd2fb528;
const MAX_WINDOW_WITHOUT_SIZE = 128 * 1024 * 1024;

class ZstdDataError extends Error {}

interface FrameBounds {
  start: number;
  end: number;
  /** Declared decompressed size, when the header carries one. */
  contentSize?: number;
  windowSize: number;
}

function frameAt(data: Uint8Array, start: number): FrameBounds {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (start + 6 > data.length) throw new ZstdDataError(sourceStrings.zstdTruncated);
  const descriptor = data[start + 4];
  const sizeFlag = descriptor >> 6;
  const singleSegment = (descriptor >> 5) & 1;
  const hasChecksum = (descriptor >> 2) & 1;
  const dictionaryBytes = [0, 1, 2, 4][descriptor & 3];
  const sizeBytes = sizeFlag === 0 ? singleSegment : 1 << sizeFlag;
  let p = start + 5;
  let windowSize = 0;
  if (!singleSegment) {
    const exponent = data[p] >> 3;
    const base = 2 ** (10 + exponent);
    windowSize = base + (base / 8) * (data[p] & 7);
    p++;
  }
  p += dictionaryBytes;
  if (p + sizeBytes > data.length) throw new ZstdDataError(sourceStrings.zstdTruncated);
  let contentSize: number | undefined;
  if (sizeBytes === 1) contentSize = data[p];
  else if (sizeBytes === 2) contentSize = view.getUint16(p, true) + 256;
  else if (sizeBytes === 4) contentSize = view.getUint32(p, true);
  else if (sizeBytes === 8) contentSize = Number(view.getBigUint64(p, true));
  p += sizeBytes;
  if (singleSegment) windowSize = contentSize ?? 0;
  for (;;) {
    if (p + 3 > data.length) throw new ZstdDataError(sourceStrings.zstdTruncated);
    const header = data[p] | (data[p + 1] << 8) | (data[p + 2] << 16);
    const last = header & 1;
    const type = (header >> 1) & 3;
    if (type === 3) throw new ZstdDataError(sourceStrings.zstdReservedBlock);
    p += 3 + (type === 1 ? 1 : header >>> 3);
    if (p > data.length) throw new ZstdDataError(sourceStrings.zstdTruncated);
    if (last) break;
  }
  if (hasChecksum) p += 4;
  if (p > data.length) throw new ZstdDataError(sourceStrings.zstdTruncated);
  return { start, end: p, contentSize, windowSize };
}

/**
 * One frame that declares no content size, decoded block by block and stopped as soon as it exceeds `budget`
 * bytes: a few bytes of repeated-byte blocks can otherwise expand to gigabytes before any size is known.
 */
function decompressWithin(frame: Uint8Array, budget: number): Uint8Array {
  const blocks: Uint8Array[] = [];
  let size = 0;
  const stream = new Decompress((block) => {
    size += block.length;
    if (size > budget) throw new ZstdDataError(sourceStrings.zstdExpandsBeyond);
    if (block.length > 0) blocks.push(block);
  });
  stream.push(frame, true);
  if (blocks.length === 1) return blocks[0];
  const joined = new Uint8Array(size);
  let at = 0;
  for (const block of blocks) {
    joined.set(block, at);
    at += block.length;
  }
  return joined;
}

/** One frame's bytes: the WebAssembly decoder's, else fzstd's (into `into` when it fits, else a new array). */
function decodeFrame(bytes: Uint8Array, frame: FrameBounds, room: number, into?: Uint8Array): Uint8Array {
  const part = frame.contentSize === undefined ? decodeFrameWasm(bytes, room, false, into) : decodeFrameWasm(bytes, frame.contentSize, true, into);
  if (part) return part;
  try {
    return frame.contentSize === undefined ? decompressWithin(bytes, room) : decompress(bytes);
  } catch (error) {
    if (error instanceof ZstdDataError) throw error;
    throw new ZstdDataError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Decodes every frame of `data`; `expectedSize` is the entry's uncompressed size (frames may not exceed it).
 * `scratch`: when it has room for `expectedSize` bytes they are decoded into it and a view of it is returned (for a
 * reader that is done with them before the next decode), else into a new array.
 */
export function decodeZstdFrames(data: Uint8Array, expectedSize: number, scratch?: Uint8Array): Uint8Array {
  const into = scratch && scratch.length >= expectedSize ? scratch : undefined;
  const parts: Uint8Array[] = [];
  let total = 0;
  let p = 0;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  while (p < data.length) {
    if (p + 8 > data.length) throw new ZstdDataError(sourceStrings.zstdTruncated);
    const magic = view.getUint32(p, true);
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      p += 8 + view.getUint32(p + 4, true);
      continue;
    }
    if (magic !== ZSTD_MAGIC) throw new ZstdDataError(sourceStrings.zstdBadMagic(p));
    const frame = frameAt(data, p);
    if (frame.contentSize !== undefined && total + frame.contentSize > expectedSize) throw new ZstdDataError(sourceStrings.zstdFrameTooLarge);
    if (frame.contentSize === undefined && frame.windowSize > MAX_WINDOW_WITHOUT_SIZE) throw new ZstdDataError(sourceStrings.zstdWindowTooLarge);
    const part = decodeFrame(data.subarray(frame.start, frame.end), frame, expectedSize - total, into?.subarray(total));
    if (total + part.length > expectedSize) throw new ZstdDataError(sourceStrings.zstdFrameTooLarge);
    if (into && part.buffer !== into.buffer) into.set(part, total);
    else if (!into) parts.push(part);
    total += part.length;
    p = frame.end;
  }
  if (into) return into.subarray(0, total);
  return joinParts(parts, total);
}

function joinParts(parts: readonly Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const joined = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}
