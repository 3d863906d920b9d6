/** docs/semantics.md §6: `<< config.KEY >>` must name a `config_spec` key; unused keys are worth a warning. */
import { JsonPath } from '../yaml/specDocument';
import { authoringStrings as s } from '../l10n/authoringStrings';
import { asRecord } from '../json/jsonValue';

export const TEMPLATE_REFERENCE = /<<\s*config\.([A-Za-z_][A-Za-z0-9_-]*)\s*>>/g;
const TEMPLATE_FIELDS = ['user_prompt_template', 'system_prompt'];

interface TemplateFinding {
  path: JsonPath;
  severity: 'error' | 'warning';
  message: string;
  /** The exact text to underline inside the value (the `<< config.x >>` reference), when there is one. */
  snippet?: string;
  code: 'unknown-config-key' | 'unused-config-key';
  key: string;
}

/** Template references of a generator definition: where each `<< config.x >>` stands. */
function templateReferences(definition: unknown): { path: JsonPath; key: string; snippet: string }[] {
  const refs: { path: JsonPath; key: string; snippet: string }[] = [];
  const synthesizers = asRecord(asRecord(definition)?.definition)?.synthesizers;
  if (!Array.isArray(synthesizers)) return refs;
  synthesizers.forEach((synth, i) => {
    const fields = asRecord(synth);
    for (const field of TEMPLATE_FIELDS) {
      const text = fields?.[field];
      if (typeof text !== 'string') continue;
      for (const m of text.matchAll(TEMPLATE_REFERENCE)) refs.push({ path: ['definition', 'synthesizers', i, field], key: m[1], snippet: m[0] });
    }
  });
  return refs;
}

export function configSpecKeys(definition: unknown): { key: string; index: number }[] {
  const spec = asRecord(definition)?.config_spec;
  if (!Array.isArray(spec)) return [];
  return spec.flatMap((entry, index) => {
    const key = asRecord(entry)?.key;
    return typeof key === 'string' ? [{ key, index }] : [];
  });
}

export function checkGeneratorTemplates(definition: unknown): TemplateFinding[] {
  const keys = configSpecKeys(definition);
  const known = new Set(keys.map((k) => k.key));
  const refs = templateReferences(definition);
  const used = new Set(refs.map((r) => r.key));
  const findings: TemplateFinding[] = [];
  for (const ref of refs) {
    if (!known.has(ref.key)) {
      findings.push({ path: ref.path, severity: 'error', code: 'unknown-config-key', key: ref.key, snippet: ref.snippet, message: s.unknownTemplateKey(ref.key, [...known]) });
    }
  }
  for (const { key, index } of keys) {
    if (!used.has(key)) findings.push({ path: ['config_spec', index, 'key'], severity: 'warning', code: 'unused-config-key', key, message: s.unusedConfigKey(key) });
  }
  return findings;
}
