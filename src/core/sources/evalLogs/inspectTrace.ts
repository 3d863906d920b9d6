/**
 * Inspect chat messages → Open Responses items (docs/semantics.md §9.1, §9.3): system/user/assistant messages, content
 * given as a string or as parts (text; reasoning → a reasoning item; image, audio, video, document → a short
 * placeholder), assistant `tool_calls` → function_call, tool messages → function_call_output by `tool_call_id`
 * (an error keeps `status: "incomplete"`).
 */
import { OpenResponsesItem, TraceMetadataRecord, TraceRecord, binaryPlaceholder, functionCallItem, functionCallOutputItem, messageItem, reasoningItem } from '../../trace/traceRecord';
import { isPlainObject } from '../../json/objectValues';
import { inspectStrings as S } from '../../l10n/inspectStrings';

type Role = 'system' | 'user' | 'assistant';

function dataUriParts(uri: string): { mediaType?: string; base64Length?: number } {
  const match = /^data:([^;,]+)?(;base64)?,/.exec(uri.slice(0, 200));
  if (!match) return {};
  return { mediaType: match[1], base64Length: uri.length - match[0].length };
}

/** A placeholder for binary content: never the base64 text itself. */
function binaryPart(kind: string, part: Record<string, unknown>): string {
  const value = part[kind];
  if (typeof value === 'string' && value.startsWith('data:')) {
    const { mediaType, base64Length } = dataUriParts(value);
    return binaryPlaceholder(kind, mediaType, base64Length);
  }
  const mediaType = typeof part.mime_type === 'string' ? part.mime_type : typeof part.format === 'string' ? `${kind}/${part.format}` : undefined;
  const name = typeof part.filename === 'string' ? part.filename : typeof value === 'string' && value.length <= 200 ? value : undefined;
  return name ? `[${kind}: ${name}]` : binaryPlaceholder(kind, mediaType, undefined);
}

/** A name or id from a log as text: strings and numbers as they are, anything else empty. */
function idText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** JSON text of a value from a log; a value too deeply nested to write is named, not thrown. */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value ?? {});
  } catch {
    return '[value too deeply nested to show]';
  }
}

/** Plain text of a message's `content` (string, or the text parts joined). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const part of content) {
    if (isPlainObject(part) && part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
  }
  return texts.join('\n');
}

/**
 * The text of a reasoning part: its reasoning, else its summary; a redacted part (its `reasoning` is the provider's
 * encrypted text) by its summary. A part with neither says so, rather than showing an empty block.
 */
function reasoningText(part: Record<string, unknown>): string {
  const summary = idText(part.summary);
  if (part.redacted === true) return summary !== '' ? summary : S.redactedReasoning;
  const reasoning = typeof part.reasoning === 'string' ? part.reasoning : '';
  if (reasoning !== '') return reasoning;
  return summary !== '' ? summary : S.reasoningNotRecorded;
}

/** Items of one message's content: consecutive text parts form one message item; reasoning parts stand alone. */
function contentItems(role: Role, content: unknown): OpenResponsesItem[] {
  if (typeof content === 'string') return content === '' ? [] : [messageItem(role, content)];
  if (!Array.isArray(content)) return [];
  const items: OpenResponsesItem[] = [];
  let texts: string[] = [];
  const flush = () => {
    if (texts.length) items.push(messageItem(role, texts.join('\n')));
    texts = [];
  };
  for (const part of content) {
    if (!isPlainObject(part)) continue;
    if (part.type === 'text') texts.push(typeof part.text === 'string' ? part.text : '');
    else if (part.type === 'reasoning') {
      flush();
      items.push(reasoningItem(reasoningText(part)));
    } else if (part.type === 'image' || part.type === 'audio' || part.type === 'video' || part.type === 'document') {
      texts.push(binaryPart(part.type, part));
    } else {
      texts.push(`[${typeof part.type === 'string' ? part.type : 'content'}]`);
    }
  }
  flush();
  return items;
}

function toolOutput(message: Record<string, unknown>): string {
  const text = contentText(message.content);
  if (text !== '') return text;
  if (isPlainObject(message.error) && typeof message.error.message === 'string') return message.error.message;
  return '';
}

/** The Open Responses items of a list of Inspect messages, in order. */
function inspectMessageItems(messages: unknown): OpenResponsesItem[] {
  const items: OpenResponsesItem[] = [];
  if (!Array.isArray(messages)) return items;
  for (const message of messages) {
    if (!isPlainObject(message)) continue;
    const role = message.role;
    if (role === 'system' || role === 'user') items.push(...contentItems(role, message.content));
    else if (role === 'assistant') {
      items.push(...contentItems('assistant', message.content));
      if (Array.isArray(message.tool_calls)) {
        for (const call of message.tool_calls) {
          if (!isPlainObject(call)) continue;
          items.push(functionCallItem(idText(call.id), idText(call.function), typeof call.arguments === 'string' ? call.arguments : jsonText(call.arguments)));
        }
      }
    } else if (role === 'tool') {
      const failed = message.error !== undefined && message.error !== null;
      items.push(functionCallOutputItem(idText(message.tool_call_id), toolOutput(message), failed));
    }
  }
  return items;
}

export function inspectTrace(messages: unknown, metadata: TraceMetadataRecord): TraceRecord {
  return { FORMAT: 'open_responses', items: inspectMessageItems(messages), metadata };
}
