/** One line of a session file as a JSON object, or the reason it is not one. */
import { findTooDeepJson, MAX_NESTING_DEPTH } from '../../json/depthGuard';
import { hostileInputStrings } from '../../l10n/hostileInputStrings';
import { isPlainObject } from '../rowValues';
import { SessionLine } from './sessionRecords';

/** `error` is a JSON parser's reason, '' for a value that is not an object, or `message` for a complete warning. */
export type LineOutcome = { line: SessionLine } | { error: string } | { message: string };

export function parseLine(text: string): LineOutcome {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Lines nested deeper than the limit are refused before parsing: later walkers (trace building, cloning) recurse.
  if (findTooDeepJson(body) >= 0) return { message: hostileInputStrings.tooDeepLine(MAX_NESTING_DEPTH) };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  return isPlainObject(value) ? { line: value } : { error: '' };
}

export function parseSessionLine(text: string): SessionLine | undefined {
  const outcome = parseLine(text);
  return 'line' in outcome ? outcome.line : undefined;
}
