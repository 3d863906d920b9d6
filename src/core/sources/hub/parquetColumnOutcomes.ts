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
  return { pathInSchema: meta.path_in_schema, element: schemaPath[schemaPath.length - 1].element, schemaPath, type: meta.type, codec: meta.codec, parsers: DEFAULT_PARSERS };
}

/** A decoded data page: definition levels (absent: every value defined) and values or dictionary indexes. */
interface DecodedPage {
  /** Rows of the page. */
  count: number;
  definitionLevels: ArrayLike<number> | undefined;
  /** Dictionary indexes (when `indexes`) or values. */
  values: ArrayLike<unknown>;
  indexes: boolean;
}

const isDictionaryEncoding = (encoding: string) => encoding === 'PLAIN_DICTIONARY' || encoding === 'RLE_DICTIONARY';
const bitWidth = (value: number) => 32 - Math.clz32(value);

/**
 * Reads `count` values of the RLE / bit-packed hybrid encoding (widths up to 24 bits) from bytes [at, end) into
 * `out`; returns the offset after the last run read. Runs beyond `count` values are read but not kept.
 */
export function readHybrid(bytes: Uint8Array, at: number, end: number, width: number, out: Uint8Array | Int32Array, count: number): number {
  const mask = (1 << width) - 1;
  const runBytes = (width + 7) >> 3;
  let pos = at;
  let seen = 0;
  while (seen < count) {
    if (pos >= end) throw new Error(`parquet levels or indexes end after ${seen} of ${count} values`);
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
      let buffer = 0;
      let bits = 0;
      while (values > 0) {
        while (bits < width) {
          buffer |= (pos < end ? bytes[pos] : 0) << bits;
          pos++;
          bits += 8;
        }
        if (seen < count) out[seen++] = buffer & mask;
        buffer >>>= width;
        bits -= width;
        values--;
      }
    } else {
      const run = Math.floor(header / 2);
      let value = 0;
      for (let b = 0; b < runBytes; b++) value |= bytes[pos++] << (b * 8);
      const stop = Math.min(count, seen + run);
      out.fill(value, seen, stop);
      seen = stop;
    }
  }
  return pos;
}

/** Dictionary indexes of a page's values, from the bit-width byte on (typed arrays throughout). */
function readIndexes(page: Uint8Array, offset: number, count: number): Int32Array {
  const indexes = new Int32Array(count);
  const width = page[offset];
  if (count === 0 || !width) return indexes;
  if (width <= 24) readHybrid(page, offset + 1, page.byteLength, width, indexes, count);
  else readRleBitPackedHybrid({ view: new DataView(page.buffer, page.byteOffset, page.byteLength), offset: offset + 1 }, width, indexes, page.byteLength - offset - 1);
  return indexes;
}

/** Definition levels (flat columns: 0 or 1) of `count` values in bytes [at, end). */
function readLevels(page: Uint8Array, at: number, end: number, maxDefinition: number, count: number): Uint8Array {
  const levels = new Uint8Array(count);
  const width = bitWidth(maxDefinition);
  if (width <= 8) readHybrid(page, at, end, width, levels, count);
  else readRleBitPackedHybrid({ view: new DataView(page.buffer, page.byteOffset, page.byteLength), offset: at }, width, levels, end - at);
  return levels;
}

/** A V1 data page of a flat column. */
function decodePageV1(compressed: Uint8Array, header: PageHeader, daph: DataPageHeader, decoder: ColumnDecoder, maxDefinition: number, dictionary: boolean): DecodedPage {
  const count = daph.num_values;
  const page = decompressPage(compressed, Number(header.uncompressed_page_size), decoder.codec, decoder.compressors);
  if (!dictionary || !isDictionaryEncoding(daph.encoding) || decoder.type === 'BOOLEAN') {
    const { definitionLevels, dataPage } = readDataPage(page, daph, decoder);
    return { count, definitionLevels, values: convert(dataPage, decoder), indexes: false };
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
  return { count, definitionLevels, values: readIndexes(page, offset, defined), indexes: true };
}

/** A V2 data page of a flat column. */
function decodePageV2(compressed: Uint8Array, header: PageHeader, daph2: DataPageHeaderV2, decoder: ColumnDecoder, maxDefinition: number, dictionary: boolean): DecodedPage {
  const count = daph2.num_rows;
  if (!dictionary || !isDictionaryEncoding(daph2.encoding)) {
    const { definitionLevels, dataPage } = readDataPageV2(compressed, header, decoder);
    return { count, definitionLevels, values: convert(dataPage, decoder), indexes: false };
  }
  const levelsEnd = daph2.repetition_levels_byte_length + daph2.definition_levels_byte_length;
  let definitionLevels: Uint8Array | undefined;
  if (maxDefinition > 0) {
    definitionLevels = readLevels(compressed, daph2.repetition_levels_byte_length, Math.min(levelsEnd, compressed.byteLength), maxDefinition, daph2.num_values);
  }
  let page = compressed.subarray(levelsEnd);
  if (daph2.is_compressed !== false) page = decompressPage(page, Number(header.uncompressed_page_size) - levelsEnd, decoder.codec, decoder.compressors);
  return { count, definitionLevels, values: readIndexes(page, 0, daph2.num_values - daph2.num_nulls), indexes: true };
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
 * The outcomes, per test, of the `rows` rows of one flat column chunk (the chunk's bytes from its first page).
 * Throws on a chunk that is not valid Parquet.
 */
export function columnChunkOutcomes(bytes: ArrayBuffer, rows: number, decoder: ColumnDecoder, tests: readonly ValueTest[]): Uint8Array[] {
  const outs = tests.map(() => new Uint8Array(rows));
  const nullOutcomes = tests.map((test) => test(null));
  const missingOutcomes = tests.map((test) => test(undefined));
  const reader = { view: new DataView(bytes), offset: 0 };
  const maxDefinition = getMaxDefinitionLevel(decoder.schemaPath);
  let lookups: Uint8Array[] | undefined;
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
      continue;
    }
    const compressed = new Uint8Array(bytes, reader.offset, header.compressed_page_size);
    reader.offset += header.compressed_page_size;
    let page: DecodedPage;
    if (header.type === 'DATA_PAGE' && header.data_page_header) page = decodePageV1(compressed, header, header.data_page_header, decoder, maxDefinition, lookups !== undefined);
    else if (header.type === 'DATA_PAGE_V2' && header.data_page_header_v2) page = decodePageV2(compressed, header, header.data_page_header_v2, decoder, maxDefinition, lookups !== undefined);
    else if (header.type === 'INDEX_PAGE') continue;
    else throw new Error(`parquet unsupported page type: ${header.type}`);
    const take = Math.min(page.count, rows - row);
    for (let t = 0; t < tests.length; t++) {
      if (page.indexes) indexedOutcomes(outs[t], row, take, page.definitionLevels, maxDefinition, page.values as Int32Array, (lookups as Uint8Array[])[t], nullOutcomes[t], missingOutcomes[t]);
      else valueOutcomes(outs[t], row, take, page.definitionLevels, maxDefinition, page.values, tests[t], nullOutcomes[t], missingOutcomes[t]);
    }
    row += page.count;
  }
  return outs;
}
