/**
 * docs/semantics.md §6 and §11.3: `<< config.KEY >>` may stand in any string of a generator's `definition` (prompts,
 * `model_key`, `dataset_key`, …). A reference to a key `config_spec` does not declare is a warning on that value; a
 * `config_spec` key referred to nowhere is a warning on the key.
 */
import { JsonPath } from '../yaml/specDocument';
import { authoringStrings as s } from '../l10n/authoringStrings';
import { asRecord } from '../json/jsonValue';
import { closestName } from '../schema/closestName';

export const TEMPLATE_REFERENCE = /<<\s*config\.([A-Za-z_][A-Za-z0-9_-]*)\s*>>/g;

/** Deeper values than this are not searched (a definition is a few levels deep; hostile input is not walked forever). */
const MAX_DEPTH = 32;

interface TemplateFinding {
  path: JsonPath;
  severity: 'error' | 'warning';
  message: string;
  /** The exact text to underline inside the value (the `<< config.x >>` reference), when there is one. */
  snippet?: string;
  code: 'unknown-config-key' | 'unused-config-key';
  key: string;
}

interface TemplateReference {
  path: JsonPath;
  key: string;
  snippet: string;
}

function collectReferences(value: unknown, path: JsonPath, refs: TemplateReference[]): void {
  if (typeof value === 'string') {
    if (!value.includes('<<')) return;
    for (const m of value.matchAll(TEMPLATE_REFERENCE)) refs.push({ path, key: m[1], snippet: m[0] });
    return;
  }
  if (path.length > MAX_DEPTH || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) value.forEach((item, i) => collectReferences(item, [...path, i], refs));
  else for (const [key, item] of Object.entries(value)) collectReferences(item, [...path, key], refs);
}

/** Where each `<< config.x >>` stands among the strings of the definition's `definition`. */
export function templateReferences(definition: unknown): TemplateReference[] {
  const refs: TemplateReference[] = [];
  const body = asRecord(definition)?.definition;
  if (body !== undefined) collectReferences(body, ['definition'], refs);
  return refs;
}

export function configSpecKeys(definition: unknown): { key: string; index: number; hasDefault: boolean }[] {
  const spec = asRecord(definition)?.config_spec;
  if (!Array.isArray(spec)) return [];
  return spec.flatMap((entry, index) => {
    const option = asRecord(entry);
    const key = option?.key;
    return typeof key === 'string' ? [{ key, index, hasDefault: option?.default_value !== undefined && option.default_value !== null }] : [];
  });
}

export function checkGeneratorTemplates(definition: unknown): TemplateFinding[] {
  const keys = configSpecKeys(definition);
  const known = new Set(keys.map((k) => k.key));
  const refs = templateReferences(definition);
  const used = new Set(refs.map((r) => r.key));
  const findings: TemplateFinding[] = [];
  for (const ref of refs) {
    if (known.has(ref.key)) continue;
    const message = s.unknownTemplateKey(ref.key, [...known], closestName(ref.key, known));
    findings.push({ path: ref.path, severity: 'warning', code: 'unknown-config-key', key: ref.key, snippet: ref.snippet, message });
  }
  for (const { key, index } of keys) {
    if (!used.has(key)) findings.push({ path: ['config_spec', index, 'key'], severity: 'warning', code: 'unused-config-key', key, message: s.unusedConfigKey(key) });
  }
  return findings;
}
