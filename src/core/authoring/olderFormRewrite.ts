/**
 * The quick fix of an older form of the service's (docs/semantics.md §11.4): the edits that write it in today's form.
 * Only the keys (and the one value) that change are touched, so comments, quoting and layout stay as written.
 */
import { isMap } from 'yaml';
import { isRecord } from '../json/jsonValue';
import { olderForms, OlderForm } from '../json/olderServiceForms';
import type { FileKind } from '../fileKind';
import type { OffsetRange } from '../text/lineIndex';
import { JsonPath, locate, SpecDocument } from '../yaml/specDocument';
import { keyText } from './yamlText';

interface TextEdit {
  range: OffsetRange;
  newText: string;
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The edit renaming the key at `path` to `to`, in its quoting style. */
function renameKey(text: string, doc: SpecDocument, path: JsonPath, to: string, json: boolean): TextEdit | undefined {
  const at = locate(doc, path);
  if (!at.exact || !at.keyRange) return undefined;
  return { range: at.keyRange, newText: keyText(text.slice(at.keyRange.start, at.keyRange.end), to, json) };
}

/** `file_path: X` → `source:` with `type: local` and `file_path: X` under it (a flow mapping or JSON: on one line). */
function topLevelFilePathEdits(text: string, doc: SpecDocument, json: boolean): TextEdit[] {
  const at = locate(doc, ['file_path']);
  if (!at.exact || !at.keyRange) return [];
  const key = text.slice(at.keyRange.start, at.keyRange.end);
  const written = text.slice(at.valueRange.start, at.valueRange.end);
  const value = written.includes('\n') ? JSON.stringify(String(isRecord(doc.value) ? doc.value.file_path : written)) : written;
  const q = (name: string) => keyText(key, name, json);
  const flow = json || (isMap(doc.yaml.contents) && doc.yaml.contents.flow === true);
  const range = { start: at.keyRange.start, end: at.valueRange.end };
  if (flow) return [{ range, newText: `${q('source')}: { ${q('type')}: ${json ? '"local"' : 'local'}, ${q('file_path')}: ${value} }` }];
  const indent = ' '.repeat(at.keyRange.start - lineStartOf(text, at.keyRange.start) + 2);
  return [{ range, newText: `${q('source')}:\n${indent}${q('type')}: local\n${indent}${q('file_path')}: ${value}` }];
}

function generationRequestEdits(text: string, doc: SpecDocument, json: boolean): TextEdit[] {
  const edits = [renameKey(text, doc, ['dataset_generation_request'], 'generator_specification', json)];
  const request = isRecord(doc.value) ? doc.value.dataset_generation_request : undefined;
  if (isRecord(request) && 'dataset_generator_id' in request && !('dataset_generator_key' in request)) {
    edits.push(renameKey(text, doc, ['dataset_generation_request', 'dataset_generator_id'], 'dataset_generator_key', json));
  }
  return edits.filter((e): e is TextEdit => e !== undefined);
}

/** `key: latticeflow$llm` → `type: llm` (the value keeps its quoting). */
function namespacedKeyEdits(text: string, doc: SpecDocument, form: OlderForm, json: boolean): TextEdit[] {
  const at = locate(doc, form.path);
  const rename = renameKey(text, doc, form.path, 'type', json);
  if (!rename || !at.exact || form.type === undefined) return [];
  return [rename, { range: at.valueRange, newText: keyText(text.slice(at.valueRange.start, at.valueRange.end), form.type, json) }];
}

function formEdits(text: string, doc: SpecDocument, form: OlderForm, json: boolean): TextEdit[] {
  switch (form.kind) {
    case 'top-level-file-path':
      return topLevelFilePathEdits(text, doc, json);
    case 'generation-request':
      return generationRequestEdits(text, doc, json);
    case 'kind-for-type':
      return [renameKey(text, doc, form.path, 'type', json)].filter((e): e is TextEdit => e !== undefined);
    default:
      return namespacedKeyEdits(text, doc, form, json);
  }
}

/** The edits that rewrite the older form written at `path` of a document in today's form; none when there is none. */
export function olderFormEdits(text: string, kind: FileKind, doc: SpecDocument, path: JsonPath, json: boolean): TextEdit[] {
  const form = olderForms(kind, doc.value).find((f) => f.path.length === path.length && f.path.every((seg, i) => seg === path[i]));
  return form ? formEdits(text, doc, form, json) : [];
}
