/**
 * Column-wise filtering of Parquet column chunks: each chunk of a flat column is decoded page by page into
 * typed arrays (no row objects, no list assembly) and, per filter on that column, into one outcome per row.
 * A dictionary-encoded page costs one §5 evaluation per dictionary entry, then one array lookup per row.
 * The outcomes are exactly those of the filter's `testValue` on the cell the row-wise reader would give.
 */
import { parquetSchema } from 'hyparquet';
import type { FileMetaData } from 'hyparquet';
import { parquetHeader, readPage } from 'hyparquet/src/column.js';
import { DEFAULT_PARSERS, convert } from 'hyparquet/src/convert.js';
import { boundedCompressors } from '../parquet/boundedCompressors';
import { decompressPage, readDataPage, readDataPageV2 } from 'hyparquet/src/datapage.js';
import { readRleBitPackedHybrid } from 'hyparquet/src/encoding.js';
import { getMaxDefinitionLevel, getTreePath, isFlatColumn } from 'hyparquet/src/schema.js';
import type { ColumnChunk, ColumnDecoder, DataPageHeader, DataPageHeaderV2, PageHeader, SchemaTree } from 'hyparquet/src/types.js';
import { FilterOutcome } from '../../filters/filterEvaluator';
import { cellOf } from './parquetCells';

export type ValueTest = (value: unknown) => FilterOutcome;

/** The schema paths of `columns` when every one is a flat (non-nested, non-repeated) column, else undefined. */
export function flatSchemaPaths(metadata: FileMetaData, columns: readonly string[]): Map<string, SchemaTree[]> | undefined {
  const tree = parquetSchema(metadata);
  const paths = new Map<string, SchemaTree[]>();
  for (const column of columns) {
    const path = getTreePath(tree, [column]);
    if (!isFlatColumn(path)) return undefined;
    paths.set(column, path);
  }
  return paths;
}

/** The decoder hyparquet's own reader would build for this chunk. */
export function chunkDecoder(chunk: ColumnChunk, schemaPath: SchemaTree[]): ColumnDecoder {
  const meta = chunk.meta_data;
  if (!meta) throw new Error('parquet column chunk has no metadata');
  // Pages decompress within their declared size and the page bound (docs/security.md).
  return { pathInSchema: meta.path_in_schema, element: schemaPath[schemaPath.length - 1].element, schemaPath, type: meta.type, codec: meta.codec, parsers: DEFAULT_PARSERS, compressors: boundedCompressors() };
}

/** A dictionary-encoded page's indexes, not yet decoded: the bit-width byte at `offset`, then `defined` indexes. */
interface EncodedIndexes {
  page: Uint8Array;
  offset: number;
  defined: number;
}

/**
 * A decoded data page: its rows, definition levels (absent: every value defined) and either its values or, for
 * a dictionary-encoded page, its encoded indexes.
 */
type DecodedPage =
  | { count: number; definitionLevels: ArrayLike<number> | undefined; values: ArrayLike<unknown>; indexes?: undefined }
  | { count: number; definitionLevels: Uint8Array | undefined; indexes: EncodedIndexes };

const isDictionaryEncoding = (encoding: string) => encoding === 'PLAIN_DICTIONARY' || encoding === 'RLE_DICTIONARY';
const bitWidth = (value: number) => 32 - Math.clz32(value);
/** Widths up to which indexes are mapped to outcomes while decoded (a table of 2^width outcomes). */
const MAPPED_WIDTH = 16;

/**
 * Reads `count` values of the RLE / bit-packed hybrid encoding (widths up to 24 bits) from bytes [at, end) into
 * `out` from `outAt`, each through `table` when given; returns the offset after the last run read. Runs beyond
 * `count` values are read but not kept. Bit-packed groups of widths up to 8 are unpacked eight values at a time.
 */
