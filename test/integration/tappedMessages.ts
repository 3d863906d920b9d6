/**
 * What the views' hosts and webviews said to each other, read through the internal command
 * `evalLens.internal.messages` (src/extension/messageRecord.ts): every message that passed the message tap,
 * oldest first. The suites fold them into the facts they check.
 */
import * as vscode from 'vscode';

export type TappedView = 'logReport' | 'compare' | 'preview' | 'traceFile' | 'conversation';

/** A message as the tap saw it (`host`: something the host did for the view that is no message). */
export interface RecordedMessage {
  seq: number;
  view: TappedView;
  key: string;
  direction: 'toWebview' | 'fromWebview' | 'host';
  message: { type: string } & Record<string, unknown>;
}

const COMMAND = 'evalLens.internal.messages';

/** Starts the record (its first call does), before any view opens. */
export async function startMessageRecord(): Promise<void> {
  await vscode.extensions.getExtension('eval-lens.eval-lens')?.activate();
  await vscode.commands.executeCommand(COMMAND, {});
}

/** Every message of `view` so far. */
export async function messagesOf(view: TappedView): Promise<RecordedMessage[]> {
  return (await vscode.commands.executeCommand<RecordedMessage[] | undefined>(COMMAND, { view })) ?? [];
}

/** Every message of `view`, once more than `afterCount` of them satisfy `where` (or after `timeoutMs`). */
export async function messagesWhen(view: TappedView, where: (message: RecordedMessage) => boolean, afterCount: number, timeoutMs: number): Promise<RecordedMessage[]> {
  return (await vscode.commands.executeCommand<RecordedMessage[] | undefined>(COMMAND, { view, where, afterCount, timeoutMs })) ?? [];
}

/** A message the host posted to its webview, of this type. */
export function sent(message: RecordedMessage, type: string): boolean {
  return message.direction === 'toWebview' && message.message.type === type;
}

/** How many of `messages` each kind's predicate accepts. */
export function countKinds<K extends string>(messages: readonly RecordedMessage[], kinds: Record<K, (message: RecordedMessage) => boolean>): Record<K, number> {
  const counts = {} as Record<K, number>;
  for (const kind of Object.keys(kinds) as K[]) counts[kind] = messages.filter(kinds[kind]).length;
  return counts;
}
