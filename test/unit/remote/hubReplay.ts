/**
 * The dataset viewer replayed: `/splits`, `/first-rows`, `/rows`, `/is-valid`, `/filter`, `/parquet` and the
 * Parquet files themselves (range requests), answering like the real API (shapes from the OpenAPI examples of
 * the shared fixtures). `/filter` checks each `where` with the hub's own validation regexes
 * (services/search/src/search/routes/filter.py) and evaluates it with SQL's three-valued logic.
 */
import { readFileSync } from 'node:fs';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { sharedFixture } from '../sharedFixtures';
import { ReplayRoute } from './replayServer';

// The hub's validation, transcribed from filter.py.
const SQL_INVALID_SYMBOLS = /(?:;|--|\/\*|\*\/)/i;
const NUMBER = String.raw`[0-9][0-9\.]*`;
const VARCHAR = `'([^']|'')*'`;
const KEY = `"([^"]|"")+"`;
const COL = `${KEY}(\\.${KEY})*`;
const ARGS = `(${NUMBER}|${VARCHAR}|,| )*`;
const FUNC = `[a-z_]+\\(${ARGS}\\)`;
const TRANSFORMED_COL = `\\(?${COL}\\)?(\\.${FUNC})?`;
const OP = '(=|<|>|!|~|\\*| |(like)|(ilike)|(glob)|(similar to)|(is)|(not)|(LIKE)|(ILIKE)|(GLOB)|(SIMILAR TO)|(IS)|(NOT))+';
const VAL = `(${NUMBER}|${VARCHAR}|(true|false|null|NULL))`;
const COND = '(and|or|AND|OR)';
const EXPR = `\\(?${TRANSFORMED_COL} ?${OP} ?${VAL}\\)?`;
export const HUB_WHERE = new RegExp(`^${EXPR}( ${COND} ${EXPR})*$`);

export function hubAcceptsWhere(where: string): boolean {
  return !SQL_INVALID_SYMBOLS.test(where) && HUB_WHERE.test(where);
}

export const HF_TEST_TOKEN = 'hf_replaytoken_QWxhZGRpbjpvcGVu';

type Row = Record<string, unknown>;

/** The imdb first-rows example's features (text, ClassLabel label) plus three typed columns. */
export function hubFeatures(): { feature_idx: number; name: string; type: unknown }[] {
  const example = JSON.parse(readFileSync(sharedFixture('huggingface-datasets-server', 'first_rows.example.json'), 'utf8')) as { features: { name: string; type: unknown }[] };
  const extra = [
    { name: 'score', type: { dtype: 'float64', _type: 'Value' } },
    { name: 'flag', type: { dtype: 'bool', _type: 'Value' } },
    { name: 'note', type: { dtype: 'string', _type: 'Value' } },
  ];
  return [...example.features, ...extra].map((f, i) => ({ feature_idx: i, name: f.name, type: f.type }));
}

/** `count` seeded rows: long texts, labels 0/1, scores with nulls, flags, notes with numeric text and nulls. */
export function hubRows(count: number): Row[] {
  let seed = 7;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const notes = ['x', 'y', '3', ' 3 ', 'apple', 'Zebra', null];
  return Array.from({ length: count }, (_, i) => ({
    text: `review ${i} `.repeat(20),
    label: next() < 0.4 ? 1 : 0,
    score: next() < 0.1 ? null : Math.round(next() * 1000) / 1000,
    flag: next() < 0.5,
    note: notes[Math.floor(next() * notes.length)],
  }));
}

export function hubParquet(rows: Row[], rowGroupSize: number): Buffer {
  const column = (name: string) => rows.map((row) => row[name]);
  const buffer = parquetWriteBuffer({
    columnData: [
      { name: 'text', data: column('text') as string[], type: 'STRING' },
      { name: 'label', data: column('label') as number[], type: 'INT32' },
      { name: 'score', data: column('score') as (number | null)[], type: 'DOUBLE', nullable: true },
      { name: 'flag', data: column('flag') as boolean[], type: 'BOOLEAN' },
      { name: 'note', data: column('note') as (string | null)[], type: 'STRING', nullable: true },
    ],
    rowGroupSize,
  });
  return Buffer.from(buffer);
}

// A small evaluator of the conditions the hub runs in DuckDB: three-valued logic, NULL never compares.
type Token = { kind: 'name' | 'text' | 'number' | 'word' | 'op' | 'open' | 'close'; value: string };

