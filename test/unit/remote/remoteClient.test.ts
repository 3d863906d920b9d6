import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PreviewError } from '../../../src/core/sources/previewError';
import { PreviewOptions } from '../../../src/core/model/previewTypes';
import { requireCredential, resolveCredential } from '../../../src/core/sources/remote/credentials';
import { cursorPages, numberedPages, offsetPages } from '../../../src/core/sources/remote/paging';
import { Redactor } from '../../../src/core/sources/remote/redaction';
import { RemoteClient, isCancellation, retryDelay } from '../../../src/core/sources/remote/remoteClient';
import { parseIsoTime } from '../../../src/core/sources/remote/timeRange';
import { ReplayServer, assertNoSecret, startReplay } from './replayServer';

const KEY = 'lsv2_test_key_0123456789';
const servers: ReplayServer[] = [];
after(async () => {
  for (const server of servers) await server.close();
});

async function replay(route: Parameters<typeof startReplay>[0]): Promise<ReplayServer> {
  const server = await startReplay(route);
  servers.push(server);
  return server;
}

function client(options: Partial<PreviewOptions> = {}, maxAnswerBytes?: number): RemoteClient {
  const redactor = new Redactor();
  redactor.add(KEY);
  return new RemoteClient({ options: { limit: 10, ...options }, redactor, headers: { 'x-api-key': KEY }, authCheck: "'api_key' or LANGSMITH_API_KEY", maxAnswerBytes });
}

async function failure(work: Promise<unknown>): Promise<PreviewError> {
  try {
    await work;
  } catch (error) {
    assert.ok(error instanceof PreviewError, `expected a PreviewError, got ${String(error)}`);
    assertNoSecret(error.message, [KEY]);
    return error;
  }
  assert.fail('expected a failure');
}

