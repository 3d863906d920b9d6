/**
 * `trace_platform_b` (Langfuse, docs/semantics.md §9.6): one row per trace, from the current observations API (root
 * observations, cursor paging, newest first), or the legacy traces API where the server answers 404 there.
 * Stops at `limit`; the first page's traces get their observations for the span view.
 */
import * as l10n from '@vscode/l10n';
import { sourceStrings } from '../../l10n/sourceStrings';
import { PreviewError } from '../previewError';
import { PreviewResult, PreviewRow, PreviewWarning } from '../../model/previewTypes';
import { isPlainObject } from '../../json/objectValues';
import { LANGFUSE_LABEL, TRACE_PLATFORM_B_COLUMNS } from './langfuseColumns';
import { environmentOf, firstEnv, resolveCredential, resolveEndpoint } from '../remote/credentials';
import { cursorPages, numberedPages } from '../remote/paging';
import { Observation, PlatformBTrace, metadataMatches, platformBRow, traceOfLegacy, traceOfRootObservation } from './langfuseTraces';
import { DETAIL_CONCURRENCY, DETAIL_ROWS, forEachLimited } from '../remote/detailRequests';
import { RecordSelection, SelectionCheck, limitOf, timeChecks } from '../selectionFunnel';
import { Redactor } from '../remote/redaction';
import { RemoteClient, isCancellation } from '../remote/remoteClient';
import { TimeRange, isoOf, timeRangeOf } from '../remote/timeRange';
import type { SourceOptions, SourceRun } from '../sourceDefinition';

const PLATFORM_B_DEFAULT_URL = 'https://cloud.langfuse.com';
const PLATFORM_B_URL_ENV = ['LANGFUSE_BASE_URL', 'LANGFUSE_HOST'] as const;
const PLATFORM_B_KEY_ENV = ['LANGFUSE_PUBLIC_KEY', 'LANGFUSE_SECRET_KEY'] as const;
const CURRENT_PAGE = 100;
const LEGACY_PAGE = 100;
const ROOT_FIELDS = 'core,basic,time,io,metadata,trace_context';
const DETAIL_FIELDS = 'core,basic,time,io,metadata,model,usage';

function oneOrMany(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return undefined;
}

async function keysOf(source: Record<string, unknown>, options: SourceOptions): Promise<{ publicKey: string; secretKey: string }> {
  const combined = await resolveCredential(source.api_key, 'api_key', [], options);
  if (combined !== undefined) {
    const colon = combined.indexOf(':');
    if (colon <= 0 || colon === combined.length - 1) throw new PreviewError('invalidSource', sourceStrings.platformBadKey);
    return { publicKey: combined.slice(0, colon), secretKey: combined.slice(colon + 1) };
  }
  const env = environmentOf(options);
  const publicKey = firstEnv(env, [PLATFORM_B_KEY_ENV[0]]);
  const secretKey = firstEnv(env, [PLATFORM_B_KEY_ENV[1]]);
  if (!publicKey || !secretKey) throw new PreviewError('invalidSource', sourceStrings.missingCredential('api_key', [PLATFORM_B_KEY_ENV.join(' + ')]));
  return { publicKey, secretKey };
}

interface Query {
  traceId?: string;
  sessionId?: string;
}

/** The queries to make: one per trace id, else one per session id, else one. */
function queriesOf(traceIds: string[] | undefined, sessionIds: string[] | undefined): Query[] {
  if (traceIds) return traceIds.map((traceId) => ({ traceId, ...(sessionIds?.length === 1 ? { sessionId: sessionIds[0] } : {}) }));
  if (sessionIds) return sessionIds.map((sessionId) => ({ sessionId }));
  return [{}];
}

interface LangfuseConnection {
  client: RemoteClient;
  endpoint: string;
  what: string;
}

