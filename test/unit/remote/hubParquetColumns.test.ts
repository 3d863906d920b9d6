import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { readRleBitPackedHybrid } from 'hyparquet/src/encoding.js';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { ByteWriter } from 'hyparquet-writer/src/bytewriter.js';
import { writeRleBitPackedHybrid } from 'hyparquet-writer/src/encoding.js';
import { compileFilters } from '../../../src/core/filters/filterEvaluator';
import { countFromParquet } from '../../../src/core/sources/hub/hubParquetCount';
import { cellOf } from '../../../src/core/sources/hub/parquetCells';
import { chunkDecoder, columnChunkOutcomes, flatSchemaPaths, readHybrid } from '../../../src/core/sources/hub/parquetColumnOutcomes';
import { RemoteClient } from '../../../src/core/sources/remote/remoteClient';

/** A small deterministic generator (mulberry32). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEXTS = ['3', ' 3 ', '3.0', '-2.5', '1e1', 'x', 'three', '12', '', 'true', 'TRUE ', 'False', 'b', 'é', '\u{1F600}'];

/** Random rows with nulls, numeric text, booleans and big integers; `unique` strings defeat the dictionary. */
function randomParquet(seed: number, rows: number): ArrayBuffer {
  const random = seeded(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)];
  const maybe = <T>(value: T) => (random() < 0.15 ? null : value);
  const note: (string | null)[] = [];
  const unique: (string | null)[] = [];
  const plain: (string | null)[] = [];
  const score: (number | null)[] = [];
  const level: (number | null)[] = [];
  const flag: (boolean | null)[] = [];
  const big: (bigint | null)[] = [];
  for (let i = 0; i < rows; i++) {
    note.push(maybe(pick(TEXTS)));
    unique.push(maybe(random() < 0.3 ? pick(TEXTS) : `${i} ${random().toString(36)}`));
    plain.push(maybe(pick(TEXTS)));
    score.push(maybe(pick([0, 1, 2.5, 3, -1, 12, Math.round(random() * 100) / 10])));
    level.push(maybe(Math.floor(random() * 6) - 1));
    flag.push(maybe(random() < 0.5));
    big.push(maybe(BigInt(Math.floor(random() * 7) - 3) * (random() < 0.5 ? 1n : 2n ** 60n)));
  }
  return parquetWriteBuffer({
    columnData: [
      { name: 'note', data: note, type: 'STRING', nullable: true },
      { name: 'unique', data: unique, type: 'STRING', nullable: true },
      { name: 'plain', data: plain, type: 'STRING', nullable: true, encoding: 'PLAIN' },
      { name: 'score', data: score, type: 'DOUBLE', nullable: true },
      { name: 'level', data: level, type: 'INT32', nullable: true },
      { name: 'flag', data: flag, type: 'BOOLEAN', nullable: true },
      { name: 'big', data: big, type: 'INT64', nullable: true },
      { name: 'required', data: Array.from({ length: rows }, () => pick(TEXTS)), type: 'STRING', nullable: false },
      { name: 'json', data: Array.from({ length: rows }, () => maybe(pick([{ a: 1 }, [1, 2], '3', 3, true, 'true', { n: [null] }]))), type: 'JSON', nullable: true },
      { name: 'when', data: Array.from({ length: rows }, () => maybe(new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 5))))), type: 'TIMESTAMP', nullable: true },
      // Nullable, but most pages hold no null.
      { name: 'rare', data: Array.from({ length: rows }, () => (random() < 0.002 ? null : pick(TEXTS))), type: 'STRING', nullable: true },
    ],
    rowGroupSize: [Math.floor(rows / 3), Math.floor(rows / 2), rows],
    pageSize: 600,
  });
}

const COLUMNS = ['note', 'unique', 'plain', 'score', 'level', 'flag', 'big', 'required', 'rare', 'json', 'when', 'absent'];
const VALUES: unknown[] = [3, 0, -1, 2.5, 12, 10, '3', ' 3 ', 'x', '', 'b', 'true', true, false, 1152921504606846976, '2026-01-03T00:00:00.000Z', '2026-01-02'];

