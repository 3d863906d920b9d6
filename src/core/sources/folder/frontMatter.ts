/**
 * YAML front matter of a text file (docs/semantics.md §3): the first line is exactly `---` and a later line is
 * exactly `---`; the text between is YAML, valid only when it parses to a mapping.
 */
import { parseDocument } from 'yaml';
import { previewStrings } from '../../l10n/previewStrings';
import { isPlainObject } from '../../json/objectValues';
import { findTooDeepYaml, MAX_NESTING_DEPTH } from '../../json/depthGuard';
import { inputStrings } from '../../l10n/inputStrings';

type FrontMatter =
  | { kind: 'none' }
  | { kind: 'valid'; data: Record<string, unknown>; body: string }
  | { kind: 'invalid'; reason: string };

const DELIMITER = /^---\r?$/;

export function splitFrontMatter(text: string): FrontMatter {
  const firstEnd = text.indexOf('\n');
  if (firstEnd === -1 || !DELIMITER.test(text.slice(0, firstEnd))) return { kind: 'none' };
  let lineStart = firstEnd + 1;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    if (DELIMITER.test(text.slice(lineStart, lineEnd))) {
      const yamlText = text.slice(firstEnd + 1, lineStart);
      const body = newline === -1 ? '' : text.slice(newline + 1);
      return parseFrontMatter(yamlText, body);
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return { kind: 'none' };
}

function parseFrontMatter(yamlText: string, body: string): FrontMatter {
  if (findTooDeepYaml(yamlText) >= 0) return { kind: 'invalid', reason: inputStrings.tooDeep(MAX_NESTING_DEPTH) };
  const document = parseDocument(yamlText, { prettyErrors: false });
  if (document.errors.length > 0) return { kind: 'invalid', reason: document.errors[0].message.split('\n')[0] };
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return { kind: 'invalid', reason: error instanceof Error ? error.message : String(error) };
  }
  if (!isPlainObject(data)) return { kind: 'invalid', reason: previewStrings.frontMatterNotMapping };
  return { kind: 'valid', data, body };
}
