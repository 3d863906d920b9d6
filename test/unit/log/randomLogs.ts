import assert from 'node:assert/strict';
import type { LogIndex } from '../../../src/core/log/logIndex';
import { loadLogIndexSync, LogLoadError, LoadLogOptions } from '../../../src/core/log/logLoader';
import { pick, seededRandom } from '../randomInput';
import { log, withTrialsConfig } from './logTestHelpers';

/**
 * Seeded random task result logs for the tests that compare a fast indexing path with the plain one:
 * trial and legacy layouts, errors, missing scores, duplicate ids, and keys named like the parts the lite
 * copy leaves out (`sample`, `solver`, `direct_ios`) where indexing reads them.
 */

type J = Record<string, unknown>;

function randomValue(next: () => number): unknown {
  return pick(next, [true, false, 0, 1, 0.25, 0.75, 'A', 'B', null, { nested: [1, 2] }, 3, -0.5]);
}

function randomData(next: () => number, n: number): unknown {
  const data: J = { id: `s${n}`, question: `What is ${n}? ${'ü'.repeat(n % 3)}`, answer: String(n * 2), category: pick(next, ['math', 'geo']) };
  const odd = next();
  if (odd < 0.05) data.sample = { data: `inner ${n}` };
  else if (odd < 0.1) data.solver = `named solver ${n}`;
  else if (odd < 0.13) data.direct_ios = null;
  return next() < 0.02 ? null : data;
}

function randomSample(next: () => number, n: number): J {
  const scorers = ['exact', 'judge', 'format', n > 900 ? 'late' : 'exact'];
  const scoresOf = (): J[] => scorers.filter(() => next() < 0.7).map((key) => ({
    scorer_key: key,
    ...(next() < 0.5 ? { scorer_name: `${key} scorer ${Math.floor(next() * 2)}` } : {}),
    ...(next() < 0.2 ? { scorer_purpose: 'qa' } : {}),
    values: Object.fromEntries(pick(next, [['correct'], ['quality', 'correct'], ['score'], [`v${n % 7}`], ['sample'], ['correct', 'sample']]).map((k) => [k, randomValue(next)])),
    ...(next() < 0.3 ? { metadata: { rationale: `because ${n}` } } : {}),
    direct_ios: next() < 0.5 ? [{ request: { input: 'x'.repeat(Math.floor(next() * 200)) } }] : null,
  }));
  const errors = (): J[] => (next() < 0.05 ? [{ error_type: pick(next, ['TimeoutError', 'ValueError']), message: `failed ${n}`, stage: pick(next, ['solver', 'scorer', 'setup']) }] : []);
  const id = next() < 0.03 ? 's1' : next() < 0.95 ? `s${n}` : n;
  const data = randomData(next, n);
  if (next() < 0.1) {
    const legacy: J = { sample_id: id, scores: scoresOf(), errors: errors() };
    // The sample-level `sample` before or after the scores (whose values may hold a key named `sample`).
    return next() < 0.5 ? { sample: { data }, solver: { output: `answer ${n}` }, ...legacy } : { ...legacy, sample: { data }, solver: { output: `answer ${n}` } };
  }
  const trialSample = (): unknown => {
    const r = next();
    if (r < 0.85) return { data };
    if (r < 0.9) return {};
    if (r < 0.95) return null;
    return undefined;
  };
  const trials = Array.from({ length: Math.floor(next() * 4) }, (_, i) => {
    const sample = trialSample();
    return {
      index: i, sample_id: id, ...(sample !== undefined ? { sample } : {}), solver: { output: `answer ${n}/${i}`, steps: ['a', 'b'] }, scores: scoresOf(), errors: errors(),
    };
  });
  return { sample_id: id, ...(next() < 0.4 ? { scores: scoresOf() } : {}), errors: errors(), trials };
}

/** A random log of `samples` top-level samples and two runs of half as many; the JSON text. */
export function randomLogText(seed: number, samples: number): string {
  const next = seededRandom(seed);
  const list = Array.from({ length: samples }, (_, n) => randomSample(next, n));
  const runs = [0, 1].map((index) => ({ index, metrics: [], errors: [], samples: Array.from({ length: Math.floor(samples / 2) }, (_, n) => randomSample(next, n)) }));
  const config = withTrialsConfig({ num_trials: 3, aggregators: [{ function: 'mean', score_name: 'quality' }, { function: 'pass@k', score_name: 'correct', k: 2 }] });
  return JSON.stringify(log({ samples: list, runs, metrics: [] }, config), null, seed % 2 ? 1 : undefined);
}

/** Everything a report shows from the index: the summary, pages of every set, checks and details. */
export function reportViews(index: LogIndex): unknown[] {
  const summary = index.getSummary();
  const shown: unknown[] = [summary, index.sampleChecks()];
  const sets = [undefined, ...(summary.runs?.runs.map((r) => r.index) ?? [])];
  for (const runIndex of sets) {
    for (const column of ['sampleId', ...summary.samples.dataColumns, ...summary.samples.scoreColumns.map((c) => c.id)]) {
      shown.push(index.getPage({ offset: 37, limit: 60, runIndex, sort: { column, direction: 'desc' } }));
    }
    shown.push(index.getPage({ offset: 0, limit: 50, runIndex, errorStage: 'any' }));
    shown.push(index.getPage({ offset: 5, limit: 50, runIndex, scoreFilter: { column: 'exact/correct', value: 'pass' } }));
    while (!index.prepareSearch(100000));
    shown.push(index.getPage({ offset: 0, limit: 40, runIndex, search: 'named solver' }));
    const count = runIndex === undefined ? summary.samples.count : summary.runs?.runs.find((r) => r.index === runIndex)?.sampleCount ?? 0;
    for (const at of [0, Math.floor(count / 2), count - 1]) if (at >= 0) shown.push(index.getDetail(at, runIndex));
  }
  return shown;
}

/** The views of a log file loaded with `options`; or the error (of loading, or of a view the log cannot give). */
export function viewsOrError(file: string, options: LoadLogOptions = {}): unknown {
  try {
    return reportViews(loadLogIndexSync({ filePath: file }, options));
  } catch (error) {
    assert.ok(error instanceof Error);
    return { name: error.name, message: error.message, ...(error instanceof LogLoadError ? { line: error.line, column: error.column } : {}) };
  }
}
