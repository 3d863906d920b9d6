/**
 * Chat payloads of the trace platforms (OpenAI chat messages, OpenAI Responses items, LangChain messages, plain
 * prompt/answer fields) as Open Responses items (docs/semantics.md §9.1). Unknown shapes give no items, never an error.
 */
import {
  OpenResponsesItem,
  binaryPlaceholder,
  functionCallItem,
  functionCallOutputItem,
  messageItem,
  reasoningItem,
} from '../../trace/traceRecord';
import { isPlainObject } from '../../json/objectValues';

type Rec = Record<string, unknown>;
type Role = 'system' | 'user' | 'assistant' | 'developer';

/** Largest number of messages read from one payload (a hostile payload cannot make the row huge). */
const MAX_MESSAGES = 2000;

/** A JSON text (Langfuse sends input/output as strings) as its value; other text stays text. */
export function parseMaybeJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return value;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return value;
  }
}

function roleOf(value: unknown): Role | 'tool' | undefined {
  const role = typeof value === 'string' ? value.toLowerCase() : '';
  if (role === 'system' || role === 'user' || role === 'assistant' || role === 'developer' || role === 'tool') return role;
  if (role === 'human') return 'user';
  if (role === 'ai') return 'assistant';
  if (role === 'function') return 'tool';
  return undefined;
}

/** The text of a content value: a string, or parts (`text`, `input_text`, `output_text`, images as placeholders). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content === undefined || content === null ? '' : jsonText(content);
  const parts: string[] = [];
  for (const part of content) {
    if (typeof part === 'string') parts.push(part);
    else if (isPlainObject(part)) {
      if (typeof part.text === 'string') parts.push(part.text);
      else if (part.type === 'image_url' || part.type === 'input_image' || part.type === 'image') {
        const url = isPlainObject(part.image_url) ? part.image_url.url : part.image_url ?? part.url;
        const data = typeof url === 'string' && url.startsWith('data:') ? url : undefined;
        const mediaType = data ? data.slice(5, data.indexOf(';')) : undefined;
        parts.push(binaryPlaceholder('image', mediaType, data ? data.length - data.indexOf(',') - 1 : undefined));
      } else if (part.type === 'refusal' && typeof part.refusal === 'string') parts.push(part.refusal);
    }
  }
  return parts.join('\n');
}

function toolCallItems(calls: unknown): OpenResponsesItem[] {
  if (!Array.isArray(calls)) return [];
  const items: OpenResponsesItem[] = [];
  for (const call of calls) {
    if (!isPlainObject(call)) continue;
    const fn = isPlainObject(call.function) ? call.function : call;
    const name = typeof fn.name === 'string' ? fn.name : 'tool';
    const id = typeof call.id === 'string' ? call.id : typeof call.call_id === 'string' ? call.call_id : name;
    const args = fn.arguments ?? fn.args ?? fn.input;
    items.push(functionCallItem(id, name, typeof args === 'string' ? args : jsonText(args ?? {})));
  }
  return items;
}

/** LangChain's serialised message (`{lc, type: 'constructor', id: [..., 'HumanMessage'], kwargs}`) as a plain one. */
function unwrapLangChain(message: Rec): Rec {
  if (message.lc !== undefined && isPlainObject(message.kwargs) && Array.isArray(message.id)) {
    const cls = String(message.id[message.id.length - 1] ?? '');
    const role = cls.startsWith('Human') ? 'user' : cls.startsWith('AI') ? 'assistant' : cls.startsWith('System') ? 'system' : cls.startsWith('Tool') ? 'tool' : undefined;
    return { ...message.kwargs, role: role ?? message.kwargs.role };
  }
  if (message.role === undefined && typeof message.type === 'string' && roleOf(message.type)) return { ...message, role: message.type };
  return message;
}

