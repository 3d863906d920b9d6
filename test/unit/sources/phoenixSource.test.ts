/**
 * The `phoenix` source against a local server that answers as Arize Phoenix's REST API does
 * (`GET /v1/projects/{project}/spans`, `{data, next_cursor}`, spans with OpenInference attributes).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { preview, PreviewError } from '../../../src/core/sources/preview';
import { removedRecords } from '../../../src/core/sources/removedRows';
import type { PreviewProgress } from '../../../src/core/model/previewTypes';
import { registerEnvironmentCredentials } from '../../../src/core/sources/remote/credentials';
import { maskRegistered } from '../../../src/core/text/secretMask';

const FAKE_KEY = 'px-fake-key-for-tests';

/** Three traces, newest first as the server lists root spans; the newest has an LLM call and a tool call. */
function rootSpan(k: number): Record<string, unknown> {
  return {
    id: `g${k}`, name: 'agent', span_kind: 'AGENT', parent_id: null, status_code: 'OK',
    context: { trace_id: `t${k}`, span_id: `r${k}` },
    start_time: `2026-03-0${k}T10:00:00+00:00`, end_time: `2026-03-0${k}T10:00:02+00:00`,
    attributes: { 'input.value': `question ${k}`, 'output.value': `answer ${k}`, 'openinference.span.kind': 'AGENT' },
  };
}
const ROOTS = [rootSpan(3), rootSpan(2), rootSpan(1)];
const CHILDREN = [
  {
    name: 'ChatCompletion', span_kind: 'LLM', parent_id: 'r3', status_code: 'OK', context: { trace_id: 't3', span_id: 'l3' },
    start_time: '2026-03-03T10:00:00.5+00:00', end_time: '2026-03-03T10:00:01+00:00',
    attributes: {
      'llm.model_name': 'gpt-4o-mini', 'llm.token_count.prompt': 12, 'llm.token_count.completion': 5,
      'llm.input_messages.0.message.role': 'system', 'llm.input_messages.0.message.content': 'Be brief.',
      'llm.input_messages.1.message.role': 'user', 'llm.input_messages.1.message.content': 'question 3',
      'llm.output_messages.0.message.role': 'assistant',
      'llm.output_messages.0.message.tool_calls.0.tool_call.id': 'call_1',
      'llm.output_messages.0.message.tool_calls.0.tool_call.function.name': 'lookup',
      'llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments': '{"q":"3"}',
    },
  },
  {
    name: 'lookup', span_kind: 'TOOL', parent_id: 'r3', status_code: 'OK', context: { trace_id: 't3', span_id: 'k3' },
    start_time: '2026-03-03T10:00:01.2+00:00', end_time: '2026-03-03T10:00:01.5+00:00',
    attributes: { 'tool.name': 'lookup', 'input.value': '{"q":"3"}', 'output.value': 'found 3' },
  },
];

let server: Server;
let base: string;
const requests: { url: string; authorization?: string }[] = [];

function answer(request: IncomingMessage): { status: number; body: unknown } {
  const url = new URL(request.url ?? '/', 'http://x');
  const match = /^\/v1\/projects\/([^/]+)\/spans$/.exec(url.pathname);
  if (!match || decodeURIComponent(match[1]) !== 'agents') return { status: 404, body: { detail: 'Project not found' } };
  const traceId = url.searchParams.get('trace_id');
  if (traceId) return { status: 200, body: { data: [...ROOTS, ...CHILDREN].filter((span) => (span.context as { trace_id: string }).trace_id === traceId), next_cursor: null } };
  assert.equal(url.searchParams.get('parent_id'), 'null');
  const start = url.searchParams.get('start_time');
  const roots = ROOTS.filter((span) => !start || String(span.start_time) >= start.replace('Z', '+00:00').replace('.000', ''));
  // Two spans a page, whatever the limit asked: the cursor is followed.
  const from = Number(url.searchParams.get('cursor') ?? 0);
  return { status: 200, body: { data: roots.slice(from, from + 2), next_cursor: from + 2 < roots.length ? String(from + 2) : null } };
}

