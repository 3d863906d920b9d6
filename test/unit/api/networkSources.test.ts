/**
 * The Node API on the network sources, against the local replay servers of test/unit/remote (answers built from the
 * shared fixtures' recorded payloads): `previewDataset` gives what `eval-lens preview --json` prints, its row
 * stream and `exportDataset` the rows `eval-lens dataset export` writes, and failures are typed errors with the
 * command line's words. Credentials come from the environment, as the command line reads them, and never show.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { exportDataset, PreviewError, previewDataset } from '../../../src/api/index';
import type { DatasetRowStream, PreviewRow } from '../../../src/api/index';
import { HF_TEST_TOKEN, hubParquet, hubRoute, hubRows } from '../remote/hubReplay';
import { LANGFUSE_PUBLIC, LANGFUSE_SECRET, langfuseData, langfuseRoute } from '../remote/langfuseReplay';
import { LANGSMITH_TEST_KEY, langsmithData, langsmithRoute } from '../remote/langsmithReplay';
import { assertNoSecret, ReplayRoute, ReplayServer, startReplay } from '../remote/replayServer';
import { repoRoot } from '../sharedFixtures';
import { temporaryFolder } from '../temporaryFolder';
import { asJson, cli } from './cliOutput';

const PHOENIX_KEY = 'px-replay-key-0f3a9c';
const SECRETS = [HF_TEST_TOKEN, LANGFUSE_PUBLIC, LANGFUSE_SECRET, LANGSMITH_TEST_KEY, PHOENIX_KEY];
const ENV_NAMES = ['HF_TOKEN', 'EVAL_LENS_HUB_URL', 'LANGSMITH_API_KEY', 'LANGFUSE_PUBLIC_KEY', 'LANGFUSE_SECRET_KEY', 'PHOENIX_API_KEY'];
const QUESTIONS = fs.readFileSync(path.join(repoRoot, 'examples', 'data', 'questions.jsonl'));
const folder = temporaryFolder('eval-lens-api-network-');
const servers: Record<'url' | 'hub' | 'smith' | 'fuse' | 'phoenix', ReplayServer> = {} as never;
const saved: Record<string, string | undefined> = {};

/** Root spans and their children as Arize Phoenix's `GET /v1/projects/{project}/spans` lists them (OpenInference attributes). */
function phoenixRoute(): ReplayRoute {
  const span = (k: number, parent: string | null, kind: string, attributes: Record<string, unknown>) => ({
    id: `g${k}${kind}`, name: kind.toLowerCase(), span_kind: kind, parent_id: parent, status_code: 'OK',
    context: { trace_id: `t${k}`, span_id: parent ? `${kind}${k}` : `r${k}` },
    start_time: `2026-03-0${k}T10:00:00+00:00`, end_time: `2026-03-0${k}T10:00:02+00:00`, attributes,
  });
  const roots = [3, 2, 1].map((k) => span(k, null, 'AGENT', { 'input.value': `question ${k}`, 'output.value': `answer ${k}`, 'openinference.span.kind': 'AGENT' }));
  const children = [1, 2, 3].map((k) => span(k, `r${k}`, 'LLM', { 'llm.model_name': 'gpt-4o-mini', 'llm.input_messages.0.message.role': 'user', 'llm.input_messages.0.message.content': `question ${k}` }));
  return (request) => {
    if (request.headers.authorization !== `Bearer ${PHOENIX_KEY}`) return { status: 401, body: { detail: 'Invalid API key' } };
    const match = /^\/v1\/projects\/([^/]+)\/spans$/.exec(request.path);
    if (!match || decodeURIComponent(match[1]) !== 'agents') return { status: 404, body: { detail: 'Project not found' } };
    const traceId = request.query.get('trace_id');
    if (traceId) return { body: { data: [...roots, ...children].filter((s) => s.context.trace_id === traceId), next_cursor: null } };
    const from = Number(request.query.get('cursor') ?? 0);
    return { body: { data: roots.slice(from, from + 2), next_cursor: from + 2 < roots.length ? String(from + 2) : null } };
  };
}

before(async () => {
  servers.url = await startReplay((request) => (request.path === '/questions.jsonl' ? { body: QUESTIONS.toString('utf8') } : { status: 404, body: 'missing' }));
  const rows = hubRows(400);
  let hubUrl = '';
  servers.hub = await startReplay(hubRoute({ rows, parquet: hubParquet(rows, 100) }, () => hubUrl));
  hubUrl = servers.hub.url;
  servers.smith = await startReplay(langsmithRoute(langsmithData(12)));
  servers.fuse = await startReplay(langfuseRoute(langfuseData(6)));
  servers.phoenix = await startReplay(phoenixRoute());
  for (const name of ENV_NAMES) saved[name] = process.env[name];
  Object.assign(process.env, {
    HF_TOKEN: HF_TEST_TOKEN, EVAL_LENS_HUB_URL: servers.hub.url, LANGSMITH_API_KEY: LANGSMITH_TEST_KEY,
    LANGFUSE_PUBLIC_KEY: LANGFUSE_PUBLIC, LANGFUSE_SECRET_KEY: LANGFUSE_SECRET, PHOENIX_API_KEY: PHOENIX_KEY,
  });
});