export function readHybrid(bytes: Uint8Array, at: number, end: number, width: number, out: Uint8Array | Int32Array, outAt: number, count: number, table?: Uint8Array): number {
  const mask = (1 << width) - 1;
  const runBytes = (width + 7) >> 3;
  const stop = outAt + count;
  let pos = at;
  let seen = outAt;
  while (seen < stop) {
    if (pos >= end) throw new Error(`parquet levels or indexes end after ${seen - outAt} of ${count} values`);
    let header = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = bytes[pos++];
      header += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80 && shift < 35);
    if (header % 2 === 1) {
      let values = Math.floor(header / 2) * 8;
      if (width <= 8) {
        // Whole groups of eight values in `width` bytes, read as two 32-bit words.
        while (values >= 8 && seen + 8 <= stop && pos + 8 <= end) {
          const lo = (bytes[pos] | (bytes[pos + 1] << 8) | (bytes[pos + 2] << 16) | (bytes[pos + 3] << 24)) >>> 0;
          const hi = (bytes[pos + 4] | (bytes[pos + 5] << 8) | (bytes[pos + 6] << 16) | (bytes[pos + 7] << 24)) >>> 0;
          // Bits 0-31 in lo, 32-63 in hi: values 0-3 from lo, 4-7 from the 64-bit pair shifted by 4·width.
          const w4 = width * 4;
          const mid = w4 === 32 ? hi : ((lo >>> w4) | (hi << (32 - w4))) >>> 0;
          const tbl = table as Uint8Array;
          if (table !== undefined) {
            out[seen] = tbl[lo & mask];
            out[seen + 1] = tbl[(lo >>> width) & mask];
            out[seen + 2] = tbl[(lo >>> (2 * width)) & mask];
            out[seen + 3] = tbl[(lo >>> (3 * width)) & mask];
            out[seen + 4] = tbl[mid & mask];
            out[seen + 5] = tbl[(mid >>> width) & mask];
            out[seen + 6] = tbl[(mid >>> (2 * width)) & mask];
            out[seen + 7] = tbl[(mid >>> (3 * width)) & mask];
          } else {
            out[seen] = lo & mask;
            out[seen + 1] = (lo >>> width) & mask;
            out[seen + 2] = (lo >>> (2 * width)) & mask;
            out[seen + 3] = (lo >>> (3 * width)) & mask;
            out[seen + 4] = mid & mask;
            out[seen + 5] = (mid >>> width) & mask;
            out[seen + 6] = (mid >>> (2 * width)) & mask;
            out[seen + 7] = (mid >>> (3 * width)) & mask;
          }
          seen += 8;
          pos += width;
          values -= 8;
        }
      }
      let buffer = 0;
      let bits = 0;
      while (values > 0) {
        while (bits < width) {
          buffer |= (pos < end ? bytes[pos] : 0) << bits;
          pos++;
          bits += 8;
        }
        if (seen < stop) out[seen++] = table === undefined ? buffer & mask : table[buffer & mask];
        buffer >>>= width;
        bits -= width;
        values--;
      }
    } else {
      let value = 0;
      for (let b = 0; b < runBytes; b++) value |= bytes[pos++] << (b * 8);
      const runEnd = Math.min(stop, seen + Math.floor(header / 2));
      out.fill(table === undefined ? value : table[value], seen, runEnd);
      seen = runEnd;
    }
  }
  return pos;
}

/** Dictionary indexes of a page's values (typed arrays throughout). */
function readIndexes({ page, offset, defined }: EncodedIndexes): Int32Array {
  const indexes = new Int32Array(defined);
  const width = page[offset];
  if (defined === 0 || !width) return indexes;
  if (width <= 24) readHybrid(page, offset + 1, page.byteLength, width, indexes, 0, defined);
  else readRleBitPackedHybrid({ view: new DataView(page.buffer, page.byteOffset, page.byteLength), offset: offset + 1 }, width, indexes, page.byteLength - offset - 1);
  return indexes;
}

/** Definition levels (flat columns: 0 or 1) of `count` values in bytes [at, end). */
function readLevels(page: Uint8Array, at: number, end: number, maxDefinition: number, count: number): Uint8Array {
  const levels = new Uint8Array(count);
  const width = bitWidth(maxDefinition);
  if (width <= 8) readHybrid(page, at, end, width, levels, 0, count);
  else readRleBitPackedHybrid({ view: new DataView(page.buffer, page.byteOffset, page.byteLength), offset: at }, width, levels, end - at);
  return levels;
}

