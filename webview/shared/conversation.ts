/**
 * A Trace as a conversation: preamble collapsed, one bubble per message (markdown, sanitised), reasoning
 * collapsible, each function call with its output, each score with its answer and target, unknown items as JSON,
 * then metadata and the span tree.
 */
import type { OutputView, SpanNode, SubAgentView, TraceItemView, TraceView } from '../../src/core/model/logViewTypes';
import { logStrings as S } from '../../src/core/l10n/logStrings';
import { el, icon, collapsible } from './dom';
import { jsonOrText, jsonTree } from './jsonTree';
import { renderMarkdown } from './markdown';

const ROLE_ICONS: Record<string, string> = { user: 'account', assistant: 'hubot', system: 'settings-gear', developer: 'tools', tool: 'tools' };

function messageItem(item: Extract<TraceItemView, { kind: 'message' }>): HTMLElement {
  const bubble = el('div', { className: `message role-${item.role.replace(/[^a-z_-]/gi, '')}`, attrs: { 'data-role': item.role } });
  bubble.appendChild(el('div', { className: 'message-role' }, icon(ROLE_ICONS[item.role] ?? 'comment'), ` ${item.role}`));
  for (const part of item.parts) {
    if (part.type === 'input_text' || part.type === 'output_text' || part.type === 'text') bubble.appendChild(renderMarkdown(part.text));
    else bubble.appendChild(el('div', { className: 'message-part' }, el('span', { className: 'part-type', text: part.type }), el('pre', { className: 'text-block', text: part.text })));
  }
  return bubble;
}

/** An output longer than this (characters or lines) is folded to its first line until opened. */
const FOLD_CHARS = 1500;
const FOLD_LINES = 25;

