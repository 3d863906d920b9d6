/**
 * `phoenix` (Arize Phoenix, docs/semantics.md §11.1): a project's root spans, newest first as the server lists them
 * (`GET {base_url}/v1/projects/{project}/spans?parent_id=null`, cursor paging), through the selection funnel of
 * docs/semantics.md §9.1; the first kept spans get their whole trace (`trace_id=…`) as their conversation.
 */
import type { PreviewResult, PreviewRow } from '../../model/previewTypes';
import { sourceStrings } from '../../l10n/sourceStrings';
import { PreviewError } from '../previewError';
import { environmentOf, firstEnv, resolveCredential, resolveEndpoint } from '../remote/credentials';
import { DETAIL_CONCURRENCY, DETAIL_ROWS, forEachLimited } from '../remote/detailRequests';
import { cursorPages } from '../remote/paging';
import { Redactor } from '../remote/redaction';
import { RemoteClient, isCancellation } from '../remote/remoteClient';
import { isoOf, timeRangeOf } from '../remote/timeRange';
import { limitOf, timeChecks } from '../selectionFunnel';
import type { SourceOptions, SourceRun } from '../sourceDefinition';
import { PHOENIX_COLUMNS, PHOENIX_LABEL } from './phoenixColumns';
import { Span, spanRow, spanStart, traceIdOf } from './phoenixSpans';

/** Where the official clients look for the server, in their order (`@arizeai/phoenix-config`). */
const PHOENIX_URL_ENV = ['PHOENIX_ENDPOINT', 'PHOENIX_COLLECTOR_ENDPOINT', 'PHOENIX_BASE_URL', 'PHOENIX_HOST'];
const PHOENIX_DEFAULT_URL = 'http://localhost:6006';
const PAGE_SIZE = 100;

interface PhoenixConnection {
  client: RemoteClient;
  spansUrl: string;
  what: string;
}

async function connect(source: Record<string, unknown>, project: string, options: SourceOptions): Promise<PhoenixConnection> {
  // The collector variable may name the trace endpoint itself; API calls go to the server's root.
  const endpoint = resolveEndpoint(source.base_url, 'base_url', PHOENIX_URL_ENV, PHOENIX_DEFAULT_URL, options).replace(/\/v1\/traces$/, '');
  const key = await resolveCredential(source.api_key, 'api_key', ['PHOENIX_API_KEY'], options);
  const redactor = new Redactor();
  redactor.add(key);
  const headers: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : {};
  const client = new RemoteClient({ options, redactor, headers, authCheck: "'api_key' or PHOENIX_API_KEY" });
  return { client, spansUrl: `${endpoint}/v1/projects/${encodeURIComponent(project)}/spans`, what: `${PHOENIX_LABEL} project '${project}'` };
}

function spansPage(connection: PhoenixConnection, params: Record<string, string>, notFound?: string): Promise<{ items: Span[]; next?: string | null }> {
  return connection.client
    .json<{ data?: unknown; next_cursor?: string | null }>(`${connection.spansUrl}?${new URLSearchParams(params)}`, { what: connection.what, ...(notFound ? { notFound } : {}) })
    .then((answer) => ({ items: Array.isArray(answer?.data) ? (answer.data as Span[]) : [], next: answer?.next_cursor }));
}

/** Every span of a trace (the root included). */
async function traceSpans(connection: PhoenixConnection, traceId: string): Promise<Span[]> {
  const spans: Span[] = [];
  for await (const page of cursorPages<Span>((cursor) => spansPage(connection, { trace_id: traceId, limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) }))) spans.push(...page);
  return spans;
}

export async function previewPhoenix(source: Record<string, unknown>, options: SourceOptions, run: SourceRun): Promise<PreviewResult> {
  const project = typeof source.project === 'string' && source.project !== '' ? source.project : firstEnv(environmentOf(options), ['PHOENIX_PROJECT', 'PHOENIX_PROJECT_NAME']);
  if (!project) throw new PreviewError('invalidSource', sourceStrings.phoenixNoProject);
  const connection = await connect(source, project, options);
  const range = timeRangeOf(source);
  const limit = limitOf(source);
  const sink = options.onRow;
  const rowOf = (span: Span, spans?: Span[]): PreviewRow => ({ values: spanRow(span, connection.spansUrl, spans), origin: { file: connection.spansUrl } });
  const selection = run.selection<Span>(timeChecks<Span>(range, spanStart), limit, { hold: !sink, rowOf: (span) => rowOf(span) });
  const handed: PreviewRow[] = [];
  let complete = true;
  try {
    const notFound = sourceStrings.phoenixNoProjectFound(project);
    const params: Record<string, string> = { parent_id: 'null', limit: String(PAGE_SIZE) };
    if (range.from !== undefined) params.start_time = isoOf(range.from)!;
    if (range.to !== undefined) params.end_time = isoOf(range.to)!;
    for await (const page of cursorPages<Span>((cursor) => spansPage(connection, { ...params, ...(cursor ? { cursor } : {}) }, notFound))) {
      for (const span of page) {
        if (selection.full) break;
        if (selection.offer(span, spanStart(span)) && sink && !run.cancelled()) {
          const row = rowOf(span, await traceSpans(connection, traceIdOf(span)));
          sink(row.values, row.origin);
          if (handed.length < options.limit) handed.push(row);
        }
      }
      if (selection.full || run.cancelled()) break;
    }
  } catch (error) {
    if (!isCancellation(error)) throw error;
    complete = false;
  }
  const countedBy = sourceStrings.platformCountedBy(PHOENIX_LABEL);
  if (sink) return selection.result({ columns: PHOENIX_COLUMNS, rows: handed, warnings: [], complete, recordNoun: 'traces', countedBy });
  const spans = selection.oldestFirst().slice(0, options.limit);
  const traces = new Map<string, Span[]>();
  if (complete) {
    try {
      await forEachLimited(spans.slice(0, DETAIL_ROWS), DETAIL_CONCURRENCY, async (span) => {
        traces.set(traceIdOf(span), await traceSpans(connection, traceIdOf(span)));
      });
    } catch (error) {
      if (!isCancellation(error)) throw error;
      complete = false;
    }
  }
  const rows = spans.map((span) => rowOf(span, traces.get(traceIdOf(span))));
  return selection.result({ columns: PHOENIX_COLUMNS, rows, warnings: [], complete, recordNoun: 'traces', countedBy });
}
