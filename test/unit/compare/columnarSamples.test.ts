import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LogComparison } from '../../../src/core/compare/logComparison';
import { alignSampleIds } from '../../../src/core/compare/sampleAlignment';
import { firstPositionOf, sampleIdAt, sampleIdsOf } from '../../../src/core/compare/sampleIds';
import { comparisonJson } from '../../../src/core/compare/logFileComparison';
import { writeComparisonJson } from '../../../src/core/compare/comparisonJsonWriter';
import { FingerprintCollector, fingerprintHash, fingerprintTexts } from '../../../src/core/compare/inputFingerprints';
import { samplesFromRecords } from '../../../src/core/compare/comparableSamples';
import { recordsFromSamples } from '../../../src/core/compare/comparableLog';
import { comparable, compareLog, legacySample, trialsSample } from './compareTestLogs';

type Id = string | number;

/** Alignment as a plain Map of ids gives it (docs/semantics.md §10): the reference for the hash table. */
function referenceAlignment(a: readonly Id[], b: readonly Id[]) {
  const positions = (ids: readonly Id[]) => {
    const unique = new Map<string, number>();
    const duplicates = new Set<string>();
    ids.forEach((raw, i) => {
      const id = String(raw);
      if (duplicates.has(id)) return;
      if (unique.has(id)) {
        unique.delete(id);
        duplicates.add(id);
      } else unique.set(id, i);
    });
    return { unique, duplicates: [...duplicates] };
  };
  const x = positions(a);
  const y = positions(b);
  const dup = new Set([...x.duplicates, ...y.duplicates]);
  const pairs: [number, number, string][] = [];
  const onlyBaseline: string[] = [];
  for (const [id, p] of x.unique) {
    const q = y.unique.get(id);
    if (q !== undefined) pairs.push([p, q, id]);
    else if (!dup.has(id)) onlyBaseline.push(id);
  }
  const onlyCandidate = [...y.unique.keys()].filter((id) => !x.unique.has(id) && !dup.has(id));
  return { pairs, onlyBaseline, onlyCandidate, duplicateBaseline: x.duplicates, duplicateCandidate: y.duplicates };
}

function aligned(a: readonly Id[], b: readonly Id[]) {
  const alignment = alignSampleIds(sampleIdsOf(a), sampleIdsOf(b));
  const pairs = Array.from(alignment.baseline, (p, i): [number, number, string] => [p, alignment.candidate[i], alignment.pairId(i)]);
  return { pairs, onlyBaseline: alignment.onlyBaseline, onlyCandidate: alignment.onlyCandidate, duplicateBaseline: alignment.duplicateBaseline, duplicateCandidate: alignment.duplicateCandidate, alignment };
}

describe('sample ids kept in one string', () => {
  test('the number 1 and the text "1" are one id; ids that run into each other in the string stay apart', () => {
    const ids = sampleIdsOf([1, '1', 'a', 'ab', '', 'b', 12]);
    assert.deepEqual(Array.from({ length: 7 }, (_, i) => sampleIdAt(ids, i)), ['1', '1', 'a', 'ab', '', 'b', '12']);
    const { pairs, onlyBaseline, onlyCandidate, duplicateBaseline } = aligned(['a', 'ab', 'b', 1, '1', 12], ['ab', 'a', '12', 'ba', '']);
    assert.deepEqual(pairs, [[0, 1, 'a'], [1, 0, 'ab'], [5, 2, '12']]);
    assert.deepEqual(onlyBaseline, ['b']);
    assert.deepEqual(onlyCandidate, ['ba', '']);
    assert.deepEqual(duplicateBaseline, ['1']);
  });

  test('unicode ids (astral characters, combining marks, a lone surrogate) pair exactly', () => {
    const base = ['ü', 'u\u0308', '😀', '\ud83d', '日本', 'x'];
    const cand = ['😀', 'u\u0308', '日本', '\ud83d', 'ü', 'y'];
    const { pairs, onlyBaseline, onlyCandidate } = aligned(base, cand);
    assert.deepEqual(pairs, [[0, 4, 'ü'], [1, 1, 'u\u0308'], [2, 0, '😀'], [3, 3, '\ud83d'], [4, 2, '日本']]);
    assert.deepEqual(onlyBaseline, ['x']);
    assert.deepEqual(onlyCandidate, ['y']);
  });

  test('the pair of an id is found again by its text', () => {
    const { alignment } = aligned(['s0', 's1', 's2', 's3'], ['s3', 's1', 's0']);
    assert.equal(alignment.pairOf('s1'), 1);
    assert.equal(alignment.pairId(alignment.pairOf('s3')), 's3');
    assert.equal(alignment.pairOf('s2'), -1);
    assert.equal(alignment.pairOf('nope'), -1);
  });

  test('an id is found at its first position, not inside or across other ids', () => {
    const values = ['ab', '', 'b', 'abc', 'c', '', 'ab', 'bca', '😀', 'u\u0308', 'u'];
    const ids = sampleIdsOf(values);
    for (const id of [...values, 'a', 'bab', 'ca', 'abca', '\ud83d', 'x']) assert.equal(firstPositionOf(ids, id), values.indexOf(id), JSON.stringify(id));
    assert.equal(firstPositionOf(sampleIdsOf([]), ''), -1);
  });

  test('the first position of every id, and none of text that is no id, on thousands of random ids', () => {
    let seed = 11;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const values = Array.from({ length: 3000 }, () => (random() < 0.05 ? '' : String(Math.floor(random() * 500))));
    const ids = sampleIdsOf(values);
    for (let n = 0; n < 600; n++) {
      const id = String(Math.floor(random() * 600));
      assert.equal(firstPositionOf(ids, id), values.indexOf(id), id);
    }
    assert.equal(firstPositionOf(ids, ''), values.indexOf(''));
  });

  test('the same pairs, lists and orders as a Map of ids on thousands of random ids with duplicates', () => {
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const id = (): Id => (random() < 0.3 ? Math.floor(random() * 3000) : `${random() < 0.5 ? 'q' : ''}${Math.floor(random() * 3000)}${random() < 0.1 ? 'é' : ''}`);
    for (let round = 0; round < 5; round++) {
      const a = Array.from({ length: 2500 }, id);
      const b = Array.from({ length: 2500 }, id);
      const { alignment: _alignment, ...found } = aligned(a, b);
      assert.deepEqual(found, referenceAlignment(a, b));
    }
  });
});

