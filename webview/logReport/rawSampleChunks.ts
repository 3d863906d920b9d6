/**
 * The samples of one set of a compressed export carried as the log's own JSON (RawSamplesManifest): a
 * chunk, once decompressed, is kept as bytes; a sample is parsed and turned into its detail (the same
 * code as the extension host's) only when it is shown or searched.
 */
import type { SampleDetail } from '../../src/core/log/logViewTypes';
import { buildSampleDetail, DetailContext } from '../../src/core/log/sampleDetail';

interface LoadedChunk {
  bytes: Uint8Array;
  /** Offset of each sample of the chunk in `bytes`, and the end of the last. */
  offsets: number[];
}

/** Where the samples of a decompressed chunk lie: after its first line (the JSON array of their byte lengths). */
function splitChunk(bytes: Uint8Array, expected: number): LoadedChunk {
  const newline = bytes.indexOf(10);
  const lengths: unknown = newline > 0 ? JSON.parse(new TextDecoder().decode(bytes.subarray(0, newline))) : undefined;
  if (!Array.isArray(lengths) || lengths.length !== expected || !lengths.every((n) => Number.isInteger(n) && n >= 0)) throw new Error('The report file is damaged: a chunk of samples does not list its samples.');
  const offsets = [newline + 1];
  for (const length of lengths as number[]) offsets.push(offsets[offsets.length - 1] + length);
  if (offsets[offsets.length - 1] !== bytes.length) throw new Error('The report file is damaged: a chunk of samples is cut short.');
  return { bytes, offsets };
}

export class RawSampleChunks {
  private readonly loaded = new Map<number, LoadedChunk>();
  private readonly releasedChunks = new Set<number>();
  private readonly decoder = new TextDecoder();

  /** `decode(chunk)` gives the decompressed bytes of chunk `chunk`; `starts` the first sample of each chunk. */
  constructor(
    private readonly decode: (chunk: number) => Promise<Uint8Array>,
    private readonly starts: readonly number[],
    private readonly count: number,
    private readonly context: DetailContext & { runIndex?: number },
  ) {}

  get chunkCount(): number {
    return this.starts.length;
  }

  /** The chunk holding sample `index` (binary search over the chunks' first samples). */
  chunkOf(index: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid] <= index) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  firstOf(chunk: number): number {
    return this.starts[chunk];
  }

  /** The index after the last sample of `chunk`. */
  endOf(chunk: number): number {
    return chunk + 1 < this.starts.length ? this.starts[chunk + 1] : this.count;
  }

  /** Drops the bytes of a chunk whose details are all built. */
  release(chunk: number): void {
    this.loaded.delete(chunk);
    this.releasedChunks.add(chunk);
  }

  released(chunk: number): boolean {
    return this.releasedChunks.has(chunk);
  }

  async load(chunk: number): Promise<void> {
    if (chunk < 0 || chunk >= this.starts.length) throw new Error(`The report file is incomplete: chunk ${chunk} of the samples is missing.`);
    this.loaded.set(chunk, splitChunk(await this.decode(chunk), this.endOf(chunk) - this.starts[chunk]));
  }

  /** The detail of sample `index`, whose chunk is loaded; throws when the sample is not valid JSON. */
  detail(index: number): SampleDetail {
    const chunk = this.chunkOf(index);
    const loaded = this.loaded.get(chunk);
    if (!loaded) throw new Error(`Sample ${index} is not loaded.`);
    const at = index - this.starts[chunk];
    const value: unknown = JSON.parse(this.decoder.decode(loaded.bytes.subarray(loaded.offsets[at], loaded.offsets[at + 1])));
    const { runIndex, ...context } = this.context;
    return buildSampleDetail(value, index, runIndex, context);
  }
}
