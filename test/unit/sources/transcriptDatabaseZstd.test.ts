import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { setZstdWasmEnabled, startZstdWasm, zstdWasmReady } from '../../../src/core/archive/zstdWasm';
import { preview } from '../../../src/core/sources/preview';
import { rawZstdFrame } from '../archive/zipTestWriter';

let root: string;
before(async () => {
  root = mkdtempSync(join(tmpdir(), 'eval-lens-transcripts-zstd-'));
  await startZstdWasm();
});
after(() => {
  setZstdWasmEnabled(true);
  rmSync(root, { recursive: true, force: true });
});

const hasZstd = spawnSync('sh', ['-c', 'command -v zstd']).status === 0;

/** A real frame from the `zstd` command (declaring its size), or a hand-built frame of raw blocks without it. */
function zstdCompress(bytes: Uint8Array): Uint8Array {
  if (hasZstd) return spawnSync('zstd', ['-q', '-3', '-c', `--stream-size=${bytes.length}`], { input: bytes }).stdout;
  return rawZstdFrame(Buffer.from(bytes));
}

/** A frame header declaring a terabyte, then one raw block: what a hostile page could hold. */
function terabyteFrame(): Uint8Array {
  const frame = Buffer.alloc(17);
  frame.writeUInt32LE(0xfd2fb528, 0);
  frame[4] = 0xc0;
  frame[5] = 10 << 3;
  frame.writeBigUInt64LE(2n ** 40n, 6);
  frame.writeUIntLE(1, 14, 3);
  return frame;
}

function writeDatabase(name: string, compress: (bytes: Uint8Array) => Uint8Array): string {
  const dir = join(root, name);
  mkdirSync(dir);
  const ids = Array.from({ length: 40 }, (_, i) => `t-${i + 1}`);
  const bytes = parquetWriteBuffer({
    codec: 'ZSTD',
    compressors: { ZSTD: compress },
    columnData: [
      { name: 'transcript_id', data: ids, type: 'STRING' },
      { name: 'total_tokens', data: ids.map((_, i) => 10 * i), type: 'INT32' },
      { name: 'messages', data: ids.map((id) => JSON.stringify([{ role: 'user', content: `question of ${id} ${'word '.repeat(50)}` }])), type: 'STRING' },
    ],
  });
  writeFileSync(join(dir, 'transcripts_001.parquet'), Buffer.from(bytes));
  return dir;
}

async function outcome(path: string): Promise<string> {
  try {
    const result = await preview({ key: 'k', source: { type: 'eval_logs', path } }, { limit: 50 });
    return JSON.stringify({ total: result.total, rows: result.rows.map((r) => r.values), warnings: result.warnings });
  } catch (error) {
    return `error: ${error instanceof Error ? error.message : String(error)}`;
  }
}

describe('transcript database with ZSTD pages', () => {
  test('pages decode to the same rows with the WebAssembly decoder and with fzstd', async () => {
    const dir = writeDatabase('good', zstdCompress);
    assert.ok(zstdWasmReady());
    const withWasm = await outcome(dir);
    setZstdWasmEnabled(false);
    const withFzstd = await outcome(dir);
    setZstdWasmEnabled(true);
    assert.equal(withWasm, withFzstd);
    const parsed = JSON.parse(withWasm) as { total: number; rows: Record<string, unknown>[]; warnings: unknown[] };
    assert.equal(parsed.total, 40);
    assert.deepEqual(parsed.warnings, []);
    assert.equal(parsed.rows[39].sample_id, 't-40');
    assert.equal(parsed.rows[39].total_tokens, 390);
  });

  test('a page whose frame declares a terabyte stops with the same clear error either way, nothing allocated', async () => {
    const dir = writeDatabase('hostile', terabyteFrame);
    const withWasm = await outcome(dir);
    setZstdWasmEnabled(false);
    const withFzstd = await outcome(dir);
    setZstdWasmEnabled(true);
    assert.equal(withWasm, withFzstd);
    assert.match(withWasm, /^error: .*transcripts_001\.parquet.*declares more bytes/);
  });
});
