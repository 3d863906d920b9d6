/** Shared by the log report integration suites: what the report host served, and where the examples are. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { countKinds, messagesOf, messagesWhen, RecordedMessage, sent } from './tappedMessages';

/** What the report host served, folded from the tapped messages of the log report views. */
export interface ServedLogReport {
  uri: string;
  summary?: { displayName: string; status: string; generation: number; fileName: string; sampleCount: number; metricKeys: string[] };
  page?: { total: number; offset: number; generation: number; sampleIds: (string | number)[]; indexes: number[] };
  detail?: { index: number; runIndex?: number; sampleId: string | number; trialCount: number; generation: number };
  loadError?: string;
  /**
   * What the schema banner lists: the summary's problems, replaced by those of a log validated after its
   * summary (a `schemaProblems` message, or, when the webview was not ready yet, the host's note of them).
   */
  schemaProblems?: { generation: number; problems: { path: string; message: string; line?: number; column?: number }[] };
  /** Where the report was last told to open (the `reveal` of `init`, or a `reveal` message). */
  reveal?: { sampleIndex: number; trialIndex?: number; runIndex?: number };
  /** The message shown for a deep link that cannot be followed. */
  deepLinkError?: string;
  /** How many of each were sent in all. */
  counts: Record<WaitFor, number>;
}

export type WaitFor = 'summary' | 'page' | 'detail' | 'loadError' | 'schemaProblems' | 'reveal' | 'deepLinkError';

const KINDS: Record<WaitFor, (m: RecordedMessage) => boolean> = {
  summary: (m) => sent(m, 'init'),
  page: (m) => sent(m, 'pageResult'),
  detail: (m) => sent(m, 'detailResult'),
  loadError: (m) => sent(m, 'loadError'),
  schemaProblems: (m) => m.direction !== 'fromWebview' && m.message.type === 'schemaProblems',
  reveal: (m) => sent(m, 'reveal') || (sent(m, 'init') && m.message.reveal !== undefined),
  deepLinkError: (m) => m.direction === 'host' && m.message.type === 'deepLinkError',
};

type Summary = { displayName: string; status: string; generation: number; fileName: string; samples: { count: number }; metrics?: { metrics: { metricKey: string }[] }[]; schemaProblems: NonNullable<ServedLogReport['schemaProblems']>['problems'] };
type Page = { total: number; offset: number; generation: number; rows: { sampleId: string | number; index: number }[] };
type Detail = { index: number; runIndex?: number; sampleId: string | number; trials: unknown[]; generation: number };
type Reveal = NonNullable<ServedLogReport['reveal']>;

function revealOf(target: Reveal): Reveal {
  const reveal: Reveal = { sampleIndex: target.sampleIndex };
  if (target.trialIndex !== undefined) reveal.trialIndex = target.trialIndex;
  if (target.runIndex !== undefined) reveal.runIndex = target.runIndex;
  return reveal;
}

/** The facts of the report that was served last (a report of another file starts afresh), with the counts of all. */
function fold(messages: readonly RecordedMessage[]): ServedLogReport | undefined {
  let last: Omit<ServedLogReport, 'counts'> | undefined;
  const update = (message: RecordedMessage, patch: Partial<ServedLogReport>): void => {
    last = { ...(last?.uri === message.key ? last : {}), ...patch, uri: message.key };
  };
  for (const tapped of messages) {
    const m = tapped.message;
    if (KINDS.summary(tapped)) {
      const summary = m.summary as Summary;
      const metricKeys = (summary.metrics ?? []).flatMap((g) => g.metrics.map((metric) => metric.metricKey));
      update(tapped, {
        summary: { displayName: summary.displayName, status: summary.status, generation: summary.generation, fileName: summary.fileName, sampleCount: summary.samples.count, metricKeys },
        schemaProblems: { generation: summary.generation, problems: summary.schemaProblems },
        loadError: undefined,
      });
      if (m.reveal !== undefined) update(tapped, { reveal: revealOf(m.reveal as Reveal) });
    } else if (KINDS.page(tapped)) {
      const page = m.page as Page;
      update(tapped, { page: { total: page.total, offset: page.offset, generation: page.generation, sampleIds: page.rows.map((r) => r.sampleId), indexes: page.rows.map((r) => r.index) } });
    } else if (KINDS.detail(tapped)) {
      const detail = m.detail as Detail;
      update(tapped, { detail: { index: detail.index, runIndex: detail.runIndex, sampleId: detail.sampleId, trialCount: detail.trials.length, generation: detail.generation } });
    } else if (KINDS.loadError(tapped)) {
      update(tapped, { loadError: m.message as string });
    } else if (KINDS.schemaProblems(tapped)) {
      update(tapped, { schemaProblems: { generation: m.generation as number, problems: m.problems as Summary['schemaProblems'] } });
    } else if (KINDS.reveal(tapped)) {
      update(tapped, { reveal: revealOf(m.target as Reveal) });
    } else if (KINDS.deepLinkError(tapped)) {
      update(tapped, { deepLinkError: m.message as string });
    }
  }
  return last ? { ...last, counts: countKinds(messages, KINDS) } : undefined;
}

/** Waits until the report host has sent more than `afterCount` messages of a kind; returns what it served. */
export async function served(waitFor: WaitFor, afterCount = 0): Promise<ServedLogReport> {
  const state = fold(await messagesWhen('logReport', KINDS[waitFor], afterCount, 45_000));
  assert.ok(state, `the report host served a ${waitFor}`);
  assert.ok(state.counts[waitFor] > afterCount, `a new ${waitFor} was served (last served: ${JSON.stringify(state)})`);
  return state;
}

export async function countOf(kind: WaitFor): Promise<number> {
  return (await messagesOf('logReport')).filter(KINDS[kind]).length;
}

export function examplesFolder(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the examples workspace is open');
  return folder.uri.fsPath;
}

export function activeCustomEditorUri(): string | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof vscode.TabInputCustom && input.viewType === 'evalLens.taskLog' ? input.uri.toString() : undefined;
}
