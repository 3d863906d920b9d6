import * as path from 'node:path';
import { LogIndex } from '../../../src/core/log/logIndex';

/** Repository root (tests run from out/test/unit/log/). */
export const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
export const examplesDir = path.join(repoRoot, 'examples', 'logs');

type J = Record<string, unknown>;

export function scores(scorerKey: string, values: J, extra: J = {}): J {
  return { scorer_key: scorerKey, values, ...extra };
}

export function trial(index: number, values: J, extra: J = {}): J {
  return { index, sample_id: 's', sample: { data: { q: 'question' } }, solver: { output: 'answer' }, scores: [scores('judge', values)], errors: [], ...extra };
}

export function log(evidence: J, specExtra: J = {}, top: J = {}): J {
  return {
    format_version: 'v1',
    app_version: '1.0.0',
    status: 'success',
    evidence: { errors: [], ...evidence },
    specification: { display_name: 'Test log', task: { key: 't' }, config: {}, run_config: null, ...specExtra },
    execution: { runtime: 1.5, started_at: 1700000000, ended_at: 1700000002 },
    errors: [],
    ...top,
  };
}

export function withTrialsConfig(config: J): J {
  return { config: { trials: config } };
}

export function index(value: unknown): LogIndex {
  return LogIndex.fromValue(value, { fileName: 'test.tasklog.json', fileSize: 100, generation: 1 });
}
