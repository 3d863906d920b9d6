import type { TraceItemView, TraceView } from '../model/logViewTypes';
import { buildSpanTree } from './spanTree';
import * as l10n from '@vscode/l10n';

/**
 * Open Responses items → TraceView (spec §2.12, docs/semantics.md §8): the preamble is every item before the first
 * user message; a `function_call_output` is attached to the `function_call` with the same `call_id`;
 * unknown item types are kept as JSON, never dropped.
 */

type Rec = Record<string, unknown>;

function isRec(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Text of a value that should be text: strings as they are, anything else as JSON (indented by `indent`, 0: one line). */
export function textOf(value: unknown, indent = 2): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, indent) ?? '';
  } catch {
    // A value nested deeper than the stack allows (hostile input): shown as a note, never a crash.
    return l10n.t('[nested too deep to show]');
  }
}

/** Whether a value looks like a Trace object (`items` array). */
export function isTraceLike(value: unknown): value is Rec & { items: unknown[] } {
  return isRec(value) && Array.isArray(value.items);
}

/** Whether an array looks like a list of Open Responses items (objects with a `type` or a `role`). */
export function looksLikeItems(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => isRec(item) && (typeof item.type === 'string' || typeof item.role === 'string'));
}

function partsOf(content: unknown, role: string): { type: string; text: string }[] {
  if (typeof content === 'string') return [{ type: role === 'assistant' ? 'output_text' : 'input_text', text: content }];
  if (!Array.isArray(content)) return content === undefined || content === null ? [] : [{ type: 'json', text: textOf(content) }];
  return content.map((part) => {
    if (typeof part === 'string') return { type: 'text', text: part };
    if (!isRec(part)) return { type: 'json', text: textOf(part) };
    const type = str(part.type) ?? 'text';
    const text = str(part.text) ?? str(part.refusal) ?? str(part.image_url) ?? str(part.file_url) ?? str(part.filename);
    return { type, text: text ?? textOf(part) };
  });
}

function joinTexts(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value) || value.length === 0) return undefined;
  return value.map((part) => (isRec(part) ? str(part.text) ?? textOf(part) : textOf(part))).join('\n\n');
}

function outputText(value: unknown): string {
  if (typeof value === 'string') return value;
  return joinTexts(value) ?? textOf(value);
}

/** A score's field as text: text as it is, numbers and booleans spelt, a list of them joined, anything else as one line of JSON. */
function scoreText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join(', ');
  return value === undefined || value === null ? undefined : textOf(value, 0);
}

/** The optional text fields of a score item, beside its value. */
export const SCORE_TEXT_FIELDS = ['answer', 'target', 'explanation'] as const;

function scoreView(item: Rec): TraceItemView {
  const view: Extract<TraceItemView, { kind: 'score' }> = { kind: 'score', value: scoreText(item.value) ?? '' };
  for (const field of SCORE_TEXT_FIELDS) {
    const text = scoreText(item[field]);
    if (text !== undefined) view[field] = text;
  }
  return view;
}

function itemToView(item: unknown): TraceItemView {
  if (!isRec(item)) return { kind: 'unknown', value: item };
  const type = str(item.type);
  if (type === 'message' || (type === undefined && typeof item.role === 'string')) {
    const role = str(item.role) ?? 'unknown';
    return { kind: 'message', role, parts: partsOf(item.content, role) };
  }
  if (type === 'reasoning') {
    const content = joinTexts(item.content);
    const summary = joinTexts(item.summary);
    return summary !== undefined ? { kind: 'reasoning', text: content ?? summary, summary } : { kind: 'reasoning', text: content ?? '' };
  }
  if (type === 'function_call') {
    const args = item.arguments;
    return { kind: 'function_call', name: str(item.name) ?? '', callId: str(item.call_id), arguments: typeof args === 'string' ? args : textOf(args) };
  }
  if (type === 'function_call_output') {
    return { kind: 'function_call_output', callId: str(item.call_id), output: outputText(item.output) };
  }
  if (type === 'score' && item.value !== undefined && item.value !== null) return scoreView(item);
  return { kind: 'unknown', itemType: type, value: item };
}

/** Converts items and attaches each output to its call; an output without a call stays its own item. */
export function itemsToViews(items: readonly unknown[]): { views: TraceItemView[]; sources: number[] } {
  const converted = items.map(itemToView);
  const callsById = new Map<string, Extract<TraceItemView, { kind: 'function_call' }>>();
  for (const view of converted) {
    if (view.kind === 'function_call' && view.callId !== undefined && !callsById.has(view.callId)) callsById.set(view.callId, view);
  }
  const views: TraceItemView[] = [];
  const sources: number[] = [];
  converted.forEach((view, position) => {
    if (view.kind === 'function_call_output' && view.callId !== undefined) {
      const call = callsById.get(view.callId);
      if (call && call.output === undefined) {
        call.output = view.output;
        return;
      }
    }
    views.push(view);
    sources.push(position);
  });
  return { views, sources };
}

function isUserMessage(item: unknown): boolean {
  return isRec(item) && item.role === 'user' && (item.type === undefined || item.type === 'message');
}

/** Builds the view of a list of items (no metadata, no spans). */
export function traceViewFromItems(items: readonly unknown[]): TraceView {
  const firstUser = items.findIndex(isUserMessage);
  const split = firstUser < 0 ? items.length : firstUser;
  const { views, sources } = itemsToViews(items);
  const preamble: TraceItemView[] = [];
  const turns: TraceItemView[] = [];
  views.forEach((view, i) => (sources[i] < split ? preamble : turns).push(view));
  return { preamble, turns };
}

/** Builds the view of a Trace object (`items`, optional `metadata`, `events`, span fields). */
export function traceViewFromTrace(trace: Rec): TraceView {
  const items = Array.isArray(trace.items) ? trace.items : [];
  const view = traceViewFromItems(items);
  if (isRec(trace.metadata)) view.metadata = trace.metadata;
  const spans = buildSpanTree(trace.events);
  if (spans) view.spans = spans;
  const spanId = str(trace.span_id);
  const spanName = str(trace.span_name);
  const spanType = str(trace.span_type);
  if (spanId !== undefined) view.spanId = spanId;
  if (spanName !== undefined) view.spanName = spanName;
  if (spanType !== undefined) view.spanType = spanType;
  return view;
}
