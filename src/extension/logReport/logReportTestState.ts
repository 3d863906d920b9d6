/**
 * What the log report host served last, for integration tests through the internal command
 * `evalLens.internal.logReportState` (not contributed, so not in the palette). Call it with
 * `{ waitFor: 'summary' | 'page' | 'detail' | 'loadError', timeoutMs? }` to wait until such a reply has been posted
 * (optionally `afterCount`: wait for more replies than that count).
 */
import * as vscode from 'vscode';
import type { LogSummary, SampleDetail, SamplePage } from '../../core/log/logViewTypes';

export interface ServedLogReport {
  uri: string;
  summary?: Pick<LogSummary, 'displayName' | 'status' | 'generation' | 'fileName'> & { sampleCount: number; metricKeys: string[] };
  page?: { total: number; offset: number; generation: number; sampleIds: (string | number)[]; indexes: number[] };
  detail?: { index: number; runIndex?: number; sampleId: string | number; trialCount: number; generation: number };
  loadError?: string;
  /** How many summaries, pages and details were served in all. */
  counts: { summary: number; page: number; detail: number; loadError: number };
}

type Kind = 'summary' | 'page' | 'detail' | 'loadError';
const KINDS: readonly Kind[] = ['summary', 'page', 'detail', 'loadError'];

let last: ServedLogReport | undefined;
const changed = new vscode.EventEmitter<void>();

function update(uri: vscode.Uri, patch: Partial<ServedLogReport>, kind?: Kind): void {
  const counts = last?.counts ?? { summary: 0, page: 0, detail: 0, loadError: 0 };
  if (kind) counts[kind] += 1;
  last = { ...(last?.uri === uri.toString() ? last : {}), ...patch, uri: uri.toString(), counts };
  changed.fire();
}

export const servedLogReport = {
  summary(uri: vscode.Uri, summary: LogSummary): void {
    const metricKeys = (summary.metrics ?? []).flatMap((g) => g.metrics.map((m) => m.metricKey));
    update(uri, { summary: { displayName: summary.displayName, status: summary.status, generation: summary.generation, fileName: summary.fileName, sampleCount: summary.samples.count, metricKeys }, loadError: undefined }, 'summary');
  },
  page(uri: vscode.Uri, page: SamplePage): void {
    update(uri, { page: { total: page.total, offset: page.offset, generation: page.generation, sampleIds: page.rows.map((r) => r.sampleId), indexes: page.rows.map((r) => r.index) } }, 'page');
  },
  detail(uri: vscode.Uri, detail: SampleDetail): void {
    update(uri, { detail: { index: detail.index, runIndex: detail.runIndex, sampleId: detail.sampleId, trialCount: detail.trials.length, generation: detail.generation } }, 'detail');
  },
  loadError(uri: vscode.Uri, message: string): void {
    update(uri, { loadError: message }, 'loadError');
  },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Handler of `evalLens.internal.logReportState`. */
export async function logReportState(options?: unknown): Promise<ServedLogReport | undefined> {
  const opts = isRecord(options) ? options : {};
  const waitFor = KINDS.find((kind) => kind === opts.waitFor);
  const afterCount = typeof opts.afterCount === 'number' ? opts.afterCount : 0;
  const timeoutMs = typeof opts.timeoutMs === 'number' ? opts.timeoutMs : 10_000;
  const satisfied = (): boolean => !waitFor || (last !== undefined && last.counts[waitFor] > afterCount);
  if (satisfied()) return last;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      listener.dispose();
      resolve(last);
    }, timeoutMs);
    const listener = changed.event(() => {
      if (!satisfied()) return;
      clearTimeout(timer);
      listener.dispose();
      resolve(last);
    });
  });
}
