/**
 * `$NAME`: a value that is exactly `$` and an environment variable's name stands for that variable's value
 * (docs/semantics.md §11.2), as the service's command-line tool reads it. Nothing resolved is written back.
 */
const REFERENCE = /^\$([A-Za-z_][A-Za-z0-9_]*)$/;

/** The variable a value names (`$LANGSMITH_API_KEY` → `LANGSMITH_API_KEY`), or undefined. */
export function environmentReference(value: unknown): string | undefined {
  return typeof value === 'string' ? REFERENCE.exec(value)?.[1] : undefined;
}