/** A random filter on a random column: every §5 operator, numeric, text and boolean operands. */
function randomFilter(random: () => number): Record<string, unknown> {
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)];
  const expression = `{{ sample.${pick(COLUMNS)} }}`;
  const op = pick(['equals', 'not_equals', 'in', 'not_in', 'exists', 'not_exists', 'is_true', 'is_false', 'greater_than', 'less_than', 'greater_or_equal', 'less_or_equal']);
  if (op === 'in' || op === 'not_in') return { op, expression, values: [pick(VALUES), pick(VALUES)] };
  if (['exists', 'not_exists', 'is_true', 'is_false'].includes(op)) return { op, expression };
  const value = pick(VALUES);
  return { op, expression, value: op.endsWith('than') || op.endsWith('equal') ? (typeof value === 'boolean' ? 3 : value) : value };
}

/** A client over an in-memory file that answers range requests, counting them. */
function memoryClient(bytes: ArrayBuffer): { client: RemoteClient; ranges: () => number } {
  let ranges = 0;
  const fake = {
    range: async (_url: string, start: number, end: number) => {
      ranges++;
      return bytes.slice(start, end);
    },
    size: async () => bytes.byteLength,
  };
  return { client: fake as unknown as RemoteClient, ranges: () => ranges };
}

async function count(bytes: ArrayBuffer, filters: Record<string, unknown>[], rowWise: boolean, files = 1) {
  const { client, ranges } = memoryClient(bytes);
  const result = await countFromParquet({
    client, files: Array.from({ length: files }, (_, k) => ({ url: `http://files.test/${k}.parquet` })), filters: compileFilters(filters), allColumns: COLUMNS,
    need: 50, what: 'test split', sendsToken: () => false, options: { limit: 50, signal: new AbortController().signal }, progress: () => undefined, label: 'test/split', rowWise,
  });
  return { stats: result.counter.stats, keptRows: result.keptRows, complete: result.complete, ranges: ranges() };
}

const fixture = () => {
  const bytes = readFileSync(join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'parquet', 'duckdbPagesV1.parquet'));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
};