function tokenize(where: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:"((?:[^"]|"")+)"|'((?:[^']|'')*)'|([0-9][0-9.]*)|(AND|OR|IS|NOT|NULL|TRUE|FALSE)\b|(!=|<>|<=|>=|=|<|>)|(\()|(\)))/giy;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < where.length && (match = pattern.exec(where))) {
    if (match[1] !== undefined) tokens.push({ kind: 'name', value: match[1].replace(/""/g, '"') });
    else if (match[2] !== undefined) tokens.push({ kind: 'text', value: match[2].replace(/''/g, "'") });
    else if (match[3] !== undefined) tokens.push({ kind: 'number', value: match[3] });
    else if (match[4] !== undefined) tokens.push({ kind: 'word', value: match[4].toUpperCase() });
    else if (match[5] !== undefined) tokens.push({ kind: 'op', value: match[5] });
    else tokens.push({ kind: match[6] ? 'open' : 'close', value: match[0].trim() });
  }
  if (pattern.lastIndex < where.trimEnd().length) throw new Error(`replay cannot read the where at ${pattern.lastIndex}: ${where}`);
  return tokens;
}

type Truth = boolean | null;

function compareSql(value: unknown, op: string, literal: Token): Truth {
  if (value === null || value === undefined) return null;
  let sign: number;
  if (literal.kind === 'number') {
    if (typeof value !== 'number') throw new Error(`replay: number literal against ${typeof value}`);
    const x = Number(literal.value);
    sign = value === x ? 0 : value < x || Number.isNaN(x) ? -1 : 1;
  } else if (literal.kind === 'text') {
    if (typeof value !== 'string') throw new Error(`replay: text literal against ${typeof value}`);
    sign = Buffer.compare(Buffer.from(value), Buffer.from(literal.value));
  } else if (literal.value === 'TRUE' || literal.value === 'FALSE') {
    if (typeof value !== 'boolean') throw new Error(`replay: boolean literal against ${typeof value}`);
    sign = Number(value) - Number(literal.value === 'TRUE');
  } else throw new Error(`replay: unexpected literal ${literal.value}`);
  switch (op) {
    case '=': return sign === 0;
    case '!=': case '<>': return sign !== 0;
    case '<': return sign < 0;
    case '>': return sign > 0;
    case '<=': return sign <= 0;
    default: return sign >= 0;
  }
}

const tokenCache = new Map<string, Token[]>();

export function evaluateWhere(where: string, row: Row): boolean {
  let tokens = tokenCache.get(where);
  if (!tokens) tokenCache.set(where, (tokens = tokenize(where)));
  let at = 0;
  const peek = () => tokens[at];
  const take = () => tokens[at++];
  const or = (): Truth => {
    let result = and();
    while (peek()?.value === 'OR') {
      take();
      const right = and();
      result = result === true || right === true ? true : result === null || right === null ? null : false;
    }
    return result;
  };
  const and = (): Truth => {
    let result = factor();
    while (peek()?.value === 'AND') {
      take();
      const right = factor();
      result = result === false || right === false ? false : result === null || right === null ? null : true;
    }
    return result;
  };
  const factor = (): Truth => {
    if (peek()?.kind === 'open') {
      take();
      const inner = or();
      if (take()?.kind !== 'close') throw new Error('replay: missing )');
      return inner;
    }
    const name = take();
    if (name?.kind !== 'name') throw new Error(`replay: expected a column in ${where}`);
    const value = row[name.value];
    if (peek()?.value === 'IS') {
      take();
      const negated = peek()?.value === 'NOT' ? (take(), true) : false;
      if (take()?.value !== 'NULL') throw new Error('replay: IS without NULL');
      const isNull = value === null || value === undefined;
      return negated ? !isNull : isNull;
    }
    const op = take();
    if (op?.kind !== 'op') throw new Error(`replay: expected an operator in ${where}`);
    return compareSql(value, op.value, take());
  };
  const result = or();
  if (at !== tokens.length) throw new Error(`replay: trailing text in ${where}`);
  return result === true;
}

export interface HubReplayOptions {
  rows: Row[];
  parquet: Buffer;
  filterAvailable?: boolean;
  partial?: boolean;
  /** Called on every Parquet range request (to cancel mid-count). */
  onFileRequest?: () => void;
  /** Every `where` received. */
  wheres?: string[];
  /** `/filter` answers 500 (the index is not ready). */
  filterNotReady?: boolean;
  /** The dataset the hub holds (default `owner/reviews`). */
  dataset?: string;
  /** Its splits, all of config `plain_text` (default train and test). */
  splits?: string[];
  /** The features its rows have (default hubFeatures()). */
  features?: { feature_idx: number; name: string; type: unknown }[];
}

