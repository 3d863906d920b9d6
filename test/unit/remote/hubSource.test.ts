import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { parquetMetadata } from 'hyparquet';
import { compileFilters } from '../../../src/core/filters/filterEvaluator';
import { translateFilter } from '../../../src/core/sources/hub/hubWhere';
import { preview } from '../../../src/core/sources/preview';
import { PreviewOptions, PreviewResult } from '../../../src/core/model/previewTypes';
import { HF_TEST_TOKEN, HubReplayOptions, hubAcceptsWhere, hubFeatures, hubParquet, hubRoute, hubRows } from './hubReplay';
import { ReplayServer, assertNoSecret, startReplay } from './replayServer';

const rows = hubRows(3000);
const parquet = hubParquet(rows, 500);
const servers: ReplayServer[] = [];
after(async () => {
  for (const server of servers) await server.close();
});

async function hub(replay: Partial<HubReplayOptions> = {}): Promise<ReplayServer> {
  let url = '';
  const server = await startReplay(hubRoute({ rows, parquet, ...replay }, () => url));
  url = server.url;
  servers.push(server);
  return server;
}

async function run(server: ReplayServer, source: Record<string, unknown>, options: Partial<PreviewOptions> = {}): Promise<PreviewResult> {
  const r = await preview({ source: { type: 'dataset_hub', path: 'owner/reviews', split: 'train', ...source } }, { limit: 20, env: { HF_TOKEN: HF_TEST_TOKEN, EVAL_LENS_HUB_URL: server.url }, ...options });
  assertNoSecret(JSON.stringify(r), [HF_TEST_TOKEN]);
  return r;
}

const PUSHABLE = [
  { op: 'equals', expression: '{{ sample.label }}', value: 1 },
  { op: 'greater_than', expression: '{{ sample.score }}', value: 0.25 },
  { op: 'not_equals', expression: '{{ sample.note }}', value: 'x' },
  { op: 'not_in', expression: '{{ sample.note }}', values: ['y', "it's"] },
  { op: 'is_true', expression: '{{ sample.flag }}' },
  { op: 'less_than', expression: '{{ sample.note }}', value: 'b' },
];

