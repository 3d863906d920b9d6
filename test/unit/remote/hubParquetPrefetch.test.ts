import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parquetMetadata } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { ByteWriter } from 'hyparquet-writer/src/bytewriter.js';
import { writeRleBitPackedHybrid } from 'hyparquet-writer/src/encoding.js';
import { readRleBitPackedHybrid } from 'hyparquet/src/encoding.js';
import { compileFilters } from '../../../src/core/filters/filterEvaluator';
import { countFromParquet } from '../../../src/core/sources/hub/hubParquetCount';
import { readHybrid } from '../../../src/core/sources/hub/parquetColumnOutcomes';
import { RemoteClient } from '../../../src/core/sources/remote/remoteClient';

const NOTES = ['3', ' 3 ', 'x', '12', '', 'three'];

function splitFile(rows: number, rowGroupSize: number): ArrayBuffer {
  return parquetWriteBuffer({
    columnData: [
      // Text that does not compress much, so the file is large beside its footer.
      { name: 'text', data: Array.from({ length: rows }, (_, i) => Array.from({ length: 20 }, (_, k) => (((i * 31 + k) * 2654435761) >>> 0).toString(36)).join(' ')), type: 'STRING' },
      { name: 'note', data: Array.from({ length: rows }, (_, i) => NOTES[(i * 7) % NOTES.length]), type: 'STRING' },
    ],
    rowGroupSize,
  });
}

describe('hub Parquet count: range requests overlapped', () => {
  test('the footer in one request, then the column chunks of every row group asked before the first is answered', async () => {
    const bytes = splitFile(3000, 300);
    const metadata = parquetMetadata(bytes);
    const footerStart = bytes.byteLength - 8 - new DataView(bytes).getUint32(bytes.byteLength - 8, true);
    assert.ok(bytes.byteLength - footerStart <= bytes.byteLength / 64, 'the footer fits in the first read of the end');
    const groups = metadata.row_groups.length;
    assert.equal(groups, 10);
    let chunkRequests = 0;
    let footerRequests = 0;
    let release: (all: boolean) => void = () => undefined;
    const everyGroupAsked = new Promise<boolean>((resolve) => (release = resolve));
    let answeredBeforeAll = 0;
    let all = false;
    const fake = {
      size: async () => bytes.byteLength,
      range: async (_url: string, start: number, end: number) => {
        if (end > footerStart) footerRequests++;
        else {
          if (++chunkRequests === groups) release(true);
          // Held until every group is asked (bounded, so a client asking one group at a time fails instead of hanging).
          let timer: NodeJS.Timeout | undefined;
          all = await Promise.race([everyGroupAsked, new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 2000)))]);
          clearTimeout(timer);
          if (!all) answeredBeforeAll++;
        }
        return bytes.slice(start, end);
      },
    };
    const result = await countFromParquet({
      client: fake as unknown as RemoteClient, files: [{ url: 'http://files.test/0.parquet' }], filters: compileFilters([{ op: 'equals', expression: '{{ sample.note }}', value: 3 }]),
      allColumns: ['text', 'note'], need: 10, what: 'test split', sendsToken: () => false, options: { limit: 10, signal: new AbortController().signal }, progress: () => undefined, label: 'test/split',
    });
    assert.equal(footerRequests, 1);
    assert.equal(chunkRequests, groups, 'one request per row group');
    assert.equal(answeredBeforeAll, 0);
    assert.equal(result.counter.stats.total, 3000);
    assert.equal(result.counter.stats.matched, 1000);
  });

  test('long bit-packed runs, cut at any count, unpack as the reference reader does, for widths 1 to 12', () => {
    for (let width = 1; width <= 12; width++) {
      const values = Array.from({ length: 4099 }, (_, i) => ((i * 2654435761) >>> 9) % 2 ** width);
      const writer = new ByteWriter();
      writeRleBitPackedHybrid(writer, values, width);
      const encoded = new Uint8Array(writer.getBuffer());
      for (const count of [4099, 4096, 1, 7, 9, 2053]) {
        const ours = new Int32Array(count);
        readHybrid(encoded, 0, encoded.byteLength, width, ours, 0, count);
        const reference = new Array<number>(4099);
        readRleBitPackedHybrid({ view: new DataView(encoded.buffer, encoded.byteOffset, encoded.byteLength), offset: 0 }, width, reference, encoded.byteLength);
        assert.deepEqual(Array.from(ours), reference.slice(0, count), `width ${width}, count ${count}`);
        if (width <= 8) {
          const table = Uint8Array.from({ length: 2 ** width }, (_, v) => (v * 5 + 1) % 3);
          const mapped = new Uint8Array(count + 3).fill(7);
          readHybrid(encoded, 0, encoded.byteLength, width, mapped, 3, count, table);
          assert.deepEqual(Array.from(mapped), [7, 7, 7, ...values.slice(0, count).map((v) => table[v])], `width ${width}, count ${count}, mapped`);
        }
      }
    }
  });
});
