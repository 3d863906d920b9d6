/** The columns of a LangSmith example or root run (docs/semantics.md §9.5), in the order the rules list them. */

/** The source type, as rows and their traces name it (`source_type`). */
export const LANGSMITH_SOURCE_TYPE = 'trace_platform_a';
/** The product the source reads, as messages name it. */
export const LANGSMITH_LABEL = `LangSmith (${LANGSMITH_SOURCE_TYPE})`;

export const TRACE_PLATFORM_A_EXAMPLE_COLUMNS = [
  'sample_id', 'inputs', 'outputs', 'metadata', 'split', 'created_at', 'source_run_id',
] as const;

export const TRACE_PLATFORM_A_RUN_COLUMNS = [
  'sample_id', 'trace_id', 'name', 'run_type', 'status', 'error', 'start_time', 'end_time', 'latency', 'tags',
  'metadata', 'inputs', 'outputs', 'prompt_tokens', 'completion_tokens', 'total_tokens', 'total_cost', 'feedback',
  'trace',
] as const;