/** A V1 data page of a flat column. */
function decodePageV1(compressed: Uint8Array, header: PageHeader, daph: DataPageHeader, decoder: ColumnDecoder, maxDefinition: number, dictionary: boolean): DecodedPage {
  const count = daph.num_values;
  const page = decompressPage(compressed, Number(header.uncompressed_page_size), decoder.codec, decoder.compressors);
  if (!dictionary || !isDictionaryEncoding(daph.encoding) || decoder.type === 'BOOLEAN') {
    const { definitionLevels, dataPage } = readDataPage(page, daph, decoder);
    return { count, definitionLevels, values: convert(dataPage, decoder) };
  }
  let definitionLevels: Uint8Array | undefined;
  let offset = 0;
  let defined = count;
  if (maxDefinition > 0) {
    if (page.byteLength < 4) throw new Error('parquet data page too short for its definition levels');
    const length = new DataView(page.buffer, page.byteOffset, 4).getUint32(0, true);
    definitionLevels = readLevels(page, 4, Math.min(4 + length, page.byteLength), maxDefinition, count);
    offset = 4 + length;
    for (let i = 0; i < count; i++) if (definitionLevels[i] !== maxDefinition) defined--;
  }
  return { count, definitionLevels: defined === count ? undefined : definitionLevels, indexes: { page, offset, defined } };
}

/** A V2 data page of a flat column. */
function decodePageV2(compressed: Uint8Array, header: PageHeader, daph2: DataPageHeaderV2, decoder: ColumnDecoder, maxDefinition: number, dictionary: boolean): DecodedPage {
  const count = daph2.num_rows;
  if (!dictionary || !isDictionaryEncoding(daph2.encoding)) {
    const { definitionLevels, dataPage } = readDataPageV2(compressed, header, decoder);
    return { count, definitionLevels, values: convert(dataPage, decoder) };
  }
  const levelsEnd = daph2.repetition_levels_byte_length + daph2.definition_levels_byte_length;
  let definitionLevels: Uint8Array | undefined;
  if (maxDefinition > 0 && daph2.num_nulls > 0) {
    definitionLevels = readLevels(compressed, daph2.repetition_levels_byte_length, Math.min(levelsEnd, compressed.byteLength), maxDefinition, daph2.num_values);
  }
  let page = compressed.subarray(levelsEnd);
  if (daph2.is_compressed !== false) page = decompressPage(page, Number(header.uncompressed_page_size) - levelsEnd, decoder.codec, decoder.compressors);
  return { count, definitionLevels, indexes: { page, offset: 0, defined: daph2.num_values - daph2.num_nulls } };
}

/** A dictionary's outcomes over every index of `width` bits (indexes past the dictionary: the missing outcome). */
function widthTable(lookup: Uint8Array, width: number, missingOutcome: number): Uint8Array {
  const table = new Uint8Array(1 << width).fill(missingOutcome);
  table.set(lookup.subarray(0, table.length));
  return table;
}

/** Writes, for rows [at, at + take) of `out`, the outcomes of a dictionary-encoded page. */
function indexedOutcomes(out: Uint8Array, at: number, take: number, definitionLevels: ArrayLike<number> | undefined, maxDefinition: number, indexes: Int32Array, lookup: Uint8Array, nullOutcome: number, missingOutcome: number): void {
  const size = lookup.length;
  if (definitionLevels === undefined || definitionLevels.length === 0) {
    for (let i = 0; i < take; i++) {
      const index = indexes[i];
      out[at + i] = index < size ? lookup[index] : missingOutcome;
    }
    return;
  }
  let v = 0;
  for (let i = 0; i < take; i++) {
    if (definitionLevels[i] !== maxDefinition) out[at + i] = nullOutcome;
    else {
      const index = indexes[v++];
      out[at + i] = index < size ? lookup[index] : missingOutcome;
    }
  }
}

/** Writes, for rows [at, at + take) of `out`, the outcomes of a page's decoded values. */
function valueOutcomes(out: Uint8Array, at: number, take: number, definitionLevels: ArrayLike<number> | undefined, maxDefinition: number, values: ArrayLike<unknown>, test: ValueTest, nullOutcome: number, missingOutcome: number): void {
  const defined = definitionLevels !== undefined && definitionLevels.length > 0 ? definitionLevels : undefined;
  let v = 0;
  for (let i = 0; i < take; i++) {
    if (defined !== undefined && defined[i] !== maxDefinition) out[at + i] = nullOutcome;
    else {
      const value = values[v++];
      out[at + i] = value === undefined ? missingOutcome : test(cellOf(value));
    }
  }
}

