import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadLogIndexSync } from '../../../src/core/log/logLoader';
import { BoundedLogValidation, mergeValidationParts, splitRank } from '../../../src/core/report/boundedLogValidation';
import { StreamedLogValidation } from '../../../src/core/report/streamedLogValidation';
import { RawSampleSet, rawSampleSets } from '../../../src/core/report/rawSampleAccess';
import { examplesDir, log, trial } from '../log/logTestHelpers';

function sample(id: string | number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { sample_id: id, errors: [], trials: [trial(0, { correct: true })], ...extra };
}

/** Mistakes in the skeleton (before, between and after the sample arrays) and in samples of the top level and of two runs. */
function invalidLog(): Record<string, unknown> {
  const value = log({
    metrics: [],
    samples: [sample('ä-1', { sample: { data: { q: 'größer 😀\r\nzwei' } } }), sample(2.5), sample('s-3', { trials: [{ index: 'first' }] })],
    runs: [
      { index: 0, metrics: null, samples: [sample('r-1'), sample('r-2', { errors: 'none' })] },
      { index: 1, metrics: 'none', samples: [] },
      { index: 2, samples: [sample('😀', { sample_id: true })] },
    ],
  }, {}, { format_version: 'v2' });
  (value.execution as Record<string, unknown>).runtime = 'slow';
  return value;
}

function setsOf(bytes: Buffer): RawSampleSet[] {
  const sets = rawSampleSets(loadLogIndexSync(bytes, { mode: 'lazy' }));
  assert.ok(sets, 'every sample is a byte range of the file');
  return sets;
}

function bounded(bytes: Buffer, maxProblems?: number): ReturnType<BoundedLogValidation['run']> {
  return new BoundedLogValidation({ bytes }, setsOf(bytes), { maxProblems }).run();
}

function streamed(bytes: Buffer, maxProblems?: number): ReturnType<StreamedLogValidation['run']> {
  return new StreamedLogValidation({ text: bytes.toString('utf8') }, { maxProblems }).run();
}

describe('schema validation of a large log at the index\'s sample bounds', () => {
  test('finds the same problems, at the same paths, lines and columns, as splitting the file', () => {
    const value = invalidLog();
    const layouts: Record<string, string> = {
      pretty: JSON.stringify(value, null, 2),
      minified: JSON.stringify(value),
      crlf: JSON.stringify(value, null, 1).replace(/\n/g, '\r\n'),
      'lone carriage returns': JSON.stringify(value, null, 1).replace(/\n/g, '\r'),
      'byte order mark': `\uFEFF${JSON.stringify(value, null, 2)}`,
      'one sample per line': JSON.stringify(value).replace(/\{"sample_id"/g, '\n{"sample_id"'),
    };
    for (const [layout, text] of Object.entries(layouts)) {
      const bytes = Buffer.from(text, 'utf8');
      const expected = streamed(bytes);
      assert.ok(expected.length >= 8, `${layout}: the log has mistakes everywhere (${expected.length})`);
      const result = bounded(bytes);
      assert.deepEqual(result.problems, expected, layout);
      assert.deepEqual(result.unparsed, [], layout);
    }
  });

  test('two parts of the samples, one with the skeleton, give the same result once merged', () => {
    const text = JSON.stringify(invalidLog(), null, 1).replace(/\n/g, '\r\n');
    const bytes = Buffer.from(text, 'utf8');
    const sets = setsOf(bytes);
    const whole = new BoundedLogValidation({ bytes }, sets).run();
    const count = sets.reduce((n, set) => n + set.starts.length, 0);
    assert.equal(count, 6);
    for (let split = 0; split <= count; split++) {
      for (const limit of [2, 200]) {
        const first = new BoundedLogValidation({ bytes }, sets, { maxProblems: limit }).run({ from: 0, to: split, skeleton: true });
        const second = new BoundedLogValidation({ bytes }, sets, { maxProblems: limit }).run({ from: split, to: count, skeleton: false });
        const expected = limit === 200 ? whole : new BoundedLogValidation({ bytes }, sets, { maxProblems: limit }).run();
        assert.deepEqual(mergeValidationParts([first, second], limit), expected, `split at ${split}, limit ${limit}`);
      }
    }
    assert.equal(splitRank(sets, 0), 0);
    assert.equal(splitRank(sets, 1), count);
    const middle = splitRank(sets, 0.5);
    assert.ok(middle > 0 && middle < count, `the middle of the bytes is between samples (${middle})`);
  });

  test('keeps the problem limit as splitting the file does', () => {
    const value = log({ metrics: [], samples: Array.from({ length: 50 }, (_, i) => sample(i + 0.5)) }, {}, { format_version: 'v2' });
    const bytes = Buffer.from(JSON.stringify(value, null, 2), 'utf8');
    for (const limit of [1, 5, 30]) assert.deepEqual(bounded(bytes, limit).problems, streamed(bytes, limit), `limit ${limit}`);
  });

  test('every example log validates without problems', () => {
    for (const name of fs.readdirSync(examplesDir).filter((f) => f.endsWith('.json'))) {
      const bytes = fs.readFileSync(path.join(examplesDir, name));
      const result = bounded(bytes);
      assert.deepEqual(result, { problems: [], unparsed: [] }, name);
    }
  });

  test('lists the samples that are not valid JSON, even past the problem limit', () => {
    const text = '{"format_version": "v1", "evidence": {"metrics": [], "samples": [\n{"sample_id": 1.5, "errors": []},\n{"sample_id": 2, "errors": [], "solver": {"output": 01}}\n],'
      + ' "runs": [{"index": 4, "samples": [{"sample_id": 3, "solver": tru}]}]}}';
    const bytes = Buffer.from(text, 'utf8');
    const sets = setsOf(bytes);
    const all = new BoundedLogValidation({ bytes }, sets).run();
    assert.deepEqual(all.problems, streamed(bytes));
    const names = all.unparsed.map((u) => `${sets[u.set].runIndex ?? 'top'}:${u.index}`);
    assert.deepEqual(names, ['top:1', '4:0']);
    const capped = new BoundedLogValidation({ bytes }, sets, { maxProblems: 1 }).run();
    assert.equal(capped.problems.length, 1);
    assert.deepEqual(capped.unparsed, all.unparsed, 'past the limit, samples are still parsed');
  });
});
