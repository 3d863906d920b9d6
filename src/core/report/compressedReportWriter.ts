/**
 * The standalone HTML of a large log, written as a stream: the summary embedded plainly first (so the page
 * shows it at once), then the inline script, then each set's rows and samples gzip-compressed in chunks
 * (base64 in non-executed elements) that the page decodes on demand with DecompressionStream. The samples
 * of a log indexed from its file are its own JSON bytes, which the page parses and turns into a detail
 * only when shown (nothing is parsed here); other sources give built details. Only a few chunks are held
 * at a time.
 */
import * as fs from 'node:fs';
import { once } from 'node:events';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import type { LogSource } from '../log/logSource';
import type { SampleRow } from '../model/logViewTypes';
import { COMPRESSED_CHUNK_TYPE, COMPRESSED_TOP_SET, compressedChunkId, CompressedSamplesManifest, EmbeddedReport, fileWindowId } from '../protocol/embeddedReport';
import { RawSampleAccess, RawSampleSet, rawSamplesOf } from './rawSampleAccess';
import { FILE_WINDOW_BYTES, fileWindowCount, FileWindows, readFileWindow, sampleBoundsChunk } from './fileWindows';
import { reportDataElement, STANDALONE_HTML_END, StandaloneAssets, standaloneHtmlParts } from './standaloneHtml';
import * as l10n from '@vscode/l10n';

const gzip = promisify(zlib.gzip);

export interface CompressedExportOptions {
  rowsPerChunk?: number;
  detailsPerChunk?: number;
  /** gzip level (default 1: the log's own JSON compresses about 6× already, at a fraction of the time of higher levels). */
  level?: number;
}

const DEFAULT_LEVEL = 1;

/** A set of samples written: the top level (COMPRESSED_TOP_SET) or a run. */
interface ExportedSet {
  key: string;
  runIndex?: number;
  count: number;
}

const DEFAULT_ROWS_PER_CHUNK = 5000;
const DEFAULT_DETAILS_PER_CHUNK = 100;

/** Writes strings to a file stream, waiting when the stream asks to. */
export class HtmlOutput {
  private readonly stream: fs.WriteStream;
  private failure: Error | undefined;

  constructor(file: string) {
    this.stream = fs.createWriteStream(file);
    this.stream.on('error', (error) => (this.failure = error));
  }

  async write(text: string): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.stream.write(text, 'utf8')) await this.until('drain');
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    this.stream.end();
    await this.until('finish');
    if (this.failure) throw this.failure;
  }

  /** Resolves on `event` or on an error, leaving no listener behind. */
  private until(event: 'drain' | 'finish'): Promise<void> {
    if (this.failure) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        this.stream.off(event, done);
        this.stream.off('error', done);
        resolve();
      };
      this.stream.on(event, done);
      this.stream.on('error', done);
    });
  }

  /** Appends a file's content, a piece at a time. */
  async copyFrom(file: string): Promise<void> {
    for await (const piece of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
      if (this.failure) throw this.failure;
      if (!this.stream.write(piece as Buffer)) await this.until('drain');
    }
    if (this.failure) throw this.failure;
  }

  abort(): void {
    this.stream.destroy();
  }
}

/** Bytes of compressed output zlib hands back at a time. */
const OUTPUT_PIECE = 256 * 1024;

/** How many chunks are compressed at once in the thread pool while the next ones are read. */
const CHUNKS_IN_FLIGHT = 4;
/**
 * The text (in characters) given to the compressor at once by `addPieces`: under V8's large-object size (128 KiB)
 * with the piece that passes it. A larger text outlives a young-generation collection while it is compressed and
 * is kept among the large objects until a full one: a megabyte a write let the page of a million samples' values
 * raise the peak memory by tens of megabytes.
 */
const PIECES_PER_WRITE = 1 << 16;

/** Compresses chunks in the thread pool, several at a time, while the next ones are built; writes them in order. */
export class ChunkWriter {
  private readonly inFlight: { id: string; bytes: Promise<Buffer> }[] = [];

  constructor(private readonly out: HtmlOutput, private readonly level: number) {}

  /** Queues chunk `id`, compressed at `level` (the writer's own by default). */
  async add(id: string, payload: Buffer | string, level = this.level): Promise<void> {
    // Output in one piece or a few: each piece is a round trip from the thread pool to this thread.
    const bytes = gzip(typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload, { level, chunkSize: OUTPUT_PIECE });
    bytes.catch(() => undefined); // handled when awaited, in order
    this.inFlight.push({ id, bytes });
    if (this.inFlight.length >= CHUNKS_IN_FLIGHT) await this.writeOldest();
  }

