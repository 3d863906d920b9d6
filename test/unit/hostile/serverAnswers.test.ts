import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { exportKeptRows } from '../../../src/core/export/keptRowsExport';
import { preview, PreviewError } from '../../../src/core/sources/preview';
import { PreviewResult } from '../../../src/core/model/previewTypes';
import { TOO_DEEP_MARKER } from '../../../src/core/json/depthGuard';
import { hubProfile, sourceFactsKeys, sourceHoverMarkdown } from '../../../src/core/authoring/sourceFacts';
import { HF_TEST_TOKEN, hubParquet, hubRoute, hubRows } from '../remote/hubReplay';
import { LANGFUSE_PUBLIC, LANGFUSE_SECRET, langfuseData, langfuseRoute } from '../remote/langfuseReplay';
import { LANGSMITH_TEST_KEY, langsmithData, langsmithRoute } from '../remote/langsmithReplay';
import { ReplayRoute, ReplayServer, startReplay } from '../remote/replayServer';
import { binaryBytes, DEEP_LOG_VALUE, deepFlow, prototypeIsClean, tempDir } from './hostileCases';

const TIMEOUT = { timeout: 30_000 };

/** Hostile answers a server may give to every request of a source. */
const ANSWERS: Record<string, () => Buffer> = {
  'deep JSON': () => Buffer.from(`{"rows":${deepFlow(DEEP_LOG_VALUE)},"features":${deepFlow(DEEP_LOG_VALUE)},"data":${deepFlow(DEEP_LOG_VALUE)},"runs":${deepFlow(DEEP_LOG_VALUE)}}`),
  'deep JSON in every record': () => Buffer.from(JSON.stringify({
    features: [{ feature_idx: 0, name: 'text', type: { dtype: 'string', _type: 'Value' } }],
    rows: [{ row_idx: 0, row: { text: 'X' }, truncated_cells: [] }], num_rows_total: 1, num_rows_per_page: 100, partial: false,
    splits: [{ dataset: 'o/d', config: 'c', split: 'train' }],
    runs: [{ id: 'r1', name: 'run', run_type: 'chain', start_time: '2026-01-01T00:00:00Z', inputs: 'X', outputs: 'X' }],
    data: [{ id: 't1', name: 'trace', timestamp: '2026-01-01T00:00:00Z', input: 'X', output: 'X', observations: [] }],
    meta: { page: 1, limit: 50, totalItems: 1, totalPages: 1 },
  }).replace(/"X"/g, deepFlow(DEEP_LOG_VALUE))),
  'binary bytes': () => binaryBytes(200_000),
  'an empty body': () => Buffer.alloc(0),
  '__proto__ keys': () => Buffer.from('{"__proto__":{"polluted":true},"constructor":{"prototype":{"hostile":1}},"rows":[{"row_idx":0,"row":{"__proto__":{"polluted":true}}}],"runs":[{"__proto__":{"polluted":true},"id":"r"}],"data":[{"__proto__":{"polluted":true},"id":"t"}]}'),
};

const SOURCES: Record<string, (url: string) => [Record<string, unknown>, Record<string, string>]> = {
  dataset_hub: (url) => [{ type: 'dataset_hub', path: 'owner/data', split: 'train' }, { EVAL_LENS_HUB_URL: url }],
  trace_platform_a: (url) => [{ type: 'trace_platform_a', api_url: url, project: 'proj' }, { LANGSMITH_API_KEY: 'lsv2_replay_key' }],
  trace_platform_b: (url) => [{ type: 'trace_platform_b', project: 'agents' }, { LANGFUSE_PUBLIC_KEY: 'pk-replay', LANGFUSE_SECRET_KEY: 'sk-replay', LANGFUSE_BASE_URL: url }],
};

