/**
 * `task_result_log_path` in any YAML or JSON file (docs/datasets.md): where the key's values are, found by a text scan
 * (works on half-written files and in files of any shape), and what the cursor is typing in one of them.
 */
import type { OffsetRange } from '../text/lineIndex';

export const LOG_PATH_KEY = 'task_result_log_path';

export interface LogPathReference {
  /** The path as written (quotes removed, escapes decoded). */
  value: string;
  /** The value's range, quotes excluded. */
  range: OffsetRange;
  keyRange: OffsetRange;
}

// key (bare, "double" or 'single' quoted), colon, then a value: "…", '…' or a plain scalar up to a comment/end.
const KEY_AND_VALUE = /(^|[\s{,[])(["']?)task_result_log_path\2[ \t]*:[ \t]*("(?:[^"\\\n]|\\.)*"?|'(?:[^'\n]|'')*'?|[^\s#,}\]"'][^#,}\]\n]*)?/g;

function decode(raw: string): { value: string; startTrim: number; endTrim: number } {
  if (raw.startsWith('"')) {
    const closed = raw.length > 1 && raw.endsWith('"');
    const body = raw.slice(1, closed ? -1 : undefined);
    let value = body;
    try {
      value = JSON.parse(`"${body}"`) as string;
    } catch {
      // A half-typed escape: keep the text.
    }
    return { value, startTrim: 1, endTrim: closed ? 1 : 0 };
  }
  if (raw.startsWith("'")) {
    const closed = raw.length > 1 && raw.endsWith("'");
    return { value: raw.slice(1, closed ? -1 : undefined).replace(/''/g, "'"), startTrim: 1, endTrim: closed ? 1 : 0 };
  }
  const trimmed = raw.replace(/\s+$/, '');
  return { value: trimmed, startTrim: 0, endTrim: raw.length - trimmed.length };
}

/** Every `task_result_log_path` key with its value (an empty value has an empty range after the colon). */
export function findLogPathReferences(text: string): LogPathReference[] {
  const found: LogPathReference[] = [];
  KEY_AND_VALUE.lastIndex = 0;
  for (let match = KEY_AND_VALUE.exec(text); match; match = KEY_AND_VALUE.exec(text)) {
    const keyStart = match.index + match[1].length;
    const keyEnd = keyStart + match[2].length * 2 + LOG_PATH_KEY.length;
    const raw = match[3] ?? '';
    const rawStart = match.index + match[0].length - raw.length;
    const { value, startTrim, endTrim } = decode(raw);
    found.push({ value, range: { start: rawStart + startTrim, end: rawStart + raw.length - endTrim }, keyRange: { start: keyStart, end: keyEnd } });
    if (match[0].length === 0) KEY_AND_VALUE.lastIndex++;
  }
  return found;
}

/** The reference whose value holds the cursor, with what is typed before it. */
export function logPathAt(text: string, offset: number): { reference: LogPathReference; prefix: string } | undefined {
  for (const reference of findLogPathReferences(text)) {
    const { start, end } = reference.range;
    if (offset >= start && offset <= end) return { reference, prefix: text.slice(start, offset) };
  }
  return undefined;
}
