/**
 * Messages of the conversation tab (one sample's or row's conversation full-width, with search) and the request the
 * report and the preview send their host to open one.
 */
import type { OutputView } from '../model/logViewTypes';
import { isRecord } from '../json/jsonValue';
import type { ReadyMessage } from '../channel/handshake';

/** Ask the host to open `output` in its own tab named after `title` (a sample id, a row). */
export interface OpenConversationMessage {
  type: 'openConversation';
  title: string;
  output: OutputView;
}

/** What the tab shows. */
export interface ConversationInitMessage {
  type: 'init';
  title: string;
  output: OutputView;
}

/** A link in the conversation: the host opens http and https only, after the user confirms. */
interface ConversationLinkMessage {
  type: 'openLink';
  href: string;
}

export type ConversationHostToWebview = ConversationInitMessage;
export type ConversationWebviewToHost = ReadyMessage | ConversationLinkMessage;

/** Longest title accepted (a sample id is shown, not a document). */
const MAX_TITLE = 500;

/** The shape of an output view: a known kind, and for a conversation the lists it is drawn from. */
export function isOutputView(value: unknown): value is OutputView {
  if (!isRecord(value)) return false;
  switch (value.kind) {
    case 'trace':
      return isRecord(value.trace) && Array.isArray(value.trace.preamble) && Array.isArray(value.trace.turns);
    case 'text':
      return typeof value.text === 'string';
    case 'json':
      return 'value' in value;
    case 'none':
      return typeof value.reason === 'string';
    default:
      return false;
  }
}

export function isOpenConversationMessage(value: unknown): value is OpenConversationMessage {
  return isRecord(value) && value.type === 'openConversation' && typeof value.title === 'string' && value.title.length <= MAX_TITLE && isOutputView(value.output);
}

export function isConversationWebviewToHost(value: unknown): value is ConversationWebviewToHost {
  return isRecord(value) && (value.type === 'ready' || (value.type === 'openLink' && typeof value.href === 'string'));
}

export function isConversationHostToWebview(value: unknown): value is ConversationHostToWebview {
  return isRecord(value) && value.type === 'init' && typeof value.title === 'string' && isOutputView(value.output);
}
