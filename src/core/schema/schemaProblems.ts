/**
 * Ajv errors → one problem per real mistake, in plain words, with the path and the part (key or value)
 * to underline. Wrapper errors (anyOf/oneOf/if) are folded into the branch that matters; a discriminated
 * oneOf reports only the chosen branch (Ajv's `discriminator`); custom `errorMessage` annotations win.
 */
import type { ErrorObject } from 'ajv';
import { closestName, closestValue } from './closestName';
import { authoringStrings as s } from '../l10n/authoringStrings';
import { fromPointer, JsonPath } from '../yaml/specDocument';
import * as l10n from '@vscode/l10n';

type ProblemCode =
  | 'required' | 'unknown-property' | 'type' | 'enum' | 'const' | 'pattern' | 'limit' | 'discriminator-missing'
  | 'discriminator-value' | 'alternatives' | 'rule' | 'unknown-kind';

export interface SchemaProblem {
  path: JsonPath;
  /** Underline the key that names the value, or the value itself. */
  part: 'key' | 'value';
  message: string;
  code: ProblemCode;
  severity: 'error' | 'warning' | 'info';
  /** Machine-readable details for quick fixes. */
  data?: { property?: string; suggestion?: string; allowed?: unknown[]; missing?: string };
}

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A custom message: `errorMessage` as a string, or an object keyed by keyword. */
function customMessage(parent: unknown, keyword: string): string | undefined {
  if (!isSchema(parent)) return undefined;
  const m = parent.errorMessage;
  if (typeof m === 'string') return m;
  if (isSchema(m) && typeof m[keyword] === 'string') return m[keyword] as string;
  return undefined;
}

function fieldName(path: JsonPath): string {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return String(path[i]);
  return s.document;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return l10n.t('an array');
  if (typeof value === 'object') return l10n.t('a mapping');
  if (typeof value === 'string') return l10n.t('the text {0}', JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value));
  return `${typeof value} ${JSON.stringify(value)}`;
}

function typeWords(type: unknown): string {
  const list = Array.isArray(type) ? type : [type];
  return list.map((t) => s.typeName(String(t))).join(s.or);
}

/** Values a discriminated oneOf allows for its tag, from its branches' const/enum. */
function discriminatorValues(parent: unknown, tag: string): string[] {
  if (!isSchema(parent) || !Array.isArray(parent.oneOf)) return [];
  const values: string[] = [];
  for (const branch of parent.oneOf) {
    const prop = isSchema(branch) && isSchema(branch.properties) ? branch.properties[tag] : undefined;
    if (!isSchema(prop)) continue;
    if (typeof prop.const === 'string') values.push(prop.const);
    if (Array.isArray(prop.enum)) values.push(...prop.enum.map(String));
  }
  return values;
}

function objectTitle(parent: unknown): string {
  return isSchema(parent) && typeof parent.title === 'string' ? parent.title : '';
}

/**
 * A kind the schema marks open (`x-open-kinds`: the generator's data sources and synthesizers, docs/semantics.md §11.3):
 * a type it does not list is a note that it is not checked, never an error.
 */
function unknownKind(error: ErrorObject, path: JsonPath): SchemaProblem | undefined {
  const parent = error.parentSchema;
  if (!isSchema(parent) || parent['x-open-kinds'] !== true) return undefined;
  const params = error.params as Record<string, unknown>;
  const value = error.keyword === 'discriminator' ? params.tagValue : error.data;
  if (typeof value !== 'string' || value === '') return undefined;
  const at = error.keyword === 'discriminator' ? [...path, String(params.tag)] : path;
  return { path: at, part: 'value', code: 'unknown-kind', severity: 'info', message: s.unknownKind(value) };
}

