/**
 * The kept row stream (src/core/export/keptRowStream.ts) on network sources: a consumer that is behind holds the
 * platform's next page back, and the time it spends is not counted against the download's deadline.
 */
import * as assert from 'node:assert/strict';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { keptRowStream } from '../../../src/core/export/keptRowStream';
import { LANGSMITH_TEST_KEY, langsmithData, langsmithRoute } from '../remote/langsmithReplay';
import { ReplayServer, startReplay } from '../remote/replayServer';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let smith: ReplayServer;
let slow: Server;
let slowUrl = '';
let tailUrl = '';
let tail: Server;

before(async () => {
  smith = await startReplay(langsmithRoute(langsmithData(1500)));
  // Six thousand lines: a body of many chunks, still arriving while the consumer is behind.
  slow = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    response.end(Array.from({ length: 6000 }, (_, n) => `{"n":${n},"text":"${'z'.repeat(60)}"}`).join('\n') + '\n');
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/lines.jsonl`;
  // A body whose last line comes on its own a moment later: the download ends while the consumer is behind.
  tail = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    response.write(Array.from({ length: 1500 }, (_, n) => `{"n":${n}}`).join('\n') + '\n');
    setTimeout(() => response.end('{"n":1500}\n'), 100);
  });
  await new Promise<void>((resolve) => tail.listen(0, '127.0.0.1', resolve));
  tailUrl = `http://127.0.0.1:${(tail.address() as AddressInfo).port}/tail.jsonl`;
});

after(async () => {
  await smith.close();
  await new Promise<void>((resolve) => slow.close(() => resolve()));
  await new Promise<void>((resolve) => tail.close(() => resolve()));
});

test('a consumer that is behind holds the next page of runs back; return() ends the run', async () => {
  const rootPages = () => smith.log.filter((request) => request.path === '/runs/query' && (request.body as { session?: unknown }).session !== undefined).length;
  const stream = keptRowStream({ source: { type: 'trace_platform_a', project: 'proj', api_url: smith.url, api_key: LANGSMITH_TEST_KEY } }, { specPath: '/nowhere/spec.yaml' });
  assert.equal((await stream.next()).done, false);
  // Wait until no page has been asked for 600 ms (a busy machine answers slowly), at most 10 s.
  let asked = rootPages();
  for (let waited = 0; waited < 10_000; waited += 600) {
    await pause(600);
    if (rootPages() === asked) break;
    asked = rootPages();
  }
  // Without backpressure every one of the 15 pages would be read; with it, about 512 waiting rows' worth.
  assert.ok(asked < 10, `${asked} pages of 100 runs asked for one row`);
  assert.equal(rootPages(), asked, 'no page is asked while the rows wait');
  await stream.return();
  assert.equal(stream.result?.complete, false);
});

test('waiting for the consumer does not count against the download deadline', async () => {
  const stream = keptRowStream({ source: { type: 'url', url: slowUrl } }, { specPath: '/nowhere/spec.yaml', previewOptions: { urlTimeoutMs: 1500 } });
  let count = 0;
  for await (const row of stream) {
    assert.equal(row.values.n, count);
    // Behind for 3.7 s in all, longer than the deadline, and once longer than the socket's idle timeout, while the
    // download waits on this consumer.
    if (count % 1000 === 0) await pause(count === 3000 ? 1700 : 400);
    count++;
  }
  assert.equal(count, 6000);
  assert.equal(stream.result?.complete, true);
});

test('a download that ends while the consumer is behind gives every row (the finished response has let go of its socket)', async () => {
  const stream = keptRowStream({ source: { type: 'url', url: tailUrl } }, { specPath: '/nowhere/spec.yaml' });
  let count = 0;
  for await (const row of stream) {
    assert.equal(row.values.n, count);
    if (count === 0) await pause(500);
    count++;
  }
  assert.equal(count, 1501);
  assert.equal(stream.result?.complete, true);
});
