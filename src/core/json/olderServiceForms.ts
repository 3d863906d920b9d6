/**
 * The older forms of dataset specs and generator definitions still found in repositories written for the
 * service's CLI (docs/semantics.md §11.4), and today's form each stands for:
 * - a dataset's top-level `file_path` (no `source`) is a `local` source;
 * - a dataset's `dataset_generation_request` (`dataset_generator_id`, `num_samples`, `dataset_generator_config`) is
 *   its `generator_specification` (`dataset_generator_key`, …);
 * - in a generator's data source or synthesizer, `kind:` stands for `type:`, and a namespaced `key:`
 *   (`latticeflow$llm`) for the type after its `$`.
 * Pure functions over values: the file is never changed here.
 */
import { isRecord } from './jsonValue';
import type { JsonPath } from './jsonPath';

export type OlderFormKind = 'top-level-file-path' | 'generation-request' | 'kind-for-type' | 'namespaced-key-for-type';

export interface OlderForm {
  kind: OlderFormKind;
  /** The key written in the older form (`file_path`, `dataset_generation_request`, `kind`, `key`). */
  path: JsonPath;
  /** The type it stands for (the two generator forms). */
  type?: string;
}

const NAMESPACED_TYPE = /^[A-Za-z0-9_-]+\$([A-Za-z0-9_]+)$/;

/**
 * A dataset with a top-level `file_path` and neither `source` nor `generator_specification` (nor a `type`: a bare
 * source, which the preview also takes, keeps its own type).
 */
export function hasTopLevelFilePath(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && typeof value.file_path === 'string' && value.type === undefined
    && value.source === undefined && value.generator_specification === undefined && value.definition === undefined;
}

function hasGenerationRequest(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && isRecord(value.dataset_generation_request) && value.generator_specification === undefined && value.source === undefined;
}

/** A dataset written in one of its older forms (recognised as a dataset, docs/semantics.md §1). */
export function isOlderDatasetForm(value: unknown): boolean {
  return isRecord(value) && typeof value.key === 'string' && (hasTopLevelFilePath(value) || hasGenerationRequest(value));
}

export function olderDatasetForms(value: unknown): OlderForm[] {
  if (hasTopLevelFilePath(value)) return [{ kind: 'top-level-file-path', path: ['file_path'] }];
  if (hasGenerationRequest(value)) return [{ kind: 'generation-request', path: ['dataset_generation_request'] }];
  return [];
}

/** The older form of one data source or synthesizer entry, at `at`. */
function olderEntryForm(entry: unknown, at: JsonPath): OlderForm | undefined {
  if (!isRecord(entry) || entry.type !== undefined) return undefined;
  if (typeof entry.kind === 'string') return { kind: 'kind-for-type', path: [...at, 'kind'], type: entry.kind };
  const namespaced = typeof entry.key === 'string' ? NAMESPACED_TYPE.exec(entry.key) : null;
  return namespaced ? { kind: 'namespaced-key-for-type', path: [...at, 'key'], type: namespaced[1] } : undefined;
}

/** The entries of a generator's `definition` that may be typed: the data source and each synthesizer. */
function typedEntries(definition: Record<string, unknown>): [unknown, JsonPath][] {
  const entries: [unknown, JsonPath][] = [[definition.data_source, ['definition', 'data_source']], [definition.synthesizer, ['definition', 'synthesizer']]];
  if (Array.isArray(definition.synthesizers)) definition.synthesizers.forEach((s, i) => entries.push([s, ['definition', 'synthesizers', i]]));
  return entries;
}

export function olderGeneratorForms(value: unknown): OlderForm[] {
  if (!isRecord(value) || !isRecord(value.definition)) return [];
  const found: OlderForm[] = [];
  for (const [entry, at] of typedEntries(value.definition)) {
    const form = olderEntryForm(entry, at);
    if (form) found.push(form);
  }
  return found;
}

/** The older forms of a dataset spec or a generator definition. */
export function olderForms(kind: string | undefined, value: unknown): OlderForm[] {
  if (kind === 'dataset') return olderDatasetForms(value);
  if (kind === 'generator') return olderGeneratorForms(value);
  return [];
}

/** A mapping with `key` renamed `to` (given `value`), in the place the key was written. */
function renamed(map: Record<string, unknown>, key: string, to: string, value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(map)) {
    if (k === key) out[to] = value;
    else if (k !== to) out[k] = v;
  }
  return out;
}

/** A dataset in today's form (the same value when it is in it already). */
export function currentDatasetForm(value: unknown): unknown {
  if (hasTopLevelFilePath(value)) return renamed(value, 'file_path', 'source', { type: 'local', file_path: value.file_path });
  if (hasGenerationRequest(value)) {
    const request = value.dataset_generation_request as Record<string, unknown>;
    const specification = 'dataset_generator_id' in request && !('dataset_generator_key' in request)
      ? renamed(request, 'dataset_generator_id', 'dataset_generator_key', request.dataset_generator_id)
      : request;
    return renamed(value, 'dataset_generation_request', 'generator_specification', specification);
  }
  return value;
}

/** A generator definition in today's form (the same value when it is in it already). */
export function currentGeneratorForm(value: unknown): unknown {
  const forms = olderGeneratorForms(value);
  if (forms.length === 0 || !isRecord(value) || !isRecord(value.definition)) return value;
  const definition: Record<string, unknown> = { ...value.definition };
  if (Array.isArray(definition.synthesizers)) definition.synthesizers = [...definition.synthesizers];
  for (const form of forms) {
    const [, slot, index] = form.path;
    const holder: Record<string, unknown> | unknown[] = typeof index === 'number' ? (definition.synthesizers as unknown[]) : definition;
    const at = typeof index === 'number' ? index : String(slot);
    const entry = (holder as Record<string | number, unknown>)[at] as Record<string, unknown>;
    (holder as Record<string | number, unknown>)[at] = renamed(entry, String(form.path[form.path.length - 1]), 'type', form.type);
  }
  return { ...value, definition };
}

/** A dataset spec or a generator definition in today's form. */
export function currentForm(kind: string | undefined, value: unknown): unknown {
  if (kind === 'dataset') return currentDatasetForm(value);
  if (kind === 'generator') return currentGeneratorForm(value);
  return value;
}

/**
 * Where a path of today's form is written in the file (`source.file_path` → `file_path`,
 * `generator_specification.dataset_generator_key` → `dataset_generation_request.dataset_generator_id`, an entry's
 * `type` → its `kind`); a path already written as the file has it is returned as it is.
 */
export function writtenPath(kind: string | undefined, value: unknown, path: JsonPath): JsonPath {
  for (const form of olderForms(kind, value)) {
    if (form.kind === 'top-level-file-path' && path[0] === 'source') return ['file_path'];
    if (form.kind === 'generation-request' && path[0] === 'generator_specification') {
      const rest = path.slice(1);
      if (rest[0] === 'dataset_generator_key' && isRecord(value) && isRecord(value.dataset_generation_request) && 'dataset_generator_id' in value.dataset_generation_request) rest[0] = 'dataset_generator_id';
      return ['dataset_generation_request', ...rest];
    }
    const entry = form.path.slice(0, -1);
    if ((form.kind === 'kind-for-type' || form.kind === 'namespaced-key-for-type') && path.length === entry.length + 1 && path[path.length - 1] === 'type' && entry.every((seg, i) => seg === path[i])) {
      return form.path;
    }
  }
  return path;
}