function one(error: ErrorObject): SchemaProblem | undefined {
  const path = fromPointer(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const parent = error.parentSchema;
  if (error.keyword === 'enum' || error.keyword === 'discriminator') {
    const open = unknownKind(error, path);
    if (open) return open;
  }
  const custom = customMessage(parent, error.keyword);
  const name = fieldName(path);
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      return { path, part: 'key', code: 'required', severity: 'error', message: custom ?? s.missingProperty(missing, objectTitle(parent)), data: { missing } };
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const property = String(params.additionalProperty ?? params.unevaluatedProperty);
      const known = isSchema(parent) && isSchema(parent.properties) ? Object.keys(parent.properties) : [];
      const suggestion = closestName(property, known);
      return {
        path: [...path, property], part: 'key', code: 'unknown-property', severity: 'error',
        message: s.unknownProperty(property, objectTitle(parent), suggestion, known), data: { property, suggestion, allowed: known },
      };
    }
    case 'type':
      return { path, part: 'value', code: 'type', severity: 'error', message: custom ?? s.wrongType(name, typeWords(params.type), describe(error.data)) };
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]) ?? [];
      const suggestion = typeof error.data === 'string' ? closestValue(error.data, allowed.filter((v): v is string => typeof v === 'string')) : undefined;
      const message = suggestion === undefined ? custom ?? s.notAllowed(name, describe(error.data), allowed) : s.notAllowedDidYouMean(name, describe(error.data), suggestion);
      return { path, part: 'value', code: 'enum', severity: 'error', message, data: { allowed, suggestion } };
    }
    case 'const':
      return { path, part: 'value', code: 'const', severity: 'error', message: custom ?? s.mustBe(name, params.allowedValue), data: { allowed: [params.allowedValue] } };
    case 'pattern':
      return { path, part: 'value', code: 'pattern', severity: 'error', message: custom ?? s.pattern(name, String(params.pattern)) };
    case 'discriminator': {
      const tag = String(params.tag);
      const allowed = discriminatorValues(parent, tag);
      if (params.error === 'tag' && (error.data as Record<string, unknown> | null)?.[tag] === undefined) {
        return { path, part: 'key', code: 'discriminator-missing', severity: 'error', message: custom ?? s.missingDiscriminator(tag, allowed), data: { missing: tag, allowed } };
      }
      const suggestion = typeof params.tagValue === 'string' ? closestValue(params.tagValue, allowed) : undefined;
      const message = suggestion === undefined ? custom ?? s.notAllowed(tag, describe(params.tagValue), allowed) : s.notAllowedDidYouMean(tag, describe(params.tagValue), suggestion);
      return { path: [...path, tag], part: 'value', code: 'discriminator-value', severity: 'error', message, data: { allowed, suggestion } };
    }
    case 'minimum': case 'maximum': case 'exclusiveMinimum': case 'exclusiveMaximum':
    case 'minLength': case 'maxLength': case 'minItems': case 'maxItems':
      return { path, part: 'value', code: 'limit', severity: 'error', message: custom ?? s.limit(name, error.keyword, Number(params.limit), error.data) };
    case 'not':
    case 'anyOf':
    case 'oneOf':
      return { path, part: 'key', code: 'rule', severity: 'error', message: custom ?? s.generic(name, error.message ?? error.keyword) };
    default:
      return { path, part: 'value', code: 'rule', severity: 'error', message: custom ?? s.generic(name, error.message ?? error.keyword) };
  }
}

type Item = ErrorObject | SchemaProblem;

function isProblem(item: Item): item is SchemaProblem {
  return 'code' in item && 'part' in item;
}

function pointerOf(item: Item): string {
  return isProblem(item) ? item.path.map((seg) => '/' + String(seg)).join('') : item.instancePath;
}

function isAtOrBelow(pointer: string, base: string): boolean {
  return pointer === base || pointer.startsWith(base + '/');
}

function isWrapper(item: Item): item is ErrorObject {
  return !isProblem(item) && (item.keyword === 'anyOf' || item.keyword === 'oneOf');
}

/**
 * Splits the errors of an anyOf/oneOf into its branches. Inline branches are named in the schema path
 * (`…/anyOf/1/…`); errors from a `$ref` branch restart their schema path at the referenced schema, so
 * consecutive errors with the same referenced root form one branch.
 */
