/**
 * Quick fixes inside a run config (docs/semantics.md §11.5): a diagnostic found in a dataset or generator written out
 * in it gets the fixes it would get in a file of its own, with their edits placed in the run config's text.
 */
import { isRecord } from '../json/jsonValue';
import type { Diagnostic } from '../validation/diagnostic';
import { EmbeddedEntry, runConfigEntries } from '../validation/runConfigEntries';
import { parseSpecDocuments, SpecDocument } from '../yaml/specDocument';
import { QuickFix, quickFixes } from './quickFixes';

interface RunConfigFixContext {
  json: boolean;
  /** Parsed documents of the run config's text (parsed here when absent). */
  documents?: SpecDocument[];
}

/** The entry a run config path (`datasets/0/source/type`) lies in. */
function entryOf(documents: readonly SpecDocument[], path: Diagnostic['path']): EmbeddedEntry | undefined {
  const [list, position] = path;
  return runConfigEntries(documents).find((e): e is EmbeddedEntry => e.embedded && e.list === list && e.position === position);
}

/** A command's target names the place in the run config, not in the entry (the command reads the whole file). */
function targetInRunConfig(fix: QuickFix, path: Diagnostic['path']): QuickFix {
  if (!fix.command) return fix;
  const args = fix.command.arguments.map((arg) => (isRecord(arg) && Array.isArray(arg.path) ? { ...arg, path } : arg));
  return { ...fix, command: { ...fix.command, arguments: args } };
}

/** The fixes of a diagnostic of a run config; none for one outside its written-out entries. */
export function runConfigQuickFixes(text: string, diagnostic: Diagnostic, ctx: RunConfigFixContext): QuickFix[] {
  if (diagnostic.documentIndex !== 0 || diagnostic.path.length < 2) return [];
  const entry = entryOf(ctx.documents ?? parseSpecDocuments(text), diagnostic.path);
  if (!entry) return [];
  const inEntry: Diagnostic = { ...diagnostic, path: diagnostic.path.slice(2), documentIndex: 0 };
  return quickFixes(text, inEntry, { kind: entry.kind, json: ctx.json, documents: [entry.document] }).map((fix) => targetInRunConfig(fix, diagnostic.path));
}
