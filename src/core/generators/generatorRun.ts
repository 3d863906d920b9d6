/**
 * What a generator definition produces for its first source samples (docs/semantics.md §11.3), without calling a
 * model or running code: `template` samples exactly (paged, computed lazily), `llm` prompts rendered per source
 * sample with the `sample_properties` as the columns to expect, `python` snippets shown, claim synthesizers with
 * the source columns they read. Each synthesizer is shown against the source samples.
 */
import { asRecord } from '../json/jsonValue';
import { configSpecKeys } from '../validation/generatorTemplateCheck';
import { fillPlaceholders, FilledText, placeholderText } from './generatorPlaceholders';
import { DatasetRowsLookup, SourceRow, SourceSamples, sourceSamples } from './generatorSources';
import { expandTemplate, TemplateExpansion, TemplateSample } from './templateExpansion';
import { currentGeneratorForm } from '../json/olderServiceForms';

export interface ConfigValue {
  key: string;
  /** The value as text; absent when nothing sets it. */
  value?: string;
  from: 'dataset' | 'default' | 'unset';
}

export interface PromptRender {
  sourceIndex: number;
  system?: FilledText;
  user?: FilledText;
}

export type StageView =
  | { kind: 'template'; index: number; total: number; complete: boolean; perSource: number; fieldNames: string[]; firstPage: TemplateSample[] }
  | { kind: 'llm'; index: number; model?: string; columns: { name: string; type?: string }[]; prompts: PromptRender[] }
  | { kind: 'python'; index: number; snippet: string; includedFrom?: string; includeMissing?: boolean }
  | { kind: 'claims'; index: number; type: string; model?: string; roles: { role: string; column: string }[]; inputs: { sourceIndex: number; values: Record<string, string> }[] }
  | { kind: 'unknown'; index: number; type: string };

export interface GeneratorRunView {
  key: string;
  displayName?: string;
  description?: string;
  config: ConfigValue[];
  source: SourceSamples;
  stages: StageView[];
}

export interface GeneratorRunOptions {
  /** The dataset's `dataset_generator_config` (absent: the definition's defaults alone). */
  datasetConfig?: Readonly<Record<string, unknown>>;
  /** How many source samples are read (from datasets) and expanded by `template` stages. */
  sourceLimit: number;
  /** How many source samples are shown, with their prompts and inputs. */
  shownSources: number;
  /** Samples in the first page of a `template` stage. */
  pageSize: number;
  lookup: DatasetRowsLookup;
  /** The text of a `python` snippet that names a file (`!include "./synthesize.py"`), read by the caller. */
  readSnippet?: (path: string) => string | undefined;
}

export interface GeneratorRun {
  view: GeneratorRunView;
  /** Pages of the `template` stage at `stage` (0-based synthesizer index); empty for other stages. */
  templatePage(stage: number, offset: number, size: number): TemplateSample[];
}

/** The configuration values: the dataset's, else each `config_spec` entry's `default_value` (docs/semantics.md §11.2). */
export function resolveConfig(definition: unknown, datasetConfig: Readonly<Record<string, unknown>> = {}): { values: Record<string, unknown>; view: ConfigValue[] } {
  const values: Record<string, unknown> = {};
  const view: ConfigValue[] = [];
  const spec = asRecord(definition)?.config_spec;
  for (const { key, index } of configSpecKeys(definition)) {
    const entry = asRecord(Array.isArray(spec) ? spec[index] : undefined) ?? {};
    if (Object.prototype.hasOwnProperty.call(datasetConfig, key)) {
      values[key] = datasetConfig[key];
      view.push({ key, value: placeholderText(datasetConfig[key]), from: 'dataset' });
    } else if ('default_value' in entry) {
      values[key] = entry.default_value;
      view.push({ key, value: placeholderText(entry.default_value), from: 'default' });
    } else view.push({ key, from: 'unset' });
  }
  return { values, view };
}

/** `synthesizers`, or the single `synthesizer` mapping the service also accepts. */
export function synthesizersOf(body: Record<string, unknown>): unknown[] {
  if (Array.isArray(body.synthesizers)) return body.synthesizers;
  return body.synthesizer === undefined ? [] : [body.synthesizer];
}

