import { quickFixes, QuickFix } from '../../../src/core/authoring/quickFixes';
import { Diagnostic } from '../../../src/core/validation/diagnostic';
import { rangeInDocument } from '../../../src/core/validation/locateProblem';
import { validateText } from '../../../src/core/validation/validateText';

/** Fixes of the diagnostics (from the validation core, or made up at `extra` paths) that `pick` selects. */
export function fixesFor(text: string, fileName: string, pick: (d: Diagnostic) => boolean, extra: { path: (string | number)[]; code: string }[] = []): QuickFix[] {
  const result = validateText(text, fileName);
  const made: Diagnostic[] = extra.map((e) => ({
    severity: 'error', message: 'test', path: e.path, documentIndex: 0, source: 'expression', code: e.code,
    range: rangeInDocument(text, result.documents[0], e.path, 'value'),
  }));
  const json = fileName.endsWith('.json');
  return [...result.diagnostics, ...made].filter(pick).flatMap((d) => quickFixes(text, d, { kind: result.kind ?? 'dataset', json, documents: result.documents }));
}

export function applyFix(text: string, fix: QuickFix): string {
  let out = text;
  for (const e of [...fix.edits].sort((a, b) => b.range.start - a.range.start)) out = out.slice(0, e.range.start) + e.newText + out.slice(e.range.end);
  return out;
}