function splitBranches(wrapper: ErrorObject, run: Item[]): Item[][] {
  const branches = new Map<string, Item[]>();
  let refGroup = '';
  for (const item of run) {
    let id: string;
    const path = isProblem(item) ? '' : item.schemaPath;
    if (path.startsWith(wrapper.schemaPath + '/')) {
      id = path.slice(wrapper.schemaPath.length + 1).split('/')[0];
      refGroup = '';
    } else {
      const root = /^[^#]*#\/\$defs\/[^/]+/.exec(path)?.[0] ?? refGroup ?? 'ref';
      refGroup = root;
      id = `ref:${root}`;
    }
    branches.set(id, [...(branches.get(id) ?? []), item]);
  }
  return [...branches.values()];
}

function mismatchedType(branch: Item[], pointer: string): boolean {
  return branch.some((e) => !isProblem(e) && e.keyword === 'type' && e.instancePath === pointer);
}

/** Folds the errors of an anyOf/oneOf without discriminator into the items worth showing. */
function foldAlternatives(wrapper: ErrorObject, run: Item[]): Item[] {
  const custom = customMessage(wrapper.parentSchema, wrapper.keyword);
  const path = fromPointer(wrapper.instancePath);
  const branches = splitBranches(wrapper, run);
  const typed = branches.filter((b) => !mismatchedType(b, wrapper.instancePath));
  if (typed.length === 1) return typed[0];
  if (custom) return [{ path, part: path.length === 0 ? 'key' : 'value', code: 'alternatives', severity: 'error', message: custom }];
  if (typed.length > 1) return typed.sort((a, b) => a.length - b.length)[0];
  const types = run.flatMap((e) => (!isProblem(e) && e.keyword === 'type' ? [(e.params as { type: unknown }).type] : []));
  const words = [...new Set(types.flat())].map((t) => s.typeName(String(t))).join(s.or);
  return [{ path, part: 'value', code: 'type', severity: 'error', message: s.wrongType(fieldName(path), words, describe(wrapper.data)) }];
}

/** Replaces each failed anyOf/oneOf and the errors of its branches (the run just before it) by the fold. */
function foldWrappers(errors: readonly ErrorObject[]): Item[] {
  const items: Item[] = errors.filter((e) => e.keyword !== 'if' && !(e.keyword === 'oneOf' && (e.params as { passingSchemas?: unknown }).passingSchemas));
  for (let i = 0; i < items.length; i++) {
    const wrapper = items[i];
    if (!isWrapper(wrapper)) continue;
    let start = i;
    while (start > 0 && isAtOrBelow(pointerOf(items[start - 1]), wrapper.instancePath) && !(isWrapper(items[start - 1]))) start--;
    const run = items.slice(start, i);
    if (run.length === 0) continue;
    const folded = foldAlternatives(wrapper, run);
    items.splice(start, i - start + 1, ...folded);
    i = start + folded.length - 1;
  }
  return items;
}

const samePath = (a: JsonPath, b: JsonPath) => a.length === b.length && a.every((seg, i) => String(seg) === String(b[i]));

/** One real mistake can trip several rules: keep the message that names the fix. */
function collapse(problems: SchemaProblem[]): SchemaProblem[] {
  const typos = problems.filter((p) => p.code === 'unknown-property' && p.data?.suggestion);
  const tagValues = problems.filter((p) => p.code === 'enum' || p.code === 'const');
  return problems.filter((p) => {
    // A mistyped key also makes the intended key "missing": the rename is the fix.
    if (p.code === 'required' && typos.some((t) => samePath(t.path.slice(0, -1), p.path) && t.data?.suggestion === p.data?.missing)) return false;
    if ((p.code === 'alternatives' || p.code === 'rule') && typos.some((t) => samePath(t.path.slice(0, -1), p.path))) return false;
    // An unknown discriminator value is reported once, on the value, with the allowed values.
    if (p.code === 'discriminator-value' && tagValues.some((t) => samePath(t.path, p.path))) return false;
    return true;
  });
}

export function problemsFromAjv(errors: readonly ErrorObject[] | null | undefined): SchemaProblem[] {
  if (!errors?.length) return [];
  const problems: SchemaProblem[] = [];
  for (const item of foldWrappers(errors)) {
    const p = isProblem(item) ? item : one(item);
    if (p) problems.push(p);
  }
  const seen = new Set<string>();
  return collapse(problems).filter((p) => {
    const id = `${p.path.join('/')}|${p.part}|${p.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
