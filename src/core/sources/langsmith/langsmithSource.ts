/**
 * `trace_platform_a` (LangSmith, docs/semantics.md §9.5): a project's root runs (cursor paging of `/runs/query`, newest
 * first, stopping at `limit`) or a dataset's examples, with the selection funnel of §9.1.
 */
import { sourceStrings } from '../../l10n/sourceStrings';
import { PreviewError } from '../previewError';
import { PreviewResult, PreviewRow, PreviewWarning } from '../../model/previewTypes';
import { LANGSMITH_LABEL, TRACE_PLATFORM_A_EXAMPLE_COLUMNS, TRACE_PLATFORM_A_RUN_COLUMNS } from './langsmithColumns';
import { environmentOf, firstEnv, requireCredential, resolveEndpoint } from '../remote/credentials';
import { cursorPages, offsetPages } from '../remote/paging';
import { Run, exampleRow, runRow, runStart, runTags } from './langsmithRuns';
import { DETAIL_CONCURRENCY, DETAIL_ROWS, forEachLimited } from '../remote/detailRequests';
import { limitOf, timeChecks } from '../selectionFunnel';
import { Redactor } from '../remote/redaction';
import { RemoteClient, isCancellation } from '../remote/remoteClient';
import { TimeRange, isoOf, timeOf, timeRangeOf } from '../remote/timeRange';
import type { SourceOptions, SourceRun } from '../sourceDefinition';

const PLATFORM_A_DEFAULT_URL = 'https://api.smith.langchain.com';
const PLATFORM_A_KEY_ENV = ['LANGSMITH_API_KEY', 'LANGCHAIN_API_KEY'] as const;
const PLATFORM_A_URL_ENV = ['LANGSMITH_ENDPOINT', 'LANGCHAIN_ENDPOINT'] as const;
const PAGE_SIZE = 100;
function firstOf(answer: unknown): Record<string, unknown> | undefined {
  const list = Array.isArray(answer) ? answer : [];
  const first = list[0] as unknown;
  return typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : undefined;
}

export async function previewTracePlatformA(source: Record<string, unknown>, options: SourceOptions, run: SourceRun): Promise<PreviewResult> {
  const project = typeof source.project === 'string' && source.project !== '' ? source.project : undefined;
  const dataset = typeof source.dataset === 'string' && source.dataset !== '' ? source.dataset : undefined;
  if (!project && !dataset) throw new PreviewError('invalidSource', sourceStrings.platformNoSelection);
  const endpoint = resolveEndpoint(source.api_url, 'api_url', PLATFORM_A_URL_ENV, PLATFORM_A_DEFAULT_URL, options);
  const range = timeRangeOf(source);
  const limit = limitOf(source);
  const key = await requireCredential(source.api_key, 'api_key', PLATFORM_A_KEY_ENV, options);
  const redactor = new Redactor();
  redactor.add(key);
  const headers: Record<string, string> = { 'x-api-key': key };
  const workspace = firstEnv(environmentOf(options), ['LANGSMITH_WORKSPACE_ID', 'LANGCHAIN_WORKSPACE_ID']);
  if (workspace) headers['X-Tenant-Id'] = workspace;
  const client = new RemoteClient({ options, redactor, headers, authCheck: `'api_key' or ${PLATFORM_A_KEY_ENV.join(' / ')}` });
  const filter = typeof source.filter === 'string' && source.filter.trim() !== '' ? source.filter : undefined;
  const tags = Array.isArray(source.tags) ? source.tags.filter((tag): tag is string => typeof tag === 'string') : [];
  const context = { endpoint, client, range, limit, filter, tags, options, run };
  return dataset ? previewExamples(dataset, context) : previewRuns(project!, context);
}

interface PlatformContext {
  endpoint: string;
  client: RemoteClient;
  range: TimeRange;
  limit: number | undefined;
  filter: string | undefined;
  tags: string[];
  options: SourceOptions;
  run: SourceRun;
}

