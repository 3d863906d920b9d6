import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { preview } from '../../../src/core/sources/preview';
import { PreviewOptions, PreviewResult } from '../../../src/core/model/previewTypes';
import { TRACE_PLATFORM_B_COLUMNS } from '../../../src/core/sources/langfuse/langfuseColumns';
import { TraceRecord } from '../../../src/core/trace/traceRecord';
import { LANGFUSE_PUBLIC, LANGFUSE_SECRET, LangfuseReplayOptions, langfuseData, langfuseRoute } from './langfuseReplay';
import { ReplayServer, assertNoSecret, startReplay } from './replayServer';

const data = langfuseData(30);
const servers: ReplayServer[] = [];
after(async () => {
  for (const server of servers) await server.close();
});

async function run(source: Record<string, unknown>, replay: LangfuseReplayOptions = {}, options: Partial<PreviewOptions> = {}): Promise<{ r: PreviewResult; server: ReplayServer }> {
  const server = await startReplay(langfuseRoute(data, replay));
  servers.push(server);
  const env = { LANGFUSE_PUBLIC_KEY: LANGFUSE_PUBLIC, LANGFUSE_SECRET_KEY: LANGFUSE_SECRET, LANGFUSE_BASE_URL: server.url };
  const r = await preview({ source: { type: 'trace_platform_b', project: 'agents', ...source } }, { limit: 100, env, ...options });
  assertNoSecret(JSON.stringify(r), [LANGFUSE_SECRET, LANGFUSE_PUBLIC]);
  return { r, server };
}

function checkFixtureTrace(trace: TraceRecord): void {
  // The last generation's conversation: the question, the tool call and its output, the answer.
  const kinds = trace.items.map((item) => String(item.type) + (item.type === 'message' ? `:${String((item as { role: string }).role)}` : ''));
  assert.deepEqual(kinds.slice(0, 3), ['message:user', 'function_call', 'function_call_output']);
  assert.equal(kinds[kinds.length - 1], 'message:assistant');
  const spans = trace.events!.filter((e) => e.type === 'span_start');
  assert.deepEqual(spans.map((e) => [e.span_name, e.span_type]), [
    ['Agent workflow', 'agent'], ['Hello world', 'agent'], ['response', 'llm'], ['get_weather', 'tool'], ['response', 'llm'],
  ]);
  assert.equal(trace.metadata?.source_type, 'trace_platform_b');
  assert.equal(trace.metadata?.model, 'gpt-4.1-2025-04-14');
}

describe('trace_platform_b', () => {
  test('current observations API: one row per trace, every column, spans as events', async () => {
    const { r, server } = await run({ limit: 5 });
    assert.ok(!server.log.some((req) => req.path === '/api/public/traces'), 'the legacy API is not used');
    assert.deepEqual(r.columns, [...TRACE_PLATFORM_B_COLUMNS]);
    assert.equal(r.recordNoun, 'traces');
    assert.deepEqual(r.rows.map((row) => row.values.sample_id), ['t-00025', 't-00026', 't-00027', 't-00028', 't-00029']);
    const row = r.rows[0].values;
    assert.deepEqual(Object.keys(row), [...TRACE_PLATFORM_B_COLUMNS]);
    assert.equal(row.observation_count, 5);
    assert.equal(row.session_id, 's-1');
    checkFixtureTrace(row.trace as TraceRecord);
    // Root observations requested with a page no larger than the limit.
    const roots = server.log.filter((req) => req.query.get('isRootObservation') === 'true');
    assert.deepEqual(roots.map((req) => req.query.get('limit')), ['5']);
  });

  test('a 404 on the observations API: read through the legacy traces API, same rows', async () => {
    const { r, server } = await run({ limit: 5 }, { legacyOnly: true });
    assert.ok(server.log.some((req) => req.path === '/api/public/traces'));
    assert.deepEqual(r.rows.map((row) => row.values.sample_id), ['t-00025', 't-00026', 't-00027', 't-00028', 't-00029']);
    checkFixtureTrace(r.rows[0].values.trace as TraceRecord);
    assert.match(String(r.countedBy), /legacy/);
  });

  test('selection: session ids (a list), tags and metadata are funnel steps', async () => {
    for (const legacyOnly of [false, true]) {
      const { r } = await run({ session_id: ['s-0', 's-2'], tags: ['prod'], metadata: { team: 'a' } }, { legacyOnly });
      // Sessions s-0 and s-2 hold the even traces (15); all are tagged prod; team a is every third.
      assert.equal(r.total, 15, `legacy ${legacyOnly}`);
      const steps = r.removedPerFilter.map((s) => [s.field, s.removed]);
      assert.deepEqual(steps.filter(([field]) => field === 'metadata'), [['metadata', 10]]);
      assert.deepEqual(r.rows.map((row) => row.values.sample_id), ['t-00000', 't-00006', 't-00012', 't-00018', 't-00024']);
    }
  });

  test('trace ids: only those traces', async () => {
    const { r } = await run({ trace_id: ['t-00003', 't-00007'] });
    assert.deepEqual(r.rows.map((row) => row.values.sample_id), ['t-00003', 't-00007']);
  });

  test('a project the keys do not belong to, and a key that is not PUBLIC:SECRET', async () => {
    await assert.rejects(run({}, { project: 'other' }), /keys belong to project 'other', not 'agents'/);
    await assert.rejects(run({ api_key: 'just-one-part' }), (error: Error) => {
      assert.match(error.message, /PUBLIC_KEY:SECRET_KEY/);
      assert.ok(!error.message.includes('just-one-part'));
      return true;
    });
  });

  test('wrong keys: 401 names where to check; no key: names both variables', async () => {
    await assert.rejects(run({ api_key: `${LANGFUSE_PUBLIC}:sk-lf-wrong-000` }), (error: Error) => {
      assert.match(error.message, /HTTP 401.*'api_key' or LANGFUSE_PUBLIC_KEY \+ LANGFUSE_SECRET_KEY/);
      assert.ok(!error.message.includes('sk-lf-wrong-000'));
      return true;
    });
    await assert.rejects(preview({ source: { type: 'trace_platform_b', project: 'agents' } }, { limit: 1, env: { LANGFUSE_PUBLIC_KEY: LANGFUSE_PUBLIC } }), /LANGFUSE_PUBLIC_KEY \+ LANGFUSE_SECRET_KEY/);
  });
});
