/** The columns of a Langfuse trace row (docs/semantics.md §9.6), in the order the rules list them. */

/** The source type, as rows and their traces name it (`source_type`). */
export const LANGFUSE_SOURCE_TYPE = 'trace_platform_b';
/** The product the source reads, as messages name it. */
export const LANGFUSE_LABEL = `Langfuse (${LANGFUSE_SOURCE_TYPE})`;

export const TRACE_PLATFORM_B_COLUMNS = [
  'sample_id', 'name', 'timestamp', 'session_id', 'user_id', 'tags', 'metadata', 'input', 'output', 'latency',
  'total_cost', 'environment', 'release', 'version', 'observation_count', 'trace',
] as const;
