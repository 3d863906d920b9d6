/**
 * An Inspect log's header (`eval`, `plan`, `results`, `stats`, `error`, `status`) as the task result log fields the
 * report's header is built from (src/core/log/summaryHeader.ts), and its token usage per model.
 */
import type { TokenUsageRow } from '../model/logViewTypes';
import { isPlainObject } from '../json/objectValues';
import { configuredEpochs } from '../sources/evalLogs/inspectHeaderCounts';

type Rec = Record<string, unknown>;

function record(value: unknown): Rec {
  return isPlainObject(value) ? value : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** An ISO time as seconds since the epoch; undefined when absent or not a time. */
function seconds(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms / 1000 : undefined;
}

function defined(entries: Rec): Rec {
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined && value !== null));
}

/** The scores reduced over epochs by the mean (Inspect's default): their trial values are checked against it. */
function meanAggregators(header: Rec): Rec[] {
  const config = record(record(header.eval).config);
  const defaultReducer = Array.isArray(config.epochs_reducer) ? config.epochs_reducer[0] : config.epochs_reducer;
  const aggregators: Rec[] = [];
  for (const score of Array.isArray(record(header.results).scores) ? (record(header.results).scores as unknown[]) : []) {
    const entry = record(score);
    const reducer = entry.reducer ?? defaultReducer ?? 'mean';
    const name = text(entry.name);
    if (name !== undefined && reducer === 'mean') aggregators.push({ score_name: name, aggregator: { function: 'mean' } });
  }
  return aggregators;
}

function taskOf(evalPart: Rec): Rec {
  return defined({
    name: evalPart.task,
    id: evalPart.task_id,
    version: evalPart.task_version,
    file: evalPart.task_file,
    registry_name: evalPart.task_registry_name,
    args: evalPart.task_args,
    dataset: evalPart.dataset,
    revision: evalPart.revision,
    eval_id: evalPart.eval_id,
    run_id: evalPart.run_id,
    created: evalPart.created,
  });
}

function modelOf(evalPart: Rec): Rec | undefined {
  if (evalPart.model === undefined) return undefined;
  return defined({ name: evalPart.model, base_url: evalPart.model_base_url, args: evalPart.model_args, generate_config: evalPart.model_generate_config, roles: evalPart.model_roles });
}

/** The log value the report header is built from (format_version, status, specification, execution, evidence.errors). */
export function headerAsTaskLog(header: Rec, sampleEpochs: number): Rec {
  const evalPart = record(header.eval);
  const stats = record(header.stats);
  const started = seconds(stats.started_at);
  const ended = seconds(stats.completed_at);
  const epochs = configuredEpochs(header) ?? sampleEpochs;
  const config = { ...record(evalPart.config), ...(header.plan !== undefined ? { plan: header.plan } : {}), trials: { num_trials: epochs, score_aggregators: meanAggregators(header) } };
  const error = header.error;
  return {
    format_version: header.version === undefined ? 'Inspect' : `Inspect v${String(header.version)}`,
    app_version: text(record(evalPart.packages).inspect_ai) ?? '',
    status: text(header.status) ?? '',
    specification: defined({ display_name: text(evalPart.task_display_name) ?? text(evalPart.task), task: taskOf(evalPart), evaluated_entity: modelOf(evalPart), config }),
    execution: defined({ started_at: started, ended_at: ended, runtime: started !== undefined && ended !== undefined ? ended - started : undefined, model_usage: stats.model_usage }),
    evidence: isPlainObject(error) ? { errors: [{ error_type: 'eval error', message: text(error.message) ?? '', stage: 'solver' }] } : {},
  };
}

function tokens(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** One row per model of `stats.model_usage` (the evaluated model's purpose is `test`, any other model's `auxiliary`). */
export function inspectTokenUsage(header: Rec): TokenUsageRow[] {
  const evaluated = record(header.eval).model;
  return Object.entries(record(record(header.stats).model_usage)).map(([model, usage], modelId) => ({
    modelId,
    modelName: model,
    purpose: model === evaluated ? 'test' : 'auxiliary',
    promptTokens: tokens(record(usage).input_tokens),
    completionTokens: tokens(record(usage).output_tokens),
  }));
}
