/**
 * Quick fixes: (text, diagnostic) → edits. Replace an invalid enum value, rename a mistyped key, add
 * missing keys with placeholders, slug an invalid dataset key, wrap a bare path in `{{ }}`, use the
 * closest column, move a plain-text credential to the editor's secret storage (a command), and rewrite an older form
 * of the service's in today's form.
 */
import { isMap, isPair, isScalar, Node, YAMLMap } from 'yaml';
import { FileKind } from '../fileKind';
import { OffsetRange } from '../text/lineIndex';
import { Diagnostic } from '../validation/diagnostic';
import { OLDER_FORM_CODE } from '../validation/validateText';
import { olderFormEdits } from './olderFormRewrite';
import { JsonPath, locate, parseSpecDocuments, SpecDocument } from '../yaml/specDocument';
import { authoringStrings as s } from '../l10n/authoringStrings';
import { AUTHORING_CODES } from './datasetChecks';
import { isPlainName } from './dataProfile';
import { byCloseness } from '../schema/closestName';
import { allowedValues, childSchema, schemaAtPath, typesOf } from './schemaModel';
import { keyText, scalarText } from './yamlText';
import { isRecord } from '../json/jsonValue';

interface TextEdit {
  range: OffsetRange;
  newText: string;
}

export interface QuickFix {
  title: string;
  edits: TextEdit[];
  /** A command to run instead of (or after) the edits. */
  command?: { id: string; arguments: unknown[] };
  preferred?: boolean;
  /** The edits are shown for review before they are applied (a rewrite of several lines). */
  needsConfirmation?: boolean;
}

interface QuickFixContext {
  kind: FileKind;
  json: boolean;
  /** Parsed documents of the text (parsed here when absent). */
  documents?: SpecDocument[];
}

const STORE_CREDENTIAL_COMMAND = 'evalLens.storeCredential';

/** A dataset key made valid: letters, digits, `_` and `-` only, at most 250 characters. */
function slugKey(key: string): string {
  const slug = key.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').trim().replace(/[^A-Za-z0-9_-]+/g, '-').replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '');
  return (slug || 'dataset').slice(0, 250);
}

