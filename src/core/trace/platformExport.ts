/**
 * Traces exported from the trace platforms and saved as JSON files (often named `*.trace.json`): recognised by
 * their shape, as the platforms' APIs give them (docs/semantics.md §9.5, §9.6). They are not Trace files, but they
 * hold conversations the Trace editor and `trace show` can show once converted.
 */
import { isRecord } from '../json/jsonValue';

export type PlatformExportKind = 'LangSmith' | 'Langfuse';

/** A run of trace platform A: typed by `run_type`, with its inputs or outputs. */
export function isPlatformRun(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && typeof value.run_type === 'string' && ('inputs' in value || 'outputs' in value);
}

/** Which platform's export a parsed JSON value is, or undefined when it is none of them. */
export function platformExportKind(value: unknown): PlatformExportKind | undefined {
  if (isRecord(value) && isRecord(value.trace) && Array.isArray(value.observations)) return 'Langfuse';
  if (isRecord(value) && Array.isArray(value.observations) && typeof value.id === 'string' && 'projectId' in value) return 'Langfuse';
  if (isPlatformRun(value)) return 'LangSmith';
  if (Array.isArray(value) && value.length > 0 && value.every(isPlatformRun)) return 'LangSmith';
  if (isRecord(value) && Array.isArray(value.post) && value.post.length > 0 && value.post.every(isPlatformRun)) return 'LangSmith';
  return undefined;
}
