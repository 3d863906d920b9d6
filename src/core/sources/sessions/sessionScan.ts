/**
 * The small summary of one session or sub-agent file, gathered line by line (docs/semantics.md §9.2): counts, tokens
 * (each response once, from its line with the largest total; `<synthetic>` lines count nothing), times, title,
 * first prompt and error. Only the per-response token maxima live while the file is read; afterwards the
 * summary holds a few numbers and short strings.
 */
import { sessionStrings } from '../../l10n/sourceStrings';
import { SYNTHETIC_MODEL, SessionLine, TokenCounts, addTokens, contentBlocks, hasToolResult, messageOf, responseKey, str, systemText, timestampMs, tokenTotal, usageTokens, userText, zeroTokens } from './sessionRecords';

/** Longest `title`, `first_prompt` and `error` kept in a summary, in characters. */
const MAX_SUMMARY_TEXT = 10_000;

export interface FileSummary {
  sessionId?: string;
  agentId?: string;
  cwd?: string;
  gitBranch?: string;
  version?: string;
  title?: string;
  firstPrompt?: string;
  error?: string;
  firstMs?: number;
  lastMs?: number;
  messageCount: number;
  toolCallCount: number;
  tokens: TokenCounts;
  /** Responses per model (`<synthetic>` left out). */
  models: Map<string, number>;
}

interface Response {
  tokens: TokenCounts;
  total: number;
  model?: string;
}

function clip(text: string): string {
  return text.length > MAX_SUMMARY_TEXT ? `${text.slice(0, MAX_SUMMARY_TEXT - 1)}${sessionStrings.truncated}` : text;
}

export class FileScan {
  readonly summary: FileSummary = { messageCount: 0, toolCallCount: 0, tokens: zeroTokens(), models: new Map() };
  private readonly responses = new Map<string, Response>();
  private readonly toolCalls = new Set<string>();
  private summaryTitle?: string;
  private aiTitle?: string;
  /** The line being added (set by the reader), for the usage warning. */
  lineNumber = 0;
  /** Usage fields that were not a count (counted 0), and the first of them. */
  badUsage = 0;
  firstBadUsage?: { field: string; line: number };

  /** Adds one line; `ms` is its `timestamp` in milliseconds when the caller has it already. */
  add(line: SessionLine, ms = timestampMs(line.timestamp)): void {
    const s = this.summary;
    if (ms !== undefined) {
      if (s.firstMs === undefined || ms < s.firstMs) s.firstMs = ms;
      if (s.lastMs === undefined || ms > s.lastMs) s.lastMs = ms;
    }
    const type = line.type;
    if (type === 'user' || type === 'assistant') {
      s.sessionId ??= str(line.sessionId);
      s.agentId ??= str(line.agentId);
      s.cwd ??= str(line.cwd);
      s.gitBranch ??= str(line.gitBranch);
      s.version ??= str(line.version);
      if (type === 'user') this.addUser(line);
      else this.addAssistant(line);
    } else if (type === 'summary') {
      this.summaryTitle = str(line.summary) ?? this.summaryTitle;
    } else if (type === 'ai-title') {
      this.aiTitle = str(line.aiTitle) ?? str(line.title) ?? this.aiTitle;
    } else if (type === 'system' && line.level === 'error') {
      s.error = clip(systemText(line));
    }
  }

  private addUser(line: SessionLine): void {
    const content = messageOf(line)?.content;
    if (line.isMeta === true || hasToolResult(content)) return;
    const text = userText(content);
    if (text === undefined) return;
    this.summary.messageCount++;
    this.summary.firstPrompt ??= clip(text);
  }

  private addAssistant(line: SessionLine): void {
    const message = messageOf(line);
    if (message === undefined) return;
    for (const block of contentBlocks(message.content)) {
      if (block.type !== 'tool_use') continue;
      const id = str(block.id);
      if (id === undefined) this.summary.toolCallCount++;
      else if (!this.toolCalls.has(id)) {
        this.toolCalls.add(id);
        this.summary.toolCallCount++;
      }
    }
    const model = str(message.model);
    const synthetic = model === SYNTHETIC_MODEL;
    const tokens = synthetic ? zeroTokens() : usageTokens(message.usage, (field) => {
      if (this.badUsage++ === 0) this.firstBadUsage = { field, line: this.lineNumber };
    });
    const total = tokenTotal(tokens);
    const key = responseKey(line, message);
    const seen = key === undefined ? undefined : this.responses.get(key);
    if (seen === undefined) {
      this.summary.messageCount++;
      const response: Response = { tokens, total, model: synthetic ? undefined : model };
      if (key === undefined) this.settle(response);
      else this.responses.set(key, response);
    } else if (total > seen.total) {
      seen.tokens = tokens;
      seen.total = total;
    }
  }

  private settle(response: Response): void {
    addTokens(this.summary.tokens, response.tokens);
    if (response.model !== undefined) this.summary.models.set(response.model, (this.summary.models.get(response.model) ?? 0) + 1);
  }

  /** Ends the file: counts every response once and drops the per-response state. */
  finish(): FileSummary {
    for (const response of this.responses.values()) this.settle(response);
    this.responses.clear();
    this.toolCalls.clear();
    const title = this.aiTitle ?? this.summaryTitle;
    if (title !== undefined) this.summary.title = clip(title);
    return this.summary;
  }
}

/** The model of most responses (ties: the first in name order). */
export function mainModel(models: Map<string, number>): string | undefined {
  let best: string | undefined;
  let bestCount = 0;
  for (const [model, n] of models) {
    if (n > bestCount || (n === bestCount && best !== undefined && model < best)) {
      best = model;
      bestCount = n;
    }
  }
  return best;
}
