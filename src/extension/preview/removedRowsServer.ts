/**
 * The funnel's drill-down on the host: the rows one filter step (or the records one selection step) removed, a page at
 * a time (src/core/sources/removedRows.ts), read again from the source with the preview's own options. A newer request
 * cancels the one still reading.
 */
import type { RemovedRowsPage } from '../../core/model/previewTypes';
import { removedRecords, removedRows } from '../../core/sources/removedRows';
import type { PreviewOptions } from '../../core/model/previewTypes';
import { Services } from '../services';
import { UrlFetchConfirmation } from './urlFetchConfirmation';

export interface RemovedRowsQuery {
  dataset: unknown;
  specPath: string;
  filterIndex: number;
  /** A selection step: the source field whose step removed the records. */
  field?: string;
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
    const options: PreviewOptions = {
      limit: 0,
      signal: controller.signal,
      specPath: query.specPath,
      workers: 0,
      confirmFetch: new UrlFetchConfirmation(config.previewUrlFetch).confirm,
      urlTimeoutMs: config.previewUrlTimeoutSeconds * 1000,
      resolveSecret: async (name) => this.services.context.secrets.get(name),
      maxEntryMB: config.previewMaxEntryMB,
    };
    return query.field === undefined
      ? removedRows(query.dataset, query.filterIndex, query.offset, query.count, options)
      : removedRecords(query.dataset, query.field, query.filterIndex, query.offset, query.count, options);
  }

  dispose(): void {
    this.reading?.abort();
  }
}