before(async () => {
  server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', authorization: request.headers.authorization });
    const { status, body } = answer(request);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => server.close());

test('every root span is a row, oldest first, its trace read as a conversation with the spans at their calls', async () => {
  requests.length = 0;
  const progress: PreviewProgress[] = [];
  const result = await preview(
    { source: { type: 'phoenix', project: '$PX_PROJECT', base_url: base, api_key: '$PX_KEY' } },
    { limit: 10, env: { PX_PROJECT: 'agents', PX_KEY: FAKE_KEY }, onProgress: (update) => progress.push(update) },
  );
  assert.equal(result.total, 3);
  assert.deepEqual(result.rows.map((row) => row.values.trace_id), ['t1', 't2', 't3']);
  assert.equal(result.recordNoun, 'traces');
  assert.equal(result.countedBy, 'selected by Arize Phoenix (phoenix)');
  assert.ok(requests.every((request) => request.authorization === `Bearer ${FAKE_KEY}`));
  assert.equal(progress.length, 3);
  const newest = result.rows[2].values;
  assert.equal(newest.input, 'question 3');
  const trace = newest.trace as { items: { type: string; role?: string; name?: string; output?: string }[]; events?: { type: string; span_type?: string }[] };
  assert.deepEqual(trace.items.map((item) => item.type), ['message', 'message']);
  const spans = (trace.events ?? []).filter((event) => event.type === 'span_start').map((event) => event.span_type);
  assert.deepEqual(spans, ['agent', 'llm', 'tool']);
  const allItems = (trace.events ?? []).flatMap((event) => ('item' in event ? [(event as { item: { type: string; name?: string; output?: string } }).item] : []));
  assert.ok(allItems.some((item) => item.type === 'function_call' && item.name === 'lookup'));
  assert.ok(allItems.some((item) => item.type === 'function_call_output' && item.output === 'found 3'));
  assert.ok(allItems.some((item) => item.type === 'message' && (item as { role?: string }).role === 'system'));
});

test('limit keeps the most recent traces and stops reading; from_time is asked of the server and is a funnel step', async () => {
  requests.length = 0;
  const limited = await preview({ source: { type: 'phoenix', project: 'agents', base_url: base, limit: 1 } }, { limit: 10, env: {} });
  assert.deepEqual(limited.rows.map((row) => row.values.trace_id), ['t3']);
  assert.equal(requests.filter((request) => request.url.includes('parent_id=null')).length, 1);
  const recent = await preview({ source: { type: 'phoenix', project: 'agents', base_url: base, from_time: '2026-03-02' } }, { limit: 10, env: {} });
  assert.deepEqual(recent.rows.map((row) => row.values.trace_id), ['t2', 't3']);
  assert.ok(requests.some((request) => request.url.includes('start_time=2026-03-02T00%3A00%3A00.000Z')));
});

test('a to_time step the server did not take lists the traces it removed, newest first, with the start time read', async () => {
  const dataset = { source: { type: 'phoenix', project: 'agents', base_url: base, to_time: '2026-03-02' } };
  const funnel = await preview(dataset, { limit: 10, env: {} });
  assert.deepEqual(funnel.removedPerFilter.map((step) => [step.field, step.removed, step.listable]), [['to_time', 2, true]]);
  const page = await removedRecords(dataset, 'to_time', 0, 0, 10, { limit: 0, env: {} });
  assert.deepEqual(page.rows.map((row) => [row.values.trace_id, row.value]), [['t3', '"2026-03-03T10:00:00.000Z"'], ['t2', '"2026-03-02T10:00:00.000Z"']]);
  assert.equal(page.label, 'before 2026-03-02T00:00:00.000Z');
  assert.equal(page.more, false);
});

test('an unknown project says so and names what to check; no key is needed for a local server', async () => {
  await assert.rejects(
    preview({ source: { type: 'phoenix', project: 'nope', base_url: base } }, { limit: 10, env: {} }),
    (error: unknown) => error instanceof PreviewError && /no project 'nope' on this Phoenix server/.test(error.message),
  );
});

test('the project and the server may come from the variables the official clients read', async () => {
  const result = await preview({ source: { type: 'phoenix' } }, { limit: 10, env: { PHOENIX_PROJECT: 'agents', PHOENIX_COLLECTOR_ENDPOINT: `${base}/v1/traces` } });
  assert.equal(result.total, 3);
  await assert.rejects(preview({ source: { type: 'phoenix', base_url: base } }, { limit: 10, env: {} }), /needs 'project'/);
});

test('a Phoenix key or an address with a key, set in the environment, is masked before any source runs', () => {
  registerEnvironmentCredentials({ PHOENIX_API_KEY: 'px-env-key-0123456789', PHOENIX_ENDPOINT: 'https://user:px-url-secret-987654@phoenix.example' });
  assert.equal(maskRegistered('key px-env-key-0123456789 and px-url-secret-987654'), 'key *** and ***');
});
