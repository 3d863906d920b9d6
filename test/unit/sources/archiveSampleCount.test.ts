/** Counting an archive's samples without making them agrees with making them (docs/inspect-logs.md). */
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ZipEntry } from '../../../src/core/archive/zipReader';
import { archiveSampleCount, archiveSamples } from '../../../src/core/sources/evalLogs/evalArchive';
import { pick, seededRandom } from '../randomInput';

function entry(name: string): ZipEntry {
  return { name, flags: 0, method: 0, crc32: 0, compressedSize: 0, uncompressedSize: 0, localHeaderOffset: 0 };
}

const KEYS = ['1_epoch_1', '1_epoch_2', 'a', '', 'x.json', 'b_epoch_3'];
const SHAPES = [
  (key: string) => `samples/${key}.json`,
  (key: string) => `samples/${key}/sample.json`,
  (key: string) => `samples/${key}/messages/0.json`,
  (key: string) => `samples/${key}/attachments/2.json`,
  (key: string) => `samples/${key}.txt`,
  (key: string) => `samples/${key}/other.json`,
  () => 'header.json',
  () => 'summaries.json',
  (key: string) => `_journal/summaries/${key}.json`,
];

test('an archive counts as many samples as archiveSamples finds, duplicates and both layouts of one key included', () => {
  const next = seededRandom(23);
  for (let round = 0; round < 400; round++) {
    const names = Array.from({ length: Math.floor(next() * 14) }, () => pick(next, SHAPES)(pick(next, KEYS)));
    const entries = names.map(entry);
    assert.equal(archiveSampleCount(entries), archiveSamples(entries).length, `round ${round}: ${JSON.stringify(names)}`);
  }
});

test('the count of a plain archive, of a duplicated entry and of one key in both layouts', () => {
  assert.equal(archiveSampleCount(['samples/1_epoch_1.json', 'samples/2_epoch_1.json', 'header.json'].map(entry)), 2);
  assert.equal(archiveSampleCount(['samples/1_epoch_1.json', 'samples/1_epoch_1.json'].map(entry)), 2);
  assert.equal(archiveSampleCount(['samples/1_epoch_1.json', 'samples/1_epoch_1/sample.json', 'samples/1_epoch_1/messages/0.json'].map(entry)), 1);
  assert.equal(archiveSampleCount(['samples/1_epoch_1/messages/0.json'].map(entry)), 0);
  // One layout only (counted without keys), and the name that only looks like the chunked layout's own entry.
  assert.equal(archiveSampleCount(['samples/1_epoch_1/sample.json', 'samples/1_epoch_1/sample.json', 'samples/2_epoch_1/sample.json'].map(entry)), 3);
  assert.equal(archiveSampleCount(['samples/1_epoch_1/x/sample.json', 'samples/1_epoch_1/asample.json'].map(entry)), 0);
});
