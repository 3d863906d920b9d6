/** Schema problems of a task result log's text, placed by line and column, for the report's banner. */
import type { SchemaProblem } from '../model/logViewTypes';
import { validateText } from '../validation/validateText';
import { toPointer } from '../yaml/specDocument';
import { LineIndex } from '../text/lineIndex';

/** At most this many problems are listed (the banner says how many were found in all when capped). */
export const MAX_SCHEMA_PROBLEMS = 200;

export function logSchemaProblems(text: string, fileName: string): SchemaProblem[] {
  const result = validateText(text, fileName, { kind: 'log' });
  const lines = new LineIndex(text);
  return result.diagnostics
    .filter((d) => d.source === 'schema' && d.severity === 'error')
    .slice(0, MAX_SCHEMA_PROBLEMS)
    .map((d) => {
      const position = lines.positionAt(d.range.start);
      return { message: d.message, path: toPointer(d.path), line: position.line + 1, column: position.character + 1 };
    });
}