describe('remote HTTP layer', () => {
  test('500 then success: retried, the answer parsed, the key sent as a header', async () => {
    let calls = 0;
    const server = await replay(() => (++calls === 1 ? { status: 500, body: { error: 'busy' } } : { body: { ok: true } }));
    const answer = await client().json<{ ok: boolean }>(`${server.url}/x`, { what: 'test' });
    assert.deepEqual(answer, { ok: true });
    assert.equal(calls, 2);
    assert.equal(server.log[1].headers['x-api-key'], KEY);
  });

  test('429 with Retry-After: waits that long before the next try', async () => {
    let calls = 0;
    const server = await replay(() => (++calls === 1 ? { status: 429, headers: { 'retry-after': '1' }, body: { error: 'slow down' } } : { body: [1] }));
    const started = Date.now();
    assert.deepEqual(await client().json(`${server.url}/x`, { what: 'test' }), [1]);
    assert.ok(Date.now() - started >= 950, 'the Retry-After second was honoured');
    assert.equal(calls, 2);
  });

  test('Retry-After is bounded; an HTTP date is read; without it the backoff doubles', () => {
    const answer = (value?: string) => new Response(null, { status: 429, headers: value === undefined ? {} : { 'retry-after': value } });
    assert.equal(retryDelay(answer('3600'), 1), 20_000);
    assert.equal(retryDelay(answer(new Date(10_000).toUTCString()), 1, 7_000), 3_000);
    assert.equal(retryDelay(answer(), 1), 200);
    assert.equal(retryDelay(answer(), 2), 400);
  });

  test('three tries at most: a server always answering 503 fails with its reason', async () => {
    const server = await replay(() => ({ status: 503, body: { error: 'maintenance' } }));
    const error = await failure(client().json(`${server.url}/x`, { what: 'project p' }));
    assert.equal(server.log.length, 3);
    assert.match(error.message, /project p: HTTP 503: maintenance/);
  });

  test('401 names where to check the key, never the key; a reflected key is masked', async () => {
    const server = await replay(() => ({ status: 401, body: { error: `invalid key ${KEY}` } }));
    const error = await failure(client().json(`${server.url}/x`, { what: 'project p' }));
    assert.match(error.message, /check the key in 'api_key' or LANGSMITH_API_KEY/);
  });

  test('404 says what was not found; 422 quotes the redacted reason', async () => {
    const server = await replay((r) => (r.path === '/a' ? { status: 404, body: { detail: 'Not found' } } : { status: 422, body: { error: `bad where near ${KEY}` } }));
    assert.match((await failure(client().json(`${server.url}/a`, { what: 'x', notFound: "no project named 'p'" }))).message, /no project named 'p' \(HTTP 404\)/);
    const refused = await failure(client().json(`${server.url}/b`, { what: 'x' }));
    assert.match(refused.message, /refused the request \(HTTP 422\): bad where near \*\*\*/);
    assert.equal(await client().json(`${server.url}/a`, { what: 'x', allow404: true }), undefined);
  });

  test('a slow answer times out with a message naming the setting', async () => {
    const server = await replay(() => ({ hang: true }));
    const error = await failure(client({ urlTimeoutMs: 150 }).json(`${server.url}/slow`, { what: 'dataset d' }));
    assert.match(error.message, /dataset d: no complete answer from 127\.0\.0\.1:\d+ within 0\.15 s/);
  });

  test('cancel while waiting: a cancellation, not an error message', async () => {
    const server = await replay(() => ({ hang: true }));
    const abort = new AbortController();
    const pending = client({ signal: abort.signal }).json(`${server.url}/slow`, { what: 'x' });
    await server.nextRequest('/slow');
    abort.abort();
    await assert.rejects(pending, (error) => isCancellation(error));
  });

  test('consent: asked once per host before the first request; a refusal sends nothing', async () => {
    const server = await replay(() => ({ body: {} }));
    const asked: string[] = [];
    const c = client({ confirmFetch: async (url) => (asked.push(url), true) });
    await c.json(`${server.url}/a`, { what: 'x' });
    await c.json(`${server.url}/b`, { what: 'x' });
    assert.deepEqual(asked, [new URL(server.url).origin], 'the question names the origin it allows');
    const before = server.log.length;
    const refused = await failure(client({ confirmFetch: async () => false }).json(`${server.url}/a`, { what: 'x' }));
    assert.equal(refused.kind, 'fetchRefused');
    assert.equal(server.log.length, before);
  });

  test('an answer larger than the bound is not read, with or without a declared length', async () => {
    const big = JSON.stringify({ data: 'x'.repeat(5000) });
    const server = await replay((r) => (r.path === '/declared' ? { body: big } : { body: big, headers: { 'transfer-encoding': 'chunked' } }));
    for (const path of ['/declared', '/chunked']) {
      assert.match((await failure(client({}, 1000).json(`${server.url}${path}`, { what: 'runs' }))).message, /runs: the server's answer is larger than 1000 B/);
    }
    assert.deepEqual(await client({}, 10_000).json(`${server.url}/declared`, { what: 'runs' }), JSON.parse(big));
  });

  test('range requests: only the asked bytes; a server without ranges is refused, not downloaded', async () => {
    const data = Buffer.from('0123456789abcdef');
    const server = await replay((r) => (r.path === '/whole' ? { body: 'no ranges here' } : { body: data }));
    const c = client();
    assert.equal(Buffer.from(await c.range(`${server.url}/f`, 4, 8, { what: 'f' })).toString(), '4567');
    assert.equal(await c.size(`${server.url}/f`, { what: 'f' }), 16);
    assert.match((await failure(c.range(`${server.url}/whole`, 0, 4, { what: 'f' }))).message, /does not answer range requests/);
  });
});

describe('credentials', () => {
  const options = (extra: Partial<PreviewOptions> = {}): PreviewOptions => ({ limit: 1, env: { LANGSMITH_API_KEY: 'from-env', MY_KEY: 'mine' }, ...extra });
  test('raw, { env }, { secret } and the environment fallback', async () => {
    assert.equal(await resolveCredential('raw-key', 'api_key', ['LANGSMITH_API_KEY'], options()), 'raw-key');
    assert.equal(await resolveCredential({ env: 'MY_KEY' }, 'api_key', [], options()), 'mine');
    assert.equal(await resolveCredential({ secret: 'S' }, 'api_key', [], options({ resolveSecret: async (n) => (n === 'S' ? 'stored' : undefined) })), 'stored');
    assert.equal(await resolveCredential(undefined, 'api_key', ['NOPE', 'LANGSMITH_API_KEY'], options()), 'from-env');
  });
  test('a missing credential names the field and the environment variables', async () => {
    await assert.rejects(requireCredential(undefined, 'api_key', ['LANGSMITH_API_KEY', 'LANGCHAIN_API_KEY'], { env: {} }), /'api_key'.*LANGSMITH_API_KEY or LANGCHAIN_API_KEY/);
    await assert.rejects(resolveCredential({ secret: 'S' }, 'api_key', [], { env: {} }), /secret 'S'/);
    await assert.rejects(resolveCredential({ env: 'UNSET' }, 'api_key', [], { env: {} }), /environment variable UNSET/);
  });
});

describe('paging helpers and times', () => {
  test('offset, numbered and cursor paging stop where the server says', async () => {
    const data = Array.from({ length: 7 }, (_, i) => i);
    const got: number[] = [];
    for await (const page of offsetPages(async (offset, size) => data.slice(offset, offset + size), 3)) got.push(...page);
    assert.deepEqual(got, data);
    const pages: number[] = [];
    for await (const page of numberedPages(async (p) => ({ items: [p], totalPages: 3 }))) pages.push(...page);
    assert.deepEqual(pages, [1, 2, 3]);
    const cursors: (string | undefined)[] = [];
    for await (const page of cursorPages(async (cursor) => (cursors.push(cursor), { items: [cursor ?? 'first'], next: cursor === undefined ? 'c1' : cursor === 'c1' ? 'c1' : null }))) void page;
    assert.deepEqual(cursors, [undefined, 'c1'], 'a repeated cursor ends paging');
  });
  test('ISO 8601: date alone is midnight UTC, no zone is UTC', () => {
    assert.equal(parseIsoTime('2026-11-01'), Date.UTC(2026, 10, 1));
    assert.equal(parseIsoTime('2026-11-01T10:00'), Date.UTC(2026, 10, 1, 10));
    assert.equal(parseIsoTime('2026-11-01T10:00:00+02:00'), Date.UTC(2026, 10, 1, 8));
    assert.equal(parseIsoTime('yesterday'), undefined);
  });
});
