/**
 * Reads one file's keys for the workspace key index (docs/semantics.md §11.7): the keys it defines, the values
 * that refer to a dataset or generator by key, and the paths a run config names. Bounded work: one parse of the
 * text, at most MAX_ENTRIES definitions and references, nothing read from a text above MAX_TEXT_CHARS.
 */
import { dirname, resolve } from 'node:path';
import { isScalar, visit } from 'yaml';
import { isRecord } from '../json/jsonValue';
import { keyFileRoleFromValue, kindFromFileName, kindFromModeline } from '../fileKind';
import { JsonPath, locate, parseSpecDocuments, SpecDocument } from '../yaml/specDocument';
import type { OffsetRange } from '../text/lineIndex';
import { scanBlockYaml, ScannedDocument } from './blockScanner';
import { INCLUDE_TAG_NAME } from '../yaml/includeTag';
import { LineIndex } from '../text/lineIndex';
import { configSpecKeys } from '../validation/generatorTemplateCheck';
import type { FileKeyFacts, FileLink, KeyDefinition, KeyFileRole, KeyKind } from './keyTypes';

/** Larger texts are data or logs, never specs. */
export const MAX_TEXT_CHARS = 2_000_000;
const MAX_ENTRIES = 2_000;

/** A key written for the platform (`owner$name`), a template (`<< config.KEY >>`) or an environment value: not checked. */
export function isCheckableKey(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && !value.includes('$') && !value.includes('<<') && !value.includes('{{');
}

/** One document as the index reads it: its value and the range of a scalar at a path. */
interface KeyDocument {
  value: unknown;
  rangeAt(path: JsonPath): OffsetRange | undefined;
}

function parsedDocument(doc: SpecDocument): KeyDocument {
  return {
    value: doc.value,
    rangeAt: (path) => {
      const at = locate(doc, path);
      return at.exact ? at.valueRange : undefined;
    },
  };
}

function scannedDocument(scanned: ScannedDocument): KeyDocument {
  return { value: scanned.value, rangeAt: (path) => scanned.ranges.get(path.join('/')) };
}

class FactsBuilder {
  readonly facts: FileKeyFacts;
  private lines: LineIndex | undefined;
  constructor(readonly file: string, private readonly text: string, role: KeyFileRole | undefined) {
    this.facts = { file, role, definitions: [], references: [], links: [] };
  }

  private full(): boolean {
    return this.facts.definitions.length + this.facts.references.length >= MAX_ENTRIES;
  }

  define(doc: KeyDocument, kind: KeyKind, entry: Record<string, unknown>, path: JsonPath, embeddedIn?: string): void {
    if (typeof entry.key !== 'string' || entry.key === '' || this.full()) return;
    const range = doc.rangeAt([...path, 'key']);
    if (!range) return;
    this.lines ??= new LineIndex(this.text);
    const definition: KeyDefinition = { kind, key: entry.key, file: this.file, range, line: this.lines.positionAt(range.start).line + 1 };
    if (embeddedIn) definition.embeddedIn = embeddedIn;
    if (kind === 'generator') {
      const options = configSpecKeys(entry);
      definition.options = options.map((option) => option.key);
      definition.defaulted = options.filter((option) => option.hasDefault).map((option) => option.key);
    }
    this.facts.definitions.push(definition);
  }

  refer(doc: KeyDocument, kind: KeyKind, value: unknown, path: JsonPath): void {
    if (!isCheckableKey(value) || this.full()) return;
    const range = doc.rangeAt(path);
    if (range) this.facts.references.push({ kind, key: value, file: this.file, range });
  }

  link(doc: KeyDocument, what: FileLink['what'], value: unknown, path: JsonPath): void {
    if (typeof value !== 'string' || value === '' || value.startsWith('$') || this.full()) return;
    const range = doc.rangeAt(path);
    if (range) this.facts.links.push({ what, path: value, target: resolve(dirname(this.file), value), range });
  }
}

function datasetEntry(b: FactsBuilder, doc: KeyDocument, entry: Record<string, unknown>, path: JsonPath, embeddedIn?: string): void {
  b.define(doc, 'dataset', entry, path, embeddedIn);
  const spec = entry.generator_specification;
  if (isRecord(spec)) b.refer(doc, 'generator', spec.dataset_generator_key, [...path, 'generator_specification', 'dataset_generator_key']);
  // The older `dataset_generation_request` names its generator by `dataset_generator_id` (docs/semantics.md §11.4).
  const request = entry.dataset_generation_request;
  if (!isRecord(spec) && isRecord(request)) b.refer(doc, 'generator', request.dataset_generator_id ?? request.dataset_generator_key, [...path, 'dataset_generation_request', 'dataset_generator_id' in request ? 'dataset_generator_id' : 'dataset_generator_key']);
  if (!embeddedIn) return;
  // A spec file's data path is the data checks' (authoring/datasetChecks.ts); an embedded entry's is checked here.
  const source = entry.source;
  if (isRecord(source) && source.type === 'local') b.link(doc, 'data', source.file_path, [...path, 'source', 'file_path']);
  else if (typeof entry.file_path === 'string') b.link(doc, 'data', entry.file_path, [...path, 'file_path']);
}

