/**
 * `!include "PATH"` (docs/semantics.md §11.2): the service's CLI replaces the value with the text of the file at
 * PATH, relative to the including file. Eval Lens reads the tag as the path itself, so a file that uses it parses
 * without a warning (validation/includeCheck.ts checks the path on disk).
 */
import type { ScalarTag } from 'yaml';

export const INCLUDE_TAG_NAME = '!include';

export const INCLUDE_TAG: ScalarTag = {
  tag: INCLUDE_TAG_NAME,
  resolve: (text: string) => text,
};
