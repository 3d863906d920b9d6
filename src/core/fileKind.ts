/**
 * Which of our formats a file is (docs/semantics.md §1): by name first, then by content.
 */
import { isRecord } from './json/jsonValue';
import { isOlderDatasetForm } from './json/olderServiceForms';

import type { FileKind } from './model/fileKinds';

export type { FileKind } from './model/fileKinds';

const CONNECTION_TYPES = [
  'cloud_agent_a', 'placeholder', 'agent_platform_a', 'cloud_agent_b', 'managed_agent', 'trace_platform_a',
] as const;

const NAME_RULES: [RegExp, FileKind][] = [
  [/\.dataset\.(ya?ml|json)$/i, 'dataset'],
  [/\.generator\.(ya?ml|json)$/i, 'generator'],
  [/\.(tasklog|task-result-log)\.json$/i, 'log'],
  // What the service's `export eval --link-logs` writes (docs/semantics.md §11.6).
  [/(^|[\\/])task_result_log\.json$/i, 'log'],
  [/\.trace\.json$/i, 'trace'],
];

const MODELINE = /^\s*#\s*eval-lens:\s*(dataset|generator|log|trace|connection)\s*$/;

/** Kind by file name alone (the patterns of docs/semantics.md §1). */
export function kindFromFileName(fileName: string): FileKind | undefined {
  for (const [pattern, kind] of NAME_RULES) if (pattern.test(fileName)) return kind;
  return undefined;
}

export function isYamlOrJsonFileName(fileName: string): boolean {
  return /\.(ya?ml|json)$/i.test(fileName);
}

/** Kind from a first-line modeline `# eval-lens: dataset`. */
export function kindFromModeline(text: string): FileKind | undefined {
  const firstLine = text.slice(0, 200).split(/\r?\n/, 1)[0];
  const match = MODELINE.exec(firstLine);
  return match ? (match[1] as FileKind) : undefined;
}

/** Kind of a parsed first document (content rules of docs/semantics.md §1). */
export function kindFromValue(value: unknown): FileKind | undefined {
  if (!isRecord(value)) return undefined;
  if ('format_version' in value && 'evidence' in value) return 'log';
  if ('key' in value && ('source' in value || 'generator_specification' in value)) return 'dataset';
  // The service's older forms: a top-level `file_path`, a `dataset_generation_request` (docs/semantics.md §11.4).
  if (isOlderDatasetForm(value)) return 'dataset';
  if (isGeneratorDefinitionBody(value.definition)) return 'generator';
  if (typeof value.connection_type === 'string' && (CONNECTION_TYPES as readonly string[]).includes(value.connection_type)) return 'connection';
  if (Array.isArray(value.items) && ('FORMAT' in value || 'metadata' in value || 'events' in value || 'span_id' in value || isOpenResponsesItemList(value.items))) return 'trace';
  return undefined;
}

/**
 * A generator's `definition`: typed `declarative_dataset_generator`, or untyped (the service's CLI fills the type in,
 * docs/semantics.md §11.3) with synthesizers or a data source.
 */
function isGeneratorDefinitionBody(definition: unknown): boolean {
  if (!isRecord(definition)) return false;
  if (definition.type === 'declarative_dataset_generator') return true;
  return definition.type === undefined && ('synthesizers' in definition || 'synthesizer' in definition || 'data_source' in definition);
}

/**
 * What a parsed first document is to the workspace key index (docs/semantics.md §11.5, §11.7): the kinds above,
 * plus the service's own forms (a generator whose `definition.type` is left out, a dataset with a top-level
 * `file_path`) and run configs (`datasets:` / `dataset_generators:` lists, no `key`). Any other file is not ours.
 */
export function keyFileRoleFromValue(value: unknown): 'dataset' | 'generator' | 'run-config' | undefined {
  const kind = kindFromValue(value);
  if (kind === 'dataset' || kind === 'generator') return kind;
  if (kind !== undefined || !isRecord(value)) return undefined;
  if (typeof value.key === 'string') return undefined;
  return Array.isArray(value.datasets) || Array.isArray(value.dataset_generators) ? 'run-config' : undefined;
}

const OPEN_RESPONSES_ITEM_TYPES = new Set(['message', 'reasoning', 'function_call', 'function_call_output']);

/** A bare `{ items: [...] }` is a Trace when its items are Open Responses items (first 50 checked), at least one typed. */
function isOpenResponsesItemList(items: unknown[]): boolean {
  if (items.length === 0) return false;
  const head = items.slice(0, 50);
  return head.every((item) => isRecord(item) && (typeof item.type === 'string' || typeof item.role === 'string'))
    && head.some((item) => isRecord(item) && OPEN_RESPONSES_ITEM_TYPES.has(item.type as string));
}

/**
 * Top-level keys of a JSON object text, read without parsing the whole text (stops after `maxKeys` keys
 * or when `wanted` are all found). Used to recognise large logs cheaply.
 */
export function topLevelJsonKeys(text: string, wanted: readonly string[] = [], maxKeys = 64): string[] {
  const keys: string[] = [];
  let depth = 0;
  let i = 0;
  const n = text.length;
  while (i < n && /\s/.test(text[i])) i++;
  if (text[i] !== '{') return keys;
  let expectKey = true;
  for (; i < n; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (depth === 1 && expectKey) {
        keys.push(JSON.parse(text.slice(i, j + 1)) as string);
        if (keys.length >= maxKeys) break;
        if (wanted.length && wanted.every((w) => keys.includes(w))) break;
        expectKey = false;
      }
      i = j;
    } else if (c === '{' || c === '[') {
      depth++;
    } else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) break;
    } else if (c === ',' && depth === 1) {
      expectKey = true;
    }
  }
  return keys;
}

/** Whether a JSON text's top level has `format_version` and `evidence` (a task result log). */
export function looksLikeLogJson(text: string): boolean {
  const keys = topLevelJsonKeys(text, ['format_version', 'evidence'], 1000);
  return keys.includes('format_version') && keys.includes('evidence');
}