/** The client of the project's API: the keys as Basic authentication, never in a message. */
async function clientOf(source: Record<string, unknown>, options: SourceOptions): Promise<RemoteClient> {
  const { publicKey, secretKey } = await keysOf(source, options);
  const redactor = new Redactor();
  redactor.add(secretKey);
  redactor.add(publicKey);
  redactor.add(`${publicKey}:${secretKey}`);
  const authCheck = `'api_key' or ${PLATFORM_B_KEY_ENV.join(' + ')}`;
  return new RemoteClient({ options, redactor, headers: { Authorization: `Basic ${Buffer.from(`${publicKey}:${secretKey}`).toString('base64')}` }, authCheck });
}

async function checkProject(connection: LangfuseConnection, project: string): Promise<void> {
  const projects = await connection.client.json<{ data?: unknown }>(`${connection.endpoint}/api/public/projects`, { what: connection.what });
  const list = Array.isArray(projects?.data) ? projects.data.filter(isPlainObject) : [];
  if (!list.some((p) => p.name === project || p.id === project)) {
    throw new PreviewError('invalidSource', sourceStrings.platformProjectMismatch(project, list.map((p) => String(p.name ?? p.id)).join(', ') || '?'));
  }
}

interface Selection {
  range: TimeRange;
  traceIds: string[] | undefined;
  sessionIds: string[] | undefined;
  tags: string[];
  checks: SelectionCheck<PlatformBTrace>[];
}

/** The selection fields of the source (docs/semantics.md §9.6) and the funnel steps the platform cannot take. */
function selectionOf(source: Record<string, unknown>): Selection {
  const range = timeRangeOf(source);
  const traceIds = oneOrMany(source.trace_id);
  const sessionIds = oneOrMany(source.session_id);
  const tags = Array.isArray(source.tags) ? source.tags.filter((t): t is string => typeof t === 'string') : [];
  const metadata = isPlainObject(source.metadata) ? source.metadata : undefined;
  const checks: SelectionCheck<PlatformBTrace>[] = timeChecks<PlatformBTrace>(range, (t) => t.timestamp);
  if (traceIds) checks.push({ field: 'trace_id', label: sourceStrings.stepTraceIds(traceIds.length), test: (t) => traceIds.includes(t.id), read: (t) => t.id });
  if (sessionIds) checks.push({ field: 'session_id', label: sourceStrings.stepSessionIds(sessionIds.length), test: (t) => t.sessionId !== null && sessionIds.includes(t.sessionId), read: (t) => t.sessionId });
  if (tags.length > 0) checks.push({ field: 'tags', label: sourceStrings.stepTags(tags), test: (t) => tags.every((tag) => t.tags.includes(tag)), read: (t) => t.tags });
  if (metadata) checks.push({ field: 'metadata', label: sourceStrings.stepMetadata, test: (t) => metadataMatches(metadata, t.metadata), read: (t) => t.metadata });
  return { range, traceIds, sessionIds, tags, checks };
}

export async function previewTracePlatformB(source: Record<string, unknown>, options: SourceOptions, run: SourceRun): Promise<PreviewResult> {
  const project = typeof source.project === 'string' ? source.project : '';
  if (project === '') throw new PreviewError('invalidSource', sourceStrings.missingProject);
  const endpoint = resolveEndpoint(source.base_url, 'base_url', PLATFORM_B_URL_ENV, PLATFORM_B_DEFAULT_URL, options);
  const selection = selectionOf(source);
  const limit = limitOf(source);
  const connection = { client: await clientOf(source, options), endpoint, what: `${LANGFUSE_LABEL} project '${project}'` };
  await checkProject(connection, project);
  return new LangfuseTraces(connection, selection, limit, options, run).read();
}

/** Reads a project's traces through the selection funnel, page by page; an export gets each page's kept traces as they come. */
class LangfuseTraces {
  private readonly selection: RecordSelection<PlatformBTrace>;
  private readonly sink: SourceOptions['onRow'];
  private readonly seenIds = new Set<string>();
  private keptOfPage: PlatformBTrace[] = [];
  private readonly handed: PreviewRow[] = [];
  private legacy = false;