/**
 * The outcomes, per test, of the `rows` rows of one flat column chunk (`bytes`: the chunk from its first page).
 * `reuse` holds arrays (one per test, each at least `rows` long) to write them into instead of new ones: every
 * row's outcome is written. Throws on a chunk that is not valid Parquet.
 */
export function columnChunkOutcomes(bytes: Uint8Array, rows: number, decoder: ColumnDecoder, tests: readonly ValueTest[], reuse?: readonly Uint8Array[]): Uint8Array[] {
  const outs = tests.map((_, t) => (reuse !== undefined && reuse[t] !== undefined && reuse[t].length >= rows ? reuse[t].subarray(0, rows) : new Uint8Array(rows)));
  const nullOutcomes = tests.map((test) => test(null));
  const missingOutcomes = tests.map((test) => test(undefined));
  const reader = { view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: 0 };
  const maxDefinition = getMaxDefinitionLevel(decoder.schemaPath);
  let lookups: Uint8Array[] | undefined;
  /** Per test, the lookup widened to each index width met (reset with the dictionary). */
  let tables: Map<number, Uint8Array>[] = [];
  let row = 0;
  while (row < rows) {
    if (reader.offset >= bytes.byteLength - 1) throw new Error(`parquet column ${decoder.pathInSchema.join('.')} ends after ${row} of ${rows} rows`);
    const header = parquetHeader(reader);
    if (header.type === 'DICTIONARY_PAGE') {
      const { data } = readPage(reader, header, decoder, undefined, undefined, 0);
      const dictionary = data ? convert(data, decoder) : [];
      lookups = tests.map((test) => {
        const lookup = new Uint8Array(dictionary.length);
        for (let j = 0; j < dictionary.length; j++) lookup[j] = dictionary[j] === undefined ? test(undefined) : test(cellOf(dictionary[j]));
        return lookup;
      });
      tables = tests.map(() => new Map());
      continue;
    }
    if (reader.offset + header.compressed_page_size > bytes.byteLength) throw new Error(`parquet page of column ${decoder.pathInSchema.join('.')} runs past its column chunk`);
    const compressed = bytes.subarray(reader.offset, reader.offset + header.compressed_page_size);
    reader.offset += header.compressed_page_size;
    let page: DecodedPage;
    if (header.type === 'DATA_PAGE' && header.data_page_header) page = decodePageV1(compressed, header, header.data_page_header, decoder, maxDefinition, lookups !== undefined);
    else if (header.type === 'DATA_PAGE_V2' && header.data_page_header_v2) page = decodePageV2(compressed, header, header.data_page_header_v2, decoder, maxDefinition, lookups !== undefined);
    else if (header.type === 'INDEX_PAGE') continue;
    else throw new Error(`parquet unsupported page type: ${header.type}`);
    const take = Math.min(page.count, rows - row);
    if (page.indexes === undefined) {
      for (let t = 0; t < tests.length; t++) valueOutcomes(outs[t], row, take, page.definitionLevels, maxDefinition, page.values, tests[t], nullOutcomes[t], missingOutcomes[t]);
    } else {
      const { page: data, offset, defined } = page.indexes;
      const width = defined > 0 ? data[offset] : 0;
      if (page.definitionLevels === undefined && width <= MAPPED_WIDTH) {
        // Every row holds a value: each index goes straight to its outcome as it is decoded.
        for (let t = 0; t < tests.length; t++) {
          let table = tables[t].get(width);
          if (!table) tables[t].set(width, (table = widthTable((lookups as Uint8Array[])[t], width, missingOutcomes[t])));
          if (width === 0) outs[t].fill(table[0], row, row + take);
          else readHybrid(data, offset + 1, data.byteLength, width, outs[t], row, Math.min(take, defined), table);
          if (defined < take) outs[t].fill(missingOutcomes[t], row + defined, row + take);
        }
      } else {
        const indexes = readIndexes(page.indexes);
        for (let t = 0; t < tests.length; t++) indexedOutcomes(outs[t], row, take, page.definitionLevels, maxDefinition, indexes, (lookups as Uint8Array[])[t], nullOutcomes[t], missingOutcomes[t]);
      }
    }
    row += page.count;
  }
  return outs;
}
