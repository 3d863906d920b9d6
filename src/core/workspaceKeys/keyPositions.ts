/**
 * Where a file expects a dataset or generator key (docs/semantics.md §11.7), for completion: the same places the
 * index reads references from (keyFacts.ts).
 */
import { cursorContext } from '../authoring/cursorContext';
import type { CompletionItem } from '../authoring/completionTypes';
import { isRecord } from '../json/jsonValue';
import type { JsonPath } from '../yaml/specDocument';
import type { KeyFileRole, KeyKind } from './keyTypes';

function valueAt(root: unknown, path: JsonPath): unknown {
  let value = root;
  for (const segment of path) value = isRecord(value) || Array.isArray(value) ? (value as Record<string, unknown>)[segment as string] : undefined;
  return value;
}

/** The key kind expected at a path of a dataset entry, a generator entry, or (with `under` its prefix) either inside a run config. */
function entryKindAt(entry: 'dataset' | 'generator', path: JsonPath, root: unknown, under: JsonPath): KeyKind | undefined {
  const p = path.join('/');
  // The older `dataset_generation_request.dataset_generator_id` names a generator too (docs/semantics.md §11.4).
  if (entry === 'dataset') return /^(generator_specification\/dataset_generator_key|dataset_generation_request\/dataset_generator_(id|key))$/.test(p) ? 'generator' : undefined;
  if (p === 'definition/data_source/dataset_key' || /^definition\/data_source\/dataset_keys\/\d+$/.test(p)) return 'dataset';
  if (/^config_spec\/\d+\/default_value$/.test(p)) {
    const option = valueAt(root, [...under, ...path.slice(0, 2)]);
    return isRecord(option) && option.type === 'dataset' ? 'dataset' : undefined;
  }
  return undefined;
}

/** The kind of key a value at `path` names, in a file of this role; undefined where no key is expected. */
export function expectedKeyKind(role: KeyFileRole | undefined, path: JsonPath, root: unknown): KeyKind | undefined {
  if (role === 'dataset' || role === 'generator') return entryKindAt(role, path, root, []);
  if (role !== 'run-config') return undefined;
  if (/^evaluation\/task_specifications\/\d+\/dataset_key$/.test(path.join('/'))) return 'dataset';
  const [list, index, ...rest] = path;
  if (typeof index !== 'number') return undefined;
  if (list === 'datasets') return entryKindAt('dataset', rest, root, [list, index]);
  if (list === 'dataset_generators') return entryKindAt('generator', rest, root, [list, index]);
  if (list === 'tasks' && rest.join('/') === 'definition/dataset/key') return 'dataset';
  return undefined;
}

export interface KeyChoice {
  key: string;
  /** Where it is defined, in words. */
  detail: string;
}

/** Completion items of the keys `choicesFor` gives, when the cursor is on a value that names a key. */
export function keyCompletions(text: string, offset: number, isJson: boolean, role: KeyFileRole | undefined, choicesFor: (kind: KeyKind) => KeyChoice[]): CompletionItem[] {
  if (!role) return [];
  const at = cursorContext(text, offset, isJson);
  // A bare sequence item (`- cit|`) reads as a key being typed; as a list of keys, it is a value.
  if (at.part !== 'value' && !at.afterDash) return [];
  const kind = expectedKeyKind(role, at.path, at.documentValue);
  if (!kind) return [];
  return choicesFor(kind).map((choice, i): CompletionItem => ({
    label: choice.key,
    kind: 'value',
    insertText: at.quote || isJson ? JSON.stringify(choice.key) : `"${choice.key}"`,
    snippet: false,
    range: at.replace,
    sortText: String(i).padStart(5, '0'),
    detail: choice.detail,
    filterText: at.quote || isJson ? JSON.stringify(choice.key) : choice.key,
  }));
}