describe('hostile server answers (a 127.0.0.1 replay) to the network sources', () => {
  let server: ReplayServer;
  let answer: Buffer = Buffer.alloc(0);
  before(async () => {
    server = await startReplay(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: answer }));
  });
  after(() => server.close());

  for (const [type, sourceOf] of Object.entries(SOURCES)) {
    test(`${type}: deep, binary, empty and __proto__ answers end in a message or rows, never a crash or a hang`, TIMEOUT, async () => {
      for (const [what, body] of Object.entries(ANSWERS)) {
        answer = body();
        const [source, env] = sourceOf(server.url);
        let result: PreviewResult | undefined;
        try {
          result = await preview({ key: 'k', display_name: 'K', source }, { limit: 10, env });
        } catch (error) {
          assert.ok(error instanceof PreviewError, `${type}, ${what}: ${String(error)}\n${(error as Error).stack ?? ''}`);
          assert.ok(error.message.length > 0, `${type}, ${what}: an empty message`);
          assert.doesNotMatch(error.message, /Maximum call stack/);
          continue;
        }
        JSON.stringify(result);
        structuredClone(result);
      }
      assert.ok(prototypeIsClean());
    });
  }

  test('records and hub features nesting 200,000 levels and __proto__ keys inside real-shaped answers: rows with the deep value collapsed, hovers from the facts', TIMEOUT, async () => {
    const started: ReplayServer[] = [];
    try {
      const serve = async (route: ReplayRoute) => {
        const replay = await startReplay(poisoned(route));
        started.push(replay);
        return replay;
      };
      const rows = hubRows(30);
      rows[0].text = DEEP_MARK;
      rows[1].note = PROTO_MARK;
      let hubUrl = '';
      const hub = await serve(hubRoute({ rows, parquet: hubParquet(rows, 10) }, () => hubUrl));
      hubUrl = hub.url;
      const runs = langsmithData(5);
      runs.roots[0].inputs = DEEP_MARK;
      runs.roots[1].outputs = PROTO_MARK;
      runs.children[0].outputs = DEEP_MARK;
      const platformA = await serve(langsmithRoute(runs));
      const traces = langfuseData(4);
      traces.traces[0].input = DEEP_MARK;
      traces.traces[1].output = PROTO_MARK;
      (traces.observations.get('t-00002') ?? [])[0].input = DEEP_MARK;
      const platformB = await serve(langfuseRoute(traces));
      const cases: [string, number, () => Promise<PreviewResult>][] = [
        ['dataset_hub', 30, () => preview({ source: { type: 'dataset_hub', path: 'owner/reviews', split: 'train' } }, { limit: 30, env: { HF_TOKEN: HF_TEST_TOKEN, EVAL_LENS_HUB_URL: hub.url } })],
        ['trace_platform_a', 5, () => preview({ source: { type: 'trace_platform_a', api_url: platformA.url, project: 'proj' } }, { limit: 10, env: { LANGSMITH_API_KEY: LANGSMITH_TEST_KEY } })],
        ['trace_platform_b', 4, () => preview({ source: { type: 'trace_platform_b', project: 'agents' } }, { limit: 10, env: { LANGFUSE_PUBLIC_KEY: LANGFUSE_PUBLIC, LANGFUSE_SECRET_KEY: LANGFUSE_SECRET, LANGFUSE_BASE_URL: platformB.url } })],
      ];
      for (const [type, count, read] of cases) {
        const result = await read();
        assert.equal(result.total, count, type);
        const text = JSON.stringify(result);
        assert.ok(text.includes(TOO_DEEP_MARKER), `${type}: the deep value is collapsed`);
        structuredClone(result);
        // The facts the editor keeps for hovers and completion.
        const source = { type, path: 'owner/reviews' };
        const hover = sourceHoverMarkdown(source, result.sourceFacts) ?? '';
        assert.ok(hover.length > 0, type);
        sourceFactsKeys(source, result.sourceFacts ?? {});
        if (type === 'dataset_hub') {
          assert.ok(hover.includes('`__proto__`'), hover);
          const profile = hubProfile(result.sourceFacts);
          assert.ok(profile?.columns.some((c) => c.name === '__proto__'));
          JSON.stringify(profile);
        }
      }
      assert.ok(prototypeIsClean());
    } finally {
      for (const replay of started) await replay.close();
    }
  });
});

const DEEP_MARK = '@@deep@@';
const PROTO_MARK = '@@proto@@';

/** The route's JSON answers with DEEP_MARK and PROTO_MARK strings replaced by a deep value and __proto__ keys. */
function poisoned(route: ReplayRoute): ReplayRoute {
  return async (request) => {
    const answer = await route(request);
    if (answer.body === undefined || Buffer.isBuffer(answer.body) || typeof answer.body !== 'object') return answer;
    const body = answer.body as Record<string, unknown>;
    if (Array.isArray(body.features)) {
      const hostile = [{ name: '__proto__', type: DEEP_MARK }, { name: { x: 1 }, type: 'text' }, { name: '`x` **b** <img src=x>', type: { _type: 5, dtype: PROTO_MARK } }];
      body.features = [...(body.features as unknown[]), ...hostile.map((f, k) => ({ feature_idx: 90 + k, ...f }))];
    }
    const text = JSON.stringify(body)
      .split(JSON.stringify(DEEP_MARK)).join(deepFlow(DEEP_LOG_VALUE))
      .split(JSON.stringify(PROTO_MARK)).join('{"__proto__":{"polluted":true},"constructor":{"prototype":{"hostile":1}}}');
    return { ...answer, headers: { ...answer.headers, 'content-type': 'application/json' }, body: Buffer.from(text) };
  };
}

describe('exporting a remote dataset', () => {
  test('writes every row of the split (read from its Parquet files), never a blank or partial export', TIMEOUT, async () => {
    const rows = hubRows(300);
    let url = '';
    const server = await startReplay(hubRoute({ rows, parquet: hubParquet(rows, 100) }, () => url));
    url = server.url;
    const dir = tempDir('hub-export');
    try {
      const outFile = path.join(dir, 'out.jsonl');
      const spec = { key: 'h', display_name: 'H', source: { type: 'dataset_hub', path: 'owner/reviews', split: 'train' } };
      const outcome = await exportKeptRows(spec, { specPath: path.join(dir, 'h.dataset.yaml'), outFile, previewOptions: { env: { HF_TOKEN: HF_TEST_TOKEN, EVAL_LENS_HUB_URL: url } } });
      assert.equal(outcome.rows, 300);
      assert.deepEqual(fs.readFileSync(outFile, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as unknown), rows);
      assert.deepEqual(fs.readdirSync(dir), ['out.jsonl']);
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
