/**
 * The `coding_agent_sessions` source (docs/semantics.md §9.1–9.2): one row per session found under `path` (or the
 * default folders). Every file is read once, line by line, into a small summary; sub-agent files join their
 * parent session. The selection fields pick the rows; only the rows of the first page get their `trace`,
 * built by reading those files again, so memory stays flat in the number and size of the files.
 */
import { homedir } from 'node:os';
import { basename } from 'node:path';
import { sessionStrings } from '../../l10n/sourceStrings';
import { TraceMetadataRecord } from '../../trace/traceRecord';
import { PreviewError } from '../previewError';
import { PreviewResult, PreviewRow, PreviewWarning } from '../../model/previewTypes';
import { CODING_AGENT_SESSION_COLUMNS, SESSION_LABEL, SESSION_SOURCE_TYPE } from './sessionColumns';
import { MAX_WARNINGS } from '../../engine/scan/rowCounter';
import { resolveSourcePath } from '../sourcePaths';
import { previewStrings } from '../../l10n/previewStrings';
import { findSessionFiles, SessionFile, sessionIdOfSubagentPath, agentIdOfFileName } from './sessionFiles';
import { ScannedFile } from './sessionFileScan';
import { FileSummary, mainModel } from './sessionScan';
import { scanSessionFiles, startScanWorkers } from './sessionScanPool';
import { TokenCounts, addTokens, tokenTotal, zeroTokens } from './sessionRecords';
import { byStart, readSelection, selectionChecks } from './sessionSelection';
import { buildSessionTrace, SubagentRef } from './sessionTrace';
import { readSubagentMeta, SubagentMeta } from './subagentMeta';
import type { SourceOptions, SourceRun } from '../sourceDefinition';

/** The tool whose session files this source reads (TraceMetadata `agent`). */
const SESSION_AGENT = 'claude-code';
const MAX_SESSION_IDS = 200;

interface SessionEntry {
  sessionId: string;
  file: SessionFile;
  summary: FileSummary;
  subagents: (SubagentRef & { summary: FileSummary })[];
  startMs?: number;
  endMs?: number;
}

interface SessionsInput {
  source: Record<string, unknown>;
  options: SourceOptions;
  run: SourceRun;
}

interface SessionsLoad {
  result: PreviewResult;
  /** Every kept session's row, oldest first (`trace` only for the first page's rows). */
  rows: PreviewRow[];
}

function iso(ms: number | undefined): string | null {
  return ms === undefined ? null : new Date(ms).toISOString();
}

function sessionTokens(entry: SessionEntry): TokenCounts {
  const tokens = zeroTokens();
  addTokens(tokens, entry.summary.tokens);
  for (const agent of entry.subagents) addTokens(tokens, agent.summary.tokens);
  return tokens;
}

function rowValues(entry: SessionEntry): Record<string, unknown> {
  const s = entry.summary;
  const tokens = sessionTokens(entry);
  const totalTime = entry.startMs !== undefined && entry.endMs !== undefined ? (entry.endMs - entry.startMs) / 1000 : null;
  return {
    sample_id: entry.sessionId,
    session_id: entry.sessionId,
    file_name: entry.file.relative,
    title: s.title ?? null,
    first_prompt: s.firstPrompt ?? null,
    cwd: s.cwd ?? null,
    git_branch: s.gitBranch ?? null,
    version: s.version ?? null,
    model: mainModel(s.models) ?? null,
    started_at: iso(entry.startMs),
    ended_at: iso(entry.endMs),
    total_time: totalTime,
    message_count: s.messageCount,
    tool_call_count: s.toolCallCount,
    subagent_count: entry.subagents.length,
    input_tokens: tokens.input,
    output_tokens: tokens.output,
    cache_creation_tokens: tokens.cacheCreation,
    cache_read_tokens: tokens.cacheRead,
    total_tokens: tokenTotal(tokens),
    error: s.error ?? null,
  };
}

function traceMetadata(entry: SessionEntry, values: Record<string, unknown>): TraceMetadataRecord {
  const metadata: TraceMetadataRecord = { trace_id: entry.sessionId, source_type: SESSION_SOURCE_TYPE, source_uri: entry.file.path, agent: SESSION_AGENT };
  if (typeof values.model === 'string') metadata.model = values.model;
  if (typeof values.started_at === 'string') metadata.created_at = values.started_at;
  if (typeof values.total_time === 'number') metadata.total_time = values.total_time;
  metadata.total_tokens = values.total_tokens as number;
  metadata.message_count = values.message_count as number;
  if (typeof values.error === 'string') metadata.error = values.error;
  const extra: Record<string, unknown> = {};
  for (const key of ['title', 'cwd', 'git_branch', 'version'] as const) if (typeof values[key] === 'string') extra[key] = values[key];
  if (Object.keys(extra).length > 0) metadata.extra = extra;
  return metadata;
}

