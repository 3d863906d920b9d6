/**
 * The columns of an `eval_logs` source (docs/semantics.md §9.3), in the order the rules list them: one row per
 * sample and epoch of a log, or one per transcript of a transcript database.
 */

/** The source type, as rows and their traces name it (`source_type`). */
export const EVAL_LOGS_SOURCE_TYPE = 'eval_logs';

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
