/** One line of a session file as a JSON object, or the reason it is not one. */
import { isPlainObject } from '../../json/objectValues';
import { SessionLine } from './sessionRecords';

type LineOutcome = { line: SessionLine } | { error: string };

export function parseLine(text: string): LineOutcome {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
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
