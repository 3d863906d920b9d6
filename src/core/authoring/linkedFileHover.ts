/**
 * Hovers on the paths a file names (docs/semantics.md §11.2): a `$ref` says what it refers to (the file's kind, its
 * key, its source type or generator kinds) and an `!include` shows the included text; both show the first lines.
 * The file is read by the caller with a bound (text/textHead.ts): a huge file or a pipe costs nothing more.
 */
import { keyFileRoleFromValue } from '../fileKind';
import { isRecord } from '../json/jsonValue';
import { authoringStrings as s } from '../l10n/authoringStrings';
import type { TextHead } from '../text/textHead';
import { parseSpecDocuments } from '../yaml/specDocument';
import type { YamlFileLink } from '../yaml/fileLinks';

/** What the hover is given of the linked file: its head, or why there is none. */
export type LinkedFileRead = { head: TextHead } | { missing: true } | { problem: string };

const SHOWN_LINES = 8;
const SHOWN_LINE_CHARS = 160;

/** A value put inside `…` in markdown: no backtick or line break can close it. */
function code(value: unknown): string {
  return String(value).replace(/[`\r\n]+/g, ' ').slice(0, 200);
}

/** The first lines of a text in a fenced block that no line of it can close. */
function firstLinesBlock(text: string): string {
  const lines = text.split(/\r?\n/).slice(0, SHOWN_LINES).map((line) => (line.length > SHOWN_LINE_CHARS ? `${line.slice(0, SHOWN_LINE_CHARS)}…` : line));
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  if (lines.length === 0) return '';
  const longestRun = Math.max(0, ...lines.map((line) => Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length))));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${s.hoverLinkedFirstLines(lines.length)}\n\n${fence}\n${lines.join('\n')}\n${fence}`;
}

function names(values: unknown[]): string {
  const shown = values.map((v) => `\`${code(v)}\``);
  return shown.length ? shown.join(', ') : s.hoverRefNone;
}

/** What a `$ref`'s file is: its kind, key and source type or generator kinds. */
function describeReferred(text: string): string {
  const first = parseSpecDocuments(text)[0]?.value;
  const role = keyFileRoleFromValue(first);
  if (!isRecord(first) || role === undefined) return s.hoverRefOther;
  if (role === 'run-config') return s.hoverRefRunConfig;
  const key = typeof first.key === 'string' ? code(first.key) : s.hoverRefNoKey;
  if (role === 'dataset') {
    const source = isRecord(first.source) ? first.source : undefined;
    const generator = isRecord(first.generator_specification) ? first.generator_specification.dataset_generator_key : undefined;
    const what = source ? s.hoverRefSource(code(source.type ?? '?')) : generator !== undefined ? s.hoverRefGenerated(code(generator)) : s.hoverRefNoSource;
    return s.hoverRefDataset(key, what);
  }
  const definition = isRecord(first.definition) ? first.definition : {};
  const dataSource = isRecord(definition.data_source) ? definition.data_source.type ?? '?' : '?';
  const list = Array.isArray(definition.synthesizers) ? definition.synthesizers : isRecord(definition.synthesizer) ? [definition.synthesizer] : [];
  return s.hoverRefGenerator(key, code(dataSource), names(list.map((item) => (isRecord(item) ? item.type ?? item.kind ?? '?' : '?'))));
}

/** The markdown of a hover on a `$ref` or `!include` path. */
export function linkedFileHoverMarkdown(link: Pick<YamlFileLink, 'what' | 'path' | 'target'>, read: LinkedFileRead): string {
  const parts = [link.what === 'ref' ? s.hoverRefTitle(code(link.path)) : s.hoverIncludeTitle(code(link.path))];
  if ('missing' in read) return [...parts, s.hoverLinkedMissing(code(link.target))].join('\n\n');
  if ('problem' in read) return [...parts, s.hoverLinkedUnreadable(read.problem)].join('\n\n');
  const { head } = read;
  // A file cut at the bound is not parsed: its kind is not guessed from half of it.
  if (link.what === 'ref' && !head.truncated) parts.push(describeReferred(head.text));
  if (head.truncated) parts.push(s.hoverLinkedLarge(Math.ceil(head.size / 1024)));
  const block = firstLinesBlock(head.text);
  if (block) parts.push(block);
  return parts.join('\n\n');
}
