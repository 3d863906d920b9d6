/** The columns of an Arize Phoenix root span (docs/semantics.md §11.1), in order. */

/** The source type, as rows and their traces name it (`source_type`). */
export const PHOENIX_SOURCE_TYPE = 'phoenix';
/** The product the source reads, as messages name it. */
export const PHOENIX_LABEL = 'Arize Phoenix (phoenix)';

export const PHOENIX_COLUMNS = [
  'sample_id', 'trace_id', 'name', 'span_kind', 'status', 'error', 'start_time', 'end_time', 'latency', 'input',
  'output', 'model', 'prompt_tokens', 'completion_tokens', 'total_tokens', 'attributes', 'trace',
] as const;
