/**
 * The N-th document of a spec file as a plain value, for the commands and the Node API that preview or export
 * one dataset of a file (the editor keeps every document with its ranges: specDocument.ts).
 */
import { parseAllDocuments } from 'yaml';
import { assertDepth } from '../json/depthGuard';
import { inputStrings } from '../l10n/inputStrings';
import { cliStrings } from '../l10n/cliStrings';

/** The document asked for is past the end of the file. */
export class NoSuchDocumentError extends Error {
  constructor(readonly doc: number, readonly count: number) {
    super(cliStrings.noSuchDocument(doc, count));
    this.name = 'NoSuchDocumentError';
  }
}

/**
 * The `doc`-th (1-based, default 1) YAML document of a spec's text as a plain value, how many documents there are,
 * and the document's syntax errors (the value is then undefined). Throws NestingTooDeepError for a hostile depth
 * and NoSuchDocumentError past the last document.
 */
export function specDocumentValue(text: string, doc: number | undefined, file = 'spec'): { value: unknown; count: number; errors: string[] } {
  assertDepth(text, file, 'yaml');
  const documents = parseAllDocuments(text);
  const list = Array.isArray(documents) ? documents : [];
  const count = list.length;
  if (count === 0) return { value: undefined, count, errors: [inputStrings.emptyFile] };
  const index = (doc ?? 1) - 1;
  if (index >= count) throw new NoSuchDocumentError(doc ?? 1, count);
  const document = list[index];
  const errors = document.errors.map((error) => error.message.split('\n')[0]);
  if (errors.length > 0) return { value: undefined, count, errors };
  try {
    return { value: document.toJS({ maxAliasCount: 1000 }), count, errors };
  } catch (error) {
    // An alias bomb ("excessive alias count") and the like: reported as the file's problem.
    return { value: undefined, count, errors: [error instanceof Error ? error.message : String(error)] };
  }
}
