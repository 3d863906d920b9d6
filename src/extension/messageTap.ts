/**
 * Every message the extension's views exchange, as it passes: what a host posted to its webview, what the
 * webview posted back (after the guard), and what the host did for a view without a message (`host`).
 * One event; whoever wants to watch subscribes.
 */
import * as vscode from 'vscode';

export type TapDirection = 'toWebview' | 'fromWebview' | 'host';

/** The kinds of view. */
export type TappedView = 'logReport' | 'compare' | 'preview' | 'traceFile' | 'conversation';

export interface TappedMessage {
  view: TappedView;
  /** Which view of that kind (its document's URI, its spec and dataset, its files). */
  key: string;
  direction: TapDirection;
  message: { type: string };
}

const tapped = new vscode.EventEmitter<TappedMessage>();

export const messageTap = {
  onMessage: tapped.event,
  report(message: TappedMessage): void {
    tapped.fire(message);
  },
  /** Something the host did for a view that is no message (shown an error, restored the view…). */
  note<M extends { type: string }>(view: TappedView, key: string, message: M): void {
    tapped.fire({ view, key, direction: 'host', message });
  },
};
