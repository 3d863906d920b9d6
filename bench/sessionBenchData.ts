/**
 * Seeded generation of the sessions benchmark folders (bench/data/, git-ignored): session files shaped like the
 * real ones in the shared fixtures (progress and snapshot lines, prompts, responses split over one line per content
 * block with repeated or growing usage, tool results with their `toolUseResult` copy, `<synthetic>` lines, titles,
 * sub-agents in `<session>/subagents/` with their meta files). Sizes vary widely around the mean, as real ones do.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from './benchData';

const WORDS = (
  'the of a to in is that for it as with was on be by this are from or an which at but not have has one all ' +
  'function const return import export class interface type string number error test file line value result ' +
  'config server request response handler query index module build deploy cache token stream parse render'
).split(' ');

export interface SessionSet {
  /** The folder to pass as CLAUDE_CONFIG_DIR (it holds `projects/`). */
  configDir: string;
  projectsDir: string;
  files: number;
  bytes: number;
}

function textPool(random: () => number, size: number): string {
  const parts: string[] = [];
  let length = 0;
  while (length < size) {
    const word = WORDS[Math.floor(random() * WORDS.length)];
    const piece = random() < 0.08 ? `${word}\n` : random() < 0.05 ? `"${word}" ` : `${word} `;
    parts.push(piece);
    length += piece.length;
  }
  return parts.join('');
}

function uuid(random: () => number): string {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
}

