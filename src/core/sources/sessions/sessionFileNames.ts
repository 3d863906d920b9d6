/** What the names of session files say (docs/semantics.md §9.2): which are sub-agent files, and the names beside them. */
import { basename, dirname, join } from 'node:path';

const SUBAGENT_NAME = /^agent-.+\.jsonl$/i;

export function isSubagentFileName(name: string): boolean {
  return SUBAGENT_NAME.test(name);
}

/** `agent-<id>.meta.json` beside a sub-agent file. */
export function subagentMetaPath(file: string): string {
  return join(dirname(file), `${basename(file).replace(/\.jsonl$/i, '')}.meta.json`);
}

/** The agent id a sub-agent file's name carries (`agent-<id>.jsonl`). */
export function agentIdOfFileName(file: string): string {
  return basename(file).replace(/^agent-/i, '').replace(/\.jsonl$/i, '');
}

/** For the new layout `<session>/subagents/agent-*.jsonl`: the parent session id its folders name. */
export function sessionIdOfSubagentPath(file: string): string | undefined {
  const parent = dirname(file);
  return basename(parent) === 'subagents' ? basename(dirname(parent)) : undefined;
}