  constructor(private readonly connection: LangfuseConnection, private readonly query: Selection, private readonly limit: number | undefined, private readonly options: SourceOptions, run: SourceRun) {
    this.sink = options.onRow;
    // A row sink (an export) takes the kept traces page by page, in the platform's order (newest first), each with its
    // observations: nothing is held but the page being handed over (and the ids seen, to skip repeats).
    this.selection = run.selection<PlatformBTrace>(query.checks, limit, { hold: !this.sink, rowOf: (trace) => this.rowOf(trace) });
  }

  async read(): Promise<PreviewResult> {
    let complete = true;
    try {
      for (const query of this.limit === 0 ? [] : queriesOf(this.query.traceIds, this.query.sessionIds)) {
        if (this.selection.full) break;
        if (!this.legacy) await this.readCurrent(query);
        if (this.legacy) await this.readLegacy(query);
      }
    } catch (error) {
      if (!isCancellation(error)) throw error;
      complete = false;
    }
    return this.sink ? this.handedResult(complete) : this.firstPage(complete);
  }

  private offer(trace: PlatformBTrace): void {
    if (this.seenIds.has(trace.id)) return;
    this.seenIds.add(trace.id);
    if (this.selection.offer(trace, trace.timestamp) && this.sink) this.keptOfPage.push(trace);
  }

  private async handOver(): Promise<void> {
    const traces = this.keptOfPage;
    this.keptOfPage = [];
    await forEachLimited(traces, DETAIL_CONCURRENCY, (trace) => this.detailsOf(trace));
    for (const trace of traces) {
      if (this.options.signal?.aborted) return;
      const row = this.rowOf(trace);
      this.sink?.(row.values, row.origin);
      if (this.handed.length < this.options.limit) this.handed.push(row);
    }
  }

  private timeParams(from: string, to: string): Record<string, string> {
    const params: Record<string, string> = {};
    const range = this.query.range;
    if (range.from !== undefined) params[from] = isoOf(range.from)!;
    if (range.to !== undefined) params[to] = isoOf(range.to)!;
    return params;
  }

  /** Traces left to ask for: a page, or fewer when `limit` is near. */
  private pageSize(page: number): number {
    return this.limit === undefined ? page : Math.min(page, Math.max(1, this.limit - this.selection.keptCount));
  }

  /** The root observations of the current API; switches to the legacy API where the server answers 404. */
  private async readCurrent(query: Query): Promise<void> {
    const { client, endpoint, what } = this.connection;
    const pages = cursorPages<Observation>(async (cursor) => {
      const params = new URLSearchParams({ fields: ROOT_FIELDS, isRootObservation: 'true', limit: String(this.pageSize(CURRENT_PAGE)), ...this.timeParams('fromStartTime', 'toStartTime') });
      if (query.traceId) params.set('traceId', query.traceId);
      if (query.sessionId) params.set('sessionId', query.sessionId);
      if (cursor) params.set('cursor', cursor);
      const answer = await client.json<{ data?: unknown; meta?: { cursor?: string | null } }>(`${endpoint}/api/public/v2/observations?${params}`, { what, allow404: true });
      if (answer === undefined) {
        this.legacy = true;
        return { items: [] };
      }
      return { items: Array.isArray(answer.data) ? answer.data.filter(isPlainObject) : [], next: answer.meta?.cursor };
    });
    for await (const page of pages) {
      for (const root of page) {
        if (this.selection.full) break;
        this.offer(traceOfRootObservation(root));
      }
      await this.handOver();
      if (this.selection.full) break;
    }
  }