describe('log compare --json written a page at a time', () => {
  const baseValues = [1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 1];
  const base = compareLog([...baseValues.map((v, i) => legacySample(i % 3 ? `s${i}` : i, { correct: v })), legacySample('only-base', { correct: 1 })]);
  const cand = compareLog(baseValues.map((v, i) => legacySample(String(i % 3 ? `s${i}` : i), { correct: i % 2 ? 1 - v : v }, i === 4 ? { q: 'line\nbreak "quoted" ü' } : undefined)));
  const same = compareLog(baseValues.map((v, i) => legacySample(i % 3 ? `s${i}` : i, { correct: v })));

  for (const [name, logs] of [['one candidate with changes', [base, cand]], ['a candidate without changes beside one with', [base, same, cand]]] as const) {
    test(`is the text of JSON.stringify of the whole comparison: ${name}`, () => {
      const comparison = new LogComparison(logs.map((log, i) => comparable(log, `log${i}.json`)));
      comparison.checkInputs();
      const summary = comparison.summary();
      const changes = summary.candidates.map((c) => comparison.page({ candidate: c.position, offset: 0, limit: 1000 }).rows);
      assert.ok(changes.some((rows) => rows.length > 0));
      let text = '';
      writeComparisonJson({ summary, comparison }, (piece) => { text += piece; });
      assert.equal(text, `${JSON.stringify(comparisonJson({ summary, changes }), null, 2)}\n`);
    });
  }
});

describe('columnar sample values', () => {
  test('hold the ids, scores and trial outcomes of the records', () => {
    const log = comparable(compareLog([trialsSample(3, [{ correct: 1 }, { correct: 0 }]), legacySample('b', { correct: 'n/a' }), legacySample('c', {})]));
    const rebuilt = recordsFromSamples(samplesFromRecords(log.records, log.summary.samples.scoreColumns.map((c) => c.id)));
    assert.deepEqual(rebuilt.map((r) => [r.sampleId, r.scores, r.trials.map((t) => t.outcome)]), [['3', { 'judge/correct': 0.5 }, ['pass', 'fail']], ['b', { 'judge/correct': '' }, []], ['c', {}, []]]);
  });

  test('the hashes collected by position read as the texts fingerprintHash gives; a missing one leaves none', () => {
    const collector = new FingerprintCollector();
    const texts = Array.from({ length: 1500 }, (_, i) => (i % 7 ? JSON.stringify({ q: i }) : undefined));
    for (let i = texts.length - 1; i >= 0; i--) collector.add(i, texts[i]);
    const hashes = collector.result(texts.length);
    assert.ok(hashes);
    assert.deepEqual(fingerprintTexts(hashes), texts.map(fingerprintHash));
    assert.equal(collector.result(texts.length + 1), undefined);
  });
});
