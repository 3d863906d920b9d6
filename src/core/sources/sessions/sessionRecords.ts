/**
 * Reading the lines of a session file (docs/source-formats.md §1, Claude Code session files): JSON values are untrusted,
 * so every field is checked before use.
 */
import { binaryPlaceholder } from '../../trace/traceRecord';
import { isPlainObject } from '../../json/objectValues';

export type SessionLine = Record<string, unknown>;

/** The model written on lines that were no API call: they count no tokens. */
export const SYNTHETIC_MODEL = '<synthetic>';

export interface TokenCounts {
  input: number;
  output: number;
  cacheCreation: number;
  cacheRead: number;
}

export function zeroTokens(): TokenCounts {
  return { input: 0, output: 0, cacheCreation: 0, cacheRead: 0 };
}

export function addTokens(into: TokenCounts, from: TokenCounts): void {
  into.input += from.input;
  into.output += from.output;
  into.cacheCreation += from.cacheCreation;
  into.cacheRead += from.cacheRead;
}

export function tokenTotal(tokens: TokenCounts): number {
  return tokens.input + tokens.output + tokens.cacheCreation + tokens.cacheRead;
}

/** A usage count: a whole number ≥ 0 that adds up exactly (a string, a negative, a fraction or 1e308 is none). */
export function tokenCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/**
 * The four counts of a message's `usage`: absent fields count 0, and so do fields that are not a count, each
 * reported to `onBad` with its name (so totals are never NaN or Infinity, and the reader is told).
 */
export function usageTokens(usage: unknown, onBad?: (field: string) => void): TokenCounts {
  if (!isPlainObject(usage)) return zeroTokens();
  const count = (field: string): number => {
    const value = usage[field];
    const counted = tokenCount(value);
    if (counted === undefined && value !== undefined) onBad?.(field);
    return counted ?? 0;
  };
  return {
    input: count('input_tokens'),
    output: count('output_tokens'),
    cacheCreation: count('cache_creation_input_tokens'),
    cacheRead: count('cache_read_input_tokens'),
  };
}

/** JSON text of an untrusted value; a value too deep to write becomes a short note instead of an exception. */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '[value too deeply nested to show]';
  }
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function messageOf(line: SessionLine): Record<string, unknown> | undefined {
  return isPlainObject(line.message) ? line.message : undefined;
}

/** The blocks of a message's `content` (a string becomes one text block). */
export function contentBlocks(content: unknown): Record<string, unknown>[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  return content.filter(isPlainObject);
}

/** The key that makes several `assistant` lines one response: `message.id` + `requestId`, when both are there. */
export function responseKey(line: SessionLine, message: Record<string, unknown>): string | undefined {
  const id = str(message.id);
  const request = str(line.requestId);
  return id !== undefined && request !== undefined ? `${id}\u0000${request}` : undefined;
}

/** Placeholder for an image block (never its base64 data). */
export function imagePlaceholder(block: Record<string, unknown>): string {
  const source = isPlainObject(block.source) ? block.source : {};
  const data = str(source.data);
  return binaryPlaceholder('image', str(source.media_type), data?.length);
}

/** Text of a `tool_result` block's content (a string, or text and image blocks). */
export function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content === undefined || content === null ? '' : jsonText(content);
  const parts: string[] = [];
  for (const block of content) {
    if (typeof block === 'string') parts.push(block);
    else if (isPlainObject(block) && block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
    else if (isPlainObject(block) && block.type === 'image') parts.push(imagePlaceholder(block));
    else parts.push(jsonText(block));
  }
  return parts.join('\n');
}

/** A user line's own text (not tool results), or undefined when it has none. */
export function userText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  const texts: string[] = [];
  for (const block of contentBlocks(content)) {
    if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
    else if (block.type === 'image') texts.push(imagePlaceholder(block));
  }
  return texts.length > 0 ? texts.join('\n') : undefined;
}

export function hasToolResult(content: unknown): boolean {
  return Array.isArray(content) && content.some((block) => isPlainObject(block) && block.type === 'tool_result');
}

/** Milliseconds of an ISO 8601 timestamp written by the tool, or undefined. */
export function timestampMs(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

/** Text of a `system` line's `content`. */
export function systemText(line: SessionLine): string {
  const content = line.content;
  if (typeof content === 'string') return content;
  return content === undefined ? String(line.subtype ?? 'error') : jsonText(content);
}
