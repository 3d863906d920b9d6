/**
 * The JSON Schemas as a navigable model for completion and hover: `$ref`s resolved across files,
 * discriminated `oneOf`s narrowed by the value's tag, properties merged from `allOf`/`anyOf` branches.
 */
import datasetSchema from '../../../schemas/dataset.schema.json';
import datasetSourceSchema from '../../../schemas/dataset-source.schema.json';
import filterSchema from '../../../schemas/filter.schema.json';
import generatorDefinitionSchema from '../../../schemas/generator-definition.schema.json';
import generatorSpecificationSchema from '../../../schemas/generator-specification.schema.json';
import agentConnectionSchema from '../../../schemas/agent-connection.schema.json';
import credentialSchema from '../../../schemas/credential.schema.json';
import scoringSchema from '../../../schemas/scoring.schema.json';
import taskResultLogSchema from '../../../schemas/task-result-log.schema.json';
import traceSchema from '../../../schemas/trace.schema.json';
import { FileKind } from '../fileKind';
import { JsonPath } from '../yaml/specDocument';
import { valueAtPath } from '../json/jsonValue';

export type Schema = Record<string, unknown>;

/** A schema together with the file its relative `$ref`s resolve against. */
export interface SchemaNode {
  schema: Schema;
  file: string;
}

const FILES: Record<string, unknown> = {
  'dataset.schema.json': datasetSchema,
  'dataset-source.schema.json': datasetSourceSchema,
  'filter.schema.json': filterSchema,
  'generator-definition.schema.json': generatorDefinitionSchema,
  'generator-specification.schema.json': generatorSpecificationSchema,
  'agent-connection.schema.json': agentConnectionSchema,
  'credential.schema.json': credentialSchema,
  'scoring.schema.json': scoringSchema,
  'task-result-log.schema.json': taskResultLogSchema,
  'trace.schema.json': traceSchema,
};

const ROOT_FILES: Record<FileKind, string> = {
  dataset: 'dataset.schema.json',
  generator: 'generator-definition.schema.json',
  log: 'task-result-log.schema.json',
  trace: 'trace.schema.json',
  connection: 'agent-connection.schema.json',
};

export function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return isSchema(value);
}

function pointerTarget(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer.split('/').filter(Boolean)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = isRecord(node) ? node[part] : undefined;
  }
  return node;
}

const resolvedCache = new WeakMap<Schema, SchemaNode>();

/** Follows `$ref`s (across files); keywords beside a `$ref` override the target's (use-site descriptions win). */
export function resolve(node: SchemaNode): SchemaNode {
  let current = node;
  const cached = resolvedCache.get(node.schema);
  if (cached && cached.file === node.file) return cached;
  for (let hops = 0; hops < 32 && typeof current.schema.$ref === 'string'; hops++) {
    const ref = current.schema.$ref as string;
    const [filePart, pointer = ''] = ref.split('#');
    const file = filePart || current.file;
    const target = pointerTarget(FILES[file], pointer);
    if (!isSchema(target)) break;
    const { $ref: _ignored, ...siblings } = current.schema;
    current = { schema: { ...target, ...siblings }, file };
  }
  if (typeof node.schema.$ref === 'string') resolvedCache.set(node.schema, current);
  return current;
}

export function rootSchema(kind: FileKind): SchemaNode {
  const file = ROOT_FILES[kind];
  return resolve({ schema: FILES[file] as Schema, file });
}

/** A named `$defs` entry of a schema file (e.g. `filter.schema.json`, `Filter`). */
export function definition(file: string, name: string): SchemaNode {
  return resolve({ schema: pointerTarget(FILES[file], `/$defs/${name}`) as Schema, file });
}

function child(node: SchemaNode, value: unknown): SchemaNode | undefined {
  return isSchema(value) ? resolve({ schema: value, file: node.file }) : undefined;
}

function children(node: SchemaNode, keyword: string): SchemaNode[] {
  const list = node.schema[keyword];
  return Array.isArray(list) ? list.flatMap((s) => child(node, s) ?? []) : [];
}

export function discriminatorOf(node: SchemaNode): string | undefined {
  const d = node.schema.discriminator;
  return isRecord(d) && typeof d.propertyName === 'string' ? d.propertyName : undefined;
}

/** Values a property schema allows: its `const` or `enum`. */
export function allowedValues(node: SchemaNode | undefined): unknown[] {
  if (!node) return [];
  if ('const' in node.schema) return [node.schema.const];
  if (Array.isArray(node.schema.enum)) return node.schema.enum;
  return [];
}

/** The branch of a discriminated oneOf whose tag property allows `tag`. */
function branchFor(node: SchemaNode, tagName: string, tag: unknown): SchemaNode | undefined {
  return children(node, 'oneOf').find((branch) => allowedValues(propertySchema(branch, tagName)).includes(tag));
}

function propertySchema(node: SchemaNode, name: string): SchemaNode | undefined {
  const props = node.schema.properties;
  return isRecord(props) ? child(node, props[name]) : undefined;
}

function schemaTypes(node: SchemaNode): string[] {
  const t = node.schema.type;
  return Array.isArray(t) ? t.map(String) : typeof t === 'string' ? [t] : [];
}

