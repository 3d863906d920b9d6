import { LogIndex } from '../../../src/core/log/logIndex';
import { comparableLog, ComparableLog } from '../../../src/core/compare/comparableLog';

type J = Record<string, unknown>;

/** A legacy-layout sample: sample-level data, output and scores. */
export function legacySample(id: string | number, values: J, data: J = { q: `question ${id}` }): J {
  return { sample_id: id, sample: { data }, solver: { output: `answer ${id}` }, scores: [{ scorer_key: 'judge', values }], errors: [] };
}

/** A trial-layout sample: one trial per entry of `trialValues`, no sample-level scores (aggregated by mean). */
export function trialsSample(id: string | number, trialValues: J[], data: J = { q: `question ${id}` }): J {
  return {
    sample_id: id,
    errors: [],
    trials: trialValues.map((values, index) => ({ index, sample_id: id, sample: { data }, solver: { output: `answer ${id}/${index}` }, scores: [{ scorer_key: 'judge', values }], errors: [] })),
  };
}

/** A log whose `accuracy` metric (type `mean`) reports each value key's mean over the samples' effective values. */
export function compareLog(samples: J[], options: { metrics?: J[]; extraEvidence?: J; runtime?: number } = {}): J {
  return {
    format_version: 'v1',
    app_version: '1.0.0',
    status: 'success',
    specification: { display_name: 'Compared log', task: { key: 't' }, config: {}, run_config: null },
    execution: { runtime: options.runtime ?? 10, started_at: 1700000000, ended_at: 1700000010 },
    errors: [],
    evidence: { samples, errors: [], metrics: options.metrics ?? [{ metric_key: 'accuracy', metric_type: 'mean', scorer_key: 'judge', values: { correct: 0.5 } }], ...options.extraEvidence },
  };
}

export function comparable(value: unknown, fileName = 'log.json'): ComparableLog {
  return comparableLog(LogIndex.fromValue(value, { fileName, fileSize: 1, generation: 1 }));
}
