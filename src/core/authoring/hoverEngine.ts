/**
 * Hovers: a field's description, type, default and allowed values; on a filter, which rows it keeps;
 * on a column name inside an expression, the column's types and frequent values from the source.
 */
import { isScalar, Node, Scalar } from 'yaml';
import { FileKind } from '../fileKind';
import { parseExpression, TASK_ACTION_ROOTS } from '../filters/expressionParser';
import { describeFilter } from '../filters/filterLabel';
import { OffsetRange } from '../text/lineIndex';
import { documentAt, JsonPath, pathAtOffset, SpecDocument } from '../yaml/specDocument';
import { authoringStrings as s } from '../l10n/authoringStrings';
import { DataProfile } from './dataProfile';
import { allowedValues, childSchema, discriminatorOf, enumEntries, schemaAtPath, SchemaNode, typesOf } from './schemaModel';
import { isRecord, valueAtPath } from '../json/jsonValue';
import type { SourceFacts } from '../model/previewTypes';
import { profileWithFacts, showsSourceFacts, sourceHoverMarkdown } from './sourceFacts';
import { occurrenceAt, ResolvedReference, resolveText } from '../text/environmentReference';
import { rangeOfPart } from '../validation/locateProblem';
import { isCredentialField } from '../validation/credentialCheck';
import { maskRegistered } from '../text/secretMask';

interface HoverContext {
  kind: FileKind;
  profileFor?: (source: unknown) => DataProfile | undefined;
  /** What the last preview of a source learned (columns of a hub dataset, metadata keys, sessions…). */
  factsFor?: (source: unknown) => SourceFacts | undefined;
  /**
   * The environment `$NAME` and `<< secrets.NAME >>` values are read from (docs/semantics.md §11.2; the secrets
   * through the document's own `secrets:` map); without it they are not resolved.
   */
  env?: Record<string, string | undefined>;
  /** The `secrets:` map read instead of the document's own: a run config's, for an entry written out in it (§11.5). */
  secrets?: unknown;
}

/** The longest part of a variable's value a hover shows. */
const SHOWN_VALUE = 200;
/** A variable whose name says it holds a secret is masked like a credential field. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL/i;

/**
 * What `$NAME` or `<< secrets.NAME >>` resolves to here (docs/semantics.md §11.2): unset; a secret or a credential,
 * only its length; else its value (cut, registered secrets masked).
 */
function referenceMarkdown(read: ResolvedReference, credential: boolean): string {
  if (read.secret !== undefined) {
    return read.value === undefined ? s.hoverSecretUnset(read.secret, read.variable) : s.hoverSecretSet(read.secret, read.variable, read.value.length);
  }
  const variable = read.variable ?? '';
  const resolved = read.value;
  if (resolved === undefined) return s.hoverVariableUnset(variable);
  if (credential || SECRET_NAME.test(variable)) return s.hoverVariableSecret(variable, resolved.length);
  const shown = maskRegistered(resolved.length > SHOWN_VALUE ? `${resolved.slice(0, SHOWN_VALUE)}…` : resolved);
  return s.hoverVariableValue(variable, code(shown));
}

/**
 * The hover of the references of a string value: the whole value's, or — inside a longer string — the one reference
 * under the offset, with that reference's range (an invalid `<< … >>` says what to write instead).
 */
function referenceHover(text: string, node: Scalar, offset: number, field: string, credential: boolean, env: Record<string, string | undefined>, secrets: unknown): { markdown: string; range?: OffsetRange } | undefined {
  const read = resolveText(node.value, env, secrets);
  if (read === undefined || typeof node.value !== 'string' || !node.range) return undefined;
  if (read.whole) return { markdown: referenceMarkdown(read.parts[0], credential) };
  const value = node.value;
  const valueRange = { start: node.range[0], end: node.range[1] };
  const under = (part: { text: string; start: number }): OffsetRange | undefined => {
    const range = rangeOfPart(text, valueRange, { text: part.text, occurrence: occurrenceAt(value, part.text, part.start) });
    return range !== valueRange && offset >= range.start && offset <= range.end ? range : undefined;
  };
  for (const part of read.parts) {
    const range = under(part);
    if (range) return { markdown: referenceMarkdown(part, credential), range };
  }
  for (const part of read.invalid) {
    const range = under(part);
    if (range) return { markdown: s.invalidReference(field, part.text), range };
  }
  return undefined;
}

interface HoverResult {
  /** Markdown. */
  markdown: string;
  range: OffsetRange;
}

function code(value: unknown): string {
  return '`' + JSON.stringify(value) + '`';
}

/** The schema part of a hover: description, type, default, allowed values. */
function schemaMarkdown(node: SchemaNode, required: boolean): string {
  const parts: string[] = [];
  const d = node.schema.markdownDescription ?? node.schema.description;
  if (typeof d === 'string') parts.push(d);
  const types = typesOf(node);
  const facts: string[] = [];
  if (types.length) facts.push(s.hoverType(types.join(' | ')));
  if ('default' in node.schema) facts.push(s.hoverDefault(JSON.stringify(node.schema.default)));
  if (required && !(typeof d === 'string' && d.includes('Required'))) facts.push(s.hoverRequired);
  if (facts.length) parts.push(facts.join(' · '));
  const entries = enumEntries(node);
  if (entries.length > 1) {
    parts.push(`${s.hoverAllowed}\n\n${entries.map((e) => `- ${code(e.value)}${e.description ? ` — ${e.description}` : ''}`).join('\n')}`);
  } else if (entries.length === 1 && allowedValues(node).length === 1 && !facts.length) {
    parts.push(code(entries[0].value));
  }
  return parts.join('\n\n');
}