  private async readLegacy(query: Query): Promise<void> {
    const { client, endpoint, what } = this.connection;
    if (query.traceId) {
      const trace = await client.json<Record<string, unknown>>(`${endpoint}/api/public/traces/${encodeURIComponent(query.traceId)}`, { what, allow404: true });
      if (isPlainObject(trace)) this.offer(traceOfLegacy(trace));
      await this.handOver();
      return;
    }
    const pages = numberedPages<Record<string, unknown>>(async (page) => {
      const params = new URLSearchParams({ page: String(page), limit: String(this.pageSize(LEGACY_PAGE)), orderBy: 'timestamp.desc', ...this.timeParams('fromTimestamp', 'toTimestamp') });
      if (query.sessionId) params.set('sessionId', query.sessionId);
      for (const tag of this.query.tags) params.append('tags', tag);
      const answer = await client.json<{ data?: unknown; meta?: { totalPages?: number } }>(`${endpoint}/api/public/traces?${params}`, { what });
      const items = Array.isArray(answer?.data) ? answer.data.filter(isPlainObject) : [];
      return { items, totalPages: typeof answer?.meta?.totalPages === 'number' ? answer.meta.totalPages : undefined };
    });
    for await (const page of pages) {
      for (const trace of page) {
        if (this.selection.full) break;
        this.offer(traceOfLegacy(trace));
      }
      await this.handOver();
      if (this.selection.full) break;
    }
  }

  /** Reads a trace's observations (its spans and generations), unless the listing gave them. */
  private async detailsOf(trace: PlatformBTrace): Promise<void> {
    if (trace.observations) return;
    const { client, endpoint, what } = this.connection;
    if (this.legacy) {
      const full = await client.json<Record<string, unknown>>(`${endpoint}/api/public/traces/${encodeURIComponent(trace.id)}`, { what });
      if (isPlainObject(full) && Array.isArray(full.observations)) trace.observations = full.observations.filter(isPlainObject);
      return;
    }
    const all: Observation[] = [];
    for await (const page of cursorPages<Observation>(async (cursor) => {
      const params = new URLSearchParams({ fields: DETAIL_FIELDS, traceId: trace.id, limit: '1000' });
      if (cursor) params.set('cursor', cursor);
      const answer = await client.json<{ data?: unknown; meta?: { cursor?: string | null } }>(`${endpoint}/api/public/v2/observations?${params}`, { what });
      return { items: Array.isArray(answer?.data) ? answer.data.filter(isPlainObject) : [], next: answer?.meta?.cursor };
    })) all.push(...page);
    trace.observations = all;
  }

  private rowOf(trace: PlatformBTrace): PreviewRow {
    const uri = `${this.connection.endpoint}/api/public/traces/${encodeURIComponent(trace.id)}`;
    return { values: platformBRow(trace, uri), origin: { file: uri } };
  }

  private get countedBy(): string {
    return sourceStrings.platformCountedBy(this.legacy ? l10n.t('{0} (legacy traces API)', LANGFUSE_LABEL) : LANGFUSE_LABEL);
  }

  /** The result of an export: the rows handed over. */
  private handedResult(complete: boolean): PreviewResult {
    return this.selection.result({ columns: TRACE_PLATFORM_B_COLUMNS, rows: this.handed, warnings: [], complete, recordNoun: 'traces', countedBy: this.countedBy });
  }

  /** The result of a preview: the kept traces oldest first, the first ones with their observations. */
  private async firstPage(complete: boolean): Promise<PreviewResult> {
    const countedBy = this.countedBy;
    const traces = this.selection.oldestFirst().slice(0, this.options.limit);
    const warnings: PreviewWarning[] = [];
    if (complete) {
      try {
        await forEachLimited(traces.slice(0, DETAIL_ROWS), DETAIL_CONCURRENCY, (trace) => this.detailsOf(trace));
      } catch (error) {
        if (!isCancellation(error)) throw error;
        complete = false;
      }
    }
    const rows = traces.map((trace) => this.rowOf(trace));
    return this.selection.result({ columns: TRACE_PLATFORM_B_COLUMNS, rows, warnings, complete, recordNoun: 'traces', countedBy });
  }
}
