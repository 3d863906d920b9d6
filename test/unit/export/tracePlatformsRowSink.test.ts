import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { preview } from '../../../src/core/sources/preview';
import { PreviewOptions, PreviewResult } from '../../../src/core/model/previewTypes';
import { LANGFUSE_PUBLIC, LANGFUSE_SECRET, LangfuseReplayOptions, langfuseData, langfuseRoute } from '../remote/langfuseReplay';
import { LANGSMITH_TEST_KEY, LangsmithReplayState, langsmithData, langsmithRoute } from '../remote/langsmithReplay';
import { ReplayServer, assertNoSecret, startReplay } from '../remote/replayServer';

const servers: ReplayServer[] = [];
after(async () => {
  for (const server of servers) await server.close();
});

async function serve(route: Parameters<typeof startReplay>[0]): Promise<ReplayServer> {
  const server = await startReplay(route);
  servers.push(server);
  return server;
}

interface Sunk {
  result: PreviewResult;
  given: Record<string, unknown>[];
}

async function sink(spec: unknown, options: PreviewOptions, onGiven?: (count: number) => void): Promise<Sunk> {
  const given: Record<string, unknown>[] = [];
  const result = await preview(spec, { ...options, onRow: (values) => (given.push(values), onGiven?.(given.length)) });
  return { result, given };
}

const byId = (rows: readonly Record<string, unknown>[]) => new Map(rows.map((values) => [String(values.sample_id), values]));

describe('trace platform rows handed to a row sink page by page', () => {
  const smithData = langsmithData(250);
  const smithSpec = (server: ReplayServer, extra: Record<string, unknown> = {}) => ({ source: { type: 'trace_platform_a', api_url: server.url, project: 'proj', ...extra } });
  const smithEnv = { LANGSMITH_API_KEY: LANGSMITH_TEST_KEY };
  const listQueries = (state: LangsmithReplayState) => state.runQueries.filter((query) => query.trace === undefined).length;

  test('trace_platform_a runs: every kept run as the platform sends them, each with its nested runs, before the last page is asked', async () => {
    const state: LangsmithReplayState = { runQueries: [] };
    const server = await serve(langsmithRoute(smithData, state));
    let pagesAtFirstRow = -1;
    const { result, given } = await sink(smithSpec(server), { limit: 5, env: smithEnv }, (count) => count === 1 && (pagesAtFirstRow = listQueries(state)));
    assert.equal(given.length, 250);
    assert.equal(result.matched, 250);
    assert.equal(result.complete, true);
    assert.equal(result.rows.length, 5);
    assert.equal(pagesAtFirstRow, 1, 'the first page of runs is handed over before the next is asked');
    assert.equal(listQueries(state), 3);
    assert.deepEqual(given.map((values) => values.sample_id), smithData.roots.map((run) => run.id).reverse());
    // The same values as the preview's rows (whose nested runs are read for the first rows it shows).
    const previewed = await preview(smithSpec(server), { limit: 20, env: smithEnv });
    const sunk = byId(given);
    for (const row of previewed.rows) assert.deepEqual(sunk.get(String(row.values.sample_id)), row.values);
    assert.ok(((sunk.get('run-00000')?.trace as { events?: unknown[] }).events ?? []).length > 0, 'the nested tool run is an event');
    assertNoSecret(JSON.stringify(given), [LANGSMITH_TEST_KEY]);
  });

  test('trace_platform_a: limit stops at the N most recent; an abort from the sink stops the paging', async () => {
    const state: LangsmithReplayState = { runQueries: [] };
    const server = await serve(langsmithRoute(smithData, state));
    const limited = await sink(smithSpec(server, { limit: 30 }), { limit: 0, env: smithEnv });
    assert.deepEqual(limited.given.map((values) => values.sample_id), smithData.roots.slice(220).map((run) => run.id).reverse());
    assert.equal(limited.result.matched, 30);
    const controller = new AbortController();
    state.runQueries.length = 0;
    const aborted = await sink(smithSpec(server), { limit: 0, env: smithEnv, signal: controller.signal }, () => controller.abort());
    assert.equal(aborted.given.length, 1);
    assert.equal(aborted.result.complete, false);
    assert.equal(listQueries(state), 1);
  });

  test('trace_platform_a examples: every example, or with limit the most recent oldest first', async () => {
    const server = await serve(langsmithRoute(smithData));
    const all = await sink({ source: { type: 'trace_platform_a', api_url: server.url, dataset: 'qa' } }, { limit: 1, env: smithEnv });
    assert.deepEqual(all.given.map((values) => values.sample_id), ['ex-0', 'ex-1', 'ex-2', 'ex-3', 'ex-4']);
    assert.equal(all.result.rows.length, 1);
    const limited = await sink({ source: { type: 'trace_platform_a', api_url: server.url, dataset: 'qa', limit: 2 } }, { limit: 1, env: smithEnv });
    assert.deepEqual(limited.given.map((values) => values.sample_id), ['ex-3', 'ex-4']);
  });

  const fuseData = langfuseData(30);
  const fuseEnv = (server: ReplayServer) => ({ LANGFUSE_PUBLIC_KEY: LANGFUSE_PUBLIC, LANGFUSE_SECRET_KEY: LANGFUSE_SECRET, LANGFUSE_BASE_URL: server.url });
  const fuseSpec = (extra: Record<string, unknown> = {}) => ({ source: { type: 'trace_platform_b', project: 'agents', ...extra } });

  for (const replay of [{}, { legacyOnly: true }] as LangfuseReplayOptions[]) {
    test(`trace_platform_b${replay.legacyOnly ? ' (legacy traces API)' : ''}: every trace newest first with its observations, equal to the preview rows`, async () => {
      const server = await serve(langfuseRoute(fuseData, replay));
      const { result, given } = await sink(fuseSpec({ tags: ['prod'] }), { limit: 3, env: fuseEnv(server) });
      assert.equal(given.length, 15);
      assert.equal(result.matched, 15);
      assert.equal(result.rows.length, 3);
      const ids = fuseData.traces.filter((trace) => (trace.tags as string[]).includes('prod')).map((trace) => String(trace.id)).reverse();
      assert.deepEqual(given.map((values) => values.sample_id), ids);
      const previewed = await preview(fuseSpec({ tags: ['prod'] }), { limit: 100, env: fuseEnv(server) });
      const sunk = byId(given);
      for (const row of previewed.rows) assert.deepEqual(sunk.get(String(row.values.sample_id)), row.values);
      assertNoSecret(JSON.stringify(given), [LANGFUSE_PUBLIC, LANGFUSE_SECRET]);
    });
  }

  test('trace_platform_b: an abort from the sink stops at once', async () => {
    const server = await serve(langfuseRoute(fuseData));
    const controller = new AbortController();
    const aborted = await sink(fuseSpec(), { limit: 0, env: fuseEnv(server), signal: controller.signal }, () => controller.abort());
    assert.equal(aborted.given.length, 1);
    assert.equal(aborted.result.complete, false);
  });
});
