/**
 * The log file itself in a compressed export, window by window (RawSamplesManifest): each window of the
 * file gzip-compressed, as base64 in a non-executed element. Nothing is parsed here.
 */
import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import { COMPRESSED_CHUNK_TYPE, fileWindowId, SampleBoundsChunk } from '../protocol/embeddedReport';
import type { JsonPath } from '../json/jsonPath';
import { readFully } from '../text/readFully';

/** One sample array of the log: its path in the log and where each sample lies in the file. */
export interface RawSampleSet {
  /** undefined: `evidence.samples`; else the run's index (as pages and details name it). */
  runIndex?: number;
  /** JSON path of the array, e.g. `['evidence', 'runs', 0, 'samples']`. */
  path: JsonPath;
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
}

/** Bytes of the file per window: small enough to decode one sample quickly, large enough to compress well. */
export const FILE_WINDOW_BYTES = 1024 * 1024;

/** gzip level of the windows: the log's JSON compresses about 6× already at 1, at a fraction of the time of higher levels. */
export const FILE_WINDOW_LEVEL = 1;

/** The compressed windows of a log file, written to `file` as the elements the page reads. */
export interface FileWindows {
  file: string;
  windowBytes: number;
  windowCount: number;
}

export function fileWindowCount(size: number, windowBytes: number): number {
  return Math.ceil(size / windowBytes);
}

function fileWindowElement(n: number, compressed: Buffer): string {
  return `<script type="${COMPRESSED_CHUNK_TYPE}" id="${fileWindowId(n)}">${compressed.toString('base64')}</script>\n`;
}

/** Reads window `n` of an open file (fewer bytes at its end). */
export function readFileWindow(fd: number, n: number, windowBytes: number): Buffer {
  const window = Buffer.allocUnsafe(windowBytes);
  return window.subarray(0, readFully(fd, window, 0, n * windowBytes, windowBytes));
}

/** Compresses every window of `logFile` into `outFile`, in this thread (a worker's job). */
export function compressFileWindowsSync(logFile: string, outFile: string, windowBytes: number, level: number): FileWindows {
  const input = fs.openSync(logFile, 'r');
  const output = fs.openSync(outFile, 'w');
  try {
    const windowCount = fileWindowCount(fs.fstatSync(input).size, windowBytes);
    for (let n = 0; n < windowCount; n++) fs.writeSync(output, fileWindowElement(n, zlib.gzipSync(readFileWindow(input, n, windowBytes), { level })));
    return { file: outFile, windowBytes, windowCount };
  } finally {
    fs.closeSync(input);
    fs.closeSync(output);
  }
}

/** Where a set's samples lie in the file, as the page reads it. */
export function sampleBoundsChunk(set: Pick<RawSampleSet, 'starts' | 'ends'>): SampleBoundsChunk {
  const gaps: number[] = [];
  const lengths: number[] = [];
  let end = 0;
  for (let i = 0; i < set.starts.length; i++) {
    gaps.push(set.starts[i] - end);
    lengths.push(set.ends[i] - set.starts[i]);
    end = set.ends[i];
  }
  return { gaps, lengths };
}