describe('dataset_hub', () => {
  test('no filters: the first page and the count from the hub, with the features as source facts', async () => {
    const server = await hub();
    const r = await run(server, { load_dataset_kwargs: { name: 'plain_text', trust_remote_code: true } });
    assert.equal(r.total, 3000);
    assert.equal(r.rows.length, 20);
    assert.deepEqual(r.columns, ['text', 'label', 'score', 'flag', 'note']);
    assert.equal(r.countedBy, 'counted by the hub');
    assert.match(r.warnings[0].message, /'trust_remote_code' ignored/);
    assert.deepEqual(r.sourceFacts?.hub?.configs, ['plain_text']);
    assert.deepEqual(r.sourceFacts?.hub?.features.map((f) => f.name), ['text', 'label', 'score', 'flag', 'note']);
    assert.equal(server.log.find((req) => req.path === '/splits')?.headers.authorization, `Bearer ${HF_TEST_TOKEN}`);
  });

  test('filters with exact translations: counted by the hub, one length=0 request per step, equal to §5 counted here', async () => {
    const wheres: string[] = [];
    const byHub = await run(await hub({ wheres }), { filters: PUSHABLE });
    assert.equal(byHub.countedBy, 'counted by the hub');
    assert.ok(wheres.length >= PUSHABLE.length + 1 && wheres.every(hubAcceptsWhere));
    const here = await run(await hub({ filterAvailable: false }), { filters: PUSHABLE });
    assert.match(String(here.countedBy), /^counted here from 4 of 5 columns, /);
    assert.deepEqual(byHub.removedPerFilter, here.removedPerFilter);
    assert.equal(byHub.total, here.total);
    assert.equal(byHub.matched, here.matched);
    assert.ok(byHub.matched > 0 && byHub.removedPerFilter.every((step) => step.removed > 0));
    assert.ok(byHub.removedPerFilter[1].notComparable > 0, 'null scores are not comparable');
    assert.deepEqual(byHub.rows.map((row) => row.values), here.rows.map((row) => row.values));
  });

  test('filters without an exact translation: only their columns read by range requests, counted with §5', async () => {
    const server = await hub();
    const filters = [
      { op: 'equals', expression: '{{ sample.note }}', value: 3 },
      { op: 'greater_or_equal', expression: '{{ sample.label }}', value: '1' },
    ];
    const progress: { done: number; total?: number; unit: string }[] = [];
    const r = await run(server, { filters }, { onProgress: (p) => progress.push(p) });
    assert.ok(!server.log.some((req) => req.path === '/filter'), 'nothing untranslatable is sent to /filter');
    assert.deepEqual(progress.map((p) => [p.done, p.total, p.unit]), [500, 1000, 1500, 2000, 2500, 3000].map((done) => [done, 3000, 'records']));
    const expected = rows.filter((row) => typeof row.note === 'string' && row.note.trim() === '3' && Number(row.label) >= 1).length;
    assert.equal(r.matched, expected);
    assert.equal(r.total, 3000);
    assert.match(String(r.countedBy), /^counted here from 2 of 5 columns, \d/);
    assert.ok(r.rows.every((row) => String(row.values.note).trim() === '3' && typeof row.values.text === 'string'));
    // Bytes read: the footer and the chunks of `note` and `label`, never `text`.
    const metadata = parquetMetadata(new Uint8Array(parquet).buffer);
    let wanted = 0;
    for (const group of metadata.row_groups) {
      for (const chunk of group.columns) {
        if (['note', 'label'].includes(String(chunk.meta_data?.path_in_schema[0]))) wanted += Number(chunk.meta_data?.total_compressed_size);
      }
    }
    const footer = parquet.readUInt32LE(parquet.length - 8) + 8;
    const fileBytes = server.rangeBytes;
    // The footer is found with one read of the file's last bytes (at most 1/64 of the file beyond the footer).
    const footerRead = Math.max(footer, Math.floor(parquet.length / 64));
    assert.ok(fileBytes <= wanted + footerRead, `${fileBytes} bytes read, filtered columns hold ${wanted} and the footer ${footer}`);
    assert.ok(fileBytes < parquet.length / 3, 'far less than the whole file');
  });

  test('counted here: /is-valid asked with /splits, and /parquet with /first-rows, each before the other is answered', async () => {
    let url = '';
    const inner = hubRoute({ rows, parquet, filterAvailable: false }, () => url);
    const arrived = new Map<string, () => void>();
    const arrival = new Map(['/is-valid', '/parquet'].map((path) => [path, new Promise<boolean>((resolve) => arrived.set(path, () => resolve(true)))]));
    const heldFor: Record<string, string> = { '/splits': '/is-valid', '/first-rows': '/parquet' };
    const seenWhileHeld: string[] = [];
    const server = await startReplay(async (request) => {
      arrived.get(request.path)?.();
      const partner = heldFor[request.path];
      if (partner) {
        // Held until the partner request arrives (bounded, so a sequential client fails instead of hanging).
        let timer: NodeJS.Timeout | undefined;
        const came = await Promise.race([arrival.get(partner) as Promise<boolean>, new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 2000)))]);
        clearTimeout(timer);
        if (came) seenWhileHeld.push(partner);
      }
      return inner(request);
    });
    url = server.url;
    servers.push(server);
    const r = await run(server, { filters: [{ op: 'equals', expression: '{{ sample.note }}', value: 3 }] });
    assert.match(String(r.countedBy), /^counted here from 1 of 5 columns/);
    assert.deepEqual(seenWhileHeld.sort(), ['/is-valid', '/parquet']);
    assert.equal(server.log.filter((req) => req.path === '/parquet').length, 1, 'the Parquet files are listed once');
  });

  test('configs: several without a name is an error listing them; an unknown name lists them', async () => {
    const server = await hub();
    await assert.rejects(run(server, { path: 'ibm/duorc' }), /several configs \(ParaphraseRC, SelfRC\).*load_dataset_kwargs\.name/);
    await assert.rejects(run(server, { load_dataset_kwargs: { name: 'nope' } }), /no config named 'nope' \(configs: plain_text\)/);
    await assert.rejects(run(server, { split: 'validation' }), /no split named 'validation' \(splits: train, test\)/);
    await assert.rejects(run(server, { path: 'owner/missing' }), /no dataset named 'owner\/missing'/);
  });

  test('the hub cannot count (not ready after three tries): counted here instead, with a warning', async () => {
    const server = await hub({ filterNotReady: true });
    const r = await run(server, { filters: [PUSHABLE[0]] });
    assert.equal(server.log.filter((req) => req.path === '/filter').length, 3);
    assert.match(String(r.countedBy), /^counted here from 1 of 5 columns/);
    assert.equal(r.matched, rows.filter((row) => row.label === 1).length);
    assert.ok(r.warnings.some((w) => /could not count the filters .*HTTP 500/.test(w.message)));
  });

  test('a partial index: the funnel is a lower bound, said in a warning', async () => {
    const r = await run(await hub({ partial: true }), { filters: [PUSHABLE[0]] });
    assert.equal(r.lowerBound, true);
    assert.ok(r.warnings.some((w) => /lower bound/.test(w.message)));
  });

  test('without a valid token: 401 says to check HF_TOKEN and never shows a token', async () => {
    const server = await hub();
    await assert.rejects(run(server, {}, { env: { HF_TOKEN: 'hf_wrong_token_123', EVAL_LENS_HUB_URL: server.url } }), (error: Error) => {
      assert.match(error.message, /HTTP 401.*check the key in HF_TOKEN/);
      assert.ok(!error.message.includes('hf_wrong_token_123'));
      return true;
    });
  });

  test('cancel mid-count: stops reading, returns what was counted as incomplete', async () => {
    const abort = new AbortController();
    let fileRequests = 0;
    const server = await hub({ onFileRequest: () => ++fileRequests === 4 && abort.abort() });
    const r = await run(server, { filters: [{ op: 'equals', expression: '{{ sample.note }}', value: 3 }] }, { signal: abort.signal });
    assert.equal(r.complete, false);
    assert.ok(r.total < 3000);
  });
});

