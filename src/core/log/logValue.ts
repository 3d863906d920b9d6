/** Narrowing helpers for the untyped JSON value of a task result log. */

export type JsonRecord = Record<string, unknown>;

export { asRecord, isRecord } from '../json/jsonValue';

export function asArray(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function asFiniteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function asInteger(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
  return undefined;
}

/** Sample ids are strings or integers; anything else is shown as its JSON text. */
export function asSampleId(value: unknown, fallback: number): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (value === undefined || value === null) return fallback;
  return JSON.stringify(value);
}

/** A score value as a number: numbers as they are, booleans as 1/0, anything else undefined. */
export function toNumeric(value: unknown): number | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return asFiniteNumber(value);
}

/** A trial "passes" a score when the value is `true` or `1` (docs/semantics.md §8). */
export function isPass(value: unknown): boolean {
  return value === true || value === 1;
}

/** Whether a value is binary: a boolean, or the number 0 or 1. */
export function isBinary(value: unknown): boolean {
  return typeof value === 'boolean' || value === 0 || value === 1;
}

/** Scalar a sample table can show and sort. */
export type ScoreScalar = number | boolean | string | null;

export function toScoreScalar(value: unknown): ScoreScalar {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  return JSON.stringify(value);
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
