/** Parquet files whose footer lies, and pages that expand past what they declare (docs/security.md). */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { parquetMetadata } from 'hyparquet';
import type { FileMetaData } from 'hyparquet';
import { ByteWriter, parquetWriteBuffer } from 'hyparquet-writer';
import { writeMetadata } from 'hyparquet-writer/src/metadata.js';
import { preview } from '../../../src/core/sources/preview';
import { boundedCompressors } from '../../../src/core/sources/parquet/boundedCompressors';
import { HF_TEST_TOKEN, hubParquet, hubRoute, hubRows } from '../remote/hubReplay';
import { ReplayServer, startReplay } from '../remote/replayServer';
import { tempDir, write } from './hostileCases';

/** The file with its footer rewritten after `mutate`. */
function rewriteFooter(file: Buffer, mutate: (metadata: FileMetaData) => void): Buffer {
  const metadata = parquetMetadata(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer);
  mutate(metadata);
  const footerLength = file.readUInt32LE(file.length - 8);
  const writer = new ByteWriter();
  writeMetadata(writer, metadata);
  const footer = Buffer.from(writer.getBuffer());
  const tail = Buffer.alloc(8);
  tail.writeUInt32LE(footer.length, 0);
  tail.write('PAR1', 4, 'latin1');
  return Buffer.concat([file.subarray(0, file.length - 8 - footerLength), footer, tail]);
}

const LIES: [string, (m: FileMetaData) => void, RegExp][] = [
  ['a negative row count', (m) => { m.num_rows = -1000n; }, /holds -1000 rows, which is not a row count/],
  ['10^18 rows', (m) => { m.num_rows = 10n ** 18n; m.row_groups[0].num_rows = 10n ** 18n - BigInt(m.row_groups.slice(1).reduce((s, g) => s + Number(g.num_rows), 0)); }, /row group 1 holds 1000000000000000000 rows|not a row count/],
  ['rows that do not add up', (m) => { m.num_rows += 5n; }, /but its row groups add up to/],
  ['a page offset of 2^62', (m) => { const meta = m.row_groups[0].columns[0].meta_data; if (meta) meta.data_page_offset = 2n ** 62n; }, /column .* of row group 1 lies outside the file/],
];

describe('a Parquet footer that lies', () => {
  let dir: string;
  before(() => {
    dir = tempDir('parquet');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('a transcript database part: the file is reported damaged with the reason', async () => {
    const good = Buffer.from(parquetWriteBuffer({ columnData: [{ name: 'transcript_id', data: ['a', 'b', 'c'], type: 'STRING' }], rowGroupSize: 2 }));
    for (const [what, mutate, reason] of LIES) {
      const db = path.join(dir, what.replace(/\W+/g, '-'));
      write(db, 'transcripts_001.parquet', rewriteFooter(good, mutate));
      await assert.rejects(preview({ source: { type: 'eval_logs', path: db } }, { limit: 10 }), (error: Error) => {
        assert.match(error.message, /transcripts_001\.parquet is damaged: its footer says/, what);
        assert.match(error.message, reason, what);
        return true;
      });
    }
  });

  test('the hub: a split whose Parquet file lies is damaged, never counted or exported as rows of nulls', { timeout: 30_000 }, async () => {
    const rows = hubRows(40);
    for (const [what, mutate, reason] of LIES) {
      let url = '';
      const server: ReplayServer = await startReplay(hubRoute({ rows, parquet: rewriteFooter(hubParquet(rows, 10), mutate) }, () => url));
      url = server.url;
      try {
        const spec = { source: { type: 'dataset_hub', path: 'owner/reviews', split: 'train', filters: [{ op: 'equals', expression: '{{ sample.note }}', value: 3 }] } };
        await assert.rejects(preview(spec, { limit: 10, env: { HF_TOKEN: HF_TEST_TOKEN, EVAL_LENS_HUB_URL: url } }), (error: Error) => {
          assert.match(error.message, /is damaged: its footer says/, `${what}: ${error.message}`);
          assert.match(error.message, reason, what);
          return true;
        });
      } finally {
        await server.close();
      }
    }
  });
});

describe('pages that expand past what they declare', () => {
  const compressors = boundedCompressors(64 * 1024 * 1024);

  test('GZIP and Brotli stop at the declared size', () => {
    const big = Buffer.alloc(16 * 1024 * 1024);
    const gzip = zlib.gzipSync(big);
    const brotli = zlib.brotliCompressSync(big, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });
    assert.throws(() => compressors.GZIP?.(gzip, 100), /a page expands past the 100 bytes it declares/);
    assert.throws(() => compressors.BROTLI?.(brotli, 100), /a page expands past the 100 bytes it declares/);
    assert.equal(compressors.GZIP?.(zlib.gzipSync(Buffer.from('hello')), 5).length, 5);
  });

  test('a page declaring more than the bound is refused before it is decoded', () => {
    for (const codec of ['ZSTD', 'SNAPPY', 'GZIP', 'BROTLI'] as const) {
      assert.throws(() => compressors[codec]?.(new Uint8Array(10), 2 * 1024 * 1024 * 1024), /a page declares 2048\.0 MB uncompressed, above the 64 MB limit/, codec);
    }
  });
});
