import { LineIndex } from '../../../src/core/text/lineIndex';
import { Diagnostic } from '../../../src/core/validation/diagnostic';

/** A diagnostic as a person reads it: 1-based line:col-line:col, the underlined text, the message. */
export function show(text: string, d: Diagnostic): { at: string; underlined: string; message: string; severity: string } {
  const lines = new LineIndex(text);
  const a = lines.positionAt(d.range.start);
  const b = lines.positionAt(d.range.end);
  return { at: `${a.line + 1}:${a.character + 1}-${b.line + 1}:${b.character + 1}`, underlined: text.slice(d.range.start, d.range.end), message: d.message, severity: d.severity };
}

/** Joins lines with LF. */
export const lines = (...l: string[]) => l.join('\n') + '\n';