  /**
   * Writes chunk `id` from text given a piece at a time (after the chunks queued before it): compressed and
   * written out as the pieces come, so that neither the text nor its compressed bytes are held whole. The page
   * reads it as a chunk added whole.
   */
  async addPieces(id: string, pieces: Iterable<string>, level = this.level): Promise<void> {
    await this.flush();
    await this.out.write(`<script type="${COMPRESSED_CHUNK_TYPE}" id="${id}">`);
    const gzip = zlib.createGzip({ level, chunkSize: OUTPUT_PIECE });
    gzip.on('error', () => undefined); // seen by the reading below and by the wait for 'drain'
    const encoded = this.writeBase64(gzip).catch((error: unknown) => {
      // A failed write stops the pieces too: the wait for 'drain' ends with this error.
      gzip.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
    try {
      // Pieces go to the compressor in batches (PIECES_PER_WRITE): fewer, larger writes compress faster.
      let batch: string[] = [];
      let batched = 0;
      const send = async (): Promise<void> => {
        const text = batch.length === 1 ? batch[0] : batch.join('');
        batch = [];
        batched = 0;
        if (!gzip.write(text, 'utf8')) await once(gzip, 'drain');
      };
      for (const piece of pieces) {
        batch.push(piece);
        batched += piece.length;
        if (batched >= PIECES_PER_WRITE) await send();
      }
      if (batch.length) await send();
      gzip.end();
    } catch (error) {
      gzip.destroy();
      await encoded.catch(() => undefined);
      throw error;
    }
    await encoded;
    await this.out.write('</script>\n');
  }

  /** The compressed bytes as base64, written as they come (whole groups of three bytes, the rest with the next). */
  private async writeBase64(bytes: AsyncIterable<Buffer>): Promise<void> {
    let rest = Buffer.alloc(0);
    for await (const piece of bytes) {
      const joined = rest.length ? Buffer.concat([rest, piece]) : piece;
      const whole = joined.length - (joined.length % 3);
      await this.out.write(joined.toString('base64', 0, whole));
      rest = Buffer.from(joined.subarray(whole));
    }
    if (rest.length) await this.out.write(rest.toString('base64'));
  }

  async flush(): Promise<void> {
    while (this.inFlight.length) await this.writeOldest();
  }

  private async writeOldest(): Promise<void> {
    const oldest = this.inFlight.shift();
    if (oldest) await this.out.write(`<script type="${COMPRESSED_CHUNK_TYPE}" id="${oldest.id}">${(await oldest.bytes).toString('base64')}</script>\n`);
  }
}

async function writeRows(source: LogSource, chunks: ChunkWriter, setKey: string, count: number, runIndex: number | undefined, manifest: CompressedSamplesManifest, generation: number): Promise<void> {
  let rowChunk = 0;
  for (let offset = 0; offset < count; offset += manifest.rowsPerChunk) {
    const page = await source.page({ offset, limit: manifest.rowsPerChunk, runIndex });
    if (page.generation !== generation) throw new Error(l10n.t('The log changed while the report was being written.'));
    const rows: SampleRow[] = page.rows;
    await chunks.add(compressedChunkId(setKey, 'rows', rowChunk++), JSON.stringify(rows));
  }
}

async function writeDetails(source: LogSource, chunks: ChunkWriter, setKey: string, count: number, runIndex: number | undefined, manifest: CompressedSamplesManifest): Promise<void> {
  let detailChunk = 0;
  for (let from = 0; from < count; from += manifest.detailsPerChunk) {
    const parts: string[] = [];
    for (let index = from; index < Math.min(count, from + manifest.detailsPerChunk); index++) {
      parts.push(JSON.stringify(await source.detail(index, runIndex)));
    }
    await chunks.add(compressedChunkId(setKey, 'details', detailChunk++), `[${parts.join(',')}]`);
  }
}

/**
 * The log file's own bytes (RawSamplesManifest): each set's sample bounds, and the file's compressed windows,
 * from the side file of a worker that wrote them meanwhile, else compressed here. Returns the side file.
 */
async function writeRawSamples(raw: RawSampleAccess, chunks: ChunkWriter, sets: readonly ExportedSet[], manifest: CompressedSamplesManifest, generation: number): Promise<FileWindows | undefined> {
  for (const set of sets) {
    const rawSet = raw.sets.find((candidate) => candidate.runIndex === set.runIndex);
    if (!rawSet || rawSet.starts.length !== set.count) throw new Error(l10n.t('The log changed while the report was being written.'));
    await chunks.add(compressedChunkId(set.key, 'bounds', 0), JSON.stringify(sampleBoundsChunk(rawSet)));
  }
  const fromWorker = await raw.windows?.().catch(() => undefined);
  const windows = fromWorker ?? { windowBytes: FILE_WINDOW_BYTES, windowCount: fileWindowCount(fs.statSync(raw.filePath).size, FILE_WINDOW_BYTES) };
  manifest.rawSamples = { windowBytes: windows.windowBytes, windowCount: windows.windowCount, context: { ...raw.context, generation } };
  if (fromWorker) return fromWorker;
  const fd = fs.openSync(raw.filePath, 'r');
  try {
    for (let n = 0; n < windows.windowCount; n++) await chunks.add(fileWindowId(n), readFileWindow(fd, n, windows.windowBytes));
  } finally {
    fs.closeSync(fd);
  }
  return undefined;
}

/** Fails on the first sample (in the order they are written) that is not valid JSON. */
async function checkSamplesParse(raw: RawSampleAccess): Promise<void> {
  const unparsed = await raw.unparsed();
  const first = [...unparsed].sort((a, b) => {
    const [setA, setB] = [raw.sets[a.set], raw.sets[b.set]];
    const rank = (set: RawSampleSet): number => (set.runIndex === undefined ? -1 : raw.sets.indexOf(set));
    return rank(setA) - rank(setB) || a.index - b.index;
  })[0];
  if (first) raw.failOn(first);
}

/**
 * Writes the compressed standalone report of `source` to `outFile`; returns the number of samples embedded.
 * The chunks are written to a side file first, while schema problems that come later (a validation in another
 * thread) are still awaited; the page is then put together with the summary first.
 */
export async function writeCompressedStandaloneReport(source: LogSource, assets: StandaloneAssets, outFile: string, options: CompressedExportOptions = {}): Promise<number> {
  const summary = await source.summary();
  const laterProblems = source.laterSchemaProblems?.().catch(() => undefined);
  const sets: ExportedSet[] = [];
  if (summary.samples.count > 0) sets.push({ key: COMPRESSED_TOP_SET, count: summary.samples.count });
  for (const run of summary.runs?.runs ?? []) if (run.sampleCount > 0) sets.push({ key: String(run.index), runIndex: run.index, count: run.sampleCount });
  const manifest: CompressedSamplesManifest = {
    rowsPerChunk: Math.max(1, options.rowsPerChunk ?? DEFAULT_ROWS_PER_CHUNK),
    detailsPerChunk: Math.max(1, options.detailsPerChunk ?? DEFAULT_DETAILS_PER_CHUNK),
    sets: Object.fromEntries(sets.map((set) => [set.key, set.count])),
  };
  const raw = rawSamplesOf(source);
  let windows: FileWindows | undefined;
  const chunkFile = `${outFile}.chunks.partial`;
  const chunksOut = new HtmlOutput(chunkFile);
  let out: HtmlOutput | undefined;
  try {
    const chunks = new ChunkWriter(chunksOut, options.level ?? DEFAULT_LEVEL);
    for (const set of sets) await writeRows(source, chunks, set.key, set.count, set.runIndex, manifest, summary.generation);
    if (raw) {
      windows = await writeRawSamples(raw, chunks, sets, manifest, summary.generation);
    } else {
      for (const set of sets) await writeDetails(source, chunks, set.key, set.count, set.runIndex, manifest);
    }
    await chunks.flush();
    await chunksOut.close();
    if (raw) await checkSamplesParse(raw);
    const schemaProblems = (await laterProblems) ?? summary.schemaProblems;
    const report: EmbeddedReport = { kind: 'eval-lens-log-report', version: 1, summary: { ...summary, schemaProblems }, samples: { rows: [], details: [] }, runs: {}, compressed: manifest };
    const { head, scriptElement } = standaloneHtmlParts(report.summary, assets);
    out = new HtmlOutput(outFile);
    await out.write(head + reportDataElement(report) + scriptElement);
    await out.copyFrom(chunkFile);
    if (windows) await out.copyFrom(windows.file);
    await out.write(STANDALONE_HTML_END);
    await out.close();
  } catch (error) {
    chunksOut.abort();
    out?.abort();
    await fs.promises.rm(outFile, { force: true });
    throw error;
  } finally {
    await fs.promises.rm(chunkFile, { force: true });
    const fromWorker = await raw?.windows?.().catch(() => undefined);
    if (fromWorker) await fs.promises.rm(fromWorker.file, { force: true });
  }
  return sets.reduce((n, set) => n + set.count, 0);
}
