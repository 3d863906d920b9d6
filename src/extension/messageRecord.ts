/**
 * `evalLens.internal.messages`: what passed the message tap, for the integration tests (the command is in
 * the command table, not contributed). The record starts with the first call, so a window where nobody asks
 * keeps nothing. Called with:
 *   - `{ view }`: every message of that kind of view so far, oldest first;
 *   - `{ view, where, afterCount, timeoutMs }`: the same once more than `afterCount` of them satisfy `where`
 *     (a predicate over one message), or when `timeoutMs` (default 10 s) has passed.
 */
import * as vscode from 'vscode';
import { isRecord } from '../core/json/jsonValue';
import { messageTap, TappedMessage, TappedView } from './messageTap';

export interface RecordedMessage extends TappedMessage {
  /** Order of arrival, from 1. */
  seq: number;
}

const VIEWS: readonly TappedView[] = ['logReport', 'compare', 'preview', 'traceFile', 'conversation'];

class MessageRecord implements vscode.Disposable {
  private readonly messages = new Map<TappedView, RecordedMessage[]>();
  private readonly recorded = new vscode.EventEmitter<RecordedMessage>();
  private readonly subscription = messageTap.onMessage((message) => this.add(message));
  private seq = 0;

  private add(message: TappedMessage): void {
    const recorded: RecordedMessage = { ...message, seq: ++this.seq };
    const list = this.messages.get(message.view) ?? [];
    list.push(recorded);
    this.messages.set(message.view, list);
    this.recorded.fire(recorded);
  }

  of(view: TappedView): RecordedMessage[] {
    return [...(this.messages.get(view) ?? [])];
  }

  /** Every message of `view`, once more than `afterCount` satisfy `where` (or at the timeout). */
  when(view: TappedView, where: (message: RecordedMessage) => boolean, afterCount: number, timeoutMs: number): Promise<RecordedMessage[]> {
    let count = (this.messages.get(view) ?? []).filter(where).length;
    if (count > afterCount) return Promise.resolve(this.of(view));
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        listener.dispose();
        resolve(this.of(view));
      }, timeoutMs);
      const listener = this.recorded.event((message) => {
        if (message.view !== view || !where(message) || ++count <= afterCount) return;
        clearTimeout(timer);
        listener.dispose();
        resolve(this.of(view));
      });
    });
  }

  dispose(): void {
    this.subscription.dispose();
    this.recorded.dispose();
  }
}

let record: MessageRecord | undefined;

/** Stops recording (on deactivation). */
export function disposeMessageRecord(): void {
  record?.dispose();
  record = undefined;
}

/** Handler of `evalLens.internal.messages`. */
export function recordedMessages(query?: unknown): Promise<RecordedMessage[]> {
  record ??= new MessageRecord();
  const options = isRecord(query) ? query : {};
  const view = VIEWS.find((v) => v === options.view);
  if (!view) return Promise.resolve([]);
  if (typeof options.where !== 'function') return Promise.resolve(record.of(view));
  // Commands run in the extension host that calls them: a predicate passes as it is.
  const where = options.where as (message: RecordedMessage) => unknown;
  const afterCount = typeof options.afterCount === 'number' ? options.afterCount : 0;
  const timeoutMs = typeof options.timeoutMs === 'number' ? options.timeoutMs : 10_000;
  return record.when(view, (message) => where(message) === true, afterCount, timeoutMs);
}
