/** Shared by the log report integration suites: what the report host served, and where the examples are. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

/** What `evalLens.internal.logReportState` returns (see src/extension/logReport/logReportTestState.ts). */
export interface ServedLogReport {
  uri: string;
  summary?: { displayName: string; status: string; generation: number; fileName: string; sampleCount: number; metricKeys: string[] };
  page?: { total: number; offset: number; generation: number; sampleIds: (string | number)[]; indexes: number[] };
  detail?: { index: number; runIndex?: number; sampleId: string | number; trialCount: number; generation: number };
  loadError?: string;
  schemaProblems?: { generation: number; problems: { path: string; message: string; line?: number; column?: number }[] };
  reveal?: { sampleIndex: number; trialIndex?: number; runIndex?: number };
  deepLinkError?: string;
  counts: Record<WaitFor, number>;
}

export type WaitFor = 'summary' | 'page' | 'detail' | 'loadError' | 'schemaProblems' | 'reveal' | 'deepLinkError';

/** Waits until the report host has sent more than `afterCount` messages of a kind; returns what it served. */
export async function served(waitFor: WaitFor, afterCount = 0): Promise<ServedLogReport> {
  const state = await vscode.commands.executeCommand<ServedLogReport | undefined>('evalLens.internal.logReportState', { waitFor, afterCount, timeoutMs: 30_000 });
  assert.ok(state, `the report host served a ${waitFor}`);
  assert.ok(state.counts[waitFor] > afterCount, `a new ${waitFor} was served (last served: ${JSON.stringify(state)})`);
  return state;
}

export async function countOf(kind: WaitFor): Promise<number> {
  const state = await vscode.commands.executeCommand<ServedLogReport | undefined>('evalLens.internal.logReportState');
  return state?.counts[kind] ?? 0;
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
