import type { LogLayout, LogSummary, SampleLayout, TokenUsageRow } from '../model/logViewTypes';
import { logStrings } from '../l10n/logStrings';
import { asArray, asFiniteNumber, asInteger, asRecord, asString, JsonRecord } from './logValue';

type Header = Pick<LogSummary,
  'fileName' | 'fileSize' | 'generation' | 'displayName' | 'status' | 'formatVersion' | 'appVersion' | 'task' | 'evaluatedEntity'
  | 'config' | 'runConfig' | 'repeatability' | 'execution'>;

/** The header fields of the summary (spec §2.1, §2.8, §2.11). */
export function buildHeader(log: JsonRecord, file: { fileName: string; fileSize: number; generation: number }): Header {
  const specification = asRecord(log.specification) ?? {};
  const execution = asRecord(log.execution) ?? {};
  const header: Header = {
    fileName: file.fileName,
    fileSize: file.fileSize,
    generation: file.generation,
    displayName: asString(specification.display_name) ?? file.fileName,
    status: asString(log.status) ?? '',
    formatVersion: asString(log.format_version) ?? '',
    appVersion: asString(log.app_version) ?? '',
    task: specification.task,
    config: specification.config,
    execution: {},
  };
  if (specification.evaluated_entity !== undefined && specification.evaluated_entity !== null) header.evaluatedEntity = specification.evaluated_entity;
  if (specification.run_config !== undefined && specification.run_config !== null) header.runConfig = specification.run_config;
  const numRuns = asInteger(asRecord(specification.repeatability_config)?.num_runs);
  if (numRuns !== undefined) header.repeatability = { numRuns };
  const startedAt = asFiniteNumber(execution.started_at);
  const endedAt = asFiniteNumber(execution.ended_at);
  const runtime = asFiniteNumber(execution.runtime);
  if (startedAt !== undefined) header.execution.startedAt = startedAt;
  if (endedAt !== undefined) header.execution.endedAt = endedAt;
  if (runtime !== undefined) header.execution.runtime = runtime;
  if (execution.model_usage !== undefined && execution.model_usage !== null) header.execution.modelUsage = execution.model_usage;
  return header;
}

/** Names of model ids the log gives: the evaluated entity's `key` when that entity is a model with a `model_id`. */
function modelNames(specification: unknown): Map<number, string> {
  const names = new Map<number, string>();
  const entity = asRecord(asRecord(specification)?.evaluated_entity);
  const id = asFiniteNumber(entity?.model_id);
  const key = asString(entity?.key) ?? asString(entity?.name);
  if (id !== undefined && key) names.set(id, key);
  return names;
}

/** The token usage rows of `evidence.model_token_usages`, each model named when the log's specification names it. */
export function tokenUsageRows(value: unknown, specification?: unknown): TokenUsageRow[] {
  const rows: TokenUsageRow[] = [];
  const names = modelNames(specification);
  for (const item of asArray(value) ?? []) {
    const usage = asRecord(item);
    if (!usage) continue;
    const modelId = asFiniteNumber(usage.model_id) ?? -1;
    const row: TokenUsageRow = {
      modelId,
      purpose: asString(usage.purpose) ?? 'unknown',
      promptTokens: asFiniteNumber(usage.prompt_tokens) ?? 0,
      completionTokens: asFiniteNumber(usage.completion_tokens) ?? 0,
    };
    const name = names.get(modelId);
    if (name) row.modelName = name;
    rows.push(row);
  }
  return rows;
}

export function failuresOf(value: unknown): { numErrors: number; numTotal: number } | undefined {
  const failures = asRecord(value);
  if (!failures) return undefined;
  return { numErrors: asFiniteNumber(failures.num_errors) ?? 0, numTotal: asFiniteNumber(failures.num_total) ?? 0 };
}

export function layoutOf(layouts: ReadonlySet<SampleLayout> | undefined): LogLayout {
  if (!layouts || layouts.size === 0) return 'none';
  if (layouts.size > 1) return 'mixed';
  return [...layouts][0];
}

/** Why a log has no metrics (docs/semantics.md §8). */
export function metricsMissingReason(log: JsonRecord, evidence: JsonRecord): string {
  if (!('metrics' in evidence)) return logStrings.metricsAbsent;
  const failed = log.status === 'failure' || (asArray(log.errors)?.length ?? 0) > 0 || (asArray(evidence.errors)?.length ?? 0) > 0;
  return failed ? logStrings.metricsNullFailure : logStrings.metricsNullNoError;
}
