import type { CountDelta, RunsDelta, RuntimeDelta, UsageDelta } from '../model/compareTypes';
import type { LogSummary } from '../model/logViewTypes';

/** Token usage per model and purpose, both logs side by side (rows of either log). */
export function usageDeltas(base: LogSummary, cand: LogSummary): UsageDelta[] {
  // Aligned by purpose, so that a run whose model changed reads as the same purpose with other models.
  const rows = new Map<string, UsageDelta>();
  const add = (summary: LogSummary, side: 'baseline' | 'candidate'): void => {
    for (const usage of summary.tokenUsage) {
      const purpose = String(usage.purpose);
      let row = rows.get(purpose);
      if (!row) {
        row = { purpose, baselineModels: [], candidateModels: [], baseline: { promptTokens: 0, completionTokens: 0 }, candidate: { promptTokens: 0, completionTokens: 0 }, delta: 0 };
        rows.set(purpose, row);
      }
      const models = side === 'baseline' ? row.baselineModels : row.candidateModels;
      const model = usage.modelName ?? `#${usage.modelId}`;
      if (!models.includes(model)) models.push(model);
      row[side].promptTokens += usage.promptTokens;
      row[side].completionTokens += usage.completionTokens;
    }
  };
  add(base, 'baseline');
  add(cand, 'candidate');
  for (const row of rows.values()) {
    row.delta = row.candidate.promptTokens + row.candidate.completionTokens - (row.baseline.promptTokens + row.baseline.completionTokens);
  }
  return [...rows.values()];
}

/** Errors per stage in both logs. */
export function errorDeltas(base: LogSummary, cand: LogSummary): CountDelta[] {
  const stages = new Map<string, CountDelta>();
  const row = (stage: string): CountDelta => {
    let found = stages.get(stage);
    if (!found) stages.set(stage, (found = { stage, baseline: 0, candidate: 0, delta: 0 }));
    return found;
  };
  for (const group of base.errors) row(group.stage).baseline += group.total;
  for (const group of cand.errors) row(group.stage).candidate += group.total;
  for (const found of stages.values()) found.delta = found.candidate - found.baseline;
  return [...stages.values()];
}

export function runtimeDelta(base: LogSummary, cand: LogSummary): RuntimeDelta {
  const result: RuntimeDelta = {};
  if (base.execution.runtime !== undefined) result.baseline = base.execution.runtime;
  if (cand.execution.runtime !== undefined) result.candidate = cand.execution.runtime;
  if (result.baseline !== undefined && result.candidate !== undefined) result.delta = result.candidate - result.baseline;
  return result;
}

/** Means across repeatability runs of each metric key both logs assessed. */
export function runsDeltas(base: LogSummary, cand: LogSummary): RunsDelta[] {
  if (!base.runs || !cand.runs) return [];
  const key = (s: { scorerKey?: string; metricKey: string; valueKey: string }): string => `${s.scorerKey ?? ''}|${s.metricKey}|${s.valueKey}`;
  const candidate = new Map(cand.runs.stats.map((s) => [key(s), s]));
  const rows: RunsDelta[] = [];
  for (const stat of base.runs.stats) {
    const other = candidate.get(key(stat));
    if (!other) continue;
    const row: RunsDelta = {
      metricKey: stat.metricKey,
      valueKey: stat.valueKey,
      baseline: { mean: stat.mean, std: stat.std, runs: stat.perRun.filter((v) => v !== null).length },
      candidate: { mean: other.mean, std: other.std, runs: other.perRun.filter((v) => v !== null).length },
      delta: stat.mean !== null && other.mean !== null ? other.mean - stat.mean : null,
    };
    if (stat.scorerKey !== undefined) row.scorerKey = stat.scorerKey;
    rows.push(row);
  }
  return rows;
}