describe('hub where translation', () => {
  const features = new Map(hubFeatures().map((f) => [f.name, f.type] as const));
  const translate = (filter: Record<string, unknown>) => translateFilter(compileFilters([filter])[0], features);
  test('exact translations, each accepted by the hub', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ op: 'equals', expression: '{{ sample.label }}', value: 1 }, '"label" = 1'],
      [{ op: 'equals', expression: '{{ sample.label }}', value: '1' }, '"label" = 1'],
      [{ op: 'not_equals', expression: '{{ sample.note }}', value: "it's" }, `("note" != 'it''s' OR "note" IS NULL)`],
      [{ op: 'in', expression: '{{ sample.label }}', values: [0, 1] }, '("label" = 0 OR "label" = 1)'],
      [{ op: 'not_in', expression: '{{ sample.note }}', values: ['a', 'b'] }, `("note" != 'a' AND "note" != 'b' OR "note" IS NULL)`],
      [{ op: 'greater_or_equal', expression: '{{ sample.score }}', value: 0.5 }, '"score" >= 0.5'],
      [{ op: 'is_false', expression: '{{ sample.flag }}' }, '"flag" = false'],
      [{ op: 'exists', expression: '{{ sample["note"] }}' }, '"note" IS NOT NULL'],
    ];
    for (const [filter, sql] of cases) {
      assert.equal(translate(filter), sql);
      assert.ok(hubAcceptsWhere(sql), sql);
    }
  });
  test('no translation where SQL would differ from §5', () => {
    const none = [
      { op: 'equals', expression: '{{ sample.note }}', value: 3 }, // numeric text against a number
      { op: 'equals', expression: '{{ sample.label }}', value: '01' }, // not the JSON text of a number
      { op: 'greater_than', expression: '{{ sample.label }}', value: -1 }, // negative numbers are refused by the hub
      { op: 'less_than', expression: '{{ sample.note }}', value: '10' }, // numeric text compares numerically
      { op: 'is_true', expression: '{{ sample.note }}' }, // 'TRUE ' any case, trimmed
      { op: 'equals', expression: '{{ sample.note }}', value: 'a;b' }, // the hub refuses ';'
      { op: 'equals', expression: '{{ sample.missing }}', value: 1 }, // not a feature
      { op: 'equals', expression: '{{ sample.text.x }}', value: 1 }, // a nested path
      { op: 'in', expression: '{{ sample.label }}', values: [] },
    ];
    for (const filter of none) assert.equal(translate(filter), undefined, JSON.stringify(filter));
  });
});