/** Features of string columns, as the hub describes them. */
export function hubTextFeatures(names: string[]): { feature_idx: number; name: string; type: unknown }[] {
  return names.map((name, i) => ({ feature_idx: i, name, type: { dtype: 'string', _type: 'Value' } }));
}

/** A Parquet file of string columns `names`, taken from `rows`. */
export function hubTextParquet(rows: Row[], names: string[], rowGroupSize: number): Buffer {
  const columnData = names.map((name) => ({ name, data: rows.map((row) => row[name]) as (string | null)[], type: 'STRING' as const, nullable: true }));
  return Buffer.from(parquetWriteBuffer({ columnData, rowGroupSize }));
}

export function hubRoute(options: HubReplayOptions, baseUrl: () => string): ReplayRoute {
  const features = options.features ?? hubFeatures();
  const held = options.dataset ?? 'owner/reviews';
  const heldSplits = options.splits ?? ['train', 'test'];
  const duorcSplits = JSON.parse(readFileSync(sharedFixture('huggingface-datasets-server', 'splits.example.json'), 'utf8')) as unknown;
  const page = (rows: { row: Row; index: number }[], offset: number, length: number, total: number) => ({
    features,
    rows: rows.slice(offset, offset + length).map(({ row, index }) => ({ row_idx: index, row, truncated_cells: [] })),
    num_rows_total: total,
    num_rows_per_page: 100,
    partial: options.partial === true,
  });
  const all = options.rows.map((row, index) => ({ row, index }));
  return (request) => {
    const q = request.query;
    if (request.path.startsWith('/files/')) {
      options.onFileRequest?.();
      return { body: options.parquet };
    }
    if (request.headers.authorization !== `Bearer ${HF_TEST_TOKEN}`) return { status: 401, headers: { 'x-error-code': 'ExternalUnauthenticatedError' }, body: { error: 'The dataset does not exist, or is not accessible without authentication (private or gated).' } };
    const dataset = q.get('dataset');
    if (dataset === 'ibm/duorc' && request.path === '/splits') return { body: duorcSplits };
    if (dataset !== held) return { status: 404, body: { error: 'The dataset does not exist on the Hub.' } };
    if (request.path === '/splits') return { body: { splits: heldSplits.map((split) => ({ dataset, config: 'plain_text', split })), pending: [], failed: [] } };
    if (request.path === '/is-valid') return { body: { preview: true, viewer: true, search: true, filter: options.filterAvailable !== false, statistics: true } };
    if (request.path === '/parquet') {
      const file = (split: string) => ({ dataset, config: 'plain_text', split, url: `${baseUrl()}/files/plain_text/${split}/0000.parquet`, filename: '0000.parquet', size: options.parquet.length });
      return { body: { parquet_files: [...heldSplits].sort().map(file), pending: [], failed: [], partial: options.partial === true } };
    }
    if (q.get('config') !== 'plain_text' || !heldSplits.includes(q.get('split') ?? '')) return { status: 404, body: { error: 'Not found.' } };
    const offset = Number(q.get('offset') ?? 0);
    const length = Number(q.get('length') ?? 100);
    if (!(length >= 0 && length <= 100) || offset < 0) return { status: 422, body: { error: "Parameter 'length' must be between 0 and 100" } };
    if (request.path === '/first-rows') return { body: { dataset, config: 'plain_text', split: q.get('split'), ...page(all, 0, 100, all.length), truncated: false } };
    if (request.path === '/rows') return { body: page(all, offset, length, all.length) };
    if (request.path === '/filter') {
      if (options.filterNotReady) return { status: 500, headers: { 'x-error-code': 'ResponseNotReady' }, body: { error: 'The server is busier than usual and the response is not ready yet. Please retry later.' } };
      const where = q.get('where') ?? '';
      options.wheres?.push(where);
      if (!hubAcceptsWhere(where)) return { status: 422, headers: { 'x-error-code': 'InvalidParameter' }, body: { error: "Parameter 'where' contains errors or invalid symbols" } };
      const kept = all.filter(({ row }) => evaluateWhere(where, row));
      return { body: page(kept, offset, length, kept.length) };
    }
    return { status: 404, body: { error: 'Not found.' } };
  };
}
