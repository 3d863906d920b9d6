/**
 * Completion for dataset specs, generator definitions and connection configs: (text, offset, context) →
 * items. Schema-driven keys (required first, present ones omitted, discriminator first), enum values,
 * whole-object snippets from `defaultSnippets`; data-aware column names and frequent values; file paths.
 */
import { FileKind } from '../fileKind';
import { referencedColumn } from '../filters/expressionParser';
import { JsonPath } from '../yaml/specDocument';
import { authoringStrings as s, sourceAuthoringStrings as sourceStrings } from '../l10n/authoringStrings';
import { CursorContext, cursorContext } from './cursorContext';
import { isPlainName } from './dataProfile';
import { annotation, childSchema, commonBranchProperties, defaultSnippets, discriminatorOf, enumEntries, facets, propertiesOf, PropertyInfo, rootSchema, SchemaNode, typesOf } from './schemaModel';
import { inlineSnippet, isInlineBody, scalarText, snippetLines } from './yamlText';
import { pathItems } from './pathCompletion';
import type { CompletionContext, CompletionItem } from './completionTypes';
import { isRecord, valueAtPath } from '../json/jsonValue';
import { profileWithFacts } from './sourceFacts';
import { definitionOfSource } from '../sources/registry';
import { firstPathFieldOf } from '../sources/sourceDefinition';

export type { CompletionContext, CompletionItem, CompletionKind, DirectoryEntry } from './completionTypes';

function schemaAt(kind: FileKind, path: JsonPath, doc: unknown, dropLastKey = false): SchemaNode | undefined {
  let node: SchemaNode | undefined = rootSchema(kind);
  for (let i = 0; i < path.length && node; i++) {
    let parent = valueAtPath(doc, path.slice(0, i));
    if (dropLastKey && i === path.length - 1 && isRecord(parent)) {
      const { [String(path[i])]: _dropped, ...rest } = parent;
      parent = rest;
    }
    node = childSchema(node, path[i], parent);
  }
  return node;
}

function description(node: SchemaNode | undefined): string | undefined {
  const d = node?.schema.markdownDescription ?? node?.schema.description;
  return typeof d === 'string' ? d : undefined;
}

/** The dataset source a path lies in (`source` of the document), for data-aware items. */
function sourceOfDocument(doc: unknown): unknown {
  return isRecord(doc) ? doc.source : undefined;
}

function isObjectSchema(node: SchemaNode): boolean {
  const types = typesOf(node);
  return types.includes('object') && !types.includes('string') && !types.includes('array');
}

function isArraySchema(node: SchemaNode): boolean {
  const types = typesOf(node);
  return types.length === 1 && types[0] === 'array';
}

function keyItem(prop: PropertyInfo, ctx: CompletionContext, cur: CursorContext): CompletionItem {
  const name = prop.name;
  let insertText = `${name}: `;
  let retrigger = enumEntries(prop.schema).length > 0 || typesOf(prop.schema).includes('boolean');
  if (!cur.inFlow && isObjectSchema(prop.schema)) {
    insertText = `${name}:\n  $0`;
    retrigger = true;
  } else if (!cur.inFlow && isArraySchema(prop.schema)) {
    insertText = `${name}:\n  - $0`;
    retrigger = true;
  } else if (ctx.json) {
    insertText = `"${name}": `;
  }
  return {
    label: name, kind: 'property', insertText, snippet: insertText.includes('$0'), range: cur.replace,
    sortText: `${prop.required ? '0' : '1'}${name}`, detail: prop.required ? s.requiredKey : s.optionalKey,
    documentation: description(prop.schema), retrigger,
  };
}

