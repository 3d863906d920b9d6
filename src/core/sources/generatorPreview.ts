/**
 * What a dataset with `generator_specification` will produce, shown instead of rows: the generator definition
 * (found in the workspace by `dataset_generator_key` = its `key`), its prompts with the dataset's
 * `dataset_generator_config` values put in for `<< config.x >>`, the sample properties as the columns to expect,
 * and `num_samples`. Pure: the caller finds the definition.
 */
import { asRecord } from '../json/jsonValue';
import { TEMPLATE_REFERENCE } from '../validation/generatorTemplateCheck';
import { currentDatasetForm } from '../json/olderServiceForms';

interface GeneratorPromptView {
  /** 0-based index of the synthesizer. */
  synthesizer: number;
  /** `system_prompt` or `user_prompt_template`. */
  field: string;
  /** The prompt with the config values put in. */
  text: string;
  /** `config.x` references the dataset gives no value for (left as written). */
  unresolved: string[];
}

interface GeneratorColumnView {
  name: string;
  type?: string;
}

interface GeneratorDefinitionView {
  file: string;
  line?: number;
  displayName?: string;
  description?: string;
  type?: string;
  dataSource?: string;
  models: string[];
}

export interface GeneratorPreviewView {
  generatorKey: string;
  numSamples?: number;
  /** The dataset's config values, as text. */
  config: { key: string; value: string }[];
  /** Undefined when no definition with this key is in the workspace. */
  definition?: GeneratorDefinitionView;
  prompts: GeneratorPromptView[];
  columns: GeneratorColumnView[];
  /** Config keys the definition declares that the dataset leaves unset. */
  missingConfig: string[];
}

export interface FoundDefinition {
  file: string;
  /** 1-based line of the definition in its file. */
  line?: number;
  value: unknown;
}

const PROMPT_FIELDS = ['system_prompt', 'user_prompt_template'];
const MAX_TEXT = 100_000;

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The `generator_specification` of a dataset value (or its older `dataset_generation_request`, §11.4), if it has one (and no `source`). */
export function generatorSpecificationOf(dataset: unknown): Record<string, unknown> | undefined {
  const value = asRecord(currentDatasetForm(dataset));
  if (!value || value.source !== undefined) return undefined;
  return asRecord(value.generator_specification);
}

/** Puts the config values in for `<< config.x >>`; references without a value stay as written. */
export function substituteConfig(template: string, config: Readonly<Record<string, unknown>>): { text: string; unresolved: string[] } {
  const unresolved: string[] = [];
  const source = template.length > MAX_TEXT ? template.slice(0, MAX_TEXT) : template;
  const text = source.replace(new RegExp(TEMPLATE_REFERENCE.source, 'g'), (whole: string, key: string) => {
    if (Object.prototype.hasOwnProperty.call(config, key)) return valueText(config[key]);
    if (!unresolved.includes(key)) unresolved.push(key);
    return whole;
  });
  return { text, unresolved };
}

/** The preview of a generator specification, with its definition when one was found. */
export function generatorPreview(specification: Readonly<Record<string, unknown>>, found?: FoundDefinition): GeneratorPreviewView {
  const config = asRecord(specification.dataset_generator_config) ?? {};
  const samples = specification.num_samples;
  const view: GeneratorPreviewView = {
    generatorKey: str(specification.dataset_generator_key) ?? '',
    numSamples: typeof samples === 'number' && Number.isFinite(samples) ? samples : undefined,
    config: Object.entries(config).map(([key, value]) => ({ key, value: valueText(value) })),
    prompts: [],
    columns: [],
    missingConfig: [],
  };
  const definitionValue = asRecord(found?.value);
  if (!found || !definitionValue) return view;
  const body = asRecord(definitionValue.definition) ?? {};
  const synthesizers = Array.isArray(body.synthesizers) ? body.synthesizers : [];
  const models: string[] = [];
  synthesizers.forEach((entry, index) => {
    const synthesizer = asRecord(entry);
    if (!synthesizer) return;
    const model = str(synthesizer.model_key);
    if (model && !models.includes(model)) models.push(model);
    for (const field of PROMPT_FIELDS) {
      const template = str(synthesizer[field]);
      if (template !== undefined) view.prompts.push({ synthesizer: index, field, ...substituteConfig(template, config) });
    }
  });
  const properties = asRecord(body.sample_properties) ?? {};
  view.columns = Object.entries(properties).map(([name, schema]) => ({ name, type: str(asRecord(schema)?.type) }));
  const declared = Array.isArray(definitionValue.config_spec) ? definitionValue.config_spec.map((entry) => str(asRecord(entry)?.key)).filter((k): k is string => k !== undefined) : [];
  view.missingConfig = declared.filter((key) => !Object.prototype.hasOwnProperty.call(config, key));
  view.definition = {
    file: found.file,
    line: found.line,
    displayName: str(definitionValue.display_name),
    description: str(definitionValue.description),
    type: str(body.type),
    dataSource: str(asRecord(body.data_source)?.type),
    models,
  };
  return view;
}
