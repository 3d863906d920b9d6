import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { preview, PreviewError } from '../../../src/core/sources/preview';
import { PreviewOptions, PreviewResult } from '../../../src/core/model/previewTypes';

let server: Server;
let base: string;
const hanging = new Set<import('node:http').ServerResponse>();

before(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '';
    if (url === '/data.jsonl') {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write('{"a":1}\n{"a":');
      res.end('2}\nnot json\n{"a":3}\n');
    } else if (url === '/data.csv') {
      res.end('a,b\n1,"x\ny"\n2,z\n');
    } else if (url === '/moved.jsonl') {
      res.writeHead(302, { location: '/data.jsonl' });
      res.end();
    } else if (url.startsWith('/loop')) {
      const n = Number(url.slice(5, url.indexOf('.')));
      res.writeHead(301, { location: `/loop${n + 1}.csv` });
      res.end();
    } else if (url === '/ftp.csv') {
      res.writeHead(302, { location: 'ftp://example.com/x.csv' });
      res.end();
    } else if (url === '/slow.csv') {
      hanging.add(res);
    } else {
      res.writeHead(404);
      res.end('missing');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  for (const res of hanging) res.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function run(url: string, options: Partial<PreviewOptions> = {}): Promise<PreviewResult> {
  return preview({ source: { type: 'url', url, filters: [{ op: 'greater_than', expression: '{{ sample.a }}', value: 1 }] } }, { limit: 10, ...options });
}

describe('url source', () => {
  test('200: JSONL streamed through the same parser, warnings with lines', async () => {
    const asked: string[] = [];
    const r = await run(`${base}/data.jsonl`, { confirmFetch: async (url) => (asked.push(url), true) });
    assert.deepEqual(asked, [`${base}/data.jsonl`]);
    assert.equal(r.total, 3);
    assert.equal(r.matched, 2);
    assert.deepEqual(r.rows.map((row) => row.values.a), [2, 3]);
    assert.equal(r.rows[0].origin.file, `${base}/data.jsonl`);
    assert.equal(r.warnings[0].line, 3);
  });

  test('CSV with a quoted newline', async () => {
    const r = await preview({ source: { type: 'url', url: `${base}/data.csv` } }, { limit: 10 });
    assert.deepEqual(r.rows.map((row) => row.values), [{ a: '1', b: 'x\ny' }, { a: '2', b: 'z' }]);
  });

  test('a redirect is followed', async () => {
    const r = await run(`${base}/moved.jsonl`);
    assert.equal(r.total, 3);
  });

  test('more than 5 redirects is an error', async () => {
    await assert.rejects(run(`${base}/loop0.csv`), /more than 5 redirects/);
  });

  test('a redirect to another protocol is refused', async () => {
    await assert.rejects(run(`${base}/ftp.csv`), /only http: and https:/);
  });

  test('404 names the status and the URL', async () => {
    await assert.rejects(run(`${base}/absent.csv`), (error: unknown) => error instanceof PreviewError && error.message === `HTTP 404 Not Found for ${base}/absent.csv`);
  });

  test('timeout', async () => {
    await assert.rejects(run(`${base}/slow.csv`, { urlTimeoutMs: 150 }), /no complete answer within 0.15 s/);
  });

  test('refused by confirmFetch: nothing fetched', async () => {
    let requests = 0;
    const count = () => requests++;
    server.on('request', count);
    await assert.rejects(run(`${base}/data.jsonl`, { confirmFetch: async () => false }), (error: unknown) => error instanceof PreviewError && error.kind === 'fetchRefused');
    server.off('request', count);
    assert.equal(requests, 0);
  });

  test('only http(s), and the URL must end with .csv or .jsonl', async () => {
    await assert.rejects(run('ftp://example.com/a.csv'), /only http: and https:/);
    await assert.rejects(run(`${base}/data.csv?x=1`), /must end with \.csv or \.jsonl/);
    await assert.rejects(run(`${base}/data.json`), /must end with \.csv or \.jsonl/);
  });
});
