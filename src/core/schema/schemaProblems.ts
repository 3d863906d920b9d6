/**
 * Ajv errors → one problem per real mistake, in plain words, with the path and the part (key or value)
 * to underline. Wrapper errors (anyOf/oneOf/if) are folded into the branch that matters; a discriminated
 * oneOf reports only the chosen branch (Ajv's `discriminator`); custom `errorMessage` annotations win.
 */
import type { ErrorObject } from 'ajv';
import { closestName } from './closestName';
import { schemaStrings as s } from '../l10n/schemaStrings';
import { fromPointer, JsonPath } from '../yaml/specDocument';

export type ProblemCode =
  | 'required' | 'unknown-property' | 'type' | 'enum' | 'const' | 'pattern' | 'limit' | 'discriminator-missing'
  | 'discriminator-value' | 'alternatives' | 'rule';

export interface SchemaProblem {
  path: JsonPath;
  /** Underline the key that names the value, or the value itself. */
  part: 'key' | 'value';
  message: string;
  code: ProblemCode;
  severity: 'error' | 'warning';
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
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
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

function one(error: ErrorObject): SchemaProblem | undefined {
  const path = fromPointer(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const parent = error.parentSchema;
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
      return { path, part: 'value', code: 'enum', severity: 'error', message: custom ?? s.notAllowed(name, describe(error.data), allowed), data: { allowed } };
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
      return { path: [...path, tag], part: 'value', code: 'discriminator-value', severity: 'error', message: custom ?? s.notAllowed(tag, describe(params.tagValue), allowed), data: { allowed } };
    }
    case 'minimum': case 'maximum': case 'exclusiveMinimum': case 'exclusiveMaximum':
    case 'minLength': case 'maxLength': case 'minItems': case 'maxItems':
      return { path, part: 'value', code: 'limit', severity: 'error', message: custom ?? s.limit(name, error.keyword, Number(params.limit), error.data) };
    case 'not':
    case 'anyOf':
    case 'oneOf':
      return { path, part: path.length ? 'key' : 'value', code: 'rule', severity: 'error', message: custom ?? s.generic(name, error.message ?? error.keyword) };
    default:
      return { path, part: 'value', code: 'rule', severity: 'error', message: custom ?? s.generic(name, error.message ?? error.keyword) };
  }
}

function isBelow(error: ErrorObject, wrapper: ErrorObject): boolean {
  return error !== wrapper && error.schemaPath.startsWith(wrapper.schemaPath + '/');
}

/** Branch index of an error below an anyOf/oneOf wrapper (`#/…/anyOf/2/…` → 2). */
function branchOf(error: ErrorObject, wrapper: ErrorObject): number {
  const rest = error.schemaPath.slice(wrapper.schemaPath.length + 1);
  return Number(rest.split('/')[0]);
}

/** Folds the errors of an anyOf/oneOf without discriminator into the problems worth showing. */
function foldAlternatives(wrapper: ErrorObject, below: ErrorObject[]): ErrorObject[] | SchemaProblem {
  const custom = customMessage(wrapper.parentSchema, wrapper.keyword);
  if (custom) {
    const path = fromPointer(wrapper.instancePath);
    return { path, part: 'value', code: 'alternatives', severity: 'error', message: custom };
  }
  const branches = new Map<number, ErrorObject[]>();
  for (const e of below) {
    const b = branchOf(e, wrapper);
    branches.set(b, [...(branches.get(b) ?? []), e]);
  }
  // A branch whose type matched (no type error at the wrapper's own path) explains the mistake best.
  const typed = [...branches.values()].filter((list) => !list.some((e) => e.keyword === 'type' && e.instancePath === wrapper.instancePath));
  if (typed.length > 0) return typed.sort((a, b) => a.length - b.length)[0];
  const types = [...branches.values()].flatMap((list) => list.filter((e) => e.keyword === 'type').map((e) => (e.params as { type: unknown }).type));
  const path = fromPointer(wrapper.instancePath);
  return { path, part: 'value', code: 'type', severity: 'error', message: s.wrongType(fieldName(path), [...new Set(types.flat())].map((t) => s.typeName(String(t))).join(s.or), describe(wrapper.data)) };
}

export function problemsFromAjv(errors: readonly ErrorObject[] | null | undefined): SchemaProblem[] {
  if (!errors?.length) return [];
  let pending = errors.filter((e) => e.keyword !== 'if' && !(e.keyword === 'oneOf' && (e.params as { passingSchemas?: unknown }).passingSchemas));
  const problems: SchemaProblem[] = [];
  // Innermost wrappers first, so nested alternatives fold before their parents.
  const wrappers = pending.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').sort((a, b) => b.schemaPath.length - a.schemaPath.length);
  for (const wrapper of wrappers) {
    if (!pending.includes(wrapper)) continue;
    const below = pending.filter((e) => isBelow(e, wrapper));
    if (below.length === 0) continue;
    const folded = foldAlternatives(wrapper, below);
    pending = pending.filter((e) => e !== wrapper && !below.includes(e));
    if (Array.isArray(folded)) pending.push(...folded);
    else problems.push(folded);
  }
  for (const e of pending) {
    const p = one(e);
    if (p) problems.push(p);
  }
  const seen = new Set<string>();
  return problems.filter((p) => {
    const id = `${p.path.join('/')}|${p.part}|${p.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
