/**
 * OpenInference span attributes (what Arize Phoenix stores) read as chat messages: the dotted keys
 * (`llm.input_messages.0.message.role`) or their nested form, each message as an OpenAI chat message so the
 * shared conversation reader makes Open Responses items of it.
 */
import { isPlainObject } from '../../json/objectValues';

type Rec = Record<string, unknown>;

/** Deeper dotted keys than this (a hostile span) are not read. */
const MAX_PATH_PARTS = 12;
/** Larger list indices than this are not read. */
const MAX_INDEX = 2000;

function setPath(target: Rec, parts: readonly string[], value: unknown): void {
  let node: Rec = target;
  for (let k = 0; k < parts.length - 1; k++) {
    const part = parts[k];
    const next = Object.prototype.hasOwnProperty.call(node, part) ? node[part] : undefined;
    if (!isPlainObject(next)) {
      const created: Rec = Object.create(null) as Rec;
      Object.defineProperty(node, part, { value: created, enumerable: true, writable: true, configurable: true });
      node = created;
    } else node = next;
  }
  Object.defineProperty(node, parts[parts.length - 1], { value, enumerable: true, writable: true, configurable: true });
}

/** The attributes with every dotted key made nested (`a.b.0.c` → `{a: {b: {0: {c}}}}`). */
export function nestedAttributes(attributes: unknown): Rec {
  const nested: Rec = Object.create(null) as Rec;
  if (!isPlainObject(attributes)) return nested;
  for (const [key, value] of Object.entries(attributes)) {
    const parts = key.split('.');
    if (parts.length <= MAX_PATH_PARTS && parts.every((part) => part !== '')) setPath(nested, parts, value);
  }
  return nested;
}

/** The value at a dotted path of nested attributes. */
export function attributeAt(nested: Rec, path: string): unknown {
  let node: unknown = nested;
  for (const part of path.split('.')) {
    if (!isPlainObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Rec)[part];
  }
  return node;
}

/** A list kept as an object of indices (`{0: …, 1: …}`) or as an array, in index order. */
function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.slice(0, MAX_INDEX);
  if (!isPlainObject(value)) return [];
  return Object.keys(value)
    .filter((key) => /^\d+$/.test(key) && Number(key) < MAX_INDEX)
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => value[key]);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** One OpenInference message (`message.role`, `message.content` or `message.contents`, tool calls) as a chat message. */
function chatMessage(entry: unknown): Rec | undefined {
  const message = isPlainObject(entry) && isPlainObject(entry.message) ? entry.message : entry;
  if (!isPlainObject(message)) return undefined;
  const contents = listOf(message.contents)
    .map((part) => (isPlainObject(part) && isPlainObject(part.message_content) ? text(part.message_content.text) : undefined))
    .filter((part): part is string => part !== undefined);
  const toolCalls = listOf(message.tool_calls).flatMap((call) => {
    const toolCall = isPlainObject(call) && isPlainObject(call.tool_call) ? call.tool_call : call;
    if (!isPlainObject(toolCall) || !isPlainObject(toolCall.function)) return [];
    return [{ id: text(toolCall.id), function: { name: text(toolCall.function.name) ?? 'tool', arguments: toolCall.function.arguments ?? '{}' } }];
  });
  return {
    role: text(message.role) ?? 'user',
    content: text(message.content) ?? contents.join('\n'),
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    ...(text(message.tool_call_id) ? { tool_call_id: message.tool_call_id } : {}),
  };
}

/** The chat messages of `llm.input_messages` or `llm.output_messages`. */
export function chatMessages(nested: Rec, path: 'llm.input_messages' | 'llm.output_messages'): Rec[] {
  return listOf(attributeAt(nested, path)).flatMap((entry): Rec[] => {
    const message = chatMessage(entry);
    return message ? [message] : [];
  });
}