/** One chat message or Responses item as items. */
function itemsOfEntry(raw: unknown): OpenResponsesItem[] {
  if (!isPlainObject(raw)) return typeof raw === 'string' ? [messageItem('user', raw)] : [];
  const entry = unwrapLangChain(raw);
  const type = entry.type;
  if (type === 'function_call') return toolCallItems([entry]);
  if (type === 'function_call_output') {
    const output = typeof entry.output === 'string' ? entry.output : jsonText(entry.output ?? '');
    return [functionCallOutputItem(String(entry.call_id ?? ''), output)];
  }
  if (type === 'reasoning') {
    const summary = Array.isArray(entry.summary) ? entry.summary.map((s) => (isPlainObject(s) && typeof s.text === 'string' ? s.text : '')).join('\n') : '';
    return summary ? [reasoningItem(summary)] : [];
  }
  const role = roleOf(entry.role);
  if (role === undefined) return [];
  if (role === 'tool') {
    const callId = String(entry.tool_call_id ?? entry.call_id ?? entry.name ?? '');
    return [functionCallOutputItem(callId, contentText(entry.content), entry.status === 'error')];
  }
  const items: OpenResponsesItem[] = [];
  const text = contentText(entry.content);
  if (text !== '') items.push(messageItem(role, text));
  if (role === 'assistant') items.push(...toolCallItems(entry.tool_calls ?? (isPlainObject(entry.additional_kwargs) ? entry.additional_kwargs.tool_calls : undefined)));
  return items;
}

/** Lists nested deeper than this (a hostile payload) are not read. */
const MAX_LIST_DEPTH = 4;

function itemsOfList(list: readonly unknown[], depth = 0): OpenResponsesItem[] {
  const items: OpenResponsesItem[] = [];
  for (const entry of list.slice(0, MAX_MESSAGES)) {
    if (Array.isArray(entry)) {
      if (depth < MAX_LIST_DEPTH) items.push(...itemsOfList(entry, depth + 1));
    } else items.push(...itemsOfEntry(entry));
    if (items.length >= MAX_MESSAGES) return items.slice(0, MAX_MESSAGES);
  }
  return items;
}

/** JSON text of a value; a value too deep to serialise becomes a placeholder, never an exception. */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '[unreadable value]';
  }
}

/** The prompt side of a run or generation: `messages`, a list of messages/items, or a plain prompt field. */
export function inputItems(input: unknown): OpenResponsesItem[] {
  const value = parseMaybeJson(input);
  if (typeof value === 'string') return value === '' ? [] : [messageItem('user', value)];
  if (Array.isArray(value)) return itemsOfList(value);
  if (!isPlainObject(value)) return [];
  if (Array.isArray(value.messages)) return itemsOfList(value.messages);
  if (Array.isArray(value.input)) return itemsOfList(value.input);
  for (const key of ['input', 'prompt', 'question', 'query', 'text']) {
    if (typeof value[key] === 'string') return [messageItem('user', value[key] as string)];
  }
  return [];
}

/** The answer side: chat completions `choices`, Responses `output`, LangChain `generations`, or a plain field. */
export function outputItems(output: unknown): OpenResponsesItem[] {
  const value = parseMaybeJson(output);
  if (typeof value === 'string') return value === '' ? [] : [messageItem('assistant', value)];
  if (Array.isArray(value)) return itemsOfList(value);
  if (!isPlainObject(value)) return [];
  if (Array.isArray(value.choices)) {
    return itemsOfList(value.choices.map((choice) => (isPlainObject(choice) ? choice.message ?? (typeof choice.text === 'string' ? { role: 'assistant', content: choice.text } : undefined) : undefined)));
  }
  if (Array.isArray(value.output)) return itemsOfList(value.output);
  if (Array.isArray(value.generations)) {
    const flat = value.generations.flat().map((g) => (isPlainObject(g) ? g.message ?? (typeof g.text === 'string' ? { role: 'assistant', content: g.text } : undefined) : undefined));
    return itemsOfList(flat);
  }
  if (Array.isArray(value.messages)) return itemsOfList(value.messages);
  if (isPlainObject(value.message) || (value.role !== undefined && value.content !== undefined)) return itemsOfList([value.message ?? value]);
  for (const key of ['output', 'answer', 'content', 'text', 'result']) {
    if (typeof value[key] === 'string') return [messageItem('assistant', value[key] as string)];
  }
  return [];
}

/** Input then output items, without repeating output items that the input already carries. */
export function conversationOf(input: unknown, output: unknown): OpenResponsesItem[] {
  const before = inputItems(input);
  const after = outputItems(output);
  const seen = new Set(before.map(jsonText));
  return [...before, ...after.filter((item) => !seen.has(jsonText(item)))];
}
