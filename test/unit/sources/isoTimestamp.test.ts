import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isoMs } from '../../../src/core/sources/sessions/isoTimestamp';
import { pick, seededRandom } from '../randomInput';

function read(text: string): number | undefined {
  const bytes = Buffer.from(`x${text}y`, 'latin1');
  return isoMs(bytes, 1, bytes.length - 1);
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

describe('session timestamps read from their bytes', () => {
  test('equal Date.parse on the usual form, month ends, leap years and years before 1970', () => {
    for (const text of ['2026-01-25T18:00:03.425Z', '2026-01-25T18:00:03Z', '2024-02-29T23:59:59.999Z', '2026-02-29T00:00:00.000Z', '2026-02-31T12:00:00Z', '2026-04-31T10:00:00.000Z', '1969-12-31T23:59:59.999Z', '1000-01-01T00:00:00.000Z', '1600-03-01T00:00:00Z', '9999-12-31T23:59:59.999Z', '2000-02-29T00:00:00Z', '1900-02-29T00:00:00Z']) {
      assert.equal(read(text), Date.parse(text), text);
    }
  });

  test('give undefined for anything else (then Date.parse reads it)', () => {
    for (const text of ['2026-01-25T18:00:03.425', '2026-01-25 18:00:03Z', '2026-13-01T00:00:00Z', '2026-00-10T00:00:00Z', '2026-01-00T00:00:00Z', '2026-01-32T00:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01T10:60:00Z', '2026-01-01T10:00:60Z', '0099-01-01T00:00:00Z', '2026-01-25t18:00:03.425Z', '2026-01-25T18:00:03.42Z', '2026-01-25T18:00:03+00:00', '+2026-01-25T18:00:03Z', '2026-01-25T18:00:03.4a5Z', '', 'not a time']) {
      assert.equal(read(text), undefined, text);
    }
  });

  test('equal Date.parse on random timestamps of the usual form', () => {
    const next = seededRandom(11);
    for (let k = 0; k < 20_000; k++) {
      const int = (n: number) => Math.floor(next() * n);
      const text = `${pad(1000 + int(9000), 4)}-${pad(1 + int(12), 2)}-${pad(1 + int(31), 2)}T${pad(int(24), 2)}:${pad(int(60), 2)}:${pad(int(60), 2)}${pick(next, ['Z', `.${pad(int(1000), 3)}Z`])}`;
      assert.equal(read(text), Date.parse(text), text);
    }
  });
});