function snippetItems(node: SchemaNode, cur: CursorContext, ctx: CompletionContext, position: 'key' | 'value'): CompletionItem[] {
  if (cur.inFlow || ctx.json) return [];
  const extra = ' '.repeat(Math.max(0, cur.contentColumn - cur.lineIndent));
  return defaultSnippets(node).flatMap((snip): CompletionItem[] => {
    let insertText: string;
    if (position === 'value') {
      if (isInlineBody(snip.body)) insertText = inlineSnippet(snip.body as Record<string, unknown>, false);
      else insertText = '\n' + snippetLines(snip.body, '  ').join('\n');
    } else {
      if (!isRecord(snip.body)) return [];
      const lines = snippetLines(snip.body);
      insertText = [lines[0], ...lines.slice(1).map((l) => extra + l)].join('\n');
    }
    return [{
      label: snip.label, kind: 'snippet', insertText, snippet: true, range: cur.replace,
      sortText: `2${snip.label}`, detail: snip.description ?? s.snippetDetail,
      documentation: '```yaml\n' + snippetLines(snip.body).join('\n').replace(/\$\{\d+[:|]?([^}|]*)[^}]*\}/g, '$1') + '\n```',
    }];
  });
}

/**
 * Keys the schema forbids beside the present ones: `not: { required: [a, b] }` (in the node or its allOf) makes
 * `a` and `b` exclusive, so with `source` present `generator_specification` is not offered, and the other way.
 */
function excludedKeys(node: SchemaNode, parent: Record<string, unknown>, present: Set<string>): Set<string> {
  const excluded = new Set<string>();
  for (const part of facets(node, parent)) {
    const not = part.schema.not;
    const required = isRecord(not) && Array.isArray(not.required) ? not.required.filter((k): k is string => typeof k === 'string') : [];
    const missing = required.filter((k) => !present.has(k));
    if (required.length > 1 && missing.length === 1) excluded.add(missing[0]);
  }
  return excluded;
}

function keyItems(node: SchemaNode, cur: CursorContext, ctx: CompletionContext): CompletionItem[] {
  const parent = isRecord(cur.parentValue) ? cur.parentValue : {};
  const present = new Set(Object.keys(parent));
  const excluded = excludedKeys(node, parent, present);
  const items: CompletionItem[] = [];
  const tag = discriminatorOf(node);
  const all = propertiesOf(node, parent);
  if (tag && !present.has(tag)) {
    for (const p of commonBranchProperties(node, parent)) if (!all.some((q) => q.name === p.name)) all.push(p);
  }
  const props = all.filter((p) => !present.has(p.name) && !excluded.has(p.name));
  for (const prop of props) items.push(keyItem(prop, ctx, cur));
  // Discriminator first: before the tag is written, offer each tag value as a whole `tag: value` line.
  if (tag && !present.has(tag)) {
    const tagProp = props.find((p) => p.name === tag);
    const extra = ' '.repeat(Math.max(0, cur.contentColumn - cur.lineIndent));
    for (const entry of tagProp ? enumEntries(tagProp.schema) : []) {
      const text = `${tag}: ${scalarText(entry.value, false)}`;
      items.push({
        label: text, kind: 'enum', insertText: cur.inFlow ? text : `${text}\n${extra}$0`, snippet: !cur.inFlow, range: cur.replace,
        sortText: `0${tag}~${String(entry.value)}`, documentation: entry.description, retrigger: true,
      });
    }
  }
  if (present.size === 0) items.push(...snippetItems(node, cur, ctx, 'key'));
  return items;
}

function enumItems(node: SchemaNode, cur: CursorContext, ctx: CompletionContext): CompletionItem[] {
  const entries = enumEntries(node);
  const types = typesOf(node);
  if (entries.length === 0 && types.length === 1 && types[0] === 'boolean') entries.push({ value: true }, { value: false });
  return entries.map((entry, i) => ({
    label: String(entry.value), kind: 'enum' as const, insertText: scalarText(entry.value, ctx.json), snippet: false, range: cur.replace,
    sortText: `0${String(i).padStart(3, '0')}`, documentation: entry.description,
  }));
}

/** Frequent values of the column a filter's expression references. */
function frequentValueItems(cur: CursorContext, ctx: CompletionContext, filterPath: JsonPath): CompletionItem[] {
  const filter = valueAtPath(cur.documentValue, filterPath);
  if (!isRecord(filter) || typeof filter.expression !== 'string') return [];
  const column = referencedColumn(filter.expression);
  const profile = ctx.profileFor?.(sourceOfDocument(cur.documentValue));
  const stats = column === undefined ? undefined : profile?.columns.find((c) => c.name === column);
  if (!stats || !profile) return [];
  const already = new Set(Array.isArray(filter.values) ? filter.values.map((v) => JSON.stringify(v)) : []);
  return stats.values.filter((v) => !already.has(JSON.stringify(v.value))).map((v, i) => ({
    label: String(v.value), kind: 'value' as const, insertText: scalarText(v.value, ctx.json), snippet: false, range: cur.replace,
    sortText: `0${String(i).padStart(3, '0')}`, detail: s.valueDetail(v.count, profile.rowsRead),
  }));
}

