/**
 * The funnel's drill-down on the host: the rows one filter step removed, a page at a time (src/core/sources/removedRows.ts),
 * read again from the source with the preview's own options. A newer request cancels the one still reading.
 */
import type { RemovedRowsPage } from '../../core/model/previewTypes';
import { removedRows } from '../../core/sources/removedRows';
import { Services } from '../services';
import { UrlFetchConfirmation } from './urlFetchConfirmation';

export interface RemovedRowsQuery {
  dataset: unknown;
  specPath: string;
  filterIndex: number;
  offset: number;
  count: number;
}

export class RemovedRowsServer {
  private reading: AbortController | undefined;

  constructor(private readonly services: Services) {}

  /** The page asked for; rejects with the source's error (a message that names the file or filter). */
  page(query: RemovedRowsQuery): Promise<RemovedRowsPage> {
    this.reading?.abort();
    const controller = new AbortController();
    this.reading = controller;
    const config = this.services.config;
    return removedRows(query.dataset, query.filterIndex, query.offset, query.count, {
      limit: 0,
      signal: controller.signal,
      specPath: query.specPath,
      workers: 0,
      confirmFetch: new UrlFetchConfirmation(config.previewUrlFetch).confirm,
      urlTimeoutMs: config.previewUrlTimeoutSeconds * 1000,
      resolveSecret: async (name) => this.services.context.secrets.get(name),
      maxEntryMB: config.previewMaxEntryMB,
    });
  }

  dispose(): void {
    this.reading?.abort();
  }
}