/** The warnings of a load: the first MAX_WARNINGS kept, all counted. */
class SessionWarnings {
  readonly list: PreviewWarning[] = [];
  count = 0;

  readonly warn = (message: string, file?: string, line?: number): void => {
    this.count++;
    if (this.list.length < MAX_WARNINGS) this.list.push({ message, ...(file !== undefined ? { file } : {}), ...(line !== undefined ? { line } : {}) });
  };

  /** The kept warnings, and a last one that says how many more there were. */
  shown(): PreviewWarning[] {
    const shown = this.list.slice();
    if (this.count > shown.length) shown.push({ message: previewStrings.moreWarnings(this.count - shown.length) });
    return shown;
  }
}

/** The session files under `path` (or the default folders), each scanned (in worker threads when there are many). */
async function scanFiles(path: string | undefined, homeDir: string, input: SessionsInput, warnings: SessionWarnings): Promise<{ files: SessionFile[]; scanned: (ScannedFile | undefined)[] }> {
  const { options, run } = input;
  // The scan's workers start while the files are searched for (not for a single file).
  const workers = path === undefined || !path.toLowerCase().endsWith('.jsonl') ? startScanWorkers({ workers: options.workers }) : undefined;
  let files: SessionFile[];
  try {
    ({ files } = await findSessionFiles(path, options.env ?? process.env, homeDir, warnings.warn, options.signal));
  } catch (error) {
    workers?.stop();
    throw error;
  }
  const scanned: (ScannedFile | undefined)[] = new Array<ScannedFile | undefined>(files.length);
  let done = 0;
  let sessionsSeen = 0;
  await scanSessionFiles(files, { workers: options.workers, signal: options.signal }, (index, file) => {
    scanned[index] = file;
    done++;
    if (files[index].kind === 'session') sessionsSeen++;
    run.progress({ done, total: files.length, unit: 'files', rowsSeen: sessionsSeen, rowsKept: sessionsSeen });
  }, workers);
  return { files, scanned };
}

type ScannedAgent = { file: SessionFile; summary: FileSummary; meta?: ScannedFile['subagentMeta'] };

/** The sessions of the scanned files, each with its subagents (an orphan subagent is a warning). */
async function sessionsOf(files: SessionFile[], scanned: (ScannedFile | undefined)[], warnings: SessionWarnings): Promise<SessionEntry[]> {
  const warn = warnings.warn;
  const sessions: SessionEntry[] = [];
  const byId = new Map<string, SessionEntry>();
  const agents: ScannedAgent[] = [];
  for (const [index, file] of files.entries()) {
    const result = scanned[index];
    if (result === undefined) continue;
    warnings.count += result.warningCount - result.warnings.length;
    for (const warning of result.warnings) warn(warning.message, warning.file, warning.line);
    if (result.failed !== undefined) continue;
    const summary = result.summary;
    if (file.kind === 'subagent') agents.push({ file, summary, meta: result.subagentMeta });
    else {
      const sessionId = summary.sessionId ?? basename(file.path).replace(/\.jsonl$/i, '');
      const entry: SessionEntry = { sessionId, file, summary, subagents: [], startMs: summary.firstMs, endMs: summary.lastMs };
      sessions.push(entry);
      if (!byId.has(sessionId)) byId.set(sessionId, entry);
    }
  }
  for (const agent of agents) await attachSubagent(agent, byId, warn);
  for (const entry of sessions) entry.subagents.sort((a, b) => (a.firstMs ?? 0) - (b.firstMs ?? 0) || (a.agentId < b.agentId ? -1 : 1));
  return sessions;
}

/** Adds a subagent to its parent session, widening the session's time span. */
async function attachSubagent(agent: ScannedAgent, byId: Map<string, SessionEntry>, warn: SessionWarnings['warn']): Promise<void> {
  const parentId = agent.summary.sessionId ?? sessionIdOfSubagentPath(agent.file.path);
  const parent = parentId === undefined ? undefined : byId.get(parentId);
  if (parent === undefined) {
    warn(sessionStrings.orphanSubagent(parentId ?? '?'), agent.file.path);
    return;
  }
  let meta: SubagentMeta;
  if (agent.meta !== undefined) {
    meta = agent.meta.meta;
    for (const message of agent.meta.warnings) warn(message, agent.file.path);
  } else meta = await readSubagentMeta(agent.file.path, (message) => warn(message, agent.file.path));
  const s = agent.summary;
  parent.subagents.push({
    file: agent.file.path, agentId: s.agentId ?? agentIdOfFileName(agent.file.path), agentType: meta.agentType, toolUseId: meta.toolUseId,
    firstMs: s.firstMs, lastMs: s.lastMs, totalTokens: tokenTotal(s.tokens), summary: s,
  });
  if (s.firstMs !== undefined && (parent.startMs === undefined || s.firstMs < parent.startMs)) parent.startMs = s.firstMs;
  if (s.lastMs !== undefined && (parent.endMs === undefined || s.lastMs > parent.endMs)) parent.endMs = s.lastMs;
}

