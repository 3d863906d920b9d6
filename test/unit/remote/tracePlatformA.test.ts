import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { preview } from '../../../src/core/sources/preview';
import { PreviewOptions, PreviewResult } from '../../../src/core/model/previewTypes';
import { TRACE_PLATFORM_A_EXAMPLE_COLUMNS, TRACE_PLATFORM_A_RUN_COLUMNS } from '../../../src/core/sources/langsmith/langsmithColumns';
import { TraceRecord } from '../../../src/core/trace/traceRecord';
import { LANGSMITH_TEST_KEY, LangsmithReplayState, langsmithData, langsmithRoute } from './langsmithReplay';
import { ReplayServer, assertNoSecret, startReplay } from './replayServer';

let server: ReplayServer;
const state: LangsmithReplayState = { runQueries: [] };
const data = langsmithData(250);

before(async () => {
  server = await startReplay(langsmithRoute(data, state));
});
after(() => server.close());

function run(source: Record<string, unknown>, options: Partial<PreviewOptions> = {}): Promise<PreviewResult> {
  return preview({ source: { type: 'trace_platform_a', api_url: server.url, ...source } }, { limit: 1000, env: { LANGSMITH_API_KEY: LANGSMITH_TEST_KEY }, ...options });
}

describe('trace_platform_a', () => {
  test('root runs of a project: every column in order, oldest first, the conversation as a trace', async () => {
    const r = await run({ project: 'proj' });
    assertNoSecret(JSON.stringify(r), [LANGSMITH_TEST_KEY]);
    assert.deepEqual(r.columns, [...TRACE_PLATFORM_A_RUN_COLUMNS]);
    assert.equal(r.total, 250);
    assert.equal(r.matched, 250);
    assert.equal(r.selection, true);
    assert.equal(r.recordNoun, 'runs');
    assert.equal(r.rows.length, 250);
    const first = r.rows[0].values;
    assert.deepEqual(Object.keys(first), [...TRACE_PLATFORM_A_RUN_COLUMNS]);
    assert.equal(first.sample_id, 'run-00000');
    assert.equal(first.latency, 1.115);
    assert.deepEqual(first.metadata, { ls_provider: 'openai', ls_model_type: 'chat', ls_model_name: 'gpt-4o-mini' });
    const trace = first.trace as TraceRecord;
    assert.deepEqual(trace.items, [
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'howdy' }] },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Howdy! How can I assist you today?' }] },
    ]);
    assert.equal(trace.metadata?.model, 'gpt-4o-mini');
    assert.equal(trace.metadata?.source_type, 'trace_platform_a');
    // The nested tool run is a span of the root, with its error.
    assert.deepEqual(trace.events?.filter((e) => e.type !== 'item').map((e) => [e.type, e.span_id]), [
      ['span_start', 'run-00000'], ['span_start', 'tool-0'], ['span_end', 'tool-0'], ['span_end', 'run-00000'],
    ]);
    assert.equal(trace.events?.find((e) => e.type === 'span_start' && e.span_id === 'tool-0' && e.span_type === 'tool') !== undefined, true);
    assert.ok(Date.parse(String(r.rows[1].values.start_time)) > Date.parse(String(first.start_time)));
  });

  test('limit: the N most recent, fetched with no more requests than needed, shown oldest first', async () => {
    state.runQueries.length = 0;
    const r = await run({ project: 'proj', limit: 120 });
    const rootQueries = state.runQueries.filter((q) => q.trace === undefined);
    assert.deepEqual(rootQueries.map((q) => q.limit), [100, 20]);
    assert.equal(r.matched, 120);
    assert.equal(r.rows[0].values.sample_id, 'run-00130');
    assert.equal(r.rows[119].values.sample_id, 'run-00249');
  });

  test('from_time goes to the platform, to_time and tags are funnel steps, filter passes unchanged', async () => {
    state.runQueries.length = 0;
    const from = String(data.roots[10].start_time);
    const to = String(data.roots[20].start_time);
    const r = await run({ project: 'proj', from_time: from, to_time: to, tags: ['prod'], filter: 'eq(run_type, "llm")' });
    assert.equal(state.runQueries[0].filter, 'eq(run_type, "llm")');
    assert.equal(state.runQueries[0].start_time, new Date(Date.parse(from)).toISOString());
    assert.equal(r.total, 240);
    assert.deepEqual(r.removedPerFilter.map((s) => [s.field, s.removed]), [['to_time', 230], ['tags', 5]]);
    assert.equal(r.matched, 5);
    assert.deepEqual(r.rows.map((row) => row.values.sample_id), ['run-00010', 'run-00012', 'run-00014', 'run-00016', 'run-00018']);
  });

  test('examples of a dataset, with the limit as a funnel step', async () => {
    const r = await run({ dataset: 'qa', limit: 3 });
    assert.deepEqual(r.columns, [...TRACE_PLATFORM_A_EXAMPLE_COLUMNS]);
    assert.equal(r.recordNoun, 'examples');
    assert.deepEqual(r.rows.map((row) => row.values.sample_id), ['ex-2', 'ex-3', 'ex-4']);
    assert.deepEqual(r.removedPerFilter.map((s) => [s.field, s.removed]), [['limit', 2]]);
    assert.deepEqual(r.rows[0].values.split, ['test']);
  });

  test('cancel mid-count: the runs counted so far, marked incomplete', async () => {
    const abort = new AbortController();
    let pages = 0;
    const base = langsmithRoute(data);
    const hanging = await startReplay((request) => {
      if (request.path === '/runs/query' && ++pages === 2) {
        abort.abort();
        return { hang: true };
      }
      return base(request);
    });
    try {
      const r = await preview({ source: { type: 'trace_platform_a', api_url: hanging.url, project: 'proj' } }, { limit: 10, signal: abort.signal, env: { LANGSMITH_API_KEY: LANGSMITH_TEST_KEY } });
      assert.equal(r.complete, false);
      assert.equal(r.total, 100);
      assert.equal(r.rows.length, 10);
    } finally {
      await hanging.close();
    }
  });

  test('errors: no project, neither project nor dataset, bad key, missing key, bad time', async () => {
    await assert.rejects(run({ project: 'nope' }), /no project named 'nope'/);
    await assert.rejects(run({}), /'project' or 'dataset'/);
    await assert.rejects(run({ project: 'proj' }, { env: { LANGSMITH_API_KEY: 'wrong-key-000' } }), (error: Error) => {
      assert.match(error.message, /HTTP 401.*check the key in 'api_key' or LANGSMITH_API_KEY/);
      assert.ok(!error.message.includes('wrong-key-000'));
      return true;
    });
    await assert.rejects(run({ project: 'proj' }, { env: {} }), /'api_key'.*LANGSMITH_API_KEY or LANGCHAIN_API_KEY/);
    await assert.rejects(run({ project: 'proj', from_time: 'last week' }), /'from_time' is not an ISO 8601/);
  });

  test('the key from { env } and { secret }, and the endpoint from LANGSMITH_ENDPOINT', async () => {
    const viaEnv = await preview({ source: { type: 'trace_platform_a', project: 'proj', limit: 1, api_key: { env: 'K' } } }, { limit: 5, env: { K: LANGSMITH_TEST_KEY, LANGSMITH_ENDPOINT: server.url } });
    assert.equal(viaEnv.matched, 1);
    const viaSecret = await run({ project: 'proj', limit: 1, api_key: { secret: 'ls' } }, { env: {}, resolveSecret: async () => LANGSMITH_TEST_KEY });
    assert.equal(viaSecret.matched, 1);
  });
});
