/**
 * Answers the report's page and detail requests in a compressed standalone export, once the chunks each
 * needs are decoded (compressedSamples.ts). Pure of DOM types: the document is passed in.
 */
import type { DetailRequest, HostToWebview, PageRequest } from '../../src/core/protocol/logReportProtocol';
import { COMPRESSED_TOP_SET, EmbeddedReport } from '../../src/core/protocol/embeddedReport';
import { ChunkDocument, CompressedSampleSet, fileWindowReader } from '../shared/compressedSamples';
import { EmbeddedQuery } from '../shared/embeddedQuery';
import * as l10n from '@vscode/l10n';

/** Time a page request with a search spends building more search texts before it answers. */
const SEARCH_SLICE_MS = 150;

export class CompressedSamplesHost {
  private readonly sets = new Map<string, CompressedSampleSet>();
  private readonly queries = new Map<string, Promise<EmbeddedQuery>>();

  /** `searchSliceMs`: time a page request with a search spends building search texts (at least one each). */
  constructor(report: EmbeddedReport, doc: ChunkDocument, private readonly generation: number, private readonly searchSliceMs = SEARCH_SLICE_MS) {
    const manifest = report.compressed;
    if (!manifest) return;
    const file = fileWindowReader(doc, manifest);
    for (const [setKey, count] of Object.entries(manifest.sets)) {
      this.sets.set(setKey === COMPRESSED_TOP_SET ? '' : setKey, new CompressedSampleSet(doc, manifest, setKey, count, file));
    }
  }

  private static keyOf(runIndex: number | undefined): string {
    return runIndex === undefined ? '' : String(runIndex);
  }

  /** Whether the samples of this set (undefined: the top level) are carried compressed. */
  carries(runIndex: number | undefined): boolean {
    return this.sets.has(CompressedSamplesHost.keyOf(runIndex));
  }

  private queryFor(key: string, set: CompressedSampleSet): Promise<EmbeddedQuery> {
    let query = this.queries.get(key);
    if (!query) {
      query = set.rows().then((rows) => new EmbeddedQuery(rows, set.details, this.generation, set.searchTexts()));
      this.queries.set(key, query);
    }
    return query;
  }

  async answer(message: PageRequest | DetailRequest): Promise<HostToWebview> {
    const runIndex = message.type === 'page' ? message.query.runIndex : message.runIndex;
    const key = CompressedSamplesHost.keyOf(runIndex);
    const set = this.sets.get(key);
    if (!set) return { type: 'error', id: message.id, error: l10n.t('No run {0}', String(runIndex)) };
    try {
      if (message.type === 'detail') {
        const detail = await set.detail(message.index);
        return detail ? { type: 'detailResult', id: message.id, detail } : { type: 'error', id: message.id, error: l10n.t('No sample {0}', message.index) };
      }
      const query = await this.queryFor(key, set);
      if (message.query.search?.trim()) {
        // A log carried as its own bytes is searched a slice at a time (the table asks again until all are read).
        if (set.searchTexts()) await set.extendSearch(this.searchSliceMs);
        else await set.allDetails();
      }
      return { type: 'pageResult', id: message.id, page: query.page(message.query) };
    } catch (error) {
      return { type: 'error', id: message.id, error: error instanceof Error ? error.message : String(error) };
    }
  }
}
