/**
 * A trace platform's export saved as a JSON file, as the Traces it holds: the same conversion as the
 * trace_platform_a / trace_platform_b dataset sources make of the platforms' API answers (docs/semantics.md §9.5, §9.6).
 */
import { isRecord } from '../json/jsonValue';
import { isPlatformRun, platformExportKind } from '../trace/platformExport';
import type { TraceValue } from '../trace/traceFile';
import { platformBRow, traceOfLegacy } from './langfuse/langfuseTraces';
import { Run, runRow } from './langsmith/langsmithRuns';

function asTrace(value: unknown): TraceValue | undefined {
  return isRecord(value) && Array.isArray(value.items) ? (value as TraceValue) : undefined;
}

/** Runs as listed, posted then patched (a recorded client's payloads), and nested `child_runs` with their parent set. */
function flatRuns(value: unknown): Run[] {
  let listed: Run[];
  if (Array.isArray(value)) listed = value.filter(isPlatformRun);
  else if (isRecord(value) && Array.isArray(value.post)) {
    const patches = new Map((Array.isArray(value.patch) ? value.patch.filter(isRecord) : []).map((p) => [String(p.id), p]));
    listed = value.post.filter(isPlatformRun).map((run) => ({ ...run, ...(patches.get(String(run.id)) ?? {}) }));
  } else listed = isPlatformRun(value) ? [value] : [];
  const out: Run[] = [];
  const visit = (run: Run, parent: string | undefined): void => {
    out.push(parent !== undefined && run.parent_run_id === undefined ? { ...run, parent_run_id: parent } : run);
    for (const child of Array.isArray(run.child_runs) ? run.child_runs.filter(isPlatformRun) : []) visit(child, String(run.id));
  };
  for (const run of listed) visit(run, undefined);
  return out;
}

function platformATraces(value: unknown, sourceUri: string): TraceValue[] {
  const runs = flatRuns(value);
  const ids = new Set(runs.map((run) => String(run.id)));
  const roots = runs.filter((run) => typeof run.parent_run_id !== 'string' || !ids.has(run.parent_run_id));
  return roots.flatMap((root) => {
    const traceId = root.trace_id ?? root.id;
    const family = roots.length === 1 ? runs : runs.filter((run) => (run.trace_id ?? run.id) === traceId);
    const trace = asTrace(runRow(root, sourceUri, family).trace);
    return trace ? [trace] : [];
  });
}

/** The Traces a platform export holds (one per root run or trace), or undefined when the value is no such export. */
export function tracesOfPlatformExport(value: unknown, sourceUri: string): TraceValue[] | undefined {
  const kind = platformExportKind(value);
  if (kind === 'Langfuse' && isRecord(value)) {
    const trace = isRecord(value.trace) ? traceOfLegacy({ ...value.trace, observations: value.observations }) : traceOfLegacy(value);
    const converted = asTrace(platformBRow(trace, sourceUri).trace);
    return converted ? [converted] : undefined;
  }
  if (kind === 'LangSmith') {
    const traces = platformATraces(value, sourceUri);
    return traces.length ? traces : undefined;
  }
  return undefined;
}