class SessionWriter {
  private fd: number;
  private pending: string[] = [];
  private pendingBytes = 0;
  bytes = 0;

  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }

  line(value: unknown): void {
    const text = `${JSON.stringify(value)}\n`;
    this.pending.push(text);
    this.pendingBytes += text.length;
    if (this.pendingBytes > 1 << 20) this.flush();
  }

  private flush(): void {
    const chunk = this.pending.join('');
    this.bytes += Buffer.byteLength(chunk);
    writeSync(this.fd, chunk);
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** Bytes written so far, buffered ones included. */
  get size(): number {
    return this.bytes + this.pendingBytes;
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

interface Ctx {
  random: () => number;
  pool: string;
  sessionId: string;
  cwd: string;
  clock: number;
  agentId?: string;
  counter: { n: number };
}

function slice(ctx: Ctx, length: number): string {
  const start = Math.floor(ctx.random() * (ctx.pool.length - length - 1));
  return ctx.pool.slice(start, start + length);
}

function base(ctx: Ctx, type: string): Record<string, unknown> {
  ctx.clock += Math.floor(200 + ctx.random() * 8000);
  return {
    parentUuid: uuid(ctx.random), isSidechain: ctx.agentId !== undefined, userType: 'external', cwd: ctx.cwd, sessionId: ctx.sessionId,
    version: '2.1.38', gitBranch: 'main', ...(ctx.agentId ? { agentId: ctx.agentId } : {}), type, uuid: uuid(ctx.random),
    timestamp: new Date(ctx.clock).toISOString(),
  };
}

/** Writes one conversation (a session or a sub-agent) of about `target` bytes; returns the Task call ids it made. */
function conversation(out: SessionWriter, ctx: Ctx, target: number, taskCalls: number): string[] {
  const random = ctx.random;
  const calls: string[] = [];
  if (!ctx.agentId) {
    out.line({ type: 'file-history-snapshot', messageId: uuid(random), snapshot: { messageId: uuid(random), trackedFileBackups: {}, timestamp: new Date(ctx.clock).toISOString() }, isSnapshotUpdate: false });
    out.line({ ...base(ctx, 'progress'), data: { type: 'hook_progress', hookEvent: 'SessionStart', hookName: 'SessionStart:startup', command: 'echo start' }, parentToolUseID: uuid(random), toolUseID: uuid(random) });
  }
  out.line({ ...base(ctx, 'user'), message: { role: 'user', content: slice(ctx, 40 + Math.floor(random() * 400)) } });
  let cacheRead = 0;
  while (out.size < target) {
    const n = ++ctx.counter.n;
    const id = `msg_bench_${ctx.sessionId.slice(0, 8)}_${n}`;
    const requestId = `req_bench_${ctx.sessionId.slice(0, 8)}_${n}`;
    const synthetic = random() < 0.01;
    const model = synthetic ? '<synthetic>' : ctx.agentId ? 'claude-haiku-4-5-20251001' : random() < 0.8 ? 'claude-opus-4-6' : 'claude-sonnet-4-5-20250929';
    const input = synthetic ? 0 : 1 + Math.floor(random() * 50);
    const creation = synthetic ? 0 : Math.floor(random() * 4000);
    cacheRead += synthetic ? 0 : Math.floor(random() * 3000);
    let output = synthetic ? 0 : 5 + Math.floor(random() * 30);
    const blocks: Record<string, unknown>[] = [];
    if (random() < 0.4) blocks.push({ type: 'thinking', thinking: slice(ctx, 100 + Math.floor(random() * 1500)), signature: slice(ctx, 200).replace(/\s/g, 'x') });
    if (random() < 0.7) blocks.push({ type: 'text', text: slice(ctx, 20 + Math.floor(random() * 800)) });
    const toolCount = Math.floor(random() * 3);
    const tools: string[] = [];
    for (let k = 0; k < toolCount; k++) {
      const callId = `toolu_bench_${ctx.sessionId.slice(0, 8)}_${n}_${k}`;
      tools.push(callId);
      blocks.push({ type: 'tool_use', id: callId, name: ['Read', 'Bash', 'Grep', 'Edit'][Math.floor(random() * 4)], input: { command: slice(ctx, 30 + Math.floor(random() * 200)) } });
    }
    if (taskCalls > calls.length && random() < 0.3) {
      const callId = `toolu_task_${ctx.sessionId.slice(0, 8)}_${n}`;
      calls.push(callId);
      tools.push(callId);
      blocks.push({ type: 'tool_use', id: callId, name: 'Task', input: { description: 'explore', prompt: slice(ctx, 200), subagent_type: 'Explore' } });
    }
    if (blocks.length === 0) blocks.push({ type: 'text', text: slice(ctx, 50) });
    const growing = random() < 0.3;
    for (const [k, block] of blocks.entries()) {
      if (growing && !synthetic) output += Math.floor(random() * 40);
      // As in real files, a `<synthetic>` line (no API call) carries zero usage.
      const usage = synthetic ? { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } : { input_tokens: input, cache_creation_input_tokens: creation, cache_read_input_tokens: cacheRead, cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: creation }, output_tokens: k === blocks.length - 1 || !growing ? output : output - 1, service_tier: 'standard' };
      out.line({ ...base(ctx, 'assistant'), message: { model, id, type: 'message', role: 'assistant', content: [block], stop_reason: null, stop_sequence: null, usage }, requestId });
    }
    for (const callId of tools) {
      if (random() < 0.5) out.line({ ...base(ctx, 'progress'), data: { type: 'bash_progress', output: slice(ctx, 80) }, parentToolUseID: callId, toolUseID: `${callId}_p` });
      const size = random() < 0.05 ? 20_000 + Math.floor(random() * 120_000) : 200 + Math.floor(random() * 6000);
      const text = slice(ctx, Math.min(size, ctx.pool.length - 2));
      const isError = random() < 0.05;
      out.line({ ...base(ctx, 'user'), message: { role: 'user', content: [{ tool_use_id: callId, type: 'tool_result', content: text, is_error: isError }] }, toolUseResult: { stdout: text, stderr: '', interrupted: false } });
    }
    if (tools.length === 0) out.line({ ...base(ctx, 'user'), message: { role: 'user', content: slice(ctx, 20 + Math.floor(random() * 300)) } });
    if (random() < 0.02) out.line({ ...base(ctx, 'system'), subtype: 'api_error', level: 'error', content: 'API Error: overloaded' });
  }
  if (!ctx.agentId && random() < 0.5) out.line({ type: 'ai-title', aiTitle: slice(ctx, 40).trim(), sessionId: ctx.sessionId });
  return calls;
}

function writeSet(projectsDir: string, files: number, meanBytes: number, seed: number): number {
  const random = seededRandom(seed);
  const pool = textPool(random, 1 << 20);
  let written = 0;
  let bytes = 0;
  const counter = { n: 0 };
  for (let s = 0; written < files; s++) {
    const project = join(projectsDir, `-home-dev-project-${s % 23}`);
    mkdirSync(project, { recursive: true });
    const sessionId = uuid(random);
    const target = Math.max(4000, Math.floor(meanBytes * -Math.log(1 - random() * 0.999)));
    const ctx: Ctx = { random, pool, sessionId, cwd: `/home/dev/project-${s % 23}`, clock: Date.UTC(2026, 0, 1) + s * 3_600_000, counter };
    const wantsAgents = random() < 0.15 && written + 2 < files ? 1 + Math.floor(random() * 2) : 0;
    const out = new SessionWriter(join(project, `${sessionId}.jsonl`));
    const calls = conversation(out, ctx, target, wantsAgents);
    out.close();
    bytes += out.bytes;
    written++;
    for (const callId of calls) {
      if (written >= files) break;
      const agentId = uuid(random).slice(0, 7);
      const dir = join(project, sessionId, 'subagents');
      mkdirSync(dir, { recursive: true });
      const sub = new SessionWriter(join(dir, `agent-${agentId}.jsonl`));
      conversation(sub, { ...ctx, agentId, clock: ctx.clock - 60_000 }, Math.floor(target / 4), 0);
      sub.close();
      const metaFd = openSync(join(dir, `agent-${agentId}.meta.json`), 'w');
      writeSync(metaFd, JSON.stringify({ agentType: 'Explore', toolUseId: callId }));
      closeSync(metaFd);
      bytes += sub.bytes;
      written++;
    }
  }
  return bytes;
}

function folderBytes(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.jsonl')) {
      files++;
      bytes += statSync(join(entry.parentPath, entry.name)).size;
    }
  }
  return { files, bytes };
}

/** The folder of `files` session files (sub-agent files included) of about `meanBytes` each, written once. */
export function ensureSessionSet(root: string, files: number, meanBytes: number): SessionSet {
  const configDir = join(root, 'bench', 'data', `sessions-${files}`);
  const projectsDir = join(configDir, 'projects');
  const done = join(configDir, 'complete');
  if (!existsSync(done)) {
    mkdirSync(projectsDir, { recursive: true });
    writeSet(projectsDir, files, meanBytes, 20261122);
    closeSync(openSync(done, 'w'));
  }
  return { configDir, projectsDir, ...folderBytes(projectsDir) };
}
