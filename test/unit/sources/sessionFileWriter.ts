/** Writes session files shaped like the real ones (docs/source-formats.md §1, Claude Code session files) for the tests. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Usage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

export interface LineContext {
  sessionId: string;
  timestamp: string;
  agentId?: string;
}

function common(ctx: LineContext): Record<string, unknown> {
  return {
    parentUuid: null, isSidechain: ctx.agentId !== undefined, userType: 'external', cwd: '/work/demo', sessionId: ctx.sessionId,
    version: '2.1.38', gitBranch: 'main', ...(ctx.agentId ? { agentId: ctx.agentId } : {}),
  };
}

export function userLine(ctx: LineContext, content: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ ...common(ctx), type: 'user', message: { role: 'user', content }, uuid: `u-${ctx.timestamp}`, timestamp: ctx.timestamp, ...extra });
}

export function assistantLine(ctx: LineContext, response: { id: string; requestId: string; model?: string; usage?: Usage; blocks: unknown[] }): string {
  return JSON.stringify({
    ...common(ctx),
    message: { model: response.model ?? 'model-a', id: response.id, type: 'message', role: 'assistant', content: response.blocks, stop_reason: null, usage: response.usage ?? {} },
    requestId: response.requestId, type: 'assistant', uuid: `a-${ctx.timestamp}-${Math.random()}`, timestamp: ctx.timestamp,
  });
}

export function writeLines(path: string, lines: string[]): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${lines.join('\n')}\n`);
}

/** A small complete session: a prompt, one response (text + tool call, split over two lines), its result, an answer. */
export function simpleSession(sessionId: string, start: string, tokens = 10): string[] {
  const t = (seconds: number) => new Date(Date.parse(start) + seconds * 1000).toISOString();
  const usage = { input_tokens: tokens, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  return [
    userLine({ sessionId, timestamp: t(0) }, `prompt of ${sessionId}`),
    assistantLine({ sessionId, timestamp: t(1) }, { id: `msg-${sessionId}-1`, requestId: `req-${sessionId}-1`, usage, blocks: [{ type: 'text', text: 'Looking.' }] }),
    assistantLine({ sessionId, timestamp: t(2) }, { id: `msg-${sessionId}-1`, requestId: `req-${sessionId}-1`, usage, blocks: [{ type: 'tool_use', id: `call-${sessionId}`, name: 'Read', input: { file: 'a.txt' } }] }),
    userLine({ sessionId, timestamp: t(3) }, [{ type: 'tool_result', tool_use_id: `call-${sessionId}`, content: 'file text' }]),
    assistantLine({ sessionId, timestamp: t(4) }, { id: `msg-${sessionId}-2`, requestId: `req-${sessionId}-2`, usage, blocks: [{ type: 'text', text: 'Done.' }] }),
  ];
}
