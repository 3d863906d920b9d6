/**
 * A `template` synthesizer's samples, produced as the service produces them (docs/semantics.md §11.3): for each
 * source sample in order, one sample per combination of the `fields` values, the first field varying slowest
 * (like nested loops over the fields in the order written). Lazy: sample i is computed from i alone, so the first
 * page of a million samples costs what the page costs.
 */
import { asRecord } from '../json/jsonValue';
import { fillPlaceholders, placeholderText } from './generatorPlaceholders';

export interface TemplateField {
  name: string;
  values: readonly unknown[];
}

export interface TemplateSample {
  /** 0-based index of the source sample it was made from. */
  sourceIndex: number;
  /** The value of each field, by name. */
  fields: Record<string, string>;
  /** The template with every placeholder filled. */
  text: string;
  unresolved: string[];
}

/** The `fields` mapping as a list, in the order written; a value that is not a list is one value. */
export function templateFields(fields: unknown): TemplateField[] {
  const record = asRecord(fields) ?? {};
  return Object.entries(record).map(([name, values]) => ({ name, values: Array.isArray(values) ? values : [values] }));
}

/** Combinations per source sample: the product of the list lengths (1 with no fields; 0 when a list is empty). */
export function combinationCount(fields: readonly TemplateField[]): number {
  return fields.reduce((product, field) => product * field.values.length, 1);
}

/** The field values of combination `index` (0-based), the last field varying fastest. */
export function combinationAt(fields: readonly TemplateField[], index: number): Record<string, string> {
  const values: Record<string, string> = {};
  let rest = index;
  for (let k = fields.length - 1; k >= 0; k--) {
    const field = fields[k];
    values[field.name] = placeholderText(field.values[rest % field.values.length]);
    rest = Math.floor(rest / field.values.length);
  }
  // Back in the written order (the loop filled them last first).
  return Object.fromEntries(fields.map((field) => [field.name, values[field.name]]));
}

export interface TemplateExpansion {
  /** Samples over all the source samples given. */
  total: number;
  perSource: number;
  fields: TemplateField[];
  sampleAt(index: number): TemplateSample;
  page(offset: number, size: number): TemplateSample[];
}

export function expandTemplate(template: string, fieldsValue: unknown, sources: readonly Readonly<Record<string, unknown>>[], config: Readonly<Record<string, unknown>>): TemplateExpansion {
  const fields = templateFields(fieldsValue);
  const perSource = combinationCount(fields);
  const total = perSource * sources.length;
  const sampleAt = (index: number): TemplateSample => {
    const sourceIndex = Math.floor(index / perSource);
    const values = combinationAt(fields, index % perSource);
    const filled = fillPlaceholders(template, { config, source: sources[sourceIndex], fields: values });
    return { sourceIndex, fields: values, text: filled.text, unresolved: filled.unresolved };
  };
  const page = (offset: number, size: number): TemplateSample[] => {
    const out: TemplateSample[] = [];
    const start = Math.max(0, Math.floor(offset));
    for (let i = start; i < Math.min(total, start + Math.max(0, Math.floor(size))); i++) out.push(sampleAt(i));
    return out;
  };
  return { total, perSource, fields, sampleAt, page };
}