/** Text that reads as markdown (headings, lists, links, emphasis, fences): rendered, sanitised, rather than shown raw. */
function looksLikeMarkdown(text: string): boolean {
  return /^(#{1,6} |[-*+] |\d+\. |```|> )/m.test(text) || /\[[^\]\n]+\]\([^)\s]+\)/.test(text) || /\*\*[^*\n]+\*\*/.test(text);
}

function outputBody(text: string): HTMLElement {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[') && looksLikeMarkdown(text)) return el('div', { className: 'tool-output-markdown' }, renderMarkdown(text));
  return jsonOrText(text, 1);
}

/** Whether a text is short enough to show open (`lines`: its line count, when already known). */
function showsOpen(text: string, lines = text.split('\n').length): boolean {
  return text.length <= FOLD_CHARS && lines <= FOLD_LINES;
}

/** A call's output: open when short; a long one folded under its size and first line, its body built once opened. */
function toolOutput(text: string): HTMLElement {
  const lines = text.split('\n').length;
  if (showsOpen(text, lines)) return collapsible(S.functionOutput, () => outputBody(text), true, 'section tool-output');
  const first = text.trim().split('\n', 1)[0].slice(0, 160);
  const head = el('span', {}, `${S.functionOutput} `, el('span', { className: 'muted', text: S.foldedOutput(lines, text.length) }), first ? el('span', { className: 'reasoning-preview', text: `: ${first}` }) : null);
  return collapsible(head, () => outputBody(text), false, 'section tool-output folded-output');
}

function functionCall(item: Extract<TraceItemView, { kind: 'function_call' }>): HTMLElement {
  const box = el('div', { className: 'tool-call', attrs: { 'data-call-id': item.callId ?? '' } });
  box.appendChild(el('div', { className: 'tool-head' }, icon('symbol-method'), el('span', { className: 'tool-name', text: ` ${S.functionCall(item.name)}` }), item.callId ? el('span', { className: 'muted', text: ` ${item.callId}` }) : null));
  box.appendChild(jsonOrText(item.arguments, 2));
  if (item.output !== undefined) box.appendChild(toolOutput(item.output));
  else box.appendChild(el('div', { className: 'muted', text: S.noFunctionOutput }));
  for (const agent of item.subAgents ?? []) box.appendChild(subAgentSection(agent));
  return box;
}

/** A sub-agent's transcript under the call that launched it: collapsed to its name, size and tokens until opened. */
function subAgentSection(agent: SubAgentView): HTMLElement {
  const facts = [S.subAgentMessages(agent.messageCount), agent.tokens !== undefined ? S.subAgentTokens(agent.tokens) : undefined, agent.error].filter(Boolean).join(' · ');
  const head = el('span', { className: 'sub-agent-head' }, icon('organization'), el('span', { className: 'sub-agent-name', text: ` ${S.subAgent(agent.name)}` }), el('span', { className: 'muted', text: ` ${facts}` }));
  const details = collapsible(head, () => agent.items.length
    ? el('div', { className: 'sub-agent-body' }, ...agent.items.map(traceItem))
    : el('p', { className: 'empty', text: S.subAgentEmpty }), false, 'section sub-agent');
  details.setAttribute('data-span-id', agent.spanId);
  details.setAttribute('data-testid', 'sub-agent');
  return details;
}

/** Reasoning, collapsed to one line (its first line, cut with an ellipsis); the whole text once opened. */
function reasoningItem(item: Extract<TraceItemView, { kind: 'reasoning' }>): HTMLElement {
  const preview = (item.summary ?? item.text).trim().split('\n', 1)[0].slice(0, 300);
  const head = el('span', { className: 'reasoning-head' }, icon('lightbulb'), el('span', { className: 'reasoning-label', text: ` ${S.reasoning}` }), preview ? el('span', { className: 'reasoning-preview', text: `: ${preview}` }) : null);
  return collapsible(head, () => el('div', { className: 'reasoning-body' },
    item.summary && item.summary !== item.text ? el('p', { className: 'reasoning-summary', text: item.summary }) : null,
    el('pre', { className: 'text-block', text: item.text })), false, 'section reasoning');
}

/** A scorer's score: its value, the answer and target beside it, the explanation folded when long. */
function scoreItem(item: Extract<TraceItemView, { kind: 'score' }>): HTMLElement {
  const box = el('div', { className: 'tool-call score-item', attrs: { 'data-testid': 'score-item' } });
  box.appendChild(el('div', { className: 'tool-head' }, icon('symbol-numeric'), el('span', { className: 'tool-name', text: ` ${S.scoreItem(item.value)}` })));
  const facts = [item.answer !== undefined ? `${S.scoreItemAnswer}: ${item.answer}` : '', item.target !== undefined ? `${S.scoreItemTarget}: ${item.target}` : ''].filter(Boolean);
  if (facts.length) box.appendChild(el('div', { className: 'score-facts', text: facts.join(' · ') }));
  const explanation = item.explanation;
  if (explanation !== undefined && explanation.trim() !== '') {
    box.appendChild(collapsible(S.scoreExplanation, () => outputBody(explanation), showsOpen(explanation), 'section score-explanation'));
  }
  return box;
}

export function traceItem(item: TraceItemView): HTMLElement {
  switch (item.kind) {
    case 'message':
      return messageItem(item);
    case 'reasoning':
      return reasoningItem(item);
    case 'function_call':
      return functionCall(item);
    case 'function_call_output':
      return el('div', { className: 'tool-call orphan-output' }, el('div', { className: 'tool-head' }, icon('output'), ` ${S.functionOutput}${item.callId ? ` ${item.callId}` : ''}`), toolOutput(item.output));
    case 'score':
      return scoreItem(item);
    default:
      return collapsible(el('span', {}, icon('json'), ` ${S.unknownItem(item.itemType)}`), () => jsonTree(item.value, 2), true, 'section unknown-item');
  }
}

/**
 * The spans as nested lists: each span a list item, its children a list inside it. Plain lists, not an ARIA tree: the
 * items are not a focusable widget, and a screen reader announces the nesting level of each list.
 */
function spanTree(nodes: SpanNode[], nested = false): HTMLElement {
  const list = el('ul', { className: 'span-tree', attrs: { 'aria-label': nested ? undefined : S.spans } });
  for (const node of nodes) {
    const label = el('span', {}, icon('symbol-event'), ` ${node.name ?? node.id ?? '?'}`, node.type ? el('span', { className: 'muted', text: ` ${node.type}` }) : null);
    const item = el('li', {}, label);
    if (node.attributes && Object.keys(node.attributes).length) item.appendChild(collapsible('…', () => jsonTree(node.attributes, 1), false, 'section span-attributes'));
    if (node.children.length) item.appendChild(spanTree(node.children, true));
    list.appendChild(item);
  }
  return list;
}

export function renderTrace(trace: TraceView): HTMLElement {
  const box = el('div', { className: 'conversation', attrs: { 'data-testid': 'conversation' } });
  if (trace.spanName || trace.spanType) box.appendChild(el('div', { className: 'muted', text: [trace.spanName, trace.spanType].filter(Boolean).join(' · ') }));
  if (trace.preamble.length) {
    box.appendChild(collapsible(S.preamble(trace.preamble.length), () => el('div', { className: 'preamble' }, ...trace.preamble.map(traceItem)), false, 'section preamble-section'));
  }
  for (const item of trace.turns) box.appendChild(traceItem(item));
  if (trace.metadata && Object.keys(trace.metadata).length) box.appendChild(collapsible(S.traceMetadata, () => jsonTree(trace.metadata, 1), false));
  if (trace.spans && trace.spans.length) box.appendChild(collapsible(S.spans, () => spanTree(trace.spans ?? []), false));
  return box;
}

export function renderOutput(output: OutputView): HTMLElement {
  switch (output.kind) {
    case 'trace':
      return renderTrace(output.trace);
    case 'text':
      return el('pre', { className: 'text-block output-text', text: output.text });
    case 'json':
      return jsonTree(output.value, 2);
    default:
      return el('p', { className: 'empty', text: output.reason || S.noOutput });
  }
}
