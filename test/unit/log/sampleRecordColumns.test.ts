import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TrialCell } from '../../../src/core/model/logViewTypes';
import { SampleRecordColumns } from '../../../src/core/log/sampleRecordColumns';
import { NO_DATA_PREVIEW, SampleRecord } from '../../../src/core/log/sampleRecords';
import { LogIndex } from '../../../src/core/log/logIndex';
import { compareKeys, SortKey } from '../../../src/core/log/samplePaging';
import { sampleIdsOf } from '../../../src/core/compare/sampleIds';
import { samplesFromColumns, samplesFromRecords } from '../../../src/core/compare/comparableSamples';
import { pick, seededRandom } from '../randomInput';

const EXOTIC_IDS: (string | number)[] = [1, '1', 0, -0, '0', 1e21, 0.1 + 0.2, -7, 'é', '日本語', '👩‍🔬', '', ' ', 'a\u0000b', 'q1', 'q1', 2 ** 53, '2e3', 2e3];
const SCORE_VALUES = [0, 1, -0, 0.5, NaN, 1e308, -1e-308, true, false, null, '', 'A', 'pass', 'ünïcode', '{"a":1}'];
const COLUMNS = ['j/c', 'j/score', 'k/label', 'k/c [pass@1]', 'k/constructor', 'j/__x'];
const OUTCOMES: TrialCell['outcome'][] = ['pass', 'fail', 'error', 'unknown'];
const STAGES = [[], ['setup'], ['scoring', 'setup'], ['generate']];

function randomScores(next: () => number): SampleRecord['scores'] {
  const scores: SampleRecord['scores'] = {};
  // Columns in a random order and subset: the record keeps its own order.
  for (const column of [...COLUMNS].sort(() => next() - 0.5)) if (next() < 0.6) scores[column] = pick(next, SCORE_VALUES);
  return scores;
}

function randomRecord(next: () => number, index: number): SampleRecord {
  const trialCount = Math.floor(next() * 4);
  const trials = Array.from({ length: trialCount }, (_, k) => ({ index: next() < 0.9 ? k : Math.floor(next() * 1e6) - 5, outcome: pick(next, OUTCOMES) }));
  const stages = pick(next, STAGES);
  const record: SampleRecord = {
    index,
    sampleId: next() < 0.5 ? pick(next, EXOTIC_IDS) : `s${Math.floor(next() * 50)}-${'é'.repeat(Math.floor(next() * 3))}`,
    scores: randomScores(next),
    trials,
    errorStages: stages,
    errorCount: stages.length ? stages.length + Math.floor(next() * 3) : 0,
    data: next() < 0.3 ? NO_DATA_PREVIEW : { question: `q${index}`, ...(next() < 0.5 ? { n: index, flag: next() < 0.5 } : {}) },
    layout: trialCount ? 'trials' : 'legacy',
  };
  if (next() < 0.4) {
    record.passAtK = next();
    record.passPowK = next() < 0.1 ? NaN : next();
  }
  if (next() < 0.05) record.collisions = { 'j/c': [{ value: 1, function: 'mean', label: 'mean', sourceScore: 'c' }, { value: 0, function: 'pass@k', k: 2, label: 'pass@2', sourceScore: 'c' }] };
  if (next() < 0.05) record.checks = [{ scorerKey: 'j', key: 'c', reported: 1, verification: { verdict: 'match' } }];
  return record;
}

function randomRecords(seed: number, count: number): SampleRecord[] {
  const next = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => randomRecord(next, i));
}

/** What a record reads as: every value, key order included, and -0 told from 0. */
function sameRecord(actual: SampleRecord, expected: SampleRecord, at: number): void {
  assert.deepStrictEqual(actual, expected, `record ${at}`);
  assert.deepEqual(Object.keys(actual), Object.keys(expected), `keys of record ${at}`);
  assert.deepEqual(Object.keys(actual.scores), Object.keys(expected.scores), `score order of record ${at}`);
  assert.ok(Object.is(actual.sampleId, expected.sampleId), `id of record ${at}`);
  for (const key of Object.keys(expected.scores)) assert.ok(Object.is(actual.scores[key], expected.scores[key]), `score ${key} of record ${at}`);
}