describe('hub Parquet counted column-wise', () => {
  test('the RLE / bit-packed hybrid reader gives what the reference reader gives, for every width', () => {
    const random = seeded(7);
    for (let width = 1; width <= 24; width++) {
      const count = 1 + Math.floor(random() * 300);
      const values = Array.from({ length: count }, () => (random() < 0.5 ? 0 : Math.floor(random() * 2 ** width)));
      // Long runs too, so both run kinds occur.
      for (let i = 0; i + 20 < count; i += 60) values.fill(values[i], i, i + 20);
      const writer = new ByteWriter();
      writeRleBitPackedHybrid(writer, values, width);
      const encoded = new Uint8Array(writer.getBuffer());
      const ours = new Int32Array(count);
      readHybrid(encoded, 0, encoded.byteLength, width, ours, 0, count);
      const reference = new Array<number>(count);
      readRleBitPackedHybrid({ view: new DataView(encoded.buffer, encoded.byteOffset, encoded.byteLength), offset: 0 }, width, reference, encoded.byteLength);
      assert.deepEqual(Array.from(ours), reference, `width ${width}`);
      assert.deepEqual(Array.from(ours), values, `width ${width}`);
      if (width <= 12) {
        // Mapped through a table while decoded, written from an offset.
        const table = Uint8Array.from({ length: 2 ** width }, () => Math.floor(random() * 3));
        const mapped = new Uint8Array(count + 5).fill(9);
        readHybrid(encoded, 0, encoded.byteLength, width, mapped, 5, count, table);
        assert.deepEqual(Array.from(mapped), [9, 9, 9, 9, 9, ...values.map((value) => table[value])], `width ${width}, mapped`);
      }
    }
  });

  test('a truncated run is an error, not a hang', () => {
    assert.throws(() => readHybrid(new Uint8Array([0, 0, 0]), 0, 3, 3, new Int32Array(10), 0, 10), /end after 0 of 10/);
  });

  test('every chunk outcome equals the filter on the value the row reader gives (V2 pages, dictionary and plain)', async () => {
    const bytes = randomParquet(11, 2500);
    const metadata = parquetMetadata(bytes);
    const rows = await parquetReadObjects({ file: bytes, metadata });
    const filters = compileFilters(Array.from({ length: 60 }, (_, k) => randomFilter(seeded(100 + k))).filter((f) => f.expression !== '{{ sample.absent }}'));
    const paths = flatSchemaPaths(metadata, COLUMNS.slice(0, -1));
    assert.ok(paths);
    const encodings = new Set<string>();
    let groupStart = 0;
    for (const group of metadata.row_groups) {
      for (const chunk of group.columns) {
        const meta = chunk.meta_data!;
        meta.encodings.forEach((encoding) => encodings.add(encoding));
        const column = meta.path_in_schema[0];
        const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
        const on = filters.filter((filter) => filter.column === column);
        const outcomes = columnChunkOutcomes(new Uint8Array(bytes, start, Number(meta.total_compressed_size)), Number(group.num_rows), chunkDecoder(chunk, paths.get(column)!), on.map((filter) => filter.testValue!));
        on.forEach((filter, k) => {
          for (let i = 0; i < Number(group.num_rows); i++) {
            assert.equal(outcomes[k][i], filter.testValue!(cellOf(rows[groupStart + i][column])), `${filter.spec.op} on ${column}, row ${groupStart + i}`);
          }
        });
      }
      groupStart += Number(group.num_rows);
    }
    assert.ok(encodings.has('RLE_DICTIONARY') && encodings.has('PLAIN'), [...encodings].join(', '));
    assert.equal(metadata.row_groups.length, 3);
  });

  test('the footers of every file are asked at once, before any is answered', async () => {
    const bytes = randomParquet(11, 400);
    const files = [0, 1, 2].map((k) => ({ url: `http://files.test/${k}.parquet` }));
    const asked = new Set<string>();
    let allAsked: () => void = () => undefined;
    const everyFileAsked = new Promise<boolean>((resolve) => (allAsked = () => resolve(true)));
    let heldUntilAll = 0;
    const fake = {
      size: async (url: string) => {
        asked.add(url);
        if (asked.size === files.length) allAsked();
        // Held until every file is asked (bounded, so reading the footers one by one fails instead of hanging).
        let timer: NodeJS.Timeout | undefined;
        const all = await Promise.race([everyFileAsked, new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 2000)))]);
        clearTimeout(timer);
        if (all) heldUntilAll++;
        return bytes.byteLength;
      },
      range: async (_url: string, start: number, end: number) => bytes.slice(start, end),
    };
    const filters = [{ op: 'greater_than', expression: '{{ sample.score }}', value: 0.5 }];
    const result = await countFromParquet({
      client: fake as unknown as RemoteClient, files, filters: compileFilters(filters), allColumns: COLUMNS,
      need: 50, what: 'test split', sendsToken: () => false, options: { limit: 50, signal: new AbortController().signal }, progress: () => undefined, label: 'test/split',
    });
    assert.equal(heldUntilAll, files.length);
    const one = await count(bytes, filters, false);
    assert.equal(result.counter.stats.total, 3 * one.stats.total);
    assert.equal(result.counter.stats.matched, 3 * one.stats.matched);
    assert.ok(one.stats.matched > 0 && one.stats.matched < one.stats.total);
  });

  test('random filter sets count the same column-wise and row-wise, over several files and row groups', async () => {
    const bytes = randomParquet(5, 1803);
    for (let seed = 1; seed <= 40; seed++) {
      const random = seeded(seed);
      const filters = Array.from({ length: 1 + Math.floor(random() * 4) }, () => randomFilter(random));
      const rowWise = await count(bytes, filters, true, 2);
      const columnWise = await count(bytes, filters, false, 2);
      assert.deepEqual(columnWise.stats, rowWise.stats, JSON.stringify(filters));
      assert.deepEqual(columnWise.keptRows, rowWise.keptRows, JSON.stringify(filters));
      assert.equal(columnWise.stats.total, 2 * 1803);
    }
  });

  test('V1 pages written by another writer (dictionary, plain, booleans, 64-bit integers, nulls) count the same', async () => {
    const bytes = fixture();
    const metadata = parquetMetadata(bytes);
    assert.ok(metadata.row_groups.length >= 3);
    const filters = [
      [{ op: 'equals', expression: '{{ sample.note }}', value: 3 }],
      [{ op: 'is_true', expression: '{{ sample.note }}' }, { op: 'greater_or_equal', expression: '{{ sample.score }}', value: '1.5' }],
      [{ op: 'is_false', expression: '{{ sample.flag }}' }, { op: 'less_than', expression: '{{ sample.label }}', value: 'text 5' }],
      [{ op: 'not_exists', expression: '{{ sample.score }}' }, { op: 'greater_than', expression: '{{ sample.big }}', value: 0 }],
      [{ op: 'in', expression: '{{ sample.note }}', values: ['x', 12] }, { op: 'not_equals', expression: '{{ sample.id }}', value: 7 }],
    ];
    for (const set of filters) {
      const rowWise = await count(bytes, set, true);
      const columnWise = await count(bytes, set, false);
      assert.deepEqual(columnWise.stats, rowWise.stats, JSON.stringify(set));
      assert.deepEqual(columnWise.keptRows, rowWise.keptRows, JSON.stringify(set));
      assert.ok(columnWise.stats.matched > 0 && columnWise.stats.matched < 6000, JSON.stringify(set));
    }
  });

  test('the first page of kept rows is given once, as soon as it is known, before the count ends', async () => {
    const bytes = randomParquet(9, 1803);
    const given: number[][] = [];
    let groupsDone = 0;
    let groupsDoneWhenGiven = -1;
    const result = await countFromParquet({
      client: memoryClient(bytes).client, files: [{ url: 'http://files.test/0.parquet' }], filters: compileFilters([{ op: 'exists', expression: '{{ sample.required }}' }]), allColumns: COLUMNS,
      need: 50, what: 'test split', sendsToken: () => false, options: { limit: 50, signal: new AbortController().signal }, progress: () => groupsDone++, label: 'test/split',
      onKeptRows: (rows) => {
        given.push([...rows]);
        groupsDoneWhenGiven = groupsDone;
      },
    });
    assert.equal(given.length, 1);
    assert.deepEqual(given[0], result.keptRows);
    assert.equal(given[0].length, 50);
    assert.equal(groupsDoneWhenGiven, 0);
    assert.equal(groupsDone, 3);
  });

  test('the column-wise count reads each filtered column chunk once, adjacent ones in one request, and names a broken chunk', async () => {
    const bytes = randomParquet(3, 900);
    const filters = [{ op: 'equals', expression: '{{ sample.note }}', value: 3 }, { op: 'exists', expression: '{{ sample.score }}' }];
    const columnWise = await count(bytes, filters, false);
    // The footer (length, then the footer itself) and 3 row groups × 2 columns.
    assert.equal(columnWise.ranges, 2 + 3 * 2);
    // Adjacent column chunks of a row group come in one request.
    const adjacent = await count(bytes, [{ op: 'equals', expression: '{{ sample.note }}', value: 3 }, { op: 'exists', expression: '{{ sample.unique }}' }], false);
    assert.equal(adjacent.ranges, 2 + 3);
    assert.deepEqual(adjacent.stats, (await count(bytes, [{ op: 'equals', expression: '{{ sample.note }}', value: 3 }, { op: 'exists', expression: '{{ sample.unique }}' }], true)).stats);
    const broken = bytes.slice(0);
    const meta = parquetMetadata(bytes).row_groups[1].columns.find((chunk) => chunk.meta_data?.path_in_schema[0] === 'note')!.meta_data!;
    new Uint8Array(broken).fill(0xff, Number(meta.dictionary_page_offset || meta.data_page_offset), Number(meta.data_page_offset) + 40);
    await assert.rejects(count(broken, filters, false), (error: Error) => error.message.includes('0.parquet'));
  });
});
