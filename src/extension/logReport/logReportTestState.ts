/**
 * What the log report host served last, for integration tests through the internal command
 * `evalLens.internal.logReportState` (not contributed, so not in the palette). Call it with
 * `{ waitFor: 'summary' | 'page' | 'detail' | 'loadError' | 'schemaProblems' | 'reveal' | 'deepLinkError', timeoutMs? }`
 * to wait until such a message has been posted (optionally `afterCount`: wait for more than that count).
 */
import * as vscode from 'vscode';
import { waitForTestState } from '../testStateWait';
import type { LogSummary, SampleDetail, SamplePage, SchemaProblem } from '../../core/model/logViewTypes';
import type { RevealTarget } from '../../core/protocol/logReportProtocol';

export interface ServedLogReport {
  uri: string;
  summary?: Pick<LogSummary, 'displayName' | 'status' | 'generation' | 'fileName'> & { sampleCount: number; metricKeys: string[] };
  page?: { total: number; offset: number; generation: number; sampleIds: (string | number)[]; indexes: number[] };
  detail?: { index: number; runIndex?: number; sampleId: string | number; trialCount: number; generation: number };
  loadError?: string;
  /**
   * What the schema banner lists: the summary's problems, replaced by those of a log validated after its
   * summary (sent in a `schemaProblems` message, or in `init` when the webview was not ready yet).
   */
  schemaProblems?: { generation: number; problems: SchemaProblem[] };
  /** Where the report was last told to open (the `reveal` of `init`, or a `reveal` message). */
  reveal?: RevealTarget;
  /** The message shown for a deep link that cannot be followed. */
  deepLinkError?: string;
  /** How many of each were sent in all (`schemaProblems`: problems found after a summary only). */
  counts: Record<Kind, number>;
}

type Kind = 'summary' | 'page' | 'detail' | 'loadError' | 'schemaProblems' | 'reveal' | 'deepLinkError';
const KINDS: readonly Kind[] = ['summary', 'page', 'detail', 'loadError', 'schemaProblems', 'reveal', 'deepLinkError'];

let last: ServedLogReport | undefined;
const changed = new vscode.EventEmitter<void>();

function update(uri: vscode.Uri, patch: Partial<ServedLogReport>, kind?: Kind): void {
  // A new object each time: a state handed out earlier stays as it was.
  const counts = { ...(last?.counts ?? { summary: 0, page: 0, detail: 0, loadError: 0, schemaProblems: 0, reveal: 0, deepLinkError: 0 }) };
  if (kind) counts[kind] += 1;
  last = { ...(last?.uri === uri.toString() ? last : {}), ...patch, uri: uri.toString(), counts };
  changed.fire();
}

export const servedLogReport = {
  summary(uri: vscode.Uri, summary: LogSummary): void {
    const metricKeys = (summary.metrics ?? []).flatMap((g) => g.metrics.map((m) => m.metricKey));
    const schemaProblems = { generation: summary.generation, problems: summary.schemaProblems };
    update(uri, { summary: { displayName: summary.displayName, status: summary.status, generation: summary.generation, fileName: summary.fileName, sampleCount: summary.samples.count, metricKeys }, schemaProblems, loadError: undefined }, 'summary');
  },
  schemaProblems(uri: vscode.Uri, generation: number, problems: SchemaProblem[]): void {
    update(uri, { schemaProblems: { generation, problems } }, 'schemaProblems');
  },
  reveal(uri: vscode.Uri, target: RevealTarget): void {
    const reveal: RevealTarget = { sampleIndex: target.sampleIndex };
    if (target.trialIndex !== undefined) reveal.trialIndex = target.trialIndex;
    if (target.runIndex !== undefined) reveal.runIndex = target.runIndex;
    update(uri, { reveal }, 'reveal');
  },
  deepLinkError(uri: vscode.Uri, message: string): void {
    update(uri, { deepLinkError: message }, 'deepLinkError');
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

/** Handler of `evalLens.internal.logReportState`. */
export function logReportState(options?: unknown): Promise<ServedLogReport | undefined> {
  return waitForTestState(KINDS, () => last, changed.event, options);
}
