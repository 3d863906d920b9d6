/**
 * Schema problems of one part of a log (the skeleton, or one sample) validated on its own, placed by the
 * line and column they have in the whole file.
 */
import type { ValidateFunction } from 'ajv';
import type { SchemaProblem } from '../model/logViewTypes';
import { problemsFromAjv } from '../schema/schemaProblems';
import { rangeInJson } from '../validation/locateProblem';
import { JsonPath, toPointer } from '../yaml/specDocument';
import { LineIndex } from '../text/lineIndex';
import { cleanJsonMessage, jsonErrorOffset } from '../json/jsonErrors';
import { logStrings as S } from '../l10n/logStrings';
import type { FilePosition, LogSkeleton } from './streamedLogSplitter';

/** 1-based line and column in the file of `offset` in a part of it that starts at `start`. */
export function placeIn(lines: LineIndex, offset: number, partStart: number, start: FilePosition): { line: number; column: number } {
  const at = lines.positionAt(offset);
  const base = lines.positionAt(partStart);
  if (at.line === base.line) return { line: start.line + 1, column: start.column + at.character - base.character + 1 };
  return { line: start.line + at.line - base.line + 1, column: at.character + 1 };
}

/** Schema problems of the log's skeleton (the log with its samples left out), placed in the whole file. */
export function skeletonProblemsOf(validate: ValidateFunction, skeleton: LogSkeleton): SchemaProblem[] {
  const lines = new LineIndex(skeleton.text);
  const locate = (offset: number) => {
    let piece = skeleton.pieces[0];
    for (const candidate of skeleton.pieces) {
      if (candidate.textOffset > offset) break;
      piece = candidate;
    }
    return placeIn(lines, offset, piece.textOffset, piece.start);
  };
  return problemsOf(validate, skeleton.text, [], locate);
}

/**
 * Problems of one JSON text, validated against `validate`; `prefix` is the text's path in the log.
 * `onUnparsed` is called when the text is not valid JSON (one problem then says where).
 */
export function problemsOf(validate: ValidateFunction, text: string, prefix: JsonPath, locate: (offset: number) => { line: number; column: number }, onUnparsed?: () => void): SchemaProblem[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    onUnparsed?.();
    const message = error instanceof Error ? error.message : String(error);
    return [{ message: S.partNotJson(cleanJsonMessage(message)), path: toPointer(prefix), ...locate(jsonErrorOffset(text, message)) }];
  }
  if (validate(value)) return [];
  return problemsFromAjv(validate.errors)
    .filter((p) => p.severity === 'error')
    .map((p) => ({ message: p.message, path: toPointer([...prefix, ...p.path]), ...locate(rangeInJson(text, p.path, p.part).start) }));
}

export function byPosition(a: SchemaProblem, b: SchemaProblem): number {
  return (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || a.path.localeCompare(b.path);
}
