/**
 * The placeholders of a generator's templates and prompts (docs/semantics.md §11.3): `<< config.KEY >>` (a
 * configuration value), `{{ source.COLUMN }}` (a column of the source sample) and, in a `template` synthesizer,
 * `{NAME}` (a value of the field NAME). One pass: a value put in is never read again as a placeholder.
 */
import { TEMPLATE_REFERENCE } from '../validation/generatorTemplateCheck';

export interface PlaceholderValues {
  config?: Readonly<Record<string, unknown>>;
  source?: Readonly<Record<string, unknown>>;
  /** Field values of a `template` synthesizer; absent elsewhere (`{NAME}` is then plain text). */
  fields?: Readonly<Record<string, unknown>>;
}

export interface FilledText {
  text: string;
  /** Placeholders left as written because nothing gives them a value (`config.x`, `source.y`). */
  unresolved: string[];
}

/** Longer texts are cut here before filling (a prompt is a few kilobytes; a hostile one is not filled forever). */
const MAX_TEXT = 100_000;

const PLACEHOLDER = new RegExp(`${TEMPLATE_REFERENCE.source}|\\{\\{\\s*source\\.([^{}\\s]+)\\s*\\}\\}|\\{([A-Za-z_][A-Za-z0-9_-]*)\\}`, 'g');

const own = (record: Readonly<Record<string, unknown>> | undefined, key: string): boolean =>
  record !== undefined && Object.prototype.hasOwnProperty.call(record, key);

/** A value as the text a template shows: strings as they are, anything else as JSON. */
export function placeholderText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function fillPlaceholders(template: string, values: PlaceholderValues): FilledText {
  const unresolved: string[] = [];
  const note = (name: string) => {
    if (!unresolved.includes(name)) unresolved.push(name);
  };
  const source = template.length > MAX_TEXT ? template.slice(0, MAX_TEXT) : template;
  const text = source.replace(PLACEHOLDER, (whole: string, configKey?: string, column?: string, field?: string) => {
    if (configKey !== undefined) {
      if (own(values.config, configKey)) return placeholderText(values.config?.[configKey]);
      note(`config.${configKey}`);
      return whole;
    }
    if (column !== undefined) {
      if (own(values.source, column)) return placeholderText(values.source?.[column]);
      note(`source.${column}`);
      return whole;
    }
    if (field !== undefined && own(values.fields, field)) return placeholderText(values.fields?.[field]);
    return whole;
  });
  return { text, unresolved };
}
