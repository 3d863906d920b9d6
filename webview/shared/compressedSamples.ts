/**
 * The samples of a large standalone export, carried compressed (src/core/report/compressedReportWriter.ts):
 * each chunk is base64 of gzip in its own element. A set's rows are decoded on the first page request,
 * samples a chunk at a time when one is opened (all of them only for a text search): built details, or the
 * log's own JSON, parsed and turned into a detail sample by sample (rawSampleChunks.ts).
 */
import type { SampleDetail, SampleRow } from '../../src/core/model/logViewTypes';
import { COMPRESSED_TOP_SET, compressedChunkId, CompressedSamplesManifest, fileWindowId, SampleBoundsChunk } from '../../src/core/protocol/embeddedReport';
import { sampleSearchText } from '../../src/core/log/searchIndex';
import { FileWindowReader, FileWindowSamples } from './fileWindowSamples';
import type { SearchTexts } from './embeddedQuery';
import * as l10n from '@vscode/l10n';

/** The part of Document the decoder reads (a test passes its own). */
export interface ChunkDocument {
  readyState: string;
  getElementById(id: string): { textContent: string | null } | null;
  addEventListener(type: 'DOMContentLoaded', listener: () => void, options?: { once: boolean }): void;
}

/** Resolves once the whole document is parsed (the chunks follow the script that runs the report). */
function documentParsed(doc: ChunkDocument): Promise<void> {
  if (doc.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

function base64Bytes(text: string): Uint8Array {
  const binary = atob(text.trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The decompressed bytes of the chunk carried by element `id`. */
export async function decodeChunkBytes(doc: ChunkDocument, id: string): Promise<Uint8Array> {
  await documentParsed(doc);
  const text = doc.getElementById(id)?.textContent;
  if (!text) throw new Error(l10n.t('The report file is incomplete: {0} is missing.', id));
  const bytes = base64Bytes(text);
  const stream = new Blob([bytes.buffer as ArrayBuffer]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Decodes the chunk carried by element `id` (a JSON array). */
export async function decodeChunk<T>(doc: ChunkDocument, id: string): Promise<T[]> {
  const value: unknown = JSON.parse(new TextDecoder().decode(await decodeChunkBytes(doc, id)));
  if (!Array.isArray(value)) throw new Error(l10n.t('The report file is damaged: {0} is not a list.', id));
  return value as T[];
}

/** Decodes the chunk of a set's sample bounds (RawSamplesManifest). */
async function decodeBounds(doc: ChunkDocument, id: string): Promise<SampleBoundsChunk> {
  const value: unknown = JSON.parse(new TextDecoder().decode(await decodeChunkBytes(doc, id)));
  const bounds = value as Partial<SampleBoundsChunk> | null;
  if (!bounds || !Array.isArray(bounds.gaps) || !Array.isArray(bounds.lengths)) throw new Error(l10n.t('The report file is damaged: {0} does not place the samples.', id));
  return bounds as SampleBoundsChunk;
}

/** One set (top-level samples or a run) of a compressed export. */
export class CompressedSampleSet {
  /** Details decoded so far, by sample index (shared with the set's EmbeddedQuery). */
  readonly details: SampleDetail[] = [];
  private rowsLoad?: Promise<SampleRow[]>;
  private readonly detailLoads = new Map<number, Promise<void>>();

  /** Set when the samples are carried as the log file's own bytes (`files` is then given). */
  private readonly fileSamples?: FileWindowSamples;
  /** Search texts built so far, in file order (undefined: the sample does not parse). */
  private readonly texts: (string | undefined)[] = [];

  constructor(private readonly doc: ChunkDocument, private readonly manifest: CompressedSamplesManifest, private readonly setKey: string, readonly count: number, file?: FileWindowReader) {
    const raw = manifest.rawSamples;
    if (!raw || !file) return;
    const bounds = (): Promise<SampleBoundsChunk> => decodeBounds(doc, compressedChunkId(setKey, 'bounds', 0));
    this.fileSamples = new FileWindowSamples(file, bounds, count, { ...raw.context, runIndex: setKey === COMPRESSED_TOP_SET ? undefined : Number(setKey) });
  }

  /** Every row of the set, in file order. */
  rows(): Promise<SampleRow[]> {
    this.rowsLoad ??= (async () => {
      const rows: SampleRow[] = [];
      const chunks = Math.ceil(this.count / this.manifest.rowsPerChunk);
      for (let chunk = 0; chunk < chunks; chunk++) {
        for (const row of await decodeChunk<SampleRow>(this.doc, compressedChunkId(this.setKey, 'rows', chunk))) rows.push(row);
      }
      return rows;
    })();
    return this.rowsLoad;
  }

  private loadDetails(chunk: number): Promise<void> {
    let load = this.detailLoads.get(chunk);
    if (!load) {
      load = decodeChunk<SampleDetail>(this.doc, compressedChunkId(this.setKey, 'details', chunk)).then((details) => {
        const from = chunk * this.manifest.detailsPerChunk;
        details.forEach((detail, i) => (this.details[from + i] = detail));
      });
      this.detailLoads.set(chunk, load);
    }
    return load;
  }

  async detail(index: number): Promise<SampleDetail | undefined> {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    if (this.fileSamples) return (this.details[index] ??= await this.fileSamples.detail(index));
    await this.loadDetails(Math.floor(index / this.manifest.detailsPerChunk));
    return this.details[index];
  }

  /**
   * The search texts of a set carried as the log's own bytes (undefined otherwise): the extension host's text
   * of each sample (searchIndex.ts), built in file order a slice at a time (`extendSearch`), no detail kept.
   */
  searchTexts(): SearchTexts | undefined {
    if (!this.fileSamples) return undefined;
    return { text: (index) => this.texts[index], searched: () => this.texts.length };
  }

  /**
   * Builds more search texts, at least one and then for about `budgetMs` (a set carried as the log's bytes);
   * true when all are built.
   */
  async extendSearch(budgetMs: number): Promise<boolean> {
    const samples = this.fileSamples;
    if (!samples) return true;
    const deadline = performance.now() + budgetMs;
    for (let built = 0; this.texts.length < this.count && (built === 0 || performance.now() < deadline); built++) {
      const index = this.texts.length;
      let text: string | undefined;
      try {
        text = sampleSearchText(await samples.value(index), index);
      } catch {
        // A sample that does not parse is searched by its row only (opening it says why).
      }
      // Another request may have built this text while the sample was read.
      if (this.texts.length === index) this.texts.push(text);
    }
    return this.texts.length >= this.count;
  }

  /** Decodes every detail (a text search of built details reads them all). */
  async allDetails(): Promise<void> {
    if (!this.fileSamples) {
      const chunks = Math.ceil(this.count / this.manifest.detailsPerChunk);
      for (let chunk = 0; chunk < chunks; chunk++) await this.loadDetails(chunk);
      return;
    }
    for (let index = 0; index < this.count; index++) {
      try {
        this.details[index] ??= await this.fileSamples.detail(index);
      } catch {
        // A sample that does not parse is searched by its row only (opening it says why).
      }
    }
  }
}

/** The log file's windows of a compressed export carried as the file's own bytes, shared by its sets. */
export function fileWindowReader(doc: ChunkDocument, manifest: CompressedSamplesManifest): FileWindowReader | undefined {
  const raw = manifest.rawSamples;
  return raw ? new FileWindowReader((n) => decodeChunkBytes(doc, fileWindowId(n)), raw.windowBytes, raw.windowCount) : undefined;
}
