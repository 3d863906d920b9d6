/**
 * Turns whatever stopped a run into a message for the view: what went wrong, where (file and line, so the
 * view can open it) and what to do. Pure: no VS Code API.
 */
import type { PreviewFailure, PreviewLocation } from '../../core/protocol/previewProtocol';
import { previewViewStrings } from '../../core/l10n/previewStrings';
import { LineIndex } from '../../core/text/lineIndex';
import { JsonPath, locate, SpecDocument } from '../../core/yaml/specDocument';
import { wordPreviewError } from '../../core/sources/previewErrorWording';
import { SOURCE_LOCATION_FIELDS } from '../../core/sources/registry';
import { currentDatasetForm } from '../../core/json/olderServiceForms';
import { maskRegistered } from '../../core/text/secretMask';

export interface SpecContext {
  specPath: string;
  text: string;
  document?: SpecDocument;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** 1-based line and column of an offset in the spec text. */
function specLocation(context: SpecContext, offset: number): PreviewLocation {
  const position = new LineIndex(context.text).positionAt(offset);
  return { file: context.specPath, line: position.line + 1, column: position.character + 1 };
}

/** Location in the spec of a JSON path inside the dataset (e.g. ['source', 'filters', 1]). */
function specPathLocation(context: SpecContext, path: JsonPath): PreviewLocation | undefined {
  if (!context.document) return undefined;
  const located = locate(context.document, path);
  return specLocation(context, located.keyRange?.start ?? located.valueRange.start);
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/**
 * A failure from an error thrown by the core. A `PreviewError` names in `details` the filter at fault
 * (`filterIndex`: located in the spec) or the data file; anything else points at the dataset's source.
 */
export function failureFromError(error: unknown, context: SpecContext): PreviewFailure {
  return maskedFailure(unmaskedFailure(error, context));
}

/**
 * A failure with every registered secret masked (docs/security.md, "Masking"): an address or a path read with a
 * `<< secrets.NAME >>` in it is never shown with the secret.
 */
function maskedFailure(failure: PreviewFailure): PreviewFailure {
  const location = failure.location ? { ...failure.location, file: maskRegistered(failure.location.file) } : undefined;
  return {
    ...failure,
    message: maskRegistered(failure.message),
    ...(failure.hint === undefined ? {} : { hint: maskRegistered(failure.hint) }),
    ...(failure.detail === undefined ? {} : { detail: maskRegistered(failure.detail) }),
    ...(location ? { location } : {}),
  };
}

function unmaskedFailure(error: unknown, context: SpecContext): PreviewFailure {
  const raw = error instanceof Error ? error.message : String(error);
  if (!isRecord(error)) return { message: previewViewStrings.unexpectedError(raw), location: { file: context.specPath } };
  // The location is shown apart: drop a leading "<spec path>: ".
  const message = raw.startsWith(`${context.specPath}: `) ? raw.slice(context.specPath.length + 2) : raw;
  const hint = previewViewStrings.sourceErrorHint;
  const details = isRecord(error.details) ? error.details : {};
  const filterIndex = count(details.filterIndex);
  if (filterIndex !== undefined) {
    const location = specPathLocation(context, ['source', 'filters', filterIndex, 'expression']) ?? specPathLocation(context, ['source', 'filters', filterIndex]);
    if (location) return { message, hint, location };
  }
  const file = typeof details.file === 'string' && details.file ? details.file : undefined;
  const worded = wordPreviewError(message, typeof error.code === 'string' ? error.code : undefined, file);
  const said = worded ? { message: worded.message, hint: worded.hint, detail: worded.detail } : { message, hint };
  // A URL or a missing file cannot be opened in the editor: point at the spec's source, where the fix goes.
  const openable = file && file !== context.specPath && !/^[a-z][a-z0-9+.-]*:\/\//i.test(file) && !worded?.missingFile;
  if (file && openable) return { ...said, location: { file, line: count(details.line) } };
  const location = (worded || file ? sourceFieldLocation(context) : specPathLocation(context, ['source'])) ?? { file: context.specPath };
  return { ...said, location };
}

/** The spec's path, directory or URL field of the source (else the `source` key). */
function sourceFieldLocation(context: SpecContext): PreviewLocation | undefined {
  const source = isRecord(context.document?.value) ? (context.document.value as Record<string, unknown>).source : undefined;
  if (isRecord(source)) {
    for (const field of SOURCE_LOCATION_FIELDS) {
      if (field in source) return specPathLocation(context, ['source', field]);
    }
  }
  return specPathLocation(context, ['source']);
}

/** A failure found before running: the spec does not parse, or the dataset has no source. */
export function failureBeforeRun(context: SpecContext): PreviewFailure | undefined {
  const document = context.document;
  if (!document) return undefined;
  const problem = document.problems.find((p) => p.severity === 'error');
  if (problem) {
    return { message: previewViewStrings.specParseError(problem.message), hint: previewViewStrings.specParseHint, location: specLocation(context, problem.range.start) };
  }
  // An older form is read as today's (docs/semantics.md §11.4).
  const value = currentDatasetForm(document.value);
  // A generated dataset has no source: the view shows its generator instead.
  if (isRecord(value) && value.source === undefined && isRecord(value.generator_specification)) return undefined;
  if (!isRecord(value) || !isRecord(value.source) || Array.isArray(value.source)) {
    const key = isRecord(value) && typeof value.key === 'string' ? value.key : `${document.index + 1}`;
    return { message: previewViewStrings.noSource(key), hint: previewViewStrings.noSourceHint, location: specLocation(context, document.range.start) };
  }
  return undefined;
}
