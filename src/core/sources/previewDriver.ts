/**
 * Runs a source's definition for a preview or an export. The driver owns what every source shares: the limit made a
 * whole number, the `filters` compiled for the sources that take them (docs/semantics.md §4–5) and none for those
 * that select with their own fields (docs/semantics.md §9.1), required fields checked, cancellation (a signal always
 * present, a cancelled run marked incomplete), progress kept in order, the selection funnel, the first page
 * announced exactly once — by the source as soon as it has it, else with the final result — and credentials masked
 * in both.
 */
import { CompiledFilter, FilterCompileError, compileFilters } from '../filters/filterEvaluator';
import { previewStrings } from '../l10n/previewStrings';
import { sourceStrings } from '../l10n/sourceStrings';
import { ResolvedText, resolveText } from '../text/environmentReference';
import type { PreviewOptions, PreviewProgress, PreviewResult } from '../model/previewTypes';
import { PreviewError } from './previewError';
import { environmentOf } from './remote/credentials';
import { maskedResult } from './remote/maskedResult';
import { RecordSelection, SelectionCheck } from './selectionFunnel';
import type { SelectionOptions, SourceContext, SourceDefinition, SourceOptions, SourceRun } from './sourceDefinition';
import { resolveSourcePath } from './sourcePaths';
import { registerSecret } from '../text/secretMask';

function compile(source: Record<string, unknown>, specPath: string | undefined): CompiledFilter[] {
  try {
    return compileFilters(source.filters);
  } catch (error) {
    if (!(error instanceof FilterCompileError)) throw error;
    const message = specPath ? `${specPath}: ${error.message}` : error.message;
    throw new PreviewError('invalidFilter', message, { file: specPath, filterIndex: error.index, column: error.column });
  }
}

/**
 * The source with each `$NAME` and `<< secrets.NAME >>` value of its fields replaced by what it reads, and each
 * `<< secrets.NAME >>` inside a longer string (`Bearer << secrets.TOKEN >>`) too (docs/semantics.md §11.2); an unset
 * variable stops the run naming it. Credential fields are left to the credential reader, which says which field
 * needs the key. The spec itself is never changed.
 */
function withEnvironment(definition: SourceDefinition, source: Record<string, unknown>, options: SourceOptions): Record<string, unknown> {
  const credentials = new Set(definition.fields.filter((field) => field.role === 'credential').map((field) => field.name));
  let resolved: Record<string, unknown> | undefined;
  for (const [field, value] of Object.entries(source)) {
    const read = credentials.has(field) ? undefined : resolveText(value, environmentOf(options), options.secrets);
    if (read === undefined || read.parts.length === 0) continue;
    resolved ??= { ...source };
    resolved[field] = resolvedField(field, read);
  }
  return resolved ?? source;
}

/** A field's value with its references read; the first that reads nothing stops the run, naming it. */
function resolvedField(field: string, read: ResolvedText): string {
  for (const part of read.parts) {
    if (part.value === undefined) {
      throw new PreviewError('invalidSource', part.secret === undefined
        ? sourceStrings.envNotSetHowTo(field, part.variable ?? '')
        : sourceStrings.secretNotSetHowTo(field, part.secret, part.variable, part.inSecretsMap));
    }
    // A secret is masked wherever Eval Lens prints, shows or writes text (docs/security.md, "Masking").
    if (part.secret !== undefined) registerSecret(part.value);
  }
  return read.value ?? '';
}

function contextOf(definition: SourceDefinition, spec: Record<string, unknown>, options: SourceOptions, run: SourceRun): SourceContext {
  const source = withEnvironment(definition, spec, options);
  const type = String(source.type);
  const requiredText = (field: string): string => {
    const value = source[field];
    if (typeof value !== 'string' || value === '') throw new PreviewError('invalidSource', previewStrings.missingField(type, field));
    return value;
  };
  return {
    source,
    type,
    filters: definition.selection === 'filters' ? compile(source, options.specPath) : [],
    options,
    run,
    requiredText,
    requiredPath: (field) => resolveSourcePath(requiredText(field), options.specPath, options.homeDir),
  };
}

/** The run of one source: the caller's callbacks behind the driver's own (see SourceRun). */
export class DriverRun implements SourceRun {
  private sent = false;
  private last: PreviewProgress | undefined;

  constructor(private readonly caller: PreviewOptions, readonly signal: AbortSignal) {}

  cancelled(): boolean {
    return this.signal.aborted;
  }

  /** Forwards progress in order: an update behind the last one of the same unit (a slower worker) is dropped. */
  progress(update: PreviewProgress): void {
    const last = this.last;
    if (last && last.unit === update.unit && update.done < last.done) return;
    this.last = update;
    this.caller.onProgress?.(update);
  }

  /** The page reaches the caller with every configured credential masked (docs/security.md, "Masking"). */
  firstPage(partial: PreviewResult | (() => PreviewResult)): void {
    if (this.sent) return;
    this.sent = true;
    if (this.caller.onFirstPage) this.caller.onFirstPage(maskedResult(typeof partial === 'function' ? partial() : partial));
  }

  selection<R>(checks: readonly SelectionCheck<R>[], limit: number | undefined, how: SelectionOptions<R> = {}): RecordSelection<R> {
    const report = how.progress === false ? undefined : (update: PreviewProgress) => this.progress(update);
    // The drill-down watches one step: the records it removes reach the caller as rows (removedRows.ts).
    const listing = how.rowOf ? { rowOf: how.rowOf, ...(this.caller.removedBy ? { watch: this.caller.removedBy } : {}) } : undefined;
    return new RecordSelection(checks, limit, report, how.hold ?? true, listing);
  }

  /**
   * The result as the caller gets it: incomplete when cancelled, every configured credential masked in its rows and
   * warnings (docs/security.md, "Masking"), and the first page announced if it was not.
   */
  finish(result: PreviewResult): PreviewResult {
    const final = maskedResult(this.cancelled() && result.complete ? { ...result, complete: false } : result);
    if (!this.sent) {
      this.sent = true;
      this.caller.onFirstPage?.(final);
    }
    return final;
  }
}

/** The options a source sees and the run behind them, from the caller's options. */
export function startRun(options: PreviewOptions): { options: SourceOptions; run: DriverRun } {
  const { signal, onProgress: _progress, onFirstPage: _firstPage, ...rest } = options;
  const run = new DriverRun(options, signal ?? new AbortController().signal);
  return { options: { ...rest, limit: Math.max(0, Math.floor(options.limit)), signal: run.signal }, run };
}

/** Reads `source` with its definition and returns the funnel and the first kept rows. */
export async function runSource(definition: SourceDefinition, source: Record<string, unknown>, options: PreviewOptions): Promise<PreviewResult> {
  const started = startRun(options);
  return started.run.finish(await definition.preview(contextOf(definition, source, started.options, started.run)));
}
