/**
 * The samples of a large standalone export, carried compressed (src/core/report/compressedReportWriter.ts):
 * each chunk is base64 of gzip of a JSON array in its own element. A set's rows are decoded on the first
 * page request, details a chunk at a time when a sample is opened (all of them only for a text search).
 */
import type { SampleDetail, SampleRow } from '../../src/core/log/logViewTypes';
import { compressedChunkId, CompressedSamplesManifest } from '../../src/core/protocol/embeddedReport';

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

/** Decodes the chunk carried by element `id`. */
export async function decodeChunk<T>(doc: ChunkDocument, id: string): Promise<T[]> {
  await documentParsed(doc);
  const text = doc.getElementById(id)?.textContent;
  if (!text) throw new Error(`The report file is incomplete: ${id} is missing.`);
  const bytes = base64Bytes(text);
  const stream = new Blob([bytes.buffer as ArrayBuffer]).stream().pipeThrough(new DecompressionStream('gzip'));
  const value: unknown = JSON.parse(await new Response(stream).text());
  if (!Array.isArray(value)) throw new Error(`The report file is damaged: ${id} is not a list.`);
  return value as T[];
}

/** One set (top-level samples or a run) of a compressed export. */
export class CompressedSampleSet {
  /** Details decoded so far, by sample index (shared with the set's EmbeddedQuery). */
  readonly details: SampleDetail[] = [];
  private rowsLoad?: Promise<SampleRow[]>;
  private readonly detailLoads = new Map<number, Promise<void>>();

  constructor(private readonly doc: ChunkDocument, private readonly manifest: CompressedSamplesManifest, private readonly setKey: string, readonly count: number) {}

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
    await this.loadDetails(Math.floor(index / this.manifest.detailsPerChunk));
    return this.details[index];
  }

  /** Decodes every detail (a text search reads them all). */
  async allDetails(): Promise<void> {
    const chunks = Math.ceil(this.count / this.manifest.detailsPerChunk);
    for (let chunk = 0; chunk < chunks; chunk++) await this.loadDetails(chunk);
  }
}