function generatorEntry(b: FactsBuilder, doc: KeyDocument, entry: Record<string, unknown>, path: JsonPath, embeddedIn?: string): void {
  b.define(doc, 'generator', entry, path, embeddedIn);
  const definition = entry.definition;
  const source = isRecord(definition) ? definition.data_source : undefined;
  if (isRecord(source)) {
    b.refer(doc, 'dataset', source.dataset_key, [...path, 'definition', 'data_source', 'dataset_key']);
    if (Array.isArray(source.dataset_keys)) {
      source.dataset_keys.forEach((key, i) => b.refer(doc, 'dataset', key, [...path, 'definition', 'data_source', 'dataset_keys', i]));
    }
  }
  if (Array.isArray(entry.config_spec)) {
    entry.config_spec.forEach((option, i) => {
      if (isRecord(option) && option.type === 'dataset') b.refer(doc, 'dataset', option.default_value, [...path, 'config_spec', i, 'default_value']);
    });
  }
}

function listOf(value: Record<string, unknown>, name: string): unknown[] {
  const list = value[name];
  return Array.isArray(list) ? list : [];
}

/** A run config's datasets, generators and tasks: `$ref`s are links, embedded entries definitions (docs/semantics.md §11.5). */
function runConfig(b: FactsBuilder, doc: KeyDocument, value: Record<string, unknown>): void {
  const each = (name: string, read: (entry: Record<string, unknown>, path: JsonPath) => void) => {
    listOf(value, name).forEach((entry, i) => {
      if (!isRecord(entry)) return;
      if (typeof entry.$ref === 'string') b.link(doc, 'ref', entry.$ref, [name, i, '$ref']);
      else read(entry, [name, i]);
    });
  };
  each('datasets', (entry, path) => datasetEntry(b, doc, entry, path, b.file));
  each('dataset_generators', (entry, path) => generatorEntry(b, doc, entry, path, b.file));
  each('tasks', (entry, path) => {
    const dataset = isRecord(entry.definition) ? entry.definition.dataset : undefined;
    if (isRecord(dataset)) b.refer(doc, 'dataset', dataset.key, [...path, 'definition', 'dataset', 'key']);
  });
  const evaluation = value.evaluation;
  if (isRecord(evaluation)) {
    listOf(evaluation, 'task_specifications').forEach((spec, i) => {
      if (isRecord(spec)) b.refer(doc, 'dataset', spec.dataset_key, ['evaluation', 'task_specifications', i, 'dataset_key']);
    });
  }
}

/** A run config's `!include` paths (a spec file's are checked by validation/includeCheck.ts). */
function includes(b: FactsBuilder, doc: SpecDocument): void {
  visit(doc.yaml, {
    Scalar(_key, node) {
      if (node.tag !== INCLUDE_TAG_NAME || !isScalar(node) || typeof node.value !== 'string' || !node.range) return;
      b.facts.links.push({ what: 'include', path: node.value, target: resolve(dirname(b.file), node.value), range: { start: node.range[0], end: node.range[1] } });
    },
  });
}

function roleOf(file: string, text: string, first: unknown): KeyFileRole | undefined {
  const named = kindFromFileName(file) ?? kindFromModeline(text);
  if (named === 'dataset' || named === 'generator') return named;
  if (named !== undefined) return undefined;
  return keyFileRoleFromValue(first);
}

/** The documents of a text: read quickly when it is the plainest YAML (blockScanner.ts), else fully parsed. */
function documentsOf(file: string, text: string): { documents: KeyDocument[]; parsed: SpecDocument[] } {
  const scanned = /\.json$/i.test(file) ? undefined : scanBlockYaml(text);
  if (scanned) return { documents: [scannedDocument(scanned)], parsed: [] };
  const parsed = parseSpecDocuments(text).filter((d) => !d.problems.some((p) => p.severity === 'error'));
  return { documents: parsed.map(parsedDocument), parsed };
}

/** The keys, references and links of one file (an absolute path); empty facts for a file that is not ours. */
export function readKeyFacts(file: string, text: string): FileKeyFacts {
  if (text.length > MAX_TEXT_CHARS) return { file, role: undefined, definitions: [], references: [], links: [], skipped: true };
  if (!/\bkey\b|\$ref|\bdatasets\b|\bdataset_generators\b/.test(text)) return { file, role: undefined, definitions: [], references: [], links: [] };
  const { documents, parsed } = documentsOf(file, text);
  const role = documents.length ? roleOf(file, text, documents[0].value) : undefined;
  const b = new FactsBuilder(file, text, role);
  for (const doc of documents) {
    if (!isRecord(doc.value)) continue;
    if (role === 'dataset') datasetEntry(b, doc, doc.value, []);
    else if (role === 'generator') generatorEntry(b, doc, doc.value, []);
    else if (role === 'run-config') runConfig(b, doc, doc.value);
  }
  // A text with tags is never scanned, so its `!include`s are all in the parsed documents.
  if (role === 'run-config') for (const doc of parsed) includes(b, doc);
  return b.facts;
}