after(async () => {
  for (const name of ENV_NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await Promise.all(Object.values(servers).map((server) => server.close()));
});

function spec(name: string, source: string): string {
  return folder.put(`${name}.dataset.yaml`, `key: ${name}\ndisplay_name: ${name}\nsource: ${source}\n`);
}

async function collect(rows: AsyncIterable<PreviewRow>): Promise<PreviewRow[]> {
  const all: PreviewRow[] = [];
  for await (const row of rows) all.push(row);
  return all;
}

interface PrintedPreview {
  rows: unknown;
  total: number;
  matched: number;
  removedPerFilter: unknown;
  columns: unknown;
  complete: boolean;
  countedBy?: string;
}

/**
 * previewDataset with a limit gives what `preview --json` prints; its row stream and exportDataset give the rows
 * `dataset export` writes. Returns the stream, ended, for the caller's own checks.
 */
async function assertSameAsCli(specPath: string, limit: number): Promise<DatasetRowStream> {
  const printed = JSON.parse((await cli(['preview', specPath, '--json', '--limit', String(limit)])).out) as PrintedPreview;
  const page = await previewDataset(specPath, { limit });
  assert.deepEqual(asJson(await collect(page.rows)), printed.rows);
  assert.deepEqual(page.columns, printed.columns);
  assert.equal(page.funnel.total, printed.total);
  assert.equal(page.funnel.matched, printed.matched);
  assert.deepEqual(asJson(page.funnel.steps), printed.removedPerFilter);
  assert.equal(page.funnel.countedBy, printed.countedBy);
  assert.equal(page.funnel.complete, true);

  const byCli = `${specPath}.cli.jsonl`;
  const run = await cli(['dataset', 'export', specPath, '-o', byCli]);
  assert.equal(run.code, 0, run.err);
  const written = fs.readFileSync(byCli, 'utf8');
  const stream = await previewDataset(specPath, { limit: 'all' });
  const rows = await collect(stream.rows);
  assert.deepEqual(asJson(rows.map((row) => row.values)), written.trim().split('\n').map((line) => JSON.parse(line) as unknown));
  assert.equal(stream.funnel?.total, printed.total);
  assert.equal(stream.funnel?.matched, rows.length);
  assert.equal(stream.funnel?.complete, true);
  assert.deepEqual(asJson(stream.funnel?.steps), printed.removedPerFilter);

  const exported = await exportDataset(specPath, `${specPath}.api.jsonl`);
  assert.equal(fs.readFileSync(exported.outPath, 'utf8'), written);
  assert.equal(exported.rows, rows.length);
  assertNoSecret(JSON.stringify([printed, rows]) + written + run.err, SECRETS);
  return stream;
}

/** previewDataset (at once, and from its row stream) and exportDataset throw PreviewError with the command line's words. */
async function assertFailsAsCli(specPath: string, words: RegExp): Promise<void> {
  const printed = await cli(['preview', specPath]);
  assert.equal(printed.code, 1);
  const sameAsPreview = (error: unknown) => error instanceof PreviewError && error.message === printed.err.trimEnd() && words.test(error.message);
  await assert.rejects(previewDataset(specPath), sameAsPreview);
  await assert.rejects(async () => collect((await previewDataset(specPath, { limit: 'all' })).rows), sameAsPreview);
  const target = `${specPath}.never.jsonl`;
  const exported = await cli(['dataset', 'export', specPath, '-o', target]);
  await assert.rejects(exportDataset(specPath, target), (error: unknown) => error instanceof PreviewError && exported.err.includes(`eval-lens dataset export: ${error.message}\n`) && words.test(error.message));
  assert.ok(!fs.existsSync(target));
  assertNoSecret(printed.err + exported.err, SECRETS);
}

describe('the Node API on a url source', () => {
  test('rows, funnel and export as the command line gives them', async () => {
    const filters = '\n  filters:\n    - { expression: "{{ sample.category }}", op: equals, value: math }';
    const stream = await assertSameAsCli(spec('url', `\n  type: url\n  url: ${servers.url.url}/questions.jsonl${filters}`), 2);
    assert.ok((stream.funnel?.matched ?? 0) > 2);
    assert.ok((stream.funnel?.matched ?? 0) < (stream.funnel?.total ?? 0));
  });

  test('a file the server does not have', async () => {
    await assertFailsAsCli(spec('url-missing', `{ type: url, url: "${servers.url.url}/absent.jsonl" }`), /404/);
  });
});

/** A server that streams JSON Lines without end, writing only as fast as the client reads; `sent` counts the bytes. */
async function endlessJsonl(): Promise<{ url: string; sent: () => number; closed: Promise<void>; close: () => Promise<void> }> {
  let sent = 0;
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    response.on('close', markClosed);
    let n = 0;
    const pump = () => {
      while (!response.destroyed) {
        const line = `${JSON.stringify({ n: n++, text: 'y'.repeat(80) })}\n`;
        sent += line.length;
        if (!response.write(line)) return void response.once('drain', pump);
      }
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/endless.jsonl`;
  return { url, sent: () => sent, closed, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the row stream of a url source', () => {
  test('downloads as the rows are pulled, and break aborts the request', async () => {
    const endless = await endlessJsonl();
    try {
      const stream = await previewDataset(spec('endless', `{ type: url, url: "${endless.url}" }`), { limit: 'all' });
      assert.equal(endless.sent(), 0, 'nothing is asked before the first row');
      assert.equal((await stream.rows.next()).value?.values.n, 0);
      await pause(400);
      const held = endless.sent();
      await pause(400);
      assert.ok(endless.sent() - held < 1024 * 1024, `the server could send ${endless.sent() - held} more bytes to a consumer that pulls nothing`);
      let seen = 1;
      for await (const row of stream.rows) {
        assert.equal(row.values.n, seen);
        if (++seen === 10) break;
      }
      await endless.closed;
      assert.equal(stream.funnel?.complete, false);
      assert.ok((stream.funnel?.total ?? 0) >= 10);
    } finally {
      await endless.close();
    }
  });
});

describe('the Node API on the dataset hub', () => {
  test('rows, funnel and export as the command line gives them, for both spellings of the type', async () => {
    const filters = '\n  filters:\n    - { op: equals, expression: "{{ sample.note }}", value: 3 }';
    for (const type of ['dataset_hub', 'huggingface']) {
      const stream = await assertSameAsCli(spec(`hub-${type}`, `\n  type: ${type}\n  path: owner/reviews\n  split: train${filters}`), 5);
      assert.equal(stream.funnel?.total, 400);
      assert.ok(stream.funnel?.countedBy);
    }
  });

  test('a dataset the hub does not have', async () => {
    await assertFailsAsCli(spec('hub-missing', '{ type: dataset_hub, path: owner/nope, split: train }'), /no dataset named 'owner\/nope'/);
  });
});

describe('the Node API on LangSmith (trace_platform_a)', () => {
  test('rows, funnel and export as the command line gives them', async () => {
    const stream = await assertSameAsCli(spec('smith', `{ type: trace_platform_a, project: proj, api_url: "${servers.smith.url}" }`), 3);
    assert.equal(stream.funnel?.total, 12);
    assert.equal(stream.funnel?.recordNoun, 'runs');
  });

  test('a project the platform does not have, and a refused key', async () => {
    await assertFailsAsCli(spec('smith-missing', `{ type: trace_platform_a, project: nope, api_url: "${servers.smith.url}" }`), /nope/);
    await assertFailsAsCli(spec('smith-badkey', `{ type: trace_platform_a, project: proj, api_url: "${servers.smith.url}", api_key: lsv2_pt_not_the_key }`), /check the key/);
  });
});

describe('the Node API on Langfuse (trace_platform_b)', () => {
  test('rows, funnel and export as the command line gives them', async () => {
    const stream = await assertSameAsCli(spec('fuse', `{ type: trace_platform_b, project: agents, base_url: "${servers.fuse.url}" }`), 4);
    assert.equal(stream.funnel?.total, 6);
    assert.equal(stream.funnel?.recordNoun, 'traces');
  });

  test('a refused key', async () => {
    await assertFailsAsCli(spec('fuse-badkey', `{ type: trace_platform_b, project: agents, base_url: "${servers.fuse.url}", api_key: "${LANGFUSE_PUBLIC}:sk-lf-not-the-key" }`), /check the key in 'api_key'/);
  });
});

describe('the Node API on Arize Phoenix', () => {
  test('rows, funnel and export as the command line gives them, the key from PHOENIX_API_KEY', async () => {
    const stream = await assertSameAsCli(spec('phoenix', `{ type: phoenix, project: agents, base_url: "${servers.phoenix.url}" }`), 2);
    assert.equal(stream.funnel?.total, 3);
    assert.ok(servers.phoenix.log.every((request) => request.headers.authorization === `Bearer ${PHOENIX_KEY}`));
  });

  test('a project the server does not have', async () => {
    await assertFailsAsCli(spec('phoenix-missing', `{ type: phoenix, project: nope, base_url: "${servers.phoenix.url}" }`), /no project 'nope'/);
  });
});
