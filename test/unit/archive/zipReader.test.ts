import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZipEntryError, crc32, readEntryData } from '../../../src/core/archive/zipEntryData';
import { ZipArchive, ZipFormatError, openZip } from '../../../src/core/archive/zipReader';
import { decodeZstdFrames } from '../../../src/core/archive/zstdFrames';
import { sharedFixture } from '../sharedFixtures';
import { REAL_ZSTD_FRAMES, TestEntry, buildZip, rawZstdFrame, rawZstdFrames } from './zipTestWriter';

let dir: string;
before(() => (dir = mkdtempSync(join(tmpdir(), 'eval-lens-zip-'))));
after(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function write(bytes: Buffer): string {
  const file = join(dir, `a${counter++}.zip`);
  writeFileSync(file, bytes);
  return file;
}

async function withZip<T>(bytes: Buffer, use: (archive: ZipArchive) => Promise<T>): Promise<T> {
  const archive = await openZip(write(bytes));
  try {
    return await use(archive);
  } finally {
    await archive.close();
  }
}

async function text(archive: ZipArchive, name: string, maxBytes = 1 << 30): Promise<string> {
  const entry = archive.entries.find((e) => e.name === name);
  assert.ok(entry, `entry ${name}`);
  return Buffer.from(await readEntryData(archive, entry, maxBytes)).toString('utf8');
}

const big = Buffer.from(Array.from({ length: 6000 }, (_, i) => `line ${i} ${'x'.repeat(i % 50)}\n`).join(''));

describe('zip reader', () => {
  test('reads the real Inspect archive: its directory and deflated entries, CRC checked', async () => {
    const archive = await openZip(sharedFixture('inspect-ai', 'log_read_sample.eval'));
    try {
      assert.deepEqual(archive.entries.map((e) => e.name).sort(), ['_journal/start.json', '_journal/summaries/1.json', 'header.json', 'reductions.json', 'samples/1_epoch_1.json', 'summaries.json']);
      assert.ok(archive.entries.every((e) => e.method === 8));
      const header = JSON.parse(await text(archive, 'header.json')) as { eval: { task: string } };
      assert.equal(header.eval.task, 'popularity');
      const sample = JSON.parse(await text(archive, 'samples/1_epoch_1.json')) as { id: number };
      assert.equal(sample.id, 1);
    } finally {
      await archive.close();
    }
  });

  test('stored, deflate and zstd entries, with an archive comment after the end record', async () => {
    const entries: TestEntry[] = [
      { name: 'stored.txt', data: 'plain bytes', method: 0 },
      { name: 'deflate.txt', data: big, method: 8 },
      { name: 'zstd.txt', data: big, method: 93 },
    ];
    await withZip(buildZip(entries, { comment: 'PK\u0005\u0006 looks like a signature but is a comment' }), async (archive) => {
      assert.equal(await text(archive, 'stored.txt'), 'plain bytes');
      assert.equal(await text(archive, 'deflate.txt'), big.toString());
      assert.equal(await text(archive, 'zstd.txt'), big.toString());
    });
  });

  test('a deflate entry is its declared size or damage: one larger, one smaller and one of 900 MB are each an error of that entry', async () => {
    const large = Buffer.from(Array.from({ length: 200_000 }, (_, i) => `{"id": ${i}, "score": ${i % 7}}\n`).join(''));
    const deflated = deflateRawSync(large);
    const lying = (name: string, size: number): TestEntry => ({ name, data: large, method: 8, raw: { bytes: deflated, crc: crc32(large), size } });
    const entries = [lying('exact.json', large.length), lying('larger.json', large.length * 3), lying('smaller.json', large.length - 1), lying('huge.json', 900_000_000)];
    await withZip(buildZip(entries), async (archive) => {
      assert.equal(await text(archive, 'exact.json'), large.toString());
      for (const name of ['larger.json', 'smaller.json', 'huge.json']) {
        await assert.rejects(text(archive, name), (error: unknown) => error instanceof ZipEntryError && error.entry === name, name);
      }
    });
  });

  test('a zstd entry of several frames decodes every frame, in order', async () => {
    await withZip(buildZip([{ name: 'many.json', data: big, method: 93, frames: 4 }]), async (archive) => {
      assert.equal(await text(archive, 'many.json'), big.toString());
    });
    const data = Buffer.from('abcdefghij'.repeat(30));
    const skippable = Buffer.alloc(12);
    skippable.writeUInt32LE(0x184d2a50, 0);
    skippable.writeUInt32LE(4, 4);
    const joined = Buffer.concat([rawZstdFrame(data.subarray(0, 100)), skippable, rawZstdFrame(data.subarray(100), false)]);
    assert.equal(Buffer.from(decodeZstdFrames(joined, data.length)).toString(), data.toString());
  });

  test('real compressed zstd frames (two, one after another) decode to the whole text', async () => {
    await withZip(buildZip([{ name: 'real.json', method: 93, raw: REAL_ZSTD_FRAMES }]), async (archive) => {
      const value = JSON.parse(await text(archive, 'real.json')) as { part: string; messages: { content: string }[]; numbers: number[] };
      assert.equal(value.part, 'real zstd frames');
      assert.equal(value.messages[0].content, 'What is 2+2? '.repeat(20));
      assert.equal(value.messages[1].content, 'It is 4. '.repeat(20));
      assert.deepEqual(value.numbers, Array.from({ length: 60 }, (_, i) => i));
    });
  });

  test('ZIP64: end record locator, ZIP64 record and extra fields in central and local headers', async () => {
    const entries: TestEntry[] = [
      { name: 'a.txt', data: 'first', method: 0 },
      { name: 'b.txt', data: big, method: 93, frames: 2 },
      { name: 'c.txt', data: big, method: 8 },
    ];
    await withZip(buildZip(entries, { zip64: true }), async (archive) => {
      assert.deepEqual(archive.entries.map((e) => e.name), ['a.txt', 'b.txt', 'c.txt']);
      assert.equal(archive.entries[1].uncompressedSize, big.length);
      assert.ok(archive.entries[2].localHeaderOffset > 0);
      assert.equal(await text(archive, 'a.txt'), 'first');
      assert.equal(await text(archive, 'b.txt'), big.toString());
      assert.equal(await text(archive, 'c.txt'), big.toString());
    });
  });

  test('entries across several read-ahead windows, and one larger than a window, read whole', async () => {
    const blobs = [1.5, 1.5, 5, 1.5, 0.001].map((mb, k) => randomBytes(Math.round(mb * 1048576)).fill(k, 0, 16));
    const entries: TestEntry[] = blobs.map((data, k) => ({ name: `blob${k}.bin`, data, method: k % 2 ? 0 : 93 }));
    await withZip(buildZip(entries), async (archive) => {
      for (const [k, data] of blobs.entries()) {
        const entry = archive.entries[k];
        assert.ok(Buffer.from(await readEntryData(archive, entry, 1 << 30)).equals(data), entry.name);
      }
      assert.ok(Buffer.from(await readEntryData(archive, archive.entries[0], 1 << 30)).equals(blobs[0]), 'read again after moving on');
    });
  });

  test('a bad CRC, damaged data and an unknown method are errors of that entry only, naming it and the archive', async () => {
    const entries: TestEntry[] = [
      { name: 'bad-crc.json', data: '{"a":1}', method: 8, crc: 1234 },
      { name: 'bad-data.json', method: 93, raw: { bytes: Buffer.from('not zstd at all'), crc: 0, size: 10 } },
      { name: 'method.json', data: 'x', method: 14 },
      { name: 'good.json', data: '{"ok":true}', method: 93 },
    ];
    await withZip(buildZip(entries), async (archive) => {
      for (const [name, fragment] of [['bad-crc.json', 'CRC-32'], ['bad-data.json', 'no zstd frame'], ['method.json', 'method 14']] as const) {
        await assert.rejects(text(archive, name), (error: unknown) => {
          assert.ok(error instanceof ZipEntryError);
          assert.equal(error.tooLarge, false);
          assert.match(error.message, new RegExp(name.replace('.', '\\.')));
          assert.ok(error.message.includes(archive.file));
          assert.ok(error.message.includes(fragment), error.message);
          return true;
        });
      }
      assert.equal(await text(archive, 'good.json'), '{"ok":true}');
    });
  });

  test('an entry above the size limit is refused before it is read', async () => {
    await withZip(buildZip([{ name: 'big.txt', data: big, method: 8 }]), async (archive) => {
      await assert.rejects(text(archive, 'big.txt', 1000), (error: unknown) => error instanceof ZipEntryError && error.tooLarge && /big\.txt/.test(error.message));
    });
  });

  test('a zstd frame that declares more bytes than the entry holds is refused', () => {
    assert.throws(() => decodeZstdFrames(rawZstdFrames(big, 2), 100), /declares more bytes|more bytes/);
  });

  test('a truncated archive and a file that is not a zip are errors naming the file', async () => {
    const whole = buildZip([{ name: 'a.txt', data: big, method: 8 }, { name: 'b.txt', data: 'b', method: 0 }]);
    for (const bytes of [whole.subarray(0, whole.length - 30), whole.subarray(0, Math.floor(whole.length / 2)), Buffer.from('{"not":"a zip"}'), Buffer.alloc(0)]) {
      const file = write(bytes);
      await assert.rejects(openZip(file), (error: unknown) => error instanceof ZipFormatError && error.message.includes(file));
    }
    const cutDirectory = Buffer.from(whole);
    const endAt = cutDirectory.length - 22;
    cutDirectory.writeUInt16LE(5, endAt + 10);
    const file = write(cutDirectory);
    await assert.rejects(openZip(file), (error: unknown) => error instanceof ZipFormatError && /damaged|truncated/.test(error.message));
  });

  test('crc32 matches the known check value and the fixture bytes', () => {
    assert.equal(crc32(Buffer.from('123456789')), 0xcbf43926);
    assert.ok(readFileSync(sharedFixture('inspect-ai', 'log_read_sample.eval')).length > 0);
  });
});
