/**
 * A Trace as a plain-text transcript for terminals and CI logs: a header line from the metadata, then one block
 * per item (role or kind on its own line, the content indented below), reasoning marked, scores with their answer
 * and target, sub-agent spans indented.
 */
import type { TraceItemView } from '../core/model/logViewTypes';
import { traceFileStrings as S } from '../core/l10n/traceStrings';
import { traceHeader } from '../core/trace/traceHeader';
import { spanConversations, SpanConversation } from '../core/trace/spanConversation';
import { traceViewFromItems } from '../core/trace/traceView';
import type { TraceValue } from '../core/trace/traceFile';
import { formatDuration } from '../core/format/displayFormat';
import { formatCount } from '../core/l10n/numberFormat';
import * as l10n from '@vscode/l10n';

interface TranscriptOptions {
  /** Longest content of one block before it is cut (0: never). */
  maxBlockChars: number;
}

const INDENT = '  ';

function clip(text: string, max: number): string {
  if (max <= 0 || text.length <= max) return text;
  return `${text.slice(0, max)}\n${S.truncated(text.length - max)}`;
}

function indentLines(text: string, prefix: string): string {
  return text.split(/\r?\n/).map((line) => (line ? prefix + line : prefix.trimEnd())).join('\n');
}

function prettyArguments(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args), null, 2) ?? args;
  } catch {
    return args;
  }
}

/** `text` without its blank lines before the first and after the last line that has anything on it. */
function trimBlankLines(text: string): string {
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    const c = text[at];
    if (c === '\n') start = at + 1;
    else if (c !== ' ' && c !== '\t' && c !== '\r') break;
  }
  let end = text.length;
  for (let at = text.length - 1; at >= start; at--) {
    const c = text[at];
    if (c === '\n') end = at;
    else if (c !== ' ' && c !== '\t' && c !== '\r') break;
  }
  return start === 0 && end === text.length ? text : text.slice(start, Math.max(start, end));
}

function block(title: string, body: string, depth: number, options: TranscriptOptions): string {
  const pad = INDENT.repeat(depth);
  const content = trimBlankLines(clip(body, options.maxBlockChars));
  return content.trim() === '' ? `${pad}${title}` : `${pad}${title}\n${indentLines(content, pad + INDENT)}`;
}

function itemBlocks(item: TraceItemView, depth: number, options: TranscriptOptions): string[] {
  switch (item.kind) {
    case 'message':
      return [block(S.roleLabel(item.role), item.parts.map((p) => (p.type === 'input_text' || p.type === 'output_text' || p.type === 'text' ? p.text : `[${p.type}] ${p.text}`)).join('\n\n'), depth, options)];
    case 'reasoning':
      return [block(S.reasoning, item.summary && item.summary !== item.text ? `${item.summary}\n\n${item.text}` : item.text, depth, options)];
    case 'function_call': {
      const id = item.callId ? `  (${item.callId})` : '';
      const blocks = [block(S.toolCall(item.name) + id, prettyArguments(item.arguments), depth, options)];
      if (item.output !== undefined) blocks.push(block(S.toolOutput(item.name) + id, item.output, depth, options));
      return blocks;
    }
    case 'function_call_output':
      return [block(S.toolOutput('') + (item.callId ? `(${item.callId})` : ''), item.output, depth, options)];
    case 'score': {
      const facts = [item.answer !== undefined ? S.scoreAnswer(item.answer) : undefined, item.target !== undefined ? S.scoreTarget(item.target) : undefined].filter((line) => line !== undefined);
      const body = [facts.join('\n'), item.explanation ?? ''].filter((part) => part.trim() !== '').join('\n\n');
      // The value is a title line: cut as a block's content is, so a hostile one cannot flood the terminal.
      return [block(S.score(clip(item.value, options.maxBlockChars)), body, depth, options)];
    }
    default:
      return [block(S.unknownItem(item.itemType), safeJson(item.value), depth, options)];
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return l10n.t('[nested too deep to show]');
  }
}

function spanBlocks(span: SpanConversation, depth: number, options: TranscriptOptions): string[] {
  const pad = INDENT.repeat(depth);
  const empty = span.items.length === 0 && span.children.length === 0;
  // A span with nothing in it is one line: its name and that it is empty.
  const head = [`${pad}${S.span(span.type, span.name)}${empty ? `  ${S.noItems}` : ''}`];
  if (span.error) head.push(`${pad}${INDENT}${S.spanError(span.error)}`);
  const blocks = [head.join('\n')];
  const inner = depth + 1;
  let next = 0;
  const children = [...span.children].sort((a, b) => a.before - b.before);
  span.items.forEach((item, index) => {
    while (next < children.length && children[next].before <= index) blocks.push(...spanBlocks(children[next++].span, inner, options));
    blocks.push(...itemBlocks(item, inner, options));
  });
  while (next < children.length) blocks.push(...spanBlocks(children[next++].span, inner, options));
  return blocks;
}

/** The header line(s) of a trace, or '' when its metadata says nothing. */
function transcriptHeader(trace: TraceValue): string {
  const h = traceHeader(trace);
  const fields: string[] = [];
  if (h.traceId) fields.push(`${S.traceId} ${h.traceId}`);
  if (h.agent) fields.push(`${S.agent} ${h.agent}`);
  if (h.model) fields.push(`${S.model} ${h.model}`);
  if (h.createdAt) fields.push(`${S.created} ${h.createdAt}`);
  if (h.totalTime !== undefined) fields.push(`${S.time} ${formatDuration(h.totalTime)}`);
  if (h.totalTokens !== undefined) fields.push(`${S.tokens} ${formatCount(h.totalTokens)}`);
  if (h.messageCount !== undefined) fields.push(`${S.messages} ${formatCount(h.messageCount)}`);
  if (h.sourceType) fields.push(`${S.source} ${h.sourceType}${h.sourceUri ? ` ${h.sourceUri}` : ''}`);
  const lines = fields.length ? [fields.join(' · ')] : [];
  if (h.tags.length) lines.push(`${S.tags}: ${h.tags.join(', ')}`);
  if (h.error) lines.push(`${S.error}: ${h.error}`);
  return lines.join('\n');
}

/** The whole transcript of one trace. */
export function traceTranscript(trace: TraceValue, options: TranscriptOptions): string {
  const blocks: string[] = [];
  const header = transcriptHeader(trace);
  if (header) blocks.push(header);
  const spans = spanConversations(trace.events);
  if (spans) {
    for (const root of spans) blocks.push(...spanBlocks(root, 0, options));
  } else {
    const view = traceViewFromItems(trace.items);
    if (view.preamble.length) {
      blocks.push(S.preamble(view.preamble.length));
      for (const item of view.preamble) blocks.push(...itemBlocks(item, 0, options));
      if (view.turns.length) blocks.push('—');
    }
    for (const item of view.turns) blocks.push(...itemBlocks(item, 0, options));
    if (view.preamble.length === 0 && view.turns.length === 0) blocks.push(S.noItems);
  }
  return `${blocks.join('\n\n')}\n`;
}
