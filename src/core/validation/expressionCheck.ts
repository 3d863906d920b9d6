/**
 * docs/semantics.md §4–5 in the validation pass: every filter `expression` must parse (the diagnostic points at
 * the character where parsing failed), and an ordering filter cannot compare with a boolean.
 */
import { parseExpression } from '../filters/expressionParser';
import { OffsetRange } from '../text/lineIndex';
import { locate, SpecDocument } from '../yaml/specDocument';
import { Diagnostic } from './diagnostic';
import { authoringStrings as s } from '../l10n/authoringStrings';
import { asRecord } from '../json/jsonValue';

const ORDERING_OPS = new Set(['greater_than', 'less_than', 'greater_or_equal', 'less_or_equal']);

/** Offset in the file of a character of a scalar's value, when the scalar is written without escapes. */
function offsetInScalar(text: string, range: OffsetRange, value: string, index: number, length: number): OffsetRange {
  const written = text.slice(range.start, range.end);
  let start: number | undefined;
  if (written === value) start = range.start;
  else if ((written.startsWith('"') || written.startsWith("'")) && written.slice(1, -1) === value) start = range.start + 1;
  if (start === undefined) return range;
  return { start: start + index, end: start + index + Math.max(1, length) };
}

export function checkFilterExpressions(text: string, doc: SpecDocument): Diagnostic[] {
  const filters = asRecord(asRecord(doc.value)?.source)?.filters;
  if (!Array.isArray(filters)) return [];
  const out: Diagnostic[] = [];
  filters.forEach((raw, index) => {
    const filter = asRecord(raw);
    const expression = filter?.expression;
    if (typeof expression === 'string') {
      const parsed = parseExpression(expression);
      if (!parsed.ok) {
        const path = ['source', 'filters', index, 'expression'];
        const range = locate(doc, path).valueRange;
        out.push({
          severity: 'error', source: 'expression', code: 'invalid-expression', path, documentIndex: doc.index,
          message: s.invalidExpression(index + 1, parsed.error.column, parsed.error.message),
          range: offsetInScalar(text, range, expression, parsed.error.offset, parsed.error.length),
        });
      }
    }
    if (typeof filter?.op === 'string' && ORDERING_OPS.has(filter.op) && typeof filter.value === 'boolean') {
      const path = ['source', 'filters', index, 'value'];
      out.push({ severity: 'error', source: 'expression', code: 'boolean-ordering', path, documentIndex: doc.index, message: s.booleanOrdering(filter.op), range: locate(doc, path).valueRange });
    }
  });
  return out;
}
