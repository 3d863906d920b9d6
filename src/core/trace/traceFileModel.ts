/**
 * What the Trace editor shows of a Trace value: the header, the main conversation (preamble and turns, sent in
 * pages), the sub-agent spans with their own conversations, or the generic span tree of other `events`.
 * Very long texts are cut (the full text stays in the file) and values too deep to serialise become a note, so
 * no message to the webview can freeze or crash it.
 */
import type { SpanNode, TraceItemView } from '../model/logViewTypes';
import { isRecord } from '../json/jsonValue';
import { traceFileStrings as S } from '../l10n/traceStrings';
import { buildSpanTree } from './spanTree';
import { SpanConversation, spanConversations } from './spanConversation';
import { traceHeader, TraceHeader } from './traceHeader';
import { SCORE_TEXT_FIELDS, traceViewFromItems } from './traceView';
import type { TraceValue } from './traceFile';
import * as l10n from '@vscode/l10n';

/** Turns sent per page. */
export const TRACE_PAGE_SIZE = 200;
/** Longest text of one item part shown in the editor. */
export const MAX_TEXT_CHARS = 200_000;

export interface TraceFileModel {
  header: TraceHeader;
  preamble: TraceItemView[];
  turns: TraceItemView[];
  /** Spans below the root(s) of §9.1 events, each with its conversation. */
  subSpans: SpanConversation[];
  /** The span tree of events of any other shape. */
  genericSpans?: SpanNode[];
  metadata?: Record<string, unknown>;
}

function clipText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}\n${S.truncated(text.length - max)}` : text;
}

const tooDeep = (): string => l10n.t('[nested too deep to show]');

/** One item view, made safe to post: long texts cut, unserialisable values replaced by a note. */
function safeItemView(view: TraceItemView, max = MAX_TEXT_CHARS): TraceItemView {
  let safe: TraceItemView;
  switch (view.kind) {
    case 'message':
      safe = { kind: 'message', role: view.role, parts: view.parts.map((p) => ({ type: p.type, text: clipText(p.text, max) })) };
      break;
    case 'reasoning':
      safe = { kind: 'reasoning', text: clipText(view.text, max), ...(view.summary !== undefined ? { summary: clipText(view.summary, max) } : {}) };
      break;
    case 'function_call':
      safe = { ...view, arguments: clipText(view.arguments, max), ...(view.output !== undefined ? { output: clipText(view.output, max) } : {}) };
      break;
    case 'function_call_output':
      safe = { ...view, output: clipText(view.output, max) };
      break;
    case 'score': {
      const score: Extract<TraceItemView, { kind: 'score' }> = { kind: 'score', value: clipText(view.value, max) };
      for (const field of SCORE_TEXT_FIELDS) {
        const text = view[field];
        if (text !== undefined) score[field] = clipText(text, max);
      }
      safe = score;
      break;
    }
    default:
      safe = view;
  }
  try {
    const size = JSON.stringify(safe).length;
    if (safe.kind === 'unknown' && size > max) return { kind: 'unknown', itemType: safe.itemType, value: clipText(JSON.stringify(safe.value, null, 1), max) };
    return safe;
  } catch {
    return { kind: 'unknown', itemType: view.kind === 'unknown' ? view.itemType : view.kind, value: tooDeep() };
  }
}

function safeSpan(span: SpanConversation, max: number): SpanConversation {
  return { ...span, items: span.items.map((i) => safeItemView(i, max)), children: span.children.map((c) => ({ before: c.before, span: safeSpan(c.span, max) })) };
}

function safeValue<T>(value: T): T | undefined {
  try {
    JSON.stringify(value);
    return value;
  } catch {
    return undefined;
  }
}

/** The generic span tree, or undefined when the events nest deeper than the stack allows. */
function genericSpanTree(events: unknown): SpanNode[] | undefined {
  try {
    return buildSpanTree(events);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/** The editor's model of a Trace value (texts longer than `maxTextChars` cut). */
export function traceFileModel(trace: TraceValue, maxTextChars = MAX_TEXT_CHARS): TraceFileModel {
  const view = traceViewFromItems(trace.items);
  const model: TraceFileModel = {
    header: traceHeader(trace),
    preamble: view.preamble.map((i) => safeItemView(i, maxTextChars)),
    turns: view.turns.map((i) => safeItemView(i, maxTextChars)),
    subSpans: [],
  };
  const spans = spanConversations(trace.events);
  if (spans) {
    const [main, ...otherRoots] = spans;
    model.subSpans = [...main.children.map((c) => safeSpan(c.span, maxTextChars)), ...otherRoots.map((r) => safeSpan(r, maxTextChars))];
  } else if (trace.events !== undefined && trace.events !== null) {
    model.genericSpans = safeValue(genericSpanTree(trace.events)) ?? [{ children: [], attributes: { value: tooDeep() } }];
  }
  if (isRecord(trace.metadata)) model.metadata = safeValue(trace.metadata) ?? { value: tooDeep() };
  return model;
}

/** Turns `offset …` of the model, one page. */
export function turnsPage(model: TraceFileModel, offset: number, size = TRACE_PAGE_SIZE): TraceItemView[] {
  return model.turns.slice(Math.max(0, offset), Math.max(0, offset) + size);
}

/** The sub-agent span with this id, searched without recursion. */
export function findSubSpan(model: TraceFileModel, spanId: string): SpanConversation | undefined {
  const stack = [...model.subSpans];
  while (stack.length) {
    const span = stack.pop();
    if (!span) break;
    if (span.spanId === spanId) return span;
    for (const child of span.children) stack.push(child.span);
  }
  return undefined;
}
