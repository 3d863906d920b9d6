import * as l10n from '@vscode/l10n';
/**
 * The columns of the five sources whose rows the specification does not define (docs/semantics.md §9.2–9.6), in the
 * order the rules list them. One list each, used by the loaders (column order), hovers and completion.
 */

export const CODING_AGENT_SESSION_COLUMNS = [
  'sample_id', 'session_id', 'file_name', 'title', 'first_prompt', 'cwd', 'git_branch', 'version', 'model',
  'started_at', 'ended_at', 'total_time', 'message_count', 'tool_call_count', 'subagent_count', 'input_tokens',
  'output_tokens', 'cache_creation_tokens', 'cache_read_tokens', 'total_tokens', 'error', 'trace',
] as const;

export const EVAL_LOG_SAMPLE_COLUMNS = [
  'sample_id', 'epoch', 'log_file', 'task', 'model', 'input', 'target', 'completion', 'scores', 'score_details',
  'metadata', 'error', 'input_tokens', 'output_tokens', 'total_tokens', 'total_time', 'working_time', 'started_at',
  'completed_at', 'trace',
] as const;

/** A transcript database's own columns come first (`sample_id` = `transcript_id`); these are the known ones. */
export const TRANSCRIPT_DATABASE_COLUMNS = [
  'sample_id', 'transcript_id', 'source_type', 'source_id', 'source_uri', 'date', 'task_set', 'task_id',
  'task_repeat', 'agent', 'agent_args', 'model', 'model_options', 'score', 'success', 'message_count', 'total_time',
  'total_tokens', 'error', 'limit', 'messages', 'events', 'timelines', 'events_data', 'trace',
] as const;

export const TRACE_PLATFORM_A_EXAMPLE_COLUMNS = [
  'sample_id', 'inputs', 'outputs', 'metadata', 'split', 'created_at', 'source_run_id',
] as const;

export const TRACE_PLATFORM_A_RUN_COLUMNS = [
  'sample_id', 'trace_id', 'name', 'run_type', 'status', 'error', 'start_time', 'end_time', 'latency', 'tags',
  'metadata', 'inputs', 'outputs', 'prompt_tokens', 'completion_tokens', 'total_tokens', 'total_cost', 'feedback',
  'trace',
] as const;

export const TRACE_PLATFORM_B_COLUMNS = [
  'sample_id', 'name', 'timestamp', 'session_id', 'user_id', 'tags', 'metadata', 'input', 'output', 'latency',
  'total_cost', 'environment', 'release', 'version', 'observation_count', 'trace',
] as const;

/** Every column list a source type can produce, for hovers ("rows of this source have …"). */
export const SOURCE_COLUMN_SETS: Readonly<Record<string, readonly { label: string; columns: readonly string[] }[]>> = {
  coding_agent_sessions: [{ label: 'session', columns: CODING_AGENT_SESSION_COLUMNS }],
  eval_logs: [
    { label: l10n.t('sample and epoch'), columns: EVAL_LOG_SAMPLE_COLUMNS },
    { label: l10n.t('transcript (transcript database)'), columns: TRANSCRIPT_DATABASE_COLUMNS },
  ],
  trace_platform_a: [
    { label: 'example (with `dataset`)', columns: TRACE_PLATFORM_A_EXAMPLE_COLUMNS },
    { label: l10n.t('root run (with `project`)'), columns: TRACE_PLATFORM_A_RUN_COLUMNS },
  ],
  trace_platform_b: [{ label: 'trace', columns: TRACE_PLATFORM_B_COLUMNS }],
};
