/** Credentials only to their origin, and one deadline for a whole request (docs/security.md). */
import * as assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { PreviewError, preview } from '../../../src/core/sources/preview';
import { PreviewOptions } from '../../../src/core/model/previewTypes';
import { Redactor } from '../../../src/core/sources/remote/redaction';
import { RemoteClient, isCancellation } from '../../../src/core/sources/remote/remoteClient';
import { drip, HostileServer, stallAfterHeaders, startHostile } from './hostileServer';

const KEY = 'fake-key-for-tests-0123456789';
const servers: HostileServer[] = [];
after(async () => {
  for (const server of servers) await server.close();
});

async function serve(handle: Parameters<typeof startHostile>[0]): Promise<HostileServer> {
  const server = await startHostile(handle);
  servers.push(server);
  return server;
}

function client(options: Partial<PreviewOptions> = {}): RemoteClient {
  const redactor = new Redactor();
  redactor.add(KEY);
  return new RemoteClient({ options: { limit: 10, ...options }, redactor, headers: { 'x-api-key': KEY, Authorization: `Bearer ${KEY}` }, authCheck: 'the key' });
}

async function failure(work: Promise<unknown>): Promise<PreviewError> {
  try {
    await work;
  } catch (error) {
    assert.ok(error instanceof PreviewError, `expected a PreviewError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a failure');
}

describe('credentials never leave their origin', () => {
  test('a redirect to another origin is followed without x-api-key or Authorization', async () => {
    const other = await serve((_req, res) => res.end('{"ok":true}'));
    const origin = await serve((_req, res) => {
      res.writeHead(302, { location: `${other.url}/landing` });
      res.end();
    });
    assert.deepEqual(await client().json(`${origin.url}/start`, { what: 'test' }), { ok: true });
    assert.equal(origin.requests[0]['x-api-key'], KEY);
    assert.equal(other.requests.length, 1);
    assert.equal(other.requests[0]['x-api-key'], undefined);
    assert.equal(other.requests[0].authorization, undefined);
  });

  test('a redirect within the origin keeps the credentials; a loop ends after a few hops', async () => {
    let hops = 0;
    const server = await serve((req, res) => {
      if (req.url === '/loop') {
        hops++;
        res.writeHead(307, { location: '/loop' });
        return res.end();
      }
      if (req.url === '/a') {
        res.writeHead(301, { location: '/b' });
        return res.end();
      }
      res.end('[1]');
    });
    assert.deepEqual(await client().json(`${server.url}/a`, { what: 'test' }), [1]);
    assert.equal(server.requests[1]['x-api-key'], KEY);
    const error = await failure(client().json(`${server.url}/loop`, { what: 'test' }));
    assert.match(error.message, /redirected more than 5 times/);
    assert.ok(hops <= 6, `${hops} hops`);
  });

  test('trace_platform_a whose server redirects to another origin: the key never reaches it', async () => {
    const other = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"detail":"no"}');
    });
    const origin = await serve((req, res) => {
      res.writeHead(307, { location: `${other.url}${req.url ?? '/'}` });
      res.end();
    });
    await assert.rejects(preview({ source: { type: 'trace_platform_a', api_url: origin.url, project: 'p' } }, { limit: 5, env: { LANGSMITH_API_KEY: KEY } }));
    assert.ok(other.requests.length > 0, 'the redirect was followed');
    for (const headers of other.requests) assert.ok(!JSON.stringify(headers).includes(KEY), JSON.stringify(headers));
  });
});

describe('one deadline bounds the whole request', () => {
  test('a server that stalls after the headers: a timeout naming the host', async () => {
    const server = await serve(stallAfterHeaders());
    const started = Date.now();
    const error = await failure(client({ urlTimeoutMs: 300 }).json(`${server.url}/x`, { what: 'dataset d' }));
    assert.ok(Date.now() - started < 5_000);
    assert.match(error.message, new RegExp(`no complete answer from ${server.host.replace(/\./g, '\\.')} within 0\\.3 s`));
  });

  test('a server that drips a byte at a time: the remote client and the url source both time out', async () => {
    const server = await serve(drip());
    const started = Date.now();
    await failure(client({ urlTimeoutMs: 400 }).json(`${server.url}/x`, { what: 'dataset d' }));
    assert.ok(Date.now() - started < 5_000, 'the remote client stopped');
    const urlStarted = Date.now();
    const error = await failure(preview({ source: { type: 'url', url: `${server.url}/data.csv` } }, { limit: 5, urlTimeoutMs: 400 }));
    assert.ok(Date.now() - urlStarted < 5_000, 'the url source stopped');
    assert.match(error.message, new RegExp(`${server.host.replace(/\./g, '\\.')}/data\\.csv: no complete answer within 0\\.4 s`));
  });

  test('the hub and both trace platforms, served by a server that stalls after the headers: a timeout naming the host', async () => {
    const server = await serve(stallAfterHeaders());
    const specs: [string, Record<string, unknown>, Record<string, string>][] = [
      ['dataset_hub', { type: 'dataset_hub', path: 'owner/data', split: 'train' }, { EVAL_LENS_HUB_URL: server.url }],
      ['trace_platform_a', { type: 'trace_platform_a', api_url: server.url, project: 'p' }, { LANGSMITH_API_KEY: KEY }],
      ['trace_platform_b', { type: 'trace_platform_b', project: 'p' }, { LANGFUSE_PUBLIC_KEY: 'pk-fake-public', LANGFUSE_SECRET_KEY: KEY, LANGFUSE_BASE_URL: server.url }],
    ];
    for (const [type, source, env] of specs) {
      const started = Date.now();
      const error = await failure(preview({ source }, { limit: 5, env, urlTimeoutMs: 300 }));
      assert.ok(Date.now() - started < 5_000, `${type} stopped`);
      assert.ok(error.message.includes(`no complete answer from ${server.host}`), `${type}: ${error.message}`);
    }
  });

  test('cancel while the body is arriving: a cancellation', async () => {
    const server = await serve(drip());
    const abort = new AbortController();
    const pending = client({ signal: abort.signal, urlTimeoutMs: 30_000 }).json(`${server.url}/x`, { what: 'x' });
    setTimeout(() => abort.abort(), 200);
    await assert.rejects(pending, (error) => isCancellation(error));
  });

  test('a hub Parquet range that stalls after the headers times out too', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(206, { 'content-range': 'bytes 0-99/100', 'content-length': '100' });
      res.write('PAR1');
    });
    const error = await failure(client({ urlTimeoutMs: 300 }).range(`${server.url}/f.parquet`, 0, 100, { what: 'hub file', anonymous: true }));
    assert.match(error.message, /no complete answer/);
  });
});
