/**
 * What the Trace editor served and what its webview reported having rendered, for integration tests through
 * the internal command `evalLens.internal.traceFileState` (not contributed, so not in the palette). Call it with
 * `{ waitFor: 'init' | 'loadError' | 'rendered' | 'more', afterCount?, timeoutMs? }`.
 */
import * as vscode from 'vscode';
import { waitForTestState } from '../testStateWait';
import type { TraceInit, TraceRendered } from '../../core/protocol/traceFileProtocol';

type Kind = 'init' | 'loadError' | 'rendered' | 'more';
const KINDS: readonly Kind[] = ['init', 'loadError', 'rendered', 'more'];

export interface ServedTraceFile {
  uri: string;
  init?: { generation: number; fileName: string; header: TraceInit['header']; totalTurns: number; preambleCount: number; subSpanNames: string[] };
  loadError?: { message: string; line?: number; column?: number };
  rendered?: Omit<TraceRendered, 'type'>;
  counts: Record<Kind, number>;
}

let last: ServedTraceFile | undefined;
const changed = new vscode.EventEmitter<void>();

function update(uri: vscode.Uri, patch: Partial<ServedTraceFile>, kind: Kind): void {
  const counts = { ...(last?.counts ?? { init: 0, loadError: 0, rendered: 0, more: 0 }) };
  counts[kind] += 1;
  last = { ...(last?.uri === uri.toString() ? last : {}), ...patch, uri: uri.toString(), counts };
  changed.fire();
}

export const servedTraceFile = {
  init(uri: vscode.Uri, init: TraceInit): void {
    update(uri, { init: { generation: init.generation, fileName: init.fileName, header: init.header, totalTurns: init.totalTurns, preambleCount: init.preamble.length, subSpanNames: init.subSpans.map((s) => s.name) }, loadError: undefined }, 'init');
  },
  loadError(uri: vscode.Uri, error: { message: string; line?: number; column?: number }): void {
    update(uri, { loadError: { message: error.message, line: error.line, column: error.column } }, 'loadError');
  },
  more(uri: vscode.Uri): void {
    update(uri, {}, 'more');
  },
  rendered(uri: vscode.Uri, rendered: TraceRendered): void {
    const { type: _type, ...rest } = rendered;
    update(uri, { rendered: rest }, 'rendered');
  },
};

/** Handler of `evalLens.internal.traceFileState`. */
export function traceFileState(options?: unknown): Promise<ServedTraceFile | undefined> {
  return waitForTestState(KINDS, () => last, changed.event, options);
}