/** Placeholder value of a key being added, from its schema. */
function placeholder(kind: FileKind, parentPath: JsonPath, key: string, doc: SpecDocument, json: boolean): string {
  const parent = schemaAtPath(kind, parentPath, doc.value);
  let parentValue: unknown = doc.value;
  for (const seg of parentPath) parentValue = isRecord(parentValue) || Array.isArray(parentValue) ? (parentValue as Record<string, unknown>)[seg as string] : undefined;
  const node = parent ? childSchema(parent, key, parentValue) : undefined;
  if (!node) return json ? '""' : '""';
  const allowed = allowedValues(node);
  if (allowed.length) return scalarText(allowed[0], json);
  const types = typesOf(node);
  if (types.includes('string')) return '""';
  if (types.includes('integer') || types.includes('number')) return String(typeof node.schema.minimum === 'number' ? node.schema.minimum : 0);
  if (types.includes('boolean')) return 'false';
  if (types.includes('array')) return '[]';
  if (types.includes('object')) return '{}';
  return '""';
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Edits adding `key: value` entries at the end of the mapping at `path`. */
function addKeysEdit(text: string, doc: SpecDocument, path: JsonPath, entries: [string, string][], json: boolean): TextEdit | undefined {
  const loc = locate(doc, path);
  const map = loc.exact ? loc.node : undefined;
  if (!isMap(map) || !map.range) return undefined;
  const pairs = (map as YAMLMap).items.filter(isPair);
  const flow = json || (map as YAMLMap).flow === true;
  if (flow) {
    const close = text.lastIndexOf('}', map.range[1]);
    if (close < 0) return undefined;
    let at = close;
    while (at > map.range[0] && /\s/.test(text[at - 1])) at--;
    const sep = pairs.length ? ', ' : ' ';
    const body = entries.map(([k, v]) => `${json ? JSON.stringify(k) : k}: ${v}`).join(', ');
    return { range: { start: at, end: at }, newText: `${sep}${body}${pairs.length ? '' : ' '}` };
  }
  const firstKey = pairs[0]?.key as Node | undefined;
  if (!firstKey?.range) return undefined;
  const indent = ' '.repeat(firstKey.range[0] - lineStartOf(text, firstKey.range[0]));
  const last = pairs[pairs.length - 1];
  let end = ((last.value as Node | null)?.range ?? (last.key as Node).range!)[1];
  while (end > 0 && /\s/.test(text[end - 1])) end--;
  const lineEnd = text.indexOf('\n', end);
  const at = lineEnd < 0 ? text.length : lineEnd;
  return { range: { start: at, end: at }, newText: entries.map(([k, v]) => `\n${indent}${k}: ${v}`).join('') };
}

/** The name a credential gets in the secret storage: from the document's key (or type) and the field. */
function suggestedSecretName(docValue: unknown, field: string): string {
  const owner = isRecord(docValue) ? docValue.key ?? docValue.connection_type : undefined;
  const raw = `${typeof owner === 'string' ? owner + '_' : ''}${field}`;
  return raw.toUpperCase().replace(/[^A-Z0-9_]+/g, '_').replace(/_+/g, '_');
}

/** The edit replacing a credential's plain text by `{ secret: NAME }`, with the secret it held. */
export function credentialReplacement(text: string, json: boolean, documentIndex: number, path: JsonPath, name: string): { edit: TextEdit; secret: string } | undefined {
  const doc = parseSpecDocuments(text)[documentIndex];
  if (!doc) return undefined;
  const loc = locate(doc, path);
  if (!loc.exact || !isScalar(loc.node) || typeof loc.node.value !== 'string') return undefined;
  const newText = json ? `{ "secret": ${JSON.stringify(name)} }` : `{ secret: ${name} }`;
  return { edit: { range: loc.valueRange, newText }, secret: loc.node.value };
}

/** The allowed values, the closest to the written one first (the strings; other values keep their place after them). */
function allowedByCloseness(allowed: unknown, original: string): unknown[] {
  const values = Array.isArray(allowed) ? allowed : [];
  const written = original.replace(/^["']|["']$/g, '');
  const strings = values.filter((v): v is string => typeof v === 'string');
  return [...byCloseness(written, strings), ...values.filter((v) => typeof v !== 'string')];
}

function valueText(text: string, range: OffsetRange): string {
  return text.slice(range.start, range.end);
}

export function quickFixes(text: string, diagnostic: Diagnostic, ctx: QuickFixContext): QuickFix[] {
  const documents = ctx.documents ?? parseSpecDocuments(text);
  const doc = documents[diagnostic.documentIndex];
  const data = diagnostic.data ?? {};
  const range = diagnostic.range;
  const original = valueText(text, range);
  const last = diagnostic.path[diagnostic.path.length - 1];
  const fixes: QuickFix[] = [];
  switch (diagnostic.code) {
    case 'enum':
    case 'const':
    case 'discriminator-value':
      for (const value of allowedByCloseness(data.allowed, original)) {
        const newText = scalarText(value, ctx.json || original.startsWith('"'));
        fixes.push({ title: s.fixReplaceWith(newText), edits: [{ range, newText }], preferred: value === data.suggestion || undefined });
      }
      break;
    case 'unknown-property':
    case AUTHORING_CODES.unknownGeneratorOption:
      if (typeof data.suggestion === 'string' && typeof data.property === 'string') {
        fixes.push({ title: s.fixRenameKey(data.property, data.suggestion), edits: [{ range, newText: keyText(original, data.suggestion, ctx.json) }], preferred: true });
      }
      break;
    case 'required':
    case 'discriminator-missing': {
      const missing = typeof data.missing === 'string' ? data.missing : undefined;
      if (!doc || !missing) break;
      const values = diagnostic.code === 'discriminator-missing' ? ((data.allowed as unknown[] | undefined) ?? []) : [undefined];
      for (const value of values) {
        const v = value === undefined ? placeholder(ctx.kind, diagnostic.path, missing, doc, ctx.json) : scalarText(value, ctx.json);
        const edit = addKeysEdit(text, doc, diagnostic.path, [[missing, v]], ctx.json);
        if (edit) fixes.push({ title: value === undefined ? s.fixAddKey(missing) : s.fixAddDiscriminator(missing, String(value)), edits: [edit], preferred: value === undefined });
      }
      break;
    }
    case AUTHORING_CODES.missingGeneratorOptions: {
      const keys = Array.isArray(data.missingKeys) ? (data.missingKeys as string[]) : [];
      const edit = doc && keys.length ? addKeysEdit(text, doc, diagnostic.path, keys.map((k) => [k, '""']), ctx.json) : undefined;
      if (edit) fixes.push({ title: s.fixAddKeys(keys), edits: [edit], preferred: true });
      break;
    }
    case 'pattern':
    case 'limit':
      if (last === 'key' && diagnostic.path.length === 1 && ctx.kind === 'dataset' && doc && isRecord(doc.value) && typeof doc.value.key === 'string') {
        const slug = slugKey(doc.value.key);
        fixes.push({ title: s.fixSlugKey(slug), edits: [{ range, newText: scalarText(slug, ctx.json) }], preferred: true });
      }
      break;
    case AUTHORING_CODES.unknownColumn:
      if (typeof data.suggestion === 'string') {
        const inner = text.slice(0, range.start).lastIndexOf('"') > text.slice(0, range.start).lastIndexOf('\n') ? "'" : '"';
        const newText = isPlainName(data.suggestion) ? `.${data.suggestion}` : `[${inner}${data.suggestion}${inner}]`;
        fixes.push({ title: s.fixUseColumn(data.suggestion), edits: [{ range, newText }], preferred: true });
      }
      break;
    case 'plain-text-credential':
      if (doc && typeof data.field === 'string') {
        const name = suggestedSecretName(doc.value, data.field);
        fixes.push({
          title: s.fixStoreCredential, edits: [], preferred: true,
          command: { id: STORE_CREDENTIAL_COMMAND, arguments: [{ documentIndex: diagnostic.documentIndex, path: diagnostic.path, name }] },
        });
      }
      break;
    case OLDER_FORM_CODE: {
      // docs/semantics.md §11.4: an older form of the service's, rewritten in today's form.
      const edits = doc ? olderFormEdits(text, ctx.kind, doc, diagnostic.path, ctx.json) : [];
      if (edits.length) fixes.push({ title: s.fixRewriteOlderForm, edits, preferred: true, needsConfirmation: true });
      break;
    }
    default:
      break;
  }
  if (last === 'expression' && doc) fixes.push(...expressionFixes(text, doc, diagnostic, ctx.json));
  return fixes;
}

/** `sample.category` → `"{{ sample.category }}"`; `{{ sample.x` → `{{ sample.x }}`. */
function expressionFixes(text: string, doc: SpecDocument, diagnostic: Diagnostic, json: boolean): QuickFix[] {
  const loc = locate(doc, diagnostic.path);
  if (!loc.exact) return [];
  if (isMap(loc.node) && !json) {
    // `expression: {{ sample.x }}` unquoted reads as a YAML flow mapping: quote it.
    const raw = valueText(text, loc.valueRange).trim();
    if (!/^\{\{.*\}\}$/.test(raw)) return [];
    return [{ title: s.fixWrapExpression(raw), edits: [{ range: loc.valueRange, newText: JSON.stringify(raw) }], preferred: true }];
  }
  if (!isScalar(loc.node) || typeof loc.node.value !== 'string') return [];
  const value = loc.node.value.trim();
  let fixed: string | undefined;
  if (/^(sample|solver_output|scores)([.[]|$)/.test(value)) fixed = `{{ ${value} }}`;
  else if (/^\{\{[^}]*$/.test(value)) fixed = `${value.replace(/\}?$/, '')} }}`.replace(/\s+\}\}$/, ' }}');
  else if (/^\{[^{}]+\}$/.test(value)) fixed = `{{ ${value.slice(1, -1).trim()} }}`;
  if (!fixed) return [];
  const newText = json ? JSON.stringify(fixed) : `"${fixed.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return [{ title: s.fixWrapExpression(fixed), edits: [{ range: loc.valueRange, newText }], preferred: true }];
}
