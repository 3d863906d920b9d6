/**
 * Checks that need the file system or the rest of the workspace, run beside the validation core:
 * unknown columns in filter expressions, missing paths, unsupported `local` extensions, generator
 * options against the workspace's generator definition (docs/semantics.md §6). Keys across files are
 * workspaceKeys/keyChecks.ts'.
 */
import { closestName } from '../schema/closestName';
import { parseExpression, TASK_ACTION_ROOTS } from '../filters/expressionParser';
import { definitionOfSource } from '../sources/registry';
import { firstPathFieldOf } from '../sources/sourceDefinition';
import { resolveSourcePath } from '../sources/sourcePaths';
import { Diagnostic } from '../validation/diagnostic';
import { rangeInDocument } from '../validation/locateProblem';
import { locate, SpecDocument } from '../yaml/specDocument';
import { authoringStrings as s } from '../l10n/authoringStrings';
import { DataProfile } from './dataProfile';
import { isRecord } from '../json/jsonValue';
import { currentDatasetForm, writtenPath } from '../json/olderServiceForms';

export interface WorkspaceFacts {
  /** Absolute path of the spec (relative paths resolve against its folder). */
  specPath?: string;
  profileFor?: (source: unknown) => DataProfile | undefined;
  /** What is at an absolute path: a file, a folder, or nothing. */
  pathKind?: (absolutePath: string) => 'file' | 'directory' | undefined;
  /**
   * The `config_spec` keys of the generator definition with this `key` in the workspace, and those of them with a
   * `default_value` (a dataset may leave them out).
   */
  generatorOptions?: (key: string) => { keys: string[]; defaulted?: string[]; file: string } | undefined;
}

export const AUTHORING_CODES = {
  unknownColumn: 'unknown-column',
  missingPath: 'missing-path',
  wrongPathKind: 'wrong-path-kind',
  unsupportedExtension: 'unsupported-extension',
  unknownGeneratorOption: 'unknown-generator-option',
  missingGeneratorOptions: 'missing-generator-options',
} as const;

function diag(doc: SpecDocument, d: Omit<Diagnostic, 'documentIndex' | 'source'>): Diagnostic {
  return { ...d, documentIndex: doc.index, source: 'data' };
}

function unknownColumns(text: string, doc: SpecDocument, source: Record<string, unknown>, profile: DataProfile): Diagnostic[] {
  if (!Array.isArray(source.filters) || profile.rowsRead === 0) return [];
  const known = profile.columns.map((c) => c.name);
  const out: Diagnostic[] = [];
  source.filters.forEach((filter, i) => {
    if (!isRecord(filter) || typeof filter.expression !== 'string') return;
    const parsed = parseExpression(filter.expression, TASK_ACTION_ROOTS);
    if (!parsed.ok || parsed.expression.root !== 'sample') return;
    const first = parsed.expression.segments[0];
    if (!first || first.kind === 'index' || known.includes(first.name)) return;
    const path = ['source', 'filters', i, 'expression'];
    const loc = locate(doc, path);
    let range = rangeInDocument(text, doc, path, 'value');
    const raw = text.slice(loc.valueRange.start, loc.valueRange.end);
    const at = raw.indexOf('{{');
    if (loc.exact && at >= 0) {
      const base = loc.valueRange.start + at - filter.expression.indexOf('{{');
      const segmentText = text.slice(base + first.start, base + first.end);
      // Only when the raw text matches the parsed value (no escapes in between).
      if (segmentText.includes(first.name)) range = { start: base + first.start, end: base + first.end };
    }
    const suggestion = closestName(first.name, known);
    out.push(diag(doc, {
      severity: 'warning', message: s.unknownColumn(first.name, suggestion, known), range, path,
      code: AUTHORING_CODES.unknownColumn, data: { column: first.name, suggestion, allowed: known },
    }));
  });
  return out;
}

function pathChecks(text: string, doc: SpecDocument, source: Record<string, unknown>, facts: WorkspaceFacts): Diagnostic[] {
  const pathField = firstPathFieldOf(definitionOfSource(source));
  const field = pathField?.name;
  const value = field ? source[field] : undefined;
  if (!pathField || !field || typeof value !== 'string' || value === '') return [];
  const path = ['source', field];
  const range = rangeInDocument(text, doc, path, 'value');
  const out: Diagnostic[] = [];
  if (pathField.target === 'file' && pathField.fileNames && !pathField.fileNames.test(value)) {
    out.push(diag(doc, { severity: 'error', message: s.unsupportedExtension(value), range, path, code: AUTHORING_CODES.unsupportedExtension }));
  }
  const relative = !value.startsWith('/') && !value.startsWith('~') && !/^[A-Za-z]:[\\/]/.test(value);
  if (!facts.pathKind || (relative && !facts.specPath)) return out;
  const kind = facts.pathKind(resolveSourcePath(value, facts.specPath));
  if (!kind) {
    out.push(diag(doc, { severity: 'error', message: s.pathMissing(field, value), range, path, code: AUTHORING_CODES.missingPath }));
  } else if (pathField.target === 'file' && kind === 'directory') {
    out.push(diag(doc, { severity: 'error', message: s.notAFile(value), range, path, code: AUTHORING_CODES.wrongPathKind }));
  } else if (pathField.target === 'folder' && kind === 'file') {
    out.push(diag(doc, { severity: 'error', message: s.notAFolder(value), range, path, code: AUTHORING_CODES.wrongPathKind }));
  }
  return out;
}