function isRequired(kind: FileKind, path: JsonPath, docValue: unknown): boolean {
  const key = path[path.length - 1];
  if (typeof key !== 'string') return false;
  const parent = schemaAtPath(kind, path.slice(0, -1), docValue);
  const req = parent?.schema.required;
  return Array.isArray(req) && req.includes(key);
}

/** The schema of a field; a discriminator (`type`, `op`…) is described with all its values, not just the chosen one. */
function fieldSchema(kind: FileKind, path: JsonPath, docValue: unknown): SchemaNode | undefined {
  const key = path[path.length - 1];
  const parent = schemaAtPath(kind, path.slice(0, -1), docValue);
  const parentValue = valueAtPath(docValue, path.slice(0, -1));
  if (parent && typeof key === 'string' && discriminatorOf(parent) === key && isRecord(parentValue)) {
    const { [key]: _tag, ...rest } = parentValue;
    return childSchema(parent, key, rest);
  }
  return schemaAtPath(kind, path, docValue);
}

/** Column hover when the offset is on the first path segment of an expression. */
function columnHover(text: string, node: Node, offset: number, doc: SpecDocument, ctx: HoverContext): HoverResult | undefined {
  if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return undefined;
  const raw = text.slice(node.range[0], node.range[1]);
  const at = raw.indexOf('{{');
  if (at < 0) return undefined;
  const parsed = parseExpression(node.value, TASK_ACTION_ROOTS);
  if (!parsed.ok || parsed.expression.root !== 'sample') return undefined;
  const first = parsed.expression.segments[0];
  if (!first || first.kind === 'index') return undefined;
  const base = node.range[0] + at - node.value.indexOf('{{');
  const range = { start: base + first.start, end: base + first.end };
  if (offset < range.start || offset > range.end) return undefined;
  const profile = ctx.profileFor?.(isRecord(doc.value) ? doc.value.source : undefined);
  if (!profile) return undefined;
  const column = profile.columns.find((c) => c.name === first.name);
  if (!column) return { markdown: s.hoverColumnUnknown(first.name), range };
  const values = column.values.slice(0, 8).map((v) => `- ${code(v.value)} (${v.count})`).join('\n');
  return {
    markdown: `${s.hoverColumn(column.name, column.types.join(' | '), profile.origin)}${values ? `\n\n${s.hoverColumnValues(profile.rowsRead)}\n\n${values}` : ''}`,
    range,
  };
}

export function hoverAt(text: string, documents: SpecDocument[], offset: number, given: HoverContext): HoverResult | undefined {
  const ctx: HoverContext = { ...given, profileFor: profileWithFacts(given.profileFor, given.factsFor) };
  const doc = documentAt(documents, offset);
  if (!doc) return undefined;
  const { path, node } = pathAtOffset(doc, offset);
  if (!node?.range || path.length === 0) return undefined;
  const range = { start: node.range[0], end: node.range[1] };
  if (ctx.kind === 'dataset' && path[path.length - 1] === 'expression') {
    const column = columnHover(text, node, offset, doc, ctx);
    if (column) return column;
  }
  const parts: string[] = [];
  const secrets = ctx.secrets ?? (isRecord(doc.value) ? doc.value.secrets : undefined);
  // A credential field, and every entry of the `secrets:` map, shows only a length.
  const field = String(path[path.length - 1]);
  const credential = isCredentialField(field) || path[0] === 'secrets';
  const reference = ctx.env && isScalar(node) ? referenceHover(text, node, offset, field, credential, ctx.env, secrets) : undefined;
  if (reference?.range) return { markdown: reference.markdown, range: reference.range };
  if (reference) parts.push(reference.markdown);
  const schema = fieldSchema(ctx.kind, path, doc.value);
  if (schema) parts.push(schemaMarkdown(schema, isRequired(ctx.kind, path, doc.value)));
  const filtersAt = path.lastIndexOf('filters');
  if (ctx.kind === 'dataset' && filtersAt >= 0 && typeof path[filtersAt + 1] === 'number') {
    const filter = valueAtPath(doc.value, path.slice(0, filtersAt + 2));
    if (isRecord(filter)) parts.push(s.hoverFilterKeeps(describeFilter(filter)));
  }
  if (ctx.kind === 'dataset' && path[0] === 'source' && path.length <= 2 && isRecord(doc.value) && isRecord(doc.value.source)) {
    const source = doc.value.source;
    if (showsSourceFacts(source.type, path[1])) {
      const facts = sourceHoverMarkdown(source, ctx.factsFor?.(source));
      if (facts) parts.push(facts);
    }
  }
  const markdown = parts.filter(Boolean).join('\n\n---\n\n');
  return markdown ? { markdown, range } : undefined;
}

/**
 * The hover of an entry of a run config's own `secrets:` map (docs/semantics.md §11.5): what the entry reads, only
 * its length when set, as in a spec file's `secrets:` map.
 */
export function runConfigSecretsHover(text: string, documents: SpecDocument[], offset: number, env: Record<string, string | undefined>): HoverResult | undefined {
  const doc = documents[0];
  if (!doc || offset > doc.range.end) return undefined;
  const { path, node } = pathAtOffset(doc, offset);
  if (path.length !== 2 || path[0] !== 'secrets' || !isScalar(node) || !node.range) return undefined;
  const reference = referenceHover(text, node, offset, String(path[1]), true, env, undefined);
  return reference ? { markdown: reference.markdown, range: reference.range ?? { start: node.range[0], end: node.range[1] } } : undefined;
}
