/**
 * One run of the preview: the full count (keeping up to `rowCap` kept rows) and, for local sources, a
 * short second read that stops at the first page so the table fills before the count ends.
 * Pure: the core's `preview` function is passed in.
 */
import type { PreviewOptions, PreviewProgress, PreviewResult } from '../../core/model/previewTypes';

export type PreviewFunction = (datasetSpecValue: unknown, options: PreviewOptions) => Promise<PreviewResult>;

/** Kept rows the host holds for paging; more are counted but not kept. */
export const ROW_CAP = 100_000;

interface RunRequest {
  datasetValue: unknown;
  specPath: string;
  pageSize: number;
  rowCap: number;
  signal: AbortSignal;
  /** Read the first page separately (local sources only: a URL is never downloaded twice). */
  earlyFirstPage: boolean;
  confirmFetch?: (url: string) => Promise<boolean>;
  urlTimeoutMs?: number;
  /** Looks up `{ secret: NAME }` credentials of network sources (the editor's secret storage). */
  resolveSecret?: (name: string) => Promise<string | undefined>;
  /** Largest archive entry read (eval logs), uncompressed, in MB. */
  maxEntryMB?: number;
  /** The built counting worker, for large local files. */
  workerScript?: string;
  onFirstPage?: (partial: PreviewResult) => void;
  onProgress?: (progress: PreviewProgress) => void;
}

function linkedController(parent: AbortSignal): AbortController {
  const controller = new AbortController();
  if (parent.aborted) controller.abort();
  else parent.addEventListener('abort', () => controller.abort(), { once: true });
  return controller;
}

/** Runs the count; `onFirstPage` is called at most once, and never after the count has finished. */
export async function runPreview(preview: PreviewFunction, request: RunRequest): Promise<PreviewResult> {
  let finished = false;
  let firstPageSent = false;
  const deliverFirstPage = (partial: PreviewResult) => {
    if (finished || firstPageSent) return;
    firstPageSent = true;
    request.onFirstPage?.({ ...partial, rows: partial.rows.slice(0, request.pageSize) });
  };

  const quick = request.earlyFirstPage ? linkedController(request.signal) : undefined;
  if (quick) {
    preview(request.datasetValue, {
      limit: request.pageSize,
      signal: quick.signal,
      specPath: request.specPath,
      confirmFetch: async () => false,
      workers: 0,
      maxEntryMB: request.maxEntryMB,
      onFirstPage: (partial) => {
        deliverFirstPage({ ...partial, complete: false });
        quick.abort();
      },
    }).catch(() => undefined); // The full count reports every error.
  }

  try {
    return await preview(request.datasetValue, {
      limit: request.rowCap,
      signal: request.signal,
      specPath: request.specPath,
      confirmFetch: request.confirmFetch,
      urlTimeoutMs: request.urlTimeoutMs,
      resolveSecret: request.resolveSecret,
      workerScript: request.workerScript,
      maxEntryMB: request.maxEntryMB,
      // Up to rowCap rows are kept for paging: only the first page's carry a trace (the others get it when shown).
      traceRows: request.pageSize,
      onProgress: request.onProgress,
      onFirstPage: (partial) => {
        if (!partial.complete) deliverFirstPage(partial);
      },
    });
  } finally {
    finished = true;
    quick?.abort();
  }
}
