/**
 * A dataset spec given to the API: a file path, or its text with a name. Read, one document parsed and checked
 * against the dataset schema with the command line's words (src/cli/previewCommand.ts).
 */
import * as path from 'node:path';
import { NestingTooDeepError } from '../core/json/depthGuard';
import { cliStrings } from '../core/l10n/cliStrings';
import { readRegularTextFile } from '../core/text/regularFile';
import { NoSuchDocumentError, specDocumentValue } from '../core/yaml/specDocumentValue';
import { ArgumentError, SpecError } from './errors';
import { wholeNumberOption } from './wholeNumberOption';
import type { SpecText } from './types';

/** A spec's text, where it lives (relative source paths resolve against its folder) and the name messages show. */
export interface ReadSpec {
  text: string;
  /** Absolute path of the spec (for text: the name in `baseDir`). */
  specPath: string;
  shown: string;
}

/** The spec's text; `failed` words a file that cannot be read. */
export function readSpec(input: string | SpecText, baseDir: string | undefined, failed: (shown: string, error: unknown) => string): ReadSpec {
  if (typeof input !== 'string') {
    const shown = input.name ?? 'spec.yaml';
    return { text: input.text, specPath: path.resolve(baseDir ?? process.cwd(), shown), shown };
  }
  const specPath = path.resolve(input);
  try {
    return { text: readRegularTextFile(specPath), specPath, shown: input };
  } catch (error) {
    throw new SpecError(failed(input, error).trimEnd(), input);
  }
}

/** The `doc`-th document's value; a syntax error, a hostile depth or a missing document throws. */
export function specValue(spec: ReadSpec, doc: number | undefined): { value: unknown; count: number } {
  wholeNumberOption('doc', doc, 1);
  let parsed: ReturnType<typeof specDocumentValue>;
  try {
    parsed = specDocumentValue(spec.text, doc, spec.shown);
  } catch (error) {
    if (error instanceof NoSuchDocumentError) throw new ArgumentError(error.message);
    if (error instanceof NestingTooDeepError) throw new SpecError(error.message, spec.shown);
    throw error;
  }
  if (parsed.errors.length > 0) throw new SpecError(cliStrings.yamlErrors(spec.shown, parsed.errors).trimEnd(), spec.shown, parsed.errors);
  return { value: parsed.value, count: parsed.count };
}
