import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decompress } from 'fzstd';
import { ZipEntryError, crc32, readEntryData } from '../../../src/core/archive/zipEntryData';
import { openZip } from '../../../src/core/archive/zipReader';
import { decodeZstdFrames } from '../../../src/core/archive/zstdFrames';
import { decodeFrameWasm, setZstdWasmEnabled, startZstdWasm, zstdWasmReady } from '../../../src/core/archive/zstdWasm';
import { sourceStrings } from '../../../src/core/l10n/sourceStrings';
import { REAL_ZSTD_FRAMES, TestEntry, buildZip, rawZstdFrame } from './zipTestWriter';

/** The global `fetch` as it was before the decoder started (it is hidden while zstddec chooses how to load). */
const fetchBefore = Object.getOwnPropertyDescriptor(globalThis, 'fetch');

let dir: string;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'eval-lens-zstdwasm-'));
  await startZstdWasm();
});
after(() => {
  setZstdWasmEnabled(true);
  rmSync(dir, { recursive: true, force: true });
});

const text = Buffer.from(Array.from({ length: 4000 }, (_, i) => `row ${i} ${'abc'.repeat(i % 30)}\n`).join(''));

/** The two real frames of REAL_ZSTD_FRAMES, split at the second frame's magic number. */
function realFrames(): [Buffer, Buffer] {
  const bytes = REAL_ZSTD_FRAMES.bytes;
  const second = bytes.indexOf(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]), 4);
  return [bytes.subarray(0, second), bytes.subarray(second)];
}

/** A real frame of `text` made by the `zstd` command (which writes the content size for a file input), if present. */
function commandFrame(): Buffer | undefined {
  if (spawnSync('sh', ['-c', 'command -v zstd']).status !== 0) return undefined;
  const file = join(dir, 'text.txt');
  writeFileSync(file, text);
  const made = spawnSync('zstd', ['-q', '-f', '-19', file, '-o', `${file}.zst`]);
  return made.status === 0 ? readFileSync(`${file}.zst`) : undefined;
}

/** A frame header (8-byte content size, a 1 MB window) declaring `size` bytes, then one raw last block of `body`. */
function declaringFrame(size: bigint, body: Buffer): Buffer {
  const header = Buffer.alloc(14);
  header.writeUInt32LE(0xfd2fb528, 0);
  header[4] = 0xc0;
  header[5] = 10 << 3;
  header.writeBigUInt64LE(size, 6);
  const block = Buffer.alloc(3);
  block.writeUIntLE(1 | (body.length << 3), 0, 3);
  return Buffer.concat([header, block, body]);
}

/** Each entry's outcome: `ok` and the decoded bytes' CRC-32, or the error's message. */
async function entryMessages(file: string): Promise<Map<string, string>> {
  const archive = await openZip(file);
  const messages = new Map<string, string>();
  try {
    for (const entry of archive.entries) {
      try {
        messages.set(entry.name, `ok ${crc32(await readEntryData(archive, entry, 1 << 20))}`);
      } catch (error) {
        assert.ok(error instanceof ZipEntryError, String(error));
        assert.ok(error.message.includes(entry.name) && error.message.includes(file), error.message);
        messages.set(entry.name, error.message);
      }
    }
  } finally {
    await archive.close();
  }
  return messages;
}