function generatorChecks(text: string, doc: SpecDocument, spec: Record<string, unknown>, facts: WorkspaceFacts): Diagnostic[] {
  const key = spec.dataset_generator_key;
  if (typeof key !== 'string' || !facts.generatorOptions) return [];
  const options = facts.generatorOptions(key);
  // An omitted `dataset_generator_config` is `{}` (docs/semantics.md §11.4).
  const config = spec.dataset_generator_config === undefined ? {} : spec.dataset_generator_config;
  if (!options || !isRecord(config)) return [];
  const out: Diagnostic[] = [];
  for (const name of Object.keys(config)) {
    if (options.keys.includes(name)) continue;
    const path = ['generator_specification', 'dataset_generator_config', name];
    const suggestion = closestName(name, options.keys);
    out.push(diag(doc, {
      severity: 'error', message: s.unknownConfigKey(name, key, suggestion, options.keys), range: rangeInDocument(text, doc, path, 'key'), path,
      code: AUTHORING_CODES.unknownGeneratorOption, data: { property: name, suggestion, allowed: options.keys },
    }));
  }
  // An option with a `default_value` takes it when the dataset leaves it out: only the others are missing.
  const missing = options.keys.filter((k) => !(k in config) && !(options.defaulted ?? []).includes(k));
  if (missing.length) {
    const path = ['generator_specification', spec.dataset_generator_config === undefined ? 'dataset_generator_key' : 'dataset_generator_config'];
    out.push(diag(doc, {
      severity: 'warning', message: s.missingConfigKeys(missing, key), range: rangeInDocument(text, doc, path, 'key'), path,
      code: AUTHORING_CODES.missingGeneratorOptions, data: { missingKeys: missing },
    }));
  }
  return out;
}

/** The extra diagnostics of one document as today's form has it. */
function documentChecks(text: string, doc: SpecDocument, value: Record<string, unknown>, facts: WorkspaceFacts): Diagnostic[] {
  const out: Diagnostic[] = [];
  const source = value.source;
  if (isRecord(source)) {
    out.push(...pathChecks(text, doc, source, facts));
    const profile = facts.profileFor?.(source);
    if (profile) out.push(...unknownColumns(text, doc, source, profile));
  }
  if (isRecord(value.generator_specification)) out.push(...generatorChecks(text, doc, value.generator_specification, facts));
  return out;
}

/** `pathKind` asked once per path in a pass: the documents of a stream often name the same file. */
function askedOncePerPath(pathKind: NonNullable<WorkspaceFacts['pathKind']>): NonNullable<WorkspaceFacts['pathKind']> {
  const known = new Map<string, ReturnType<typeof pathKind>>();
  return (absolutePath) => {
    if (!known.has(absolutePath)) known.set(absolutePath, pathKind(absolutePath));
    return known.get(absolutePath);
  };
}

/**
 * Every extra diagnostic of a dataset spec's documents. An older form (docs/semantics.md §11.4) is checked as the form
 * it stands for, each finding placed on the value the file writes.
 */
export function datasetChecks(text: string, documents: SpecDocument[], workspace: WorkspaceFacts): Diagnostic[] {
  const facts = workspace.pathKind ? { ...workspace, pathKind: askedOncePerPath(workspace.pathKind) } : workspace;
  const out: Diagnostic[] = [];
  for (const doc of documents) {
    if (!isRecord(doc.value) || doc.problems.some((p) => p.severity === 'error')) continue;
    const current = currentDatasetForm(doc.value);
    if (current === doc.value || !isRecord(current)) {
      out.push(...documentChecks(text, doc, doc.value, facts));
      continue;
    }
    for (const d of documentChecks(text, { ...doc, value: current }, current, facts)) {
      const path = writtenPath('dataset', doc.value, d.path);
      out.push({ ...d, path, range: rangeInDocument(text, doc, path, 'value') });
    }
  }
  return out;
}
