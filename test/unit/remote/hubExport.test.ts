import { describe, test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runDatasetExportCommand } from '../../../src/cli/datasetCommand';
import { CliIo } from '../../../src/cli/cliTypes';
import { exportKeptRows, ExportError } from '../../../src/core/export/keptRowsExport';
import { preview } from '../../../src/core/sources/preview';
import { PreviewError } from '../../../src/core/sources/previewError';
import { PreviewOptions } from '../../../src/core/model/previewTypes';
import { HF_TEST_TOKEN, HubReplayOptions, hubParquet, hubRoute, hubRows } from './hubReplay';
import { ReplayRoute, ReplayServer, assertNoSecret, startReplay } from './replayServer';

const rows = hubRows(3000);
const parquet = hubParquet(rows, 500);
const servers: ReplayServer[] = [];
let dir: string;
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-hub-export-'));
});
after(async () => {
  for (const server of servers) await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A hub replay; `wrap` may answer a request itself (undefined: the replay answers). */
async function hub(replay: Partial<HubReplayOptions> = {}, wrap?: (request: Parameters<ReplayRoute>[0]) => ReturnType<ReplayRoute> | undefined): Promise<ReplayServer> {
  let url = '';
  const inner = hubRoute({ rows, parquet, ...replay }, () => url);
  const server = await startReplay((request) => wrap?.(request) ?? inner(request));
  url = server.url;
  servers.push(server);
  return server;
}

const NOT_PUSHABLE = [
  { op: 'equals', expression: '{{ sample.note }}', value: 3 },
  { op: 'greater_or_equal', expression: '{{ sample.label }}', value: '1' },
];
const keptBySemantics = rows.filter((row) => typeof row.note === 'string' && row.note.trim() === '3' && Number(row.label) >= 1);
const spec = (filters: unknown[]) => ({ key: 'h', display_name: 'H', source: { type: 'dataset_hub', path: 'owner/reviews', split: 'train', filters } });
const envOf = (server: ReplayServer) => ({ HF_TOKEN: HF_TEST_TOKEN, EVAL_LENS_HUB_URL: server.url });
const fileRequests = (server: ReplayServer) => server.log.filter((request) => request.path.startsWith('/files/'));
const leftovers = () => fs.readdirSync(dir).filter((name) => name.endsWith('.part'));

describe('dataset_hub export: every kept row from the Parquet files', () => {
  test('JSONL: every kept row with its values, read by range requests, never paging /rows', async () => {
    const server = await hub();
    const out = path.join(dir, 'kept.jsonl');
    const outcome = await exportKeptRows(spec(NOT_PUSHABLE), { specPath: path.join(dir, 'h.dataset.yaml'), outFile: out, previewOptions: { env: envOf(server) } });
    const written = fs.readFileSync(out, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.equal(outcome.rows, keptBySemantics.length);
    assert.ok(keptBySemantics.length > 100 && keptBySemantics.length < 3000);
    assert.deepEqual(written, keptBySemantics);
    assert.deepEqual(Object.keys(written[0]), ['text', 'label', 'score', 'flag', 'note']);
    assert.equal(server.log.filter((request) => request.path === '/rows').length, 0, 'no /rows paging');
    assert.ok(fileRequests(server).every((request) => /^bytes=\d+-\d+$/.test(String(request.headers.range))), 'only range requests');
    assert.ok(fileRequests(server).every((request) => request.headers.authorization === undefined || request.headers.authorization === `Bearer ${HF_TEST_TOKEN}`));
    assertNoSecret(fs.readFileSync(out, 'utf8'), [HF_TEST_TOKEN]);
    assert.deepEqual(leftovers(), []);
  });

  test('filters the hub can count: the export still reads the Parquet files, and keeps what the hub counts', async () => {
    const wheres: string[] = [];
    const server = await hub({ wheres });
    const filters = [{ op: 'equals', expression: '{{ sample.label }}', value: 1 }, { op: 'greater_than', expression: '{{ sample.score }}', value: 0.25 }];
    const counted = await preview(spec(filters), { limit: 5, env: envOf(server) });
    assert.equal(counted.countedBy, 'counted by the hub');
    const out = path.join(dir, 'pushed.csv');
    const outcome = await exportKeptRows(spec(filters), { specPath: path.join(dir, 'h.dataset.yaml'), outFile: out, previewOptions: { env: envOf(server) } });
    const expected = rows.filter((row) => row.label === 1 && typeof row.score === 'number' && row.score > 0.25);
    assert.equal(outcome.rows, expected.length);
    assert.equal(outcome.rows, counted.matched);
    const lines = fs.readFileSync(out, 'utf8').split('\r\n');
    assert.equal(lines[0], 'text,label,score,flag,note');
    assert.equal(lines.length, expected.length + 2);
    // The text ends with a space, so it is quoted.
    assert.equal(lines[1], `"${expected[0].text}",1,${expected[0].score},${expected[0].flag},${expected[0].note ?? ''}`);
  });

  test('a filter on a nested path is tested on the whole row, with the same rows kept', async () => {
    const server = await hub();
    const given: Record<string, unknown>[] = [];
    const nested = [{ op: 'not_exists', expression: '{{ sample.text.first }}' }, ...NOT_PUSHABLE];
    const result = await preview(spec(nested), { limit: 0, env: envOf(server), onRow: (values) => given.push(values) });
    assert.deepEqual(given, keptBySemantics);
    assert.deepEqual(result.removedPerFilter.map((step) => step.removed), [0, 3000 - rows.filter((row) => typeof row.note === 'string' && row.note.trim() === '3').length, rows.filter((row) => typeof row.note === 'string' && row.note.trim() === '3').length - keptBySemantics.length]);
  });

  test('rows reach the sink while the split is read, and the first page matches the preview', async () => {
    const server = await hub();
    let requestsAtFirstRow = -1;
    let given = 0;
    const options: PreviewOptions = {
      limit: 20,
      env: envOf(server),
      onRow: () => {
        if (given++ === 0) requestsAtFirstRow = fileRequests(server).length;
      },
    };
    const result = await preview(spec(NOT_PUSHABLE), options);
    assert.equal(given, keptBySemantics.length);
    assert.equal(result.matched, keptBySemantics.length);
    assert.equal(result.total, 3000);
    const allRequests = fileRequests(server).length;
    assert.ok(requestsAtFirstRow > 0 && requestsAtFirstRow < allRequests, `${requestsAtFirstRow} of ${allRequests} file requests made before the first row`);
    const previewed = await preview(spec(NOT_PUSHABLE), { limit: 20, env: envOf(server) });
    assert.deepEqual(result.rows, previewed.rows);
  });

  test('an abort from the sink stops the reading: no further row group is tested', async () => {
    const server = await hub();
    const controller = new AbortController();
    let given = 0;
    const result = await preview(spec([]), {
      limit: 0,
      env: envOf(server),
      signal: controller.signal,
      onRow: () => {
        given++;
        controller.abort();
      },
    });
    assert.equal(result.complete, false);
    assert.ok(given >= 1 && given <= 500, `${given} rows given (one row group holds 500)`);
    assert.ok(result.total <= 500);
  });

  test('cancelled: the target is left as it was and no temporary file remains', async () => {
    const server = await hub();
    const out = path.join(dir, 'cancel.jsonl');
    fs.writeFileSync(out, 'old\n');
    const controller = new AbortController();
    await assert.rejects(
      exportKeptRows(spec(NOT_PUSHABLE), { specPath: path.join(dir, 'h.dataset.yaml'), outFile: out, signal: controller.signal, previewOptions: { env: envOf(server) }, onProgress: (p) => p.done >= 1000 && controller.abort() }),
      (error: unknown) => error instanceof ExportError && error.kind === 'cancelled',
    );
    assert.equal(fs.readFileSync(out, 'utf8'), 'old\n');
    assert.deepEqual(leftovers(), []);
  });

  test('a 404 mid-way: an error naming the file, nothing written, the target unchanged', async () => {
    let requests = 0;
    // The footer (two requests) and two row groups are served, then the file is gone.
    const server = await hub({}, (request) => (request.path.startsWith('/files/') && ++requests > 4 ? { status: 404, body: { error: 'Not found.' } } : undefined));
    const out = path.join(dir, 'gone.jsonl');
    fs.writeFileSync(out, 'old\n');
    await assert.rejects(
      exportKeptRows(spec(NOT_PUSHABLE), { specPath: path.join(dir, 'h.dataset.yaml'), outFile: out, previewOptions: { env: envOf(server) } }),
      (error: unknown) => {
        assert.ok(error instanceof PreviewError, String(error));
        assert.match(error.message, /^Hugging Face \(dataset_hub\) 'owner\/reviews': no Parquet file 0000\.parquet any more .*\(HTTP 404\)$/);
        assert.ok(!error.message.includes(HF_TEST_TOKEN));
        return true;
      },
    );
    assert.ok(requests > 4);
    assert.equal(fs.readFileSync(out, 'utf8'), 'old\n');
    assert.deepEqual(leftovers(), []);
  });
});

describe('dataset_hub export: bounded memory', () => {
  test('a row group larger than maxEntryMB is refused with a message naming it, nothing written', async () => {
    const server = await hub();
    const out = path.join(dir, 'large.jsonl');
    await assert.rejects(
      exportKeptRows(spec([]), { specPath: path.join(dir, 'h.dataset.yaml'), outFile: out, previewOptions: { env: envOf(server), maxEntryMB: 0.01 } }),
      (error: unknown) => {
        assert.ok(error instanceof PreviewError);
        assert.equal(error.message, '0000.parquet: row group 1 holds 1 MB, more than evalLens.preview.maxEntryMB (0.01 MB) allows to read at once');
        return true;
      },
    );
    assert.equal(fs.existsSync(out), false);
    assert.deepEqual(leftovers(), []);
  });
});

describe('eval-lens dataset export of a dataset_hub spec', () => {
  test('writes every kept row, progress on stderr, no credential anywhere', async () => {
    const server = await hub();
    const saved = { HF_TOKEN: process.env.HF_TOKEN, EVAL_LENS_HUB_URL: process.env.EVAL_LENS_HUB_URL };
    Object.assign(process.env, envOf(server));
    try {
      fs.writeFileSync(path.join(dir, 'hub.dataset.yaml'), 'key: h\ndisplay_name: H\nsource:\n  type: dataset_hub\n  path: owner/reviews\n  split: train\n  filters:\n    - { op: equals, expression: "{{ sample.note }}", value: 3 }\n    - { op: greater_or_equal, expression: "{{ sample.label }}", value: "1" }\n');
      const io: CliIo & { out: string; err: string } = { out: '', err: '', cwd: dir, stdout: (t: string) => (io.out += t), stderr: (t: string) => (io.err += t) };
      const code = await runDatasetExportCommand(['hub.dataset.yaml', '-o', 'hub-kept.jsonl'], io);
      assert.equal(code, 0, io.err);
      const written = fs.readFileSync(path.join(dir, 'hub-kept.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
      assert.deepEqual(written, keptBySemantics);
      assert.match(io.err, new RegExp(`Wrote ${keptBySemantics.length} kept rows to hub-kept\\.jsonl`));
      assertNoSecret(io.out + io.err, [HF_TEST_TOKEN]);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