function traceOf(entry: SessionEntry, values: Record<string, unknown>, signal?: AbortSignal): Promise<unknown> {
  return buildSessionTrace({ file: entry.file.path, subagents: entry.subagents, metadata: traceMetadata(entry, values), signal });
}

/**
 * The rows of the kept sessions: with their trace for the first `traceRows`, the page's others without (built by
 * `fillTraces` when a page shows them); a row sink gets every row with its trace as soon as it is built.
 */
async function sessionRows(kept: SessionEntry[], options: SourceOptions): Promise<{ rows: PreviewRow[]; fillTraces?: PreviewResult['fillTraces'] }> {
  const limit = Math.max(0, Math.floor(options.limit));
  const rows: PreviewRow[] = [];
  // Rows after the first `traceRows` keep only their session; their trace is built when a page shows them.
  const traceRows = options.traceRows === undefined ? limit : Math.min(limit, Math.max(0, Math.floor(options.traceRows)));
  const deferred = new WeakMap<PreviewRow, SessionEntry>();
  let anyDeferred = false;
  const sink = options.onRow;
  for (const [k, entry] of kept.entries()) {
    if (sink) {
      // A row sink (an export) takes each session's row with its trace as soon as it is built; only the page stays.
      if (options.rowsWanted) await options.rowsWanted();
      if (options.signal?.aborted) break;
      const values = rowValues(entry);
      values.trace = await traceOf(entry, values, options.signal);
      sink(values, { file: entry.file.path });
      if (k < limit) rows.push({ values, origin: { file: entry.file.path } });
      continue;
    }
    const values = rowValues(entry);
    if (k < traceRows && !options.signal?.aborted) values.trace = await traceOf(entry, values, options.signal);
    const row: PreviewRow = { values, origin: { file: entry.file.path } };
    if (k >= traceRows && k < limit) {
      values.trace = null;
      deferred.set(row, entry);
      anyDeferred = true;
    }
    rows.push(row);
  }
  return anyDeferred ? { rows, fillTraces: (wanted, signal) => fillDeferredTraces(wanted, deferred, signal) } : { rows };
}

async function fillDeferredTraces(wanted: readonly PreviewRow[], deferred: WeakMap<PreviewRow, SessionEntry>, signal?: AbortSignal): Promise<PreviewRow[]> {
  const filled: PreviewRow[] = [];
  for (const row of wanted) {
    const entry = deferred.get(row);
    if (!entry || signal?.aborted) {
      filled.push(row);
      continue;
    }
    try {
      filled.push({ ...row, values: { ...row.values, trace: await traceOf(entry, row.values, signal) } });
    } catch {
      filled.push(row); // the file changed or went away since the count
    }
  }
  return filled;
}

export async function loadSessions(input: SessionsInput): Promise<SessionsLoad> {
  const { source, options, run } = input;
  const selection = readSelection(source);
  const warnings = new SessionWarnings();
  if (source.path !== undefined && (typeof source.path !== 'string' || source.path === '')) {
    throw new PreviewError('invalidSource', previewStrings.missingField(SESSION_LABEL, 'path'));
  }
  const homeDir = options.homeDir ?? homedir();
  const path = typeof source.path === 'string' ? resolveSourcePath(source.path, options.specPath, homeDir) : undefined;
  const { files, scanned } = await scanFiles(path, homeDir, input, warnings);
  const sessions = await sessionsOf(files, scanned, warnings);
  // The sessions were counted as their files were read: the funnel reports no progress of its own.
  const funnel = run.selection<SessionEntry>(selectionChecks(selection), selection.limit, { progress: false, rowOf: (entry) => ({ values: rowValues(entry), origin: { file: entry.file.path } }) });
  for (const session of [...sessions].sort(byStart)) funnel.offer(session, session.startMs);
  funnel.applyLimit();
  const kept = funnel.oldestFirst();
  const steps = funnel.steps();
  const limit = Math.max(0, Math.floor(options.limit));
  const { rows, fillTraces } = await sessionRows(kept, options);
  const newest = [...sessions].sort((a, b) => (b.startMs ?? -Infinity) - (a.startMs ?? -Infinity));
  const result: PreviewResult = {
    columns: [...CODING_AGENT_SESSION_COLUMNS],
    rows: rows.slice(0, limit),
    total: sessions.length,
    matched: kept.length,
    removedPerFilter: steps,
    notComparable: 0,
    warnings: warnings.shown(),
    complete: !run.cancelled(),
    selection: true,
    recordNoun: 'sessions',
    sourceFacts: { sessionIds: newest.slice(0, MAX_SESSION_IDS).map((entry) => entry.sessionId) },
    ...(fillTraces ? { fillTraces } : {}),
  };
  run.firstPage(result);
  return { result, rows };
}

export async function previewSessions(input: SessionsInput): Promise<PreviewResult> {
  return (await loadSessions(input)).result;
}
