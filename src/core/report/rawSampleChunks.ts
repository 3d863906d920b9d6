/**
 * The samples of one set as chunks of the log file's own bytes (RawSamplesManifest): each chunk is a line
 * with the JSON array of its samples' byte lengths, then those samples' bytes, read from the file a chunk
 * at a time. Nothing is parsed here.
 */
import * as fs from 'node:fs';
import type { RawSampleSet } from './rawSampleAccess';

/** A chunk holds at most this many bytes of samples (unless one sample is larger). */
export const RAW_CHUNK_BYTES = 1024 * 1024;

/** The index of the first sample of each chunk: at most `maxSamples` samples and about RAW_CHUNK_BYTES each. */
export function rawChunkStarts(set: Pick<RawSampleSet, 'starts' | 'ends'>, maxSamples: number, maxBytes = RAW_CHUNK_BYTES): number[] {
  const starts: number[] = [];
  let first = 0;
  while (first < set.starts.length) {
    starts.push(first);
    let last = first + 1;
    while (last < set.starts.length && last - first < maxSamples && set.ends[last] - set.starts[first] <= maxBytes) last++;
    first = last;
  }
  return starts;
}

/** Reads chunk after chunk of a set's samples from the log file. */
export class RawChunkReader {
  private readonly fd: number;

  constructor(filePath: string) {
    this.fd = fs.openSync(filePath, 'r');
  }

  /** The payload of the chunk of samples [first, end). */
  chunk(set: Pick<RawSampleSet, 'starts' | 'ends'>, first: number, end: number): Buffer {
    const from = set.starts[first];
    const bytes = Buffer.allocUnsafe(set.ends[end - 1] - from);
    let read = 0;
    while (read < bytes.length) {
      const n = fs.readSync(this.fd, bytes, read, bytes.length - read, from + read);
      if (n === 0) throw new Error('The log file became shorter while the report was being written.');
      read += n;
    }
    const lengths: number[] = [];
    const parts: Buffer[] = [];
    for (let i = first; i < end; i++) {
      lengths.push(set.ends[i] - set.starts[i]);
      parts.push(bytes.subarray(set.starts[i] - from, set.ends[i] - from));
    }
    return Buffer.concat([Buffer.from(`${JSON.stringify(lengths)}\n`, 'utf8'), ...parts]);
  }

  close(): void {
    fs.closeSync(this.fd);
  }
}
