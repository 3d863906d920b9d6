/** How an entry name of a zip directory reads (docs/security.md, "Untrusted files"). */
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { zipEntryName } from '../../../src/core/archive/zipEntryName';

/** The name's bytes inside a directory-like buffer, with other bytes around them. */
function nameIn(bytes: number[], asBuffer: boolean): { source: Uint8Array; start: number; end: number } {
  const all = [0xff, 0x00, 0x41, ...bytes, 0x1b, 0xc3];
  const source = asBuffer ? Buffer.from(all) : new Uint8Array(all);
  return { source, start: 3, end: 3 + bytes.length };
}

test('a name reads as its text, escaped where it could drive a terminal or is not UTF-8, from a Buffer or any byte array', () => {
  const cases: [number[], string][] = [
    [[...Buffer.from('samples/12_epoch_3.json')], 'samples/12_epoch_3.json'],
    [[], ''],
    [[...Buffer.from('a\tb')], 'a\tb'],
    [[0x61, 0x1b, 0x5b, 0x32, 0x4a], 'a\\x1b[2J'],
    [[0x7f, 0x62], '\\x7fb'],
    [[...Buffer.from('résumé/ü.json')], 'résumé/ü.json'],
    [[0x61, 0xc2, 0x9b, 0x62], 'a\\x9bb'],
    [[0x61, 0xff, 0x62], 'a\\xffb'],
  ];
  for (const asBuffer of [true, false]) {
    for (const [bytes, expected] of cases) {
      const { source, start, end } = nameIn(bytes, asBuffer);
      assert.equal(zipEntryName(source, start, end), expected, `${JSON.stringify(expected)} from ${asBuffer ? 'a Buffer' : 'a Uint8Array'}`);
    }
  }
});
