/**
 * Checks of the fields the five other sources select records with (docs/semantics.md §9.1): `from_time` / `to_time` must
 * parse as ISO 8601 (a date alone is midnight UTC, a time without a zone is UTC), `limit` is at least 1, and the
 * sources that take no `filters` say so in plain words instead of the schema's "unknown property".
 */
import { isRecord } from '../json/jsonValue';
import { sourceAuthoringStrings as S } from '../l10n/authoringStrings';
import type { JsonPath } from '../yaml/specDocument';
import datasetSourceSchema from '../../../schemas/dataset-source.schema.json';

/** Every spelling of the `type` of each source variant of a source schema whose properties leave out `filters`. */
function typesWithoutFilters(schema: unknown): string[] {
  const variants = isRecord(schema) && isRecord(schema.$defs) ? Object.values(schema.$defs) : [];
  const types: string[] = [];
  for (const variant of variants) {
    const properties = isRecord(variant) && isRecord(variant.properties) ? variant.properties : undefined;
    const typeSchema = properties && isRecord(properties.type) ? properties.type : undefined;
    const spellings = typeSchema ? (Array.isArray(typeSchema.enum) ? typeSchema.enum : [typeSchema.const]) : [];
    if (properties && !('filters' in properties) && !(isRecord(variant) && 'oneOf' in variant)) types.push(...spellings.filter((type): type is string => typeof type === 'string'));
  }
  return types;
}

/** Sources whose own fields select records: the schema rejects `filters` in them (docs/semantics.md §9.1). */
export const SELECTING_SOURCE_TYPES: readonly string[] = typesWithoutFilters(datasetSourceSchema);

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Milliseconds since the epoch of an ISO 8601 time by the §9.1 rules; undefined when it does not parse. */
export function parseSourceTime(value: string): number | undefined {
  const m = ISO_TIME.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return undefined;
  const fraction = m[7] ? Number(`0.${m[7]}`) * 1000 : 0;
  let ms = Date.UTC(year, month - 1, day, hour, minute, second) + fraction;
  const zone = m[8];
  if (zone && zone.toUpperCase() !== 'Z') {
    const digits = zone.replace(':', '');
    const sign = digits[0] === '-' ? -1 : 1;
    const zh = Number(digits.slice(1, 3));
    const zm = Number(digits.slice(3, 5));
    if (zh > 23 || zm > 59) return undefined;
    ms -= sign * (zh * 60 + zm) * 60_000;
  }
  return ms;
}

interface SourceSelectionProblem {
  severity: 'error' | 'warning';
  message: string;
  path: JsonPath;
  code: string;
}

const SOURCE_SELECTION_CODES = { badTime: 'source-time', emptyRange: 'source-empty-range', limit: 'source-limit', noFilters: 'source-no-filters' } as const;

function isSelecting(type: unknown): boolean {
  return typeof type === 'string' && SELECTING_SOURCE_TYPES.includes(type);
}

/** Problems of a dataset's `source` selection fields (for datasets whose `source` is one of the selecting types). */
export function checkSourceSelection(dataset: unknown): SourceSelectionProblem[] {
  if (!isRecord(dataset) || !isRecord(dataset.source) || !isSelecting(dataset.source.type)) return [];
  const source = dataset.source;
  const out: SourceSelectionProblem[] = [];
  const times: Record<string, number | undefined> = {};
  for (const field of ['from_time', 'to_time']) {
    const value = source[field];
    if (typeof value !== 'string') continue;
    times[field] = parseSourceTime(value);
    if (times[field] === undefined) out.push({ severity: 'error', message: S.badTime(field, value), path: ['source', field], code: SOURCE_SELECTION_CODES.badTime });
  }
  const from = times.from_time;
  const to = times.to_time;
  if (from !== undefined && to !== undefined && from >= to) {
    out.push({ severity: 'warning', message: S.emptyRange(String(source.from_time), String(source.to_time)), path: ['source', 'to_time'], code: SOURCE_SELECTION_CODES.emptyRange });
  }
  if (typeof source.limit === 'number' && source.limit < 1) {
    out.push({ severity: 'error', message: S.limitTooSmall(source.limit), path: ['source', 'limit'], code: SOURCE_SELECTION_CODES.limit });
  }
  return out;
}

/** The plain-words message for a schema error on `filters` in a selecting source, or undefined. */
function noFiltersMessage(dataset: unknown, path: JsonPath): string | undefined {
  if (path.length !== 2 || path[0] !== 'source' || path[1] !== 'filters') return undefined;
  if (!isRecord(dataset) || !isRecord(dataset.source) || !isSelecting(dataset.source.type)) return undefined;
  return S.noFilters(String(dataset.source.type));
}

/** The schema's "unknown property `filters`" in a selecting source, said in plain words (in place). */
export function explainSourceSchemaProblems(diagnostics: { path: JsonPath; code?: string; message: string }[], dataset: unknown): void {
  for (const d of diagnostics) {
    if (d.code !== 'unknown-property') continue;
    const message = noFiltersMessage(dataset, d.path);
    if (message) {
      d.message = message;
      d.code = SOURCE_SELECTION_CODES.noFilters;
    }
  }
}