const CLAIM_TYPES = new Set(['claim_extraction', 'claim_labeling', 'link_claim_quotes']);

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function llmStage(index: number, synth: Record<string, unknown>, body: Record<string, unknown>, samples: readonly SourceRow[], config: Record<string, unknown>): StageView {
  const system = text(synth.system_prompt_template) ?? text(synth.system_prompt);
  const user = text(synth.user_prompt_template);
  const properties = asRecord(synth.sample_properties) ?? asRecord(body.sample_properties) ?? {};
  const prompts = samples.map((source, sourceIndex) => ({
    sourceIndex,
    system: system === undefined ? undefined : fillPlaceholders(system, { config, source }),
    user: user === undefined ? undefined : fillPlaceholders(user, { config, source }),
  }));
  const model = text(synth.model_key);
  return { kind: 'llm', index, model: model && fillPlaceholders(model, { config }).text, columns: Object.entries(properties).map(([name, p]) => ({ name, type: text(asRecord(p)?.type) })), prompts };
}

function claimStage(index: number, type: string, synth: Record<string, unknown>, samples: readonly SourceRow[], config: Record<string, unknown>): StageView {
  const roles = Object.entries(asRecord(synth.columns) ?? {}).map(([role, column]) => ({ role, column: placeholderText(column) }));
  const inputs = samples.map((source, sourceIndex) => ({ sourceIndex, values: Object.fromEntries(roles.map(({ role, column }) => [role, placeholderText(source[column])])) }));
  const model = text(synth.model_key);
  return { kind: 'claims', index, type, model: model && fillPlaceholders(model, { config }).text, roles, inputs };
}

function pythonStage(index: number, synth: Record<string, unknown>, readSnippet: GeneratorRunOptions['readSnippet']): StageView {
  const snippet = text(synth.synthesize_snippet) ?? '';
  const looksLikePath = !snippet.includes('\n') && /\.py$/i.test(snippet.trim());
  const included = looksLikePath ? readSnippet?.(snippet.trim()) : undefined;
  if (!looksLikePath || !readSnippet) return { kind: 'python', index, snippet };
  return included === undefined ? { kind: 'python', index, snippet: '', includedFrom: snippet.trim(), includeMissing: true } : { kind: 'python', index, snippet: included, includedFrom: snippet.trim() };
}

export async function runGenerator(definition: unknown, options: GeneratorRunOptions): Promise<GeneratorRun> {
  // An older form's `kind:` / namespaced `key:` are read as `type:` (docs/semantics.md §11.4).
  const value = asRecord(currentGeneratorForm(definition)) ?? {};
  const body = asRecord(value.definition) ?? {};
  const config = resolveConfig(definition, options.datasetConfig);
  const source = await sourceSamples(body.data_source, config.values, options.sourceLimit, options.lookup);
  const expansions = new Map<number, TemplateExpansion>();
  const shown = source.samples.slice(0, options.shownSources);
  const stages = synthesizersOf(body).map((entry, index): StageView => {
    const synth = asRecord(entry) ?? {};
    const type = text(synth.type) ?? '';
    if (type === 'template') {
      const expansion = expandTemplate(text(synth.template) ?? '', synth.fields, source.samples, config.values);
      expansions.set(index, expansion);
      return { kind: 'template', index, total: expansion.total, complete: source.complete, perSource: expansion.perSource, fieldNames: expansion.fields.map((f) => f.name), firstPage: expansion.page(0, options.pageSize) };
    }
    if (type === 'llm') return llmStage(index, synth, body, shown, config.values);
    if (type === 'python') return pythonStage(index, synth, options.readSnippet);
    if (CLAIM_TYPES.has(type)) return claimStage(index, type, synth, shown, config.values);
    return { kind: 'unknown', index, type };
  });
  const view: GeneratorRunView = { key: text(value.key) ?? '', displayName: text(value.display_name), description: text(value.description), config: config.view, source: { ...source, samples: shown }, stages };
  return { view, templatePage: (stage, offset, size) => expansions.get(stage)?.page(offset, size) ?? [] };
}