describe('sample records kept in columns', () => {
  test('every record comes back as it was added, across id chunks (exotic ids, every score kind, trials, collisions)', () => {
    for (const seed of [1, 2, 3]) {
      const records = randomRecords(seed, 9000);
      const columns = SampleRecordColumns.of(records);
      columns.trim();
      assert.equal(columns.length, records.length);
      records.forEach((record, i) => sameRecord(columns.recordAt(i), record, i));
    }
  });

  test('exotic ids keep their type and text: 1 and "1", -0, unicode, duplicates', () => {
    const records = EXOTIC_IDS.map((sampleId, index): SampleRecord => ({ index, sampleId, layout: 'legacy', scores: {}, trials: [], errorStages: [], errorCount: 0, data: {} }));
    const columns = SampleRecordColumns.of(records);
    EXOTIC_IDS.forEach((id, i) => assert.ok(Object.is(columns.sampleIdAt(i), id), `id ${i}: ${String(columns.sampleIdAt(i))}`));
    assert.deepEqual(columns.joinedIds(), sampleIdsOf(EXOTIC_IDS));
  });

  test('the ids joined for comparing are those of sampleIdsOf, past many chunks', () => {
    const records = randomRecords(7, 20000);
    assert.deepEqual(SampleRecordColumns.of(records).joinedIds(), sampleIdsOf(records.map((r) => r.sampleId)));
  });

  test('keeping the chosen data fields prunes each preview as before, in the order chosen', () => {
    const records = randomRecords(4, 500);
    const columns = SampleRecordColumns.of(records);
    const keep = ['flag', 'question', 'missing'];
    columns.keepDataColumns(keep);
    records.forEach((record, i) => {
      const data: SampleRecord['data'] = {};
      for (const name of keep) if (record.data[name] !== undefined) data[name] = record.data[name];
      assert.deepStrictEqual(columns.dataAt(i), data, `data of record ${i}`);
      assert.deepEqual(Object.keys(columns.dataAt(i)), Object.keys(data));
      assert.equal(columns.dataValueAt(i, 'question'), data.question);
      assert.equal(columns.dataValueAt(i, 'n'), undefined);
    });
  });

  test('the comparable values of the columns equal those of the records', () => {
    const records = randomRecords(5, 3000);
    const columns = SampleRecordColumns.of(records);
    assert.deepStrictEqual(samplesFromColumns(columns, COLUMNS), samplesFromRecords(records, COLUMNS));
  });

  test('an index of a random log answers pages and comparable values as its records do', () => {
    const next = seededRandom(11);
    const samples = Array.from({ length: 600 }, (_, i) => ({
      sample_id: pick(next, [i, String(i), `é${i}`, 'dup', 1, `É${i}`, 'Dup']),
      data: { question: `q${i % 7}`, n: i },
      scores: [{ scorer_key: 'j', values: { c: pick(next, [0, 1, true, 'x', null, 0.5]), ...(next() < 0.5 ? { d: i % 3 } : {}) } }],
      errors: next() < 0.1 ? [{ stage: 'scoring', message: 'm' }] : [],
    }));
    const index = LogIndex.fromValue({ format_version: 'v1', status: 'success', evidence: { samples } }, { fileName: 'random.json', fileSize: 1, generation: 1 });
    const set = index.sampleSet();
    assert.ok(set);
    const records = Array.from({ length: set.records.length }, (_, i) => set.records.recordAt(i));
    const ids = index.getSummary().samples.scoreColumns.map((c) => c.id);
    assert.deepStrictEqual(samplesFromColumns(set.records, ids), samplesFromRecords(records, ids));
    const sorted = index.getPage({ offset: 0, limit: 600, sort: { column: 'j/c', direction: 'desc' } });
    assert.equal(sorted.rows.length, 600);
    const passed = index.getPage({ offset: 0, limit: 600, scoreFilter: { column: 'j/c', value: 'pass' } });
    assert.deepEqual(passed.rows.map((r) => r.index), records.filter((r) => r.scores['j/c'] === 1 || r.scores['j/c'] === true).map((r) => r.index));
    const errored = index.getPage({ offset: 0, limit: 600, errorStage: 'any' });
    assert.deepEqual(errored.rows.map((r) => r.index), records.filter((r) => r.errorCount > 0).map((r) => r.index));
    for (const row of sorted.rows) assert.deepStrictEqual(row.scores, records[row.index].scores);
    // Each sort's order is the key comparison's over the records' values (text compared lower-cased, ties by position).
    const keyOf = (value: unknown): SortKey => {
      if (value === null || value === undefined) return null;
      if (typeof value === 'boolean') return value ? 1 : 0;
      if (typeof value === 'number') return Number.isNaN(value) ? null : value;
      return String(value).toLowerCase();
    };
    const valueOf: Record<string, (record: SampleRecord) => unknown> = {
      'j/c': (r) => r.scores['j/c'], 'j/d': (r) => r.scores['j/d'], 'j/none': () => undefined, sampleId: (r) => r.sampleId,
      'data:question': (r) => r.data.question, errors: (r) => r.errorCount, index: (r) => r.index,
    };
    // The samples with errors are few: sorting them alone makes only their keys (a fresh index, with no keys made).
    const fresh = LogIndex.fromValue({ format_version: 'v1', status: 'success', evidence: { samples } }, { fileName: 'random.json', fileSize: 1, generation: 1 });
    for (const [withErrors, source] of [[true, fresh], [false, index]] as const) {
      const kept = records.map((_, i) => i).filter((i) => !withErrors || records[i].errorCount > 0);
      assert.ok(!withErrors || (kept.length > 0 && kept.length * 8 < records.length), 'few samples have errors');
      for (const [column, read] of Object.entries(valueOf)) {
        for (const direction of ['asc', 'desc'] as const) {
          const sign = direction === 'desc' ? -1 : 1;
          const expected = [...kept].sort((a, b) => compareKeys(keyOf(read(records[a])), keyOf(read(records[b])), sign) || a - b);
          const page = source.getPage({ offset: 0, limit: 600, sort: { column, direction }, ...(withErrors ? { errorStage: 'any' } : {}) });
          assert.deepEqual(page.rows.map((r) => r.index), expected, `${column} ${direction}${withErrors ? ', samples with errors' : ''}`);
        }
      }
    }
  });
});