async function previewRuns(project: string, ctx: PlatformContext): Promise<PreviewResult> {
  const { endpoint, client, options } = ctx;
  const what = `${LANGSMITH_LABEL} project '${project}'`;
  const notFound = sourceStrings.platformNoProject(project);
  const sessions = await client.json(`${endpoint}/sessions?${new URLSearchParams({ name: project, limit: '1' })}`, { what, notFound });
  const session = firstOf(sessions);
  if (!session || typeof session.id !== 'string') throw new PreviewError('unreadableSource', sourceStrings.notFound(what, notFound));
  const checks = timeChecks<Run>(ctx.range, runStart);
  if (ctx.tags.length > 0) checks.push({ field: 'tags', label: sourceStrings.stepTags(ctx.tags), test: (run) => ctx.tags.every((tag) => runTags(run).includes(tag)), read: runTags });
  const sink = options.onRow;
  const rowOf = (run: Run, children?: Run[]): PreviewRow => {
    const uri = `${endpoint}/runs/${String(run.id)}`;
    return { values: runRow(run, uri, children), origin: { file: uri } };
  };
  // A row sink (an export) takes the kept runs page by page, in the platform's order (newest first), each with its
  // nested runs: nothing is held but the page being handed over.
  const selection = ctx.run.selection<Run>(checks, ctx.limit, { hold: !sink, rowOf: (run) => rowOf(run) });
  const handed: PreviewRow[] = [];
  const childrenOf = async (run: Run): Promise<Run[]> => {
    const traceId = typeof run.trace_id === 'string' ? run.trace_id : String(run.id);
    const all: Run[] = [];
    for await (const page of cursorPages<Run>(async (cursor) => {
      const answer = await client.json<{ runs?: unknown; cursors?: { next?: string | null } }>(`${endpoint}/runs/query`, { what, method: 'POST', body: { trace: traceId, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } });
      return { items: Array.isArray(answer?.runs) ? (answer.runs as Run[]) : [], next: answer?.cursors?.next };
    })) all.push(...page);
    return all;
  };
  const handOver = async (runs: Run[]) => {
    const rows = new Array<PreviewRow>(runs.length);
    await forEachLimited(runs, DETAIL_CONCURRENCY, async (run, k) => {
      rows[k] = rowOf(run, await childrenOf(run));
    });
    for (const row of rows) {
      if (options.signal?.aborted) return;
      sink?.(row.values, row.origin);
      if (handed.length < options.limit) handed.push(row);
    }
  };
  let complete = true;
  try {
    if (ctx.limit !== 0) {
      const pages = cursorPages<Run>(async (cursor) => {
        const size = ctx.limit === undefined ? PAGE_SIZE : Math.min(PAGE_SIZE, Math.max(1, ctx.limit - selection.keptCount));
        const body: Record<string, unknown> = { session: [session.id], is_root: true, limit: size };
        if (ctx.filter) body.filter = ctx.filter;
        if (ctx.range.from !== undefined) body.start_time = isoOf(ctx.range.from);
        if (cursor) body.cursor = cursor;
        const answer = await client.json<{ runs?: unknown; cursors?: { next?: string | null } }>(`${endpoint}/runs/query`, { what, notFound, method: 'POST', body });
        const runs = Array.isArray(answer?.runs) ? (answer.runs as Run[]) : [];
        return { items: runs, next: answer?.cursors?.next };
      });
      for await (const page of pages) {
        const kept: Run[] = [];
        for (const run of page) {
          if (selection.full) break;
          if (selection.offer(run, runStart(run)) && sink) kept.push(run);
        }
        if (kept.length > 0) await handOver(kept);
        if (selection.full) break;
      }
    }
  } catch (error) {
    if (!isCancellation(error)) throw error;
    complete = false;
  }
  const warnings: PreviewWarning[] = [];
  if (sink) {
    return selection.result({ columns: TRACE_PLATFORM_A_RUN_COLUMNS, rows: handed, warnings, complete, recordNoun: 'runs', countedBy: sourceStrings.platformCountedBy(LANGSMITH_LABEL) });
  }
  const runs = selection.oldestFirst().slice(0, options.limit);
  const children = new Map<string, Run[]>();
  if (complete) {
    try {
      await forEachLimited(runs.slice(0, DETAIL_ROWS), DETAIL_CONCURRENCY, async (run) => {
        children.set(String(run.id), await childrenOf(run));
      });
    } catch (error) {
      if (!isCancellation(error)) throw error;
      complete = false;
    }
  }
  const rows = runs.map((run) => rowOf(run, children.get(String(run.id))));
  return selection.result({ columns: TRACE_PLATFORM_A_RUN_COLUMNS, rows, warnings, complete, recordNoun: 'runs', countedBy: sourceStrings.platformCountedBy(LANGSMITH_LABEL) });
}

async function previewExamples(dataset: string, ctx: PlatformContext): Promise<PreviewResult> {
  const { endpoint, client, options } = ctx;
  const what = `${LANGSMITH_LABEL} dataset '${dataset}'`;
  const notFound = sourceStrings.platformNoDataset(dataset);
  const found = firstOf(await client.json(`${endpoint}/datasets?${new URLSearchParams({ name: dataset, limit: '1' })}`, { what, notFound }));
  if (!found || typeof found.id !== 'string') throw new PreviewError('unreadableSource', sourceStrings.notFound(what, notFound));
  const datasetId = found.id;
  const createdAt = (example: Run) => timeOf(example.created_at);
  const sink = options.onRow;
  // A row sink takes the examples page by page when every kept one is final; with `limit` (the most recent of all,
  // in no known order) they are held until the end.
  const streaming = sink !== undefined && ctx.limit === undefined;
  const rowOf = (example: Run): PreviewRow => ({ values: exampleRow(example), origin: { file: `${endpoint}/examples/${String(example.id)}` } });
  const selection = ctx.run.selection<Run>(timeChecks<Run>(ctx.range, createdAt), ctx.limit, { hold: !streaming, rowOf });
  const handed: PreviewRow[] = [];
  const handOver = (row: PreviewRow) => {
    sink?.(row.values, row.origin);
    if (handed.length < options.limit) handed.push(row);
  };
  const warnings: PreviewWarning[] = [];
  if (ctx.tags.length > 0) warnings.push({ message: sourceStrings.examplesIgnoreTags });
  let complete = true;
  try {
    const pages = offsetPages<Run>(async (offset, size) => {
      const params = new URLSearchParams({ dataset: datasetId, offset: String(offset), limit: String(size) });
      if (ctx.filter) params.set('filter', ctx.filter);
      const answer = await client.json(`${endpoint}/examples?${params}`, { what, notFound });
      return Array.isArray(answer) ? (answer as Run[]) : [];
    }, PAGE_SIZE);
    for await (const page of pages) {
      for (const example of page) if (selection.offer(example, createdAt(example)) && streaming && !options.signal?.aborted) handOver(rowOf(example));
    }
  } catch (error) {
    if (!isCancellation(error)) throw error;
    complete = false;
  }
  selection.applyLimit();
  if (sink && !streaming) for (const example of selection.oldestFirst()) if (!options.signal?.aborted) handOver(rowOf(example));
  const rows = sink ? handed : selection.oldestFirst().slice(0, options.limit).map(rowOf);
  return selection.result({ columns: TRACE_PLATFORM_A_EXAMPLE_COLUMNS, rows, warnings, complete, recordNoun: 'examples', countedBy: sourceStrings.platformCountedBy(LANGSMITH_LABEL) });
}
