/**
 * The samples of a compressed export carried as the log file's own bytes (RawSamplesManifest): the file's
 * windows are decompressed when a sample in them is asked for (a few kept), and a sample is parsed and
 * turned into its detail (the same code as the extension host's) only when it is shown; a search reads the
 * sample's own JSON into the host's search text.
 */
import type { SampleDetail } from '../../src/core/model/logViewTypes';
import { buildSampleDetail, DetailContext } from '../../src/core/log/sampleDetail';
import type { SampleBoundsChunk } from '../../src/core/protocol/embeddedReport';
import * as l10n from '@vscode/l10n';

/** Decompressed windows kept at a time (a sample usually lies in one or two). */
const KEPT_WINDOWS = 8;

/** The log file's bytes, window by window. */
export class FileWindowReader {
  private readonly kept = new Map<number, Promise<Uint8Array>>();

  /** `decode(n)` gives the decompressed bytes of window `n`. */
  constructor(private readonly decode: (n: number) => Promise<Uint8Array>, private readonly windowBytes: number, private readonly windowCount: number) {}

  private window(n: number): Promise<Uint8Array> {
    let window = this.kept.get(n);
    if (window) {
      this.kept.delete(n); // most recently used last
    } else {
      if (n < 0 || n >= this.windowCount) return Promise.reject(new Error(l10n.t('The report file is incomplete: window {0} of the log is missing.', n)));
      window = this.decode(n);
      window.catch(() => this.kept.delete(n));
    }
    this.kept.set(n, window);
    while (this.kept.size > KEPT_WINDOWS) this.kept.delete(this.kept.keys().next().value as number);
    return window;
  }

  /** The file's bytes [start, end). */
  async bytes(start: number, end: number): Promise<Uint8Array> {
    const first = Math.floor(start / this.windowBytes);
    const last = Math.floor(Math.max(start, end - 1) / this.windowBytes);
    if (first === last) {
      const window = await this.window(first);
      const from = start - first * this.windowBytes;
      if (from + end - start > window.length) throw new Error(l10n.t('The report file is damaged: a sample lies past the end of the log.'));
      return window.subarray(from, from + end - start);
    }
    const out = new Uint8Array(end - start);
    for (let n = first; n <= last; n++) {
      const window = await this.window(n);
      const from = Math.max(start, n * this.windowBytes);
      const to = Math.min(end, n * this.windowBytes + window.length);
      if (to < Math.min(end, (n + 1) * this.windowBytes)) throw new Error(l10n.t('The report file is damaged: a sample lies past the end of the log.'));
      out.set(window.subarray(from - n * this.windowBytes, to - n * this.windowBytes), from - start);
    }
    return out;
  }
}

/** One set's samples, read from the file's windows at the set's bounds. */
export class FileWindowSamples {
  private bounds?: Promise<{ starts: number[]; ends: number[] }>;
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly reader: FileWindowReader,
    private readonly loadBounds: () => Promise<SampleBoundsChunk>,
    private readonly count: number,
    private readonly context: DetailContext & { runIndex?: number },
  ) {}

  private where(): Promise<{ starts: number[]; ends: number[] }> {
    this.bounds ??= this.loadBounds().then(({ gaps, lengths }) => {
      if (!Array.isArray(gaps) || !Array.isArray(lengths) || gaps.length !== this.count || lengths.length !== this.count) throw new Error(l10n.t("The report file is damaged: the samples' places are missing."));
      const starts: number[] = [];
      const ends: number[] = [];
      let end = 0;
      for (let i = 0; i < this.count; i++) {
        starts.push(end + gaps[i]);
        end = starts[i] + lengths[i];
        ends.push(end);
      }
      return { starts, ends };
    });
    return this.bounds;
  }

  /** Sample `index` as the log holds it; rejects when the sample is not valid JSON. */
  async value(index: number): Promise<unknown> {
    const { starts, ends } = await this.where();
    return JSON.parse(this.decoder.decode(await this.reader.bytes(starts[index], ends[index])));
  }

  /** The detail of sample `index`; rejects when the sample is not valid JSON. */
  async detail(index: number): Promise<SampleDetail> {
    const value = await this.value(index);
    const { runIndex, ...context } = this.context;
    return buildSampleDetail(value, index, runIndex, context);
  }
}