/** The parts that apply to a value: the node, its allOf, the chosen discriminated branch, matching anyOf branches. */
export function facets(node: SchemaNode, value: unknown, depth = 0): SchemaNode[] {
  const out: SchemaNode[] = [node];
  if (depth > 8) return out;
  for (const part of children(node, 'allOf')) out.push(...facets(part, value, depth + 1));
  const tagName = discriminatorOf(node);
  if (tagName) {
    const tag = isRecord(value) ? value[tagName] : undefined;
    const branch = tag === undefined ? undefined : branchFor(node, tagName, tag);
    if (branch) out.push(...facets(branch, value, depth + 1));
  } else {
    const isObject = isRecord(value) || value === undefined || value === null;
    for (const keyword of ['oneOf', 'anyOf']) {
      for (const branch of children(node, keyword)) {
        const types = schemaTypes(branch);
        const objectLike = types.length === 0 ? isRecord(branch.schema.properties) || children(branch, 'oneOf').length > 0 : types.includes('object');
        if (isObject && objectLike) out.push(...facets(branch, value, depth + 1));
      }
    }
  }
  return out;
}

export interface PropertyInfo {
  name: string;
  schema: SchemaNode;
  required: boolean;
}

/** Properties every branch of a discriminated oneOf has (offered before the tag is written). */
export function commonBranchProperties(node: SchemaNode, value: unknown): PropertyInfo[] {
  const branches = children(node, 'oneOf').map((b) => propertiesOf(b, value));
  if (branches.length === 0) return [];
  return branches[0].filter((p) => branches.every((list) => list.some((q) => q.name === p.name && q.required === p.required)));
}

/** Properties valid for an object value of this schema (later facets refine earlier ones). */
export function propertiesOf(node: SchemaNode, value: unknown): PropertyInfo[] {
  const byName = new Map<string, PropertyInfo>();
  const required = new Set<string>();
  for (const facet of facets(node, value)) {
    const props = facet.schema.properties;
    if (isRecord(props)) {
      for (const [name, raw] of Object.entries(props)) {
        const schema = child(facet, raw);
        if (!schema) continue;
        const previous = byName.get(name);
        // A branch's `const` is narrower than the base's enum, but the base often carries the richer description.
        const merged = previous && !schema.schema.markdownDescription && previous.schema.schema.markdownDescription
          ? { schema: { ...schema.schema, markdownDescription: previous.schema.schema.markdownDescription }, file: schema.file }
          : schema;
        byName.set(name, { name, schema: merged, required: false });
      }
    }
    if (Array.isArray(facet.schema.required)) for (const r of facet.schema.required) required.add(String(r));
  }
  return [...byName.values()].map((p) => ({ ...p, required: required.has(p.name) }));
}

/** Schema of a child value: a property (or additionalProperties) of an object, the items of an array. */
export function childSchema(node: SchemaNode, segment: string | number, parentValue: unknown): SchemaNode | undefined {
  if (typeof segment === 'number') {
    for (const facet of facets(node, parentValue)) {
      const items = child(facet, facet.schema.items);
      if (items) return items;
    }
    return undefined;
  }
  const prop = propertiesOf(node, parentValue).find((p) => p.name === segment);
  if (prop) return prop.schema;
  // A discriminated object without its tag yet: look the property up in the branches.
  for (const branch of children(node, 'oneOf')) {
    const found = propertiesOf(branch, parentValue).find((p) => p.name === segment);
    if (found) return found.schema;
  }
  for (const facet of facets(node, parentValue)) {
    const extra = child(facet, facet.schema.additionalProperties);
    if (extra) return extra;
  }
  return undefined;
}

/** The schema of the value at `path` within a document whose value is `docValue`. */
export function schemaAtPath(kind: FileKind, path: JsonPath, docValue: unknown): SchemaNode | undefined {
  let node: SchemaNode | undefined = rootSchema(kind);
  for (let i = 0; i < path.length && node; i++) node = childSchema(node, path[i], valueAtPath(docValue, path.slice(0, i)));
  return node;
}

/** Every `defaultSnippets` entry of a schema and of the facets that apply. */
interface DefaultSnippet {
  label: string;
  description?: string;
  body: unknown;
}

export function defaultSnippets(node: SchemaNode): DefaultSnippet[] {
  const list = node.schema.defaultSnippets;
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).filter((s) => 'body' in s).map((s) => ({
    label: String(s.label ?? ''), description: typeof s.description === 'string' ? s.description : undefined, body: s.body,
  }));
}

/** The first non-empty string of a keyword over the facets. */
export function annotation(node: SchemaNode, keyword: string, value?: unknown): unknown {
  for (const facet of facets(node, value)) if (facet.schema[keyword] !== undefined) return facet.schema[keyword];
  return undefined;
}

/** Types of the value a schema accepts, in words (`string`, `integer`, `object`…). */
export function typesOf(node: SchemaNode): string[] {
  const found = new Set<string>(schemaTypes(node));
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) for (const branch of children(node, keyword)) for (const t of typesOf(branch)) found.add(t);
  if (found.size === 0 && isRecord(node.schema.properties)) found.add('object');
  if (found.size === 0 && ('const' in node.schema || Array.isArray(node.schema.enum))) {
    for (const v of allowedValues(node)) found.add(v === null ? 'null' : typeof v);
  }
  return [...found];
}

/** Enum values of a property with their markdown descriptions. */
export function enumEntries(node: SchemaNode): { value: unknown; description?: string }[] {
  const values = allowedValues(node);
  const descriptions = (node.schema.markdownEnumDescriptions ?? node.schema.enumDescriptions) as unknown;
  return values.map((value, i) => ({
    value,
    description: Array.isArray(descriptions) && typeof descriptions[i] === 'string' ? (descriptions[i] as string) : undefined,
  }));
}
