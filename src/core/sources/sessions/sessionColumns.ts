/** The columns of a coding-assistant session row (docs/semantics.md §9.2), in the order the rules list them. */

/** The source type, as rows and their traces name it (`source_type`). */
export const SESSION_SOURCE_TYPE = 'coding_agent_sessions';
/** The product the source reads, as messages name it. */
export const SESSION_LABEL = `Claude Code (${SESSION_SOURCE_TYPE})`;

export const CODING_AGENT_SESSION_COLUMNS = [
  'sample_id', 'session_id', 'file_name', 'title', 'first_prompt', 'cwd', 'git_branch', 'version', 'model',
  'started_at', 'ended_at', 'total_time', 'message_count', 'tool_call_count', 'subagent_count', 'input_tokens',
  'output_tokens', 'cache_creation_tokens', 'cache_read_tokens', 'total_tokens', 'error', 'trace',
] as const;