describe('sparse per-sample columns', () => {
  test('a sample unlike the first ones, among many like them, comes back as it was added, and so do those after it', () => {
    const plain = (index: number): SampleRecord => ({ index, sampleId: `p${index}`, layout: 'legacy', scores: { 'j/c': index % 2 }, trials: [], errorStages: [], errorCount: 0, data: NO_DATA_PREVIEW });
    const odd = (index: number): SampleRecord => ({
      index,
      sampleId: index,
      layout: 'trials',
      scores: { 'k/label': 'A', 'j/c': 1 },
      trials: [{ index: 0, outcome: 'pass' }, { index: 1, outcome: 'error' }],
      errorStages: ['scoring'],
      errorCount: 2,
      data: NO_DATA_PREVIEW,
      passAtK: 1,
    });
    const records = Array.from({ length: 3000 }, (_, i) => (i === 2500 ? odd(i) : plain(i)));
    const columns = SampleRecordColumns.of(records);
    columns.trim();
    for (const i of [0, 1, 2499, 2500, 2501, 2999]) assert.deepEqual(columns.recordAt(i), records[i], `record ${i}`);
    assert.equal(columns.trialEndAt(2499), 0);
    assert.equal(columns.trialEndAt(2999), 2, 'the trials before a sample count after it too');
    assert.equal(columns.errorCountAt(2999), 0);
  });
});