describe('zstd WebAssembly decoder', () => {
  test('starts once and decodes real frames with their declared size, to the bytes fzstd gives', async () => {
    assert.ok(zstdWasmReady());
    assert.equal(startZstdWasm(), startZstdWasm(), 'one start per thread');
    assert.deepEqual(Object.getOwnPropertyDescriptor(globalThis, 'fetch'), fetchBefore, 'fetch put back as it was');
    assert.equal(typeof fetch, 'function');
    assert.equal(await (await fetch('data:text/plain,still%20works')).text(), 'still works');
    const [first, second] = realFrames();
    const expected = Buffer.from(decompress(REAL_ZSTD_FRAMES.bytes));
    const a = decodeFrameWasm(first, 400);
    const b = decodeFrameWasm(second, expected.length - 400);
    assert.ok(a && b);
    assert.ok(Buffer.concat([a, b]).equals(expected));
    assert.equal(crc32(Buffer.concat([a, b])), REAL_ZSTD_FRAMES.crc);
    const made = commandFrame();
    if (made) {
      const decoded = decodeFrameWasm(made, text.length);
      assert.ok(decoded && Buffer.from(decoded).equals(text));
      assert.ok(Buffer.from(decodeZstdFrames(made, text.length)).equals(text));
      const streamed = spawnSync('zstd', ['-q', '-c'], { input: text }).stdout;
      assert.equal(streamed[4] >> 6, 0, 'a frame written from a stream declares no size');
      const fromStream = decodeFrameWasm(streamed, text.length, false);
      assert.ok(fromStream && Buffer.from(fromStream).equals(text));
    }
  });

  test('turns down what it must not take, without allocating, and still decodes afterwards', () => {
    const [first] = realFrames();
    assert.equal(decodeFrameWasm(first, 0), undefined, 'no declared size: never sized by the decoder itself');
    assert.equal(decodeFrameWasm(first, 2 ** 40), undefined, 'a terabyte');
    assert.equal(decodeFrameWasm(first, 2 ** 60), undefined, 'beyond safe integers');
    assert.equal(decodeFrameWasm(first, 399), undefined, 'declared size smaller than the frame holds');
    assert.equal(decodeFrameWasm(first, 401), undefined, 'declared size larger than the frame holds');
    assert.equal(decodeFrameWasm(first.subarray(0, first.length - 5), 400), undefined, 'truncated');
    assert.equal(decodeFrameWasm(Buffer.from('garbage, not a zstd frame at all'), 100), undefined, 'garbage');
    assert.equal(decodeFrameWasm(declaringFrame(1000n, Buffer.from('short')), 1000), undefined, 'raw block shorter than declared');
    assert.ok(Buffer.from(decodeFrameWasm(first, 400) ?? []).equals(Buffer.from(decompress(first))));
    const sizeless = rawZstdFrame(text, false);
    assert.ok(Buffer.from(decodeFrameWasm(sizeless, text.length + 100, false) ?? []).equals(text), 'no declared size: decoded into the room left');
    assert.equal(decodeFrameWasm(sizeless, text.length - 1, false), undefined, 'no declared size and more than the room left');
    assert.equal(decodeFrameWasm(sizeless, text.length + 100), undefined, 'exact size required when declared');
    setZstdWasmEnabled(false);
    assert.equal(decodeFrameWasm(first, 400), undefined, 'switched off');
    setZstdWasmEnabled(true);
  });

  test('hostile zstd entries give the same warnings with and without it; good ones the same bytes', async () => {
    const real = REAL_ZSTD_FRAMES;
    const [first] = realFrames();
    const entries: TestEntry[] = [
      { name: 'good.json', method: 93, raw: { bytes: real.bytes, crc: real.crc, size: real.size } },
      { name: 'nosize.txt', method: 93, raw: { bytes: rawZstdFrame(text, false), crc: crc32(text), size: text.length } },
      { name: 'terabytes.json', method: 93, raw: { bytes: declaringFrame(2n ** 40n, Buffer.from('tiny')), crc: 0, size: 4 } },
      { name: 'truncated.json', method: 93, raw: { bytes: real.bytes.subarray(0, real.bytes.length - 30), crc: real.crc, size: real.size } },
      { name: 'cut-block.json', method: 93, raw: { bytes: Buffer.concat([first.subarray(0, 40), Buffer.alloc(first.length - 40, 0x5a)]), crc: 0, size: 400 } },
      { name: 'garbage.json', method: 93, raw: { bytes: Buffer.from('not zstd at all, just text'), crc: 0, size: 10 } },
      { name: 'short-raw.json', method: 93, raw: { bytes: declaringFrame(50n, Buffer.from('only this')), crc: 0, size: 50 } },
    ];
    const file = join(dir, 'hostile.zip');
    writeFileSync(file, buildZip(entries));
    const withWasm = await entryMessages(file);
    setZstdWasmEnabled(false);
    const withFzstd = await entryMessages(file);
    setZstdWasmEnabled(true);
    assert.deepEqual(withWasm, withFzstd);
    assert.equal(withWasm.get('good.json'), `ok ${real.crc}`);
    assert.equal(withWasm.get('nosize.txt'), `ok ${crc32(text)}`);
    assert.ok(withWasm.get('terabytes.json')?.includes(sourceStrings.zstdFrameTooLarge));
    assert.ok(withWasm.get('truncated.json')?.includes(sourceStrings.zstdTruncated));
    for (const name of ['cut-block.json', 'garbage.json', 'short-raw.json']) assert.ok(!withWasm.get(name)?.startsWith('ok '), name);
  });
});
