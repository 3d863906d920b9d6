import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import { join } from 'node:path';
import { StreamedJson } from '../../../src/core/report/streamedJson';
import { ChunkWriter, HtmlOutput } from '../../../src/core/report/compressedReportWriter';
import { LogComparison } from '../../../src/core/compare/logComparison';
import { temporaryFolder } from '../temporaryFolder';
import { comparable, compareLog, legacySample, trialsSample } from './compareTestLogs';

const folder = temporaryFolder('eval-lens-streamed-values-');

describe('JSON written a piece at a time', () => {
  test('the pieces are the text of JSON.stringify, keys in its order, every element as it writes it', () => {
    const json = new StreamedJson();
    const elements: unknown[] = [0, -0, 1.5, NaN, Infinity, null, undefined, '', 'q"1\\\u0000\u2028é👩‍🔬', true];
    const long = Array.from({ length: 10_000 }, (_, i) => (i % 3 === 0 ? `s${i}` : i % 3 === 1 ? i / 7 : null));
    const plain = { b: 1, 10: 'ten', a: elements, 2: long, empty: [], nested: { list: [long.slice(0, 3)], gone: undefined } };
    const value = { b: 1, 10: 'ten', a: json.array(elements.length, (i) => elements[i]), 2: json.array(long.length, (i) => long[i]), empty: json.array(0, () => 1), nested: { list: [json.array(3, (i) => long[i])], gone: undefined } };
    const pieces = [...json.pieces([value])];
    assert.equal(pieces.join(''), JSON.stringify([plain]));
    assert.ok(pieces.length > 3, 'a long array is written in several pieces');
    assert.ok(Math.max(...pieces.map((p) => p.length)) < JSON.stringify(long).length / 2, 'no piece holds the long array whole');
  });
});

describe('a chunk compressed as its pieces come', () => {
  test('decodes to the pieces joined, after the chunks queued before it, in one element', async () => {
    const file = join(folder.path, 'chunks.html');
    const out = new HtmlOutput(file);
    const chunks = new ChunkWriter(out, 4);
    await chunks.add('first', 'one');
    // Enough text that the compressed bytes come back in several pieces, of lengths that are not multiples of 3.
    const pieces = Array.from({ length: 2000 }, (_, i) => `${i}:${Math.sin(i).toString(36)}|`.repeat(1 + (i % 7)));
    await chunks.addPieces('streamed', pieces);
    await chunks.add('last', 'three');
    await chunks.flush();
    await out.close();
    const html = fs.readFileSync(file, 'utf8');
    const elements = [...html.matchAll(/<script type="[^"]+" id="([^"]+)">([^<]*)<\/script>/g)];
    assert.deepEqual(elements.map((m) => m[1]), ['first', 'streamed', 'last']);
    const decoded = elements.map((m) => zlib.gunzipSync(Buffer.from(m[2], 'base64')).toString('utf8'));
    assert.deepEqual(decoded, ['one', pieces.join(''), 'three']);
  });

  test('a piece that fails stops the chunk with its error', async () => {
    const out = new HtmlOutput(join(folder.path, 'failing.html'));
    const chunks = new ChunkWriter(out, 4);
    function* failing(): Generator<string> {
      yield 'x'.repeat(100_000);
      throw new Error('sample 3 cannot be read');
    }
    await assert.rejects(chunks.addPieces('broken', failing()), /sample 3 cannot be read/);
    out.abort();
  });
});

describe('the changed pairs of a comparison', () => {
  test('are the pairs the changes list shows, in baseline order, with both positions and the id', () => {
    const base = compareLog([
      legacySample('a', { correct: 1 }),
      legacySample('only-base', { correct: 1 }),
      trialsSample('b', [{ correct: true }, { correct: false }]),
      legacySample('c', { correct: 0 }),
      legacySample('d', { correct: 1 }),
    ]);
    const cand = compareLog([legacySample('d', { correct: 0 }), legacySample('c', { correct: 0 }), trialsSample('b', [{ correct: true }, { correct: true }]), legacySample('a', { correct: 0 })]);
    const comparison = new LogComparison([comparable(base, 'base.json'), comparable(cand, 'cand.json')]);
    const pairs = comparison.changedPairs(1);
    const rows = comparison.page({ candidate: 1, offset: 0, limit: 100 }).rows.sort((x, y) => x.baselineIndex - y.baselineIndex);
    assert.deepEqual(Array.from(pairs.baseline, (_, k) => pairs.idAt(k)), ['a', 'b', 'd']);
    assert.deepEqual([...pairs.baseline], rows.map((r) => r.baselineIndex));
    assert.deepEqual([...pairs.candidate], rows.map((r) => r.candidateIndex));
    assert.deepEqual([...pairs.candidate], [3, 2, 0]);
  });
});
