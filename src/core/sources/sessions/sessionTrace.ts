/**
 * The `trace` of one session (docs/semantics.md §9.1–9.2), built by reading its file again — only for the rows a page
 * shows. User text → `message` user; assistant text → `message` assistant; `thinking` → `reasoning`; `tool_use` →
 * `function_call`; `tool_result` → `function_call_output` (`status: "incomplete"` on error); images → a
 * placeholder. Each sub-agent becomes a span of type `agent` in `events`, started right after the call that
 * launched it when that call is known (its `call_id` then names that call).
 */
import { OpenResponsesItem, TraceEvent, TraceMetadataRecord, TraceRecord, functionCallItem, functionCallOutputItem, messageItem, reasoningItem, rootItemsOfEvents } from '../../trace/traceRecord';
import { readLines } from './sessionLines';
import { SessionLine, contentBlocks, imagePlaceholder, jsonText, messageOf, responseKey, str, toolResultText } from './sessionRecords';
import { parseSessionLine } from './sessionLineParse';

type Item = OpenResponsesItem | Record<string, unknown>;

export interface SubagentRef {
  file: string;
  agentId: string;
  agentType?: string;
  toolUseId?: string;
  firstMs?: number;
  lastMs?: number;
  /** Tokens the sub-agent's file used in all. */
  totalTokens?: number;
}

interface TraceInput {
  file: string;
  subagents: SubagentRef[];
  metadata: TraceMetadataRecord;
  signal?: AbortSignal;
}

function isBlank(text: string): boolean {
  return text.trim() === '';
}

/** Items of one user or assistant line; `seen` holds the blocks already taken per response. */
function itemsOfLine(line: SessionLine, seen: Map<string, Set<string>>, out: Item[]): void {
  const message = messageOf(line);
  if (message === undefined) return;
  if (line.type === 'user') {
    const content = message.content;
    if (typeof content === 'string') {
      if (!isBlank(content)) out.push(messageItem(line.isMeta === true ? 'system' : 'user', content));
      return;
    }
    const texts: string[] = [];
    const flush = () => {
      if (texts.length > 0) out.push(messageItem(line.isMeta === true ? 'system' : 'user', texts.join('\n')));
      texts.length = 0;
    };
    for (const block of contentBlocks(content)) {
      if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
      else if (block.type === 'image') texts.push(imagePlaceholder(block));
      else if (block.type === 'tool_result') {
        flush();
        out.push(functionCallOutputItem(str(block.tool_use_id) ?? '', toolResultText(block.content), block.is_error === true));
      }
    }
    flush();
    return;
  }
  const key = responseKey(line, message);
  let taken = key === undefined ? undefined : seen.get(key);
  if (key !== undefined && taken === undefined) {
    taken = new Set();
    seen.set(key, taken);
  }
  for (const block of contentBlocks(message.content)) {
    const blockKey = block.type === 'tool_use' ? `u:${str(block.id) ?? ''}` : `${String(block.type)}:${str(block.text) ?? str(block.thinking) ?? ''}`;
    if (taken !== undefined) {
      if (taken.has(blockKey)) continue;
      taken.add(blockKey);
    }
    if (block.type === 'text' && typeof block.text === 'string') {
      if (!isBlank(block.text)) out.push(messageItem('assistant', block.text));
    } else if (block.type === 'thinking' && typeof block.thinking === 'string') {
      if (!isBlank(block.thinking)) out.push(reasoningItem(block.thinking));
    } else if (block.type === 'tool_use') {
      out.push(functionCallItem(str(block.id) ?? '', str(block.name) ?? '', jsonText(block.input ?? {})));
    } else if (block.type === 'image') {
      out.push(messageItem('assistant', imagePlaceholder(block)));
    } else if (block.type !== 'text' && block.type !== 'thinking') {
      out.push({ ...block });
    }
  }
}

/** The conversation items of one file, in line order. */
async function fileItems(file: string, signal?: AbortSignal): Promise<Item[]> {
  const items: Item[] = [];
  const seen = new Map<string, Set<string>>();
  await readLines(file, {
    line: (text) => {
      const line = parseSessionLine(text);
      if (line !== undefined && (line.type === 'user' || line.type === 'assistant')) itemsOfLine(line, seen, items);
    },
    tooLong: () => undefined,
  }, signal);
  return items;
}

function iso(ms: number | undefined): string | undefined {
  return ms === undefined ? undefined : new Date(ms).toISOString();
}

export async function buildSessionTrace(input: TraceInput): Promise<TraceRecord> {
  const items = await fileItems(input.file, input.signal);
  if (input.subagents.length === 0) return { FORMAT: 'open_responses', items, metadata: input.metadata };
  const rootId = 'session';
  const events: TraceEvent[] = [{ type: 'span_start', span_id: rootId, span_name: input.metadata.trace_id ?? rootId, span_type: 'agent', timestamp: input.metadata.created_at }];
  const byCall = new Map<string, SubagentRef[]>();
  const unplaced: SubagentRef[] = [];
  const callIds = new Set(items.flatMap((item) => (item.type === 'function_call' && typeof item.call_id === 'string' ? [item.call_id] : [])));
  for (const agent of input.subagents) {
    if (agent.toolUseId !== undefined && callIds.has(agent.toolUseId)) byCall.set(agent.toolUseId, [...(byCall.get(agent.toolUseId) ?? []), agent]);
    else unplaced.push(agent);
  }
  const pushAgent = async (agent: SubagentRef, callId?: string) => {
    const spanId = `agent-${agent.agentId}`;
    events.push({
      type: 'span_start', span_id: spanId, parent_span_id: rootId, span_name: agent.agentType ?? agent.agentId, span_type: 'agent', timestamp: iso(agent.firstMs),
      ...(callId !== undefined ? { call_id: callId } : {}), ...(agent.totalTokens !== undefined ? { total_tokens: agent.totalTokens } : {}),
    });
    for (const item of await fileItems(agent.file, input.signal)) events.push({ type: 'item', span_id: spanId, item });
    events.push({ type: 'span_end', span_id: spanId, timestamp: iso(agent.lastMs) });
  };
  for (const item of items) {
    events.push({ type: 'item', span_id: rootId, item });
    const launched = item.type === 'function_call' && typeof item.call_id === 'string' ? byCall.get(item.call_id) : undefined;
    for (const agent of launched ?? []) await pushAgent(agent, agent.toolUseId);
  }
  for (const agent of unplaced) await pushAgent(agent);
  events.push({ type: 'span_end', span_id: rootId, timestamp: input.metadata.created_at === undefined ? undefined : iso(Date.parse(input.metadata.created_at) + (input.metadata.total_time ?? 0) * 1000) });
  return { FORMAT: 'open_responses', items: rootItemsOfEvents(events), metadata: input.metadata, events };
}