/** Column names inside `{{ sample.… }}` / `{{ sample["…"] }}`, or whole expressions on an empty value. */
function expressionItems(text: string, offset: number, cur: CursorContext, ctx: CompletionContext): CompletionItem[] {
  const profile = ctx.profileFor?.(sourceOfDocument(cur.documentValue));
  const columns = profile?.columns ?? [];
  const lineEnd = text.indexOf('\n', offset) < 0 ? text.length : text.indexOf('\n', offset);
  const after = text.slice(offset, lineEnd);
  const before = cur.prefix;
  const detail = (c: (typeof columns)[number]) => s.columnDetail(c.types, profile?.origin ?? '');
  const dot = /\{\{\s*sample\.([A-Za-z0-9_]*)$/.exec(before);
  if (dot) {
    const start = offset - dot[1].length - 1;
    const end = offset + (/^[A-Za-z0-9_]*/.exec(after)?.[0].length ?? 0);
    const inner = cur.quote === '"' || ctx.json ? "'" : '"';
    return columns.map((c, i) => ({
      label: c.name, kind: 'column' as const, snippet: false, range: { start, end }, sortText: String(i).padStart(4, '0'),
      insertText: isPlainName(c.name) ? `.${c.name}` : `[${inner}${c.name.replace(/\\/g, '\\\\').replace(new RegExp(inner, 'g'), `\\${inner}`)}${inner}]`,
      filterText: `.${c.name}`, detail: detail(c),
    }));
  }
  const bracket = /\{\{\s*sample\[\s*(["']?)([^"'\]]*)$/.exec(before);
  if (bracket) {
    const start = offset - bracket[2].length - bracket[1].length;
    const close = /^[^\]\n]*\]/.exec(after);
    const end = offset + (close ? close[0].length : 0);
    const quote = bracket[1] || (cur.quote === '"' || ctx.json ? "'" : '"');
    return columns.map((c, i) => ({
      label: c.name, kind: 'column' as const, snippet: false, range: { start, end }, sortText: String(i).padStart(4, '0'),
      insertText: `${quote}${c.name.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`)}${quote}]`,
      filterText: `${quote}${c.name}`, detail: detail(c),
    }));
  }
  const root = /\{\{\s*([A-Za-z_]*)$/.exec(before);
  if (root) {
    const start = offset - root[1].length;
    return [{ label: 'sample', kind: 'value', insertText: 'sample.', snippet: false, range: { start, end: offset }, sortText: '0', detail: s.rootDetail, retrigger: true }];
  }
  if (before.trim() === '') {
    return columns.map((c, i) => {
      const path = isPlainName(c.name) ? `sample.${c.name}` : `sample[${JSON.stringify(c.name)}]`;
      const expression = `{{ ${path} }}`;
      const insertText = ctx.json || cur.quote ? JSON.stringify(expression) : ctx.json ? expression : `"${expression.replace(/"/g, '\\"')}"`;
      return { label: expression, kind: 'column' as const, insertText, snippet: false, range: cur.replace, sortText: String(i).padStart(4, '0'), detail: detail(c) };
    });
  }
  return [];
}

/** Values of a source field the last preview found (the session ids of a sessions source). */
function knownValueItems(cur: CursorContext, ctx: CompletionContext, field: string, sourcePath: JsonPath): CompletionItem[] {
  const source = valueAtPath(cur.documentValue, sourcePath);
  const knownValues = definitionOfSource(source)?.authoring.knownValues;
  const facts = knownValues && isRecord(source) ? ctx.factsFor?.(source) : undefined;
  const ids = facts && knownValues ? knownValues(field, facts) : [];
  return ids.map((id, i) => ({
    label: id, kind: 'value' as const, insertText: scalarText(id, ctx.json), snippet: false, range: cur.replace,
    sortText: String(i).padStart(4, '0'), detail: sourceStrings.sessionDetail,
  }));
}

function valueItems(text: string, offset: number, cur: CursorContext, ctx: CompletionContext): CompletionItem[] {
  const path = cur.path;
  const key = path[path.length - 1];
  const node = schemaAt(ctx.kind, path, cur.documentValue, true);
  const items: CompletionItem[] = [];
  const schemaItems = ctx.schemaItems !== false;
  if (node && (annotation(node, 'x-expression') === true || key === 'expression') && ctx.kind === 'dataset') {
    items.push(...expressionItems(text, offset, cur, ctx));
  }
  const pathKind = node ? annotation(node, 'x-path') : undefined;
  if (typeof pathKind === 'string') {
    const source = valueAtPath(cur.documentValue, path.slice(0, -1));
    items.push(...pathItems(text, offset, cur, ctx, pathKind, firstPathFieldOf(definitionOfSource(source))?.target === 'file'));
  }
  if (ctx.kind === 'dataset' && typeof key === 'string') items.push(...knownValueItems(cur, ctx, key, path.slice(0, -1)));
  if (ctx.kind === 'dataset' && key === 'value') items.push(...frequentValueItems(cur, ctx, path.slice(0, -1)));
  if (ctx.kind === 'dataset' && typeof key === 'number' && path[path.length - 2] === 'values') items.push(...frequentValueItems(cur, ctx, path.slice(0, -2)));
  if (node && schemaItems) {
    items.push(...enumItems(node, cur, ctx));
    if (cur.prefix.trim() === '') items.push(...snippetItems(node, cur, ctx, 'value'));
  }
  return items;
}

/**
 * Completion items at `offset` of `text`. Opened by a typed character, YAML gets no items right after a key's
 * colon (a value comes after a space, and Enter there must start a new line) and no snippets: a whole-object
 * snippet is offered only when completion is asked for, so it is never the item Enter accepts by surprise.
 */
export function completionsAt(text: string, offset: number, given: CompletionContext): CompletionItem[] {
  return asTyped(itemsAt(text, offset, cursorContext(text, offset, given.json), given), given);
}

function asTyped(items: CompletionItem[], given: Pick<CompletionContext, 'json' | 'triggerCharacter'>): CompletionItem[] {
  if (given.json || given.triggerCharacter === undefined) return items;
  if (given.triggerCharacter === ':') return [];
  return items.filter((item) => item.kind !== 'snippet');
}

const RUN_CONFIG_LISTS: Record<string, FileKind> = { datasets: 'dataset', dataset_generators: 'generator' };

/**
 * Completion in a run config (docs/semantics.md §11.5): inside a dataset or generator written out in its
 * `datasets:` or `dataset_generators:` list, what a file of its own gets there; nothing elsewhere.
 */
export function runConfigCompletionsAt(text: string, offset: number, given: Omit<CompletionContext, 'kind'>): CompletionItem[] {
  const cur = cursorContext(text, offset, given.json);
  const [list, position] = cur.path;
  const kind = typeof list === 'string' ? RUN_CONFIG_LISTS[list] : undefined;
  if (!kind || typeof position !== 'number') return [];
  const entry = valueAtPath(cur.documentValue, [list, position]);
  if (isRecord(entry) && '$ref' in entry) return [];
  const rooted: CursorContext = { ...cur, path: cur.path.slice(2), documentValue: entry ?? {} };
  return asTyped(itemsAt(text, offset, rooted, { ...given, kind }), given);
}

function itemsAt(text: string, offset: number, cur: CursorContext, given: CompletionContext): CompletionItem[] {
  const ctx: CompletionContext = { ...given, profileFor: profileWithFacts(given.profileFor, given.factsFor) };
  if (cur.part === 'value') return valueItems(text, offset, cur, ctx);
  const node = schemaAt(ctx.kind, cur.path, cur.documentValue);
  if (!node) return [];
  // `- |` in a list of scalars (e.g. `values:`): the item is a value.
  if (cur.afterDash && !isObjectSchema(node) && typeof cur.path[cur.path.length - 1] === 'number') {
    return valueItems(text, offset, { ...cur, part: 'value' }, ctx);
  }
  if (ctx.schemaItems === false) return [];
  return keyItems(node, cur, ctx);
}
