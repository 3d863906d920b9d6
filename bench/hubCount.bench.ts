/**
 * Network sources benchmark.
 * 1. A replayed dataset-hub split of 1,000,000 rows in Parquet (bench/data/, written once, seeded), served with
 *    range requests from 127.0.0.1: a full count through three filters that have no exact `/filter`
 *    translation (so counted here from the filtered columns), against DuckDB reading the same Parquet file
 *    (over HTTP with httpfs when it loads offline, else the local file). Also the bytes read against the
 *    filtered columns' compressed size.
 * 2. Exporting the split's kept rows (two filters counted here, every column) to JSON Lines from the same server,
 *    against DuckDB's COPY of the same rows to JSON; with the export's peak memory above the process's.
 * 3. A trace-platform count of 10,000 replayed root runs (cursor pages of 100), against the replay's own time.
 */
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, openSync, readSync, closeSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parquetMetadata } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { exportKeptRows } from '../src/core/export/keptRowsExport';
import { preview } from '../src/core/sources/preview';
import { compileFilters } from '../src/core/filters/filterEvaluator';
import { countFromParquet } from '../src/core/sources/hub/hubParquetCount';
import { Redactor } from '../src/core/sources/remote/redaction';
import { RemoteClient } from '../src/core/sources/remote/remoteClient';
import { seededRandom } from './benchData';
import { duckDb } from './benchPeers';
import { BenchResult } from './benchTypes';

const ROWS = 1_000_000;
const ROW_GROUP = 100_000;
const RUNS = 5;
const NOTES = ['3', ' 3 ', '3.0', 'x', 'three', '12', ''];
const TAGS = ['true', 'TRUE ', 'false', 'yes', 'True'];
const FILTERS = [
  { op: 'equals', expression: '{{ sample.note }}', value: 3 },
  { op: 'is_true', expression: '{{ sample.tag }}' },
  { op: 'greater_or_equal', expression: '{{ sample.level }}', value: '2' },
];
const FILTERED = ['note', 'tag', 'level'];
const WHERE = "TRY_CAST(trim(note) AS DOUBLE) = 3 AND lower(trim(tag)) = 'true' AND TRY_CAST(trim(level) AS DOUBLE) >= 2";
const EXPORT_FILTERS = FILTERS.slice(0, 2);
const EXPORT_WHERE = "TRY_CAST(trim(note) AS DOUBLE) = 3 AND lower(trim(tag)) = 'true'";

/** Row `i` of the split, the same every time (the server answers `/rows` from it). */
function rowAt(i: number): Record<string, unknown> {
  const random = seededRandom(i * 2654435761);
  return {
    id: i,
    text: `row ${i} ${'lorem ipsum dolor sit amet '.repeat(1 + Math.floor(random() * 4))}`,
    score: Math.round(random() * 1000) / 10,
    note: NOTES[Math.floor(random() * NOTES.length)],
    tag: TAGS[Math.floor(random() * TAGS.length)],
    level: String(Math.floor(random() * 5)),
  };
}

function ensureParquet(root: string): string {
  const dir = join(root, 'bench', 'data');
  const file = join(dir, `hub-${ROWS}.parquet`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const columns: Record<string, unknown[]> = { id: [], text: [], score: [], note: [], tag: [], level: [] };
  for (let i = 0; i < ROWS; i++) {
    const row = rowAt(i);
    for (const key of Object.keys(columns)) columns[key].push(row[key]);
  }
  const buffer = parquetWriteBuffer({
    columnData: [
      { name: 'id', data: columns.id as number[], type: 'INT32' },
      { name: 'text', data: columns.text as string[], type: 'STRING' },
      { name: 'score', data: columns.score as number[], type: 'DOUBLE' },
      { name: 'note', data: columns.note as string[], type: 'STRING' },
      { name: 'tag', data: columns.tag as string[], type: 'STRING' },
      { name: 'level', data: columns.level as string[], type: 'STRING' },
    ],
    rowGroupSize: ROW_GROUP,
  });
  writeFileSync(file, Buffer.from(buffer));
  return file;
}

interface HubServer {
  url: string;
  bytes: number;
  close(): Promise<void>;
}

async function serveHub(file: string): Promise<HubServer> {
  const size = statSync(file).size;
  const fd = openSync(file, 'r');
  const features = ['id', 'text', 'score', 'note', 'tag', 'level'].map((name, i) => ({
    feature_idx: i, name, type: { dtype: name === 'id' ? 'int32' : name === 'score' ? 'float64' : 'string', _type: 'Value' },
  }));
  const state = { url: '', bytes: 0, close: async () => undefined as void };
  const json = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const q = url.searchParams;
    const page = (offset: number, length: number) => ({
      features,
      rows: Array.from({ length: Math.max(0, Math.min(length, ROWS - offset)) }, (_, k) => ({ row_idx: offset + k, row: rowAt(offset + k), truncated_cells: [] })),
      num_rows_total: ROWS, num_rows_per_page: 100, partial: false,
    });
    if (url.pathname === '/files/0000.parquet') {
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
      if (!range) {
        res.writeHead(416);
        res.end();
        return;
      }
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), size - 1);
      const chunk = Buffer.allocUnsafe(end - start + 1);
      readSync(fd, chunk, 0, chunk.length, start);
      state.bytes += chunk.length;
      res.writeHead(206, { 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': String(chunk.length) });
      res.end(chunk);
      return;
    }
    if (url.pathname === '/splits') return json(res, { splits: [{ dataset: 'bench/split', config: 'default', split: 'train' }], pending: [], failed: [] });
    if (url.pathname === '/is-valid') return json(res, { preview: true, viewer: true, search: true, filter: true, statistics: true });
    if (url.pathname === '/first-rows') return json(res, { dataset: 'bench/split', config: 'default', split: 'train', ...page(0, 100), truncated: false });
    if (url.pathname === '/rows') return json(res, page(Number(q.get('offset')), Number(q.get('length'))));
    if (url.pathname === '/parquet') return json(res, { parquet_files: [{ dataset: 'bench/split', config: 'default', split: 'train', url: `${state.url}/files/0000.parquet`, filename: '0000.parquet', size }], pending: [], failed: [], partial: false });
    res.writeHead(404);
    res.end('{}');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((done) => server.close(() => { closeSync(fd); done(); }));
  return state;
}

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

async function evalLensCount(hub: HubServer): Promise<{ seconds: number; cpu: number; matched: number; total: number; bytes: number; countedBy?: string }> {
  const before = hub.bytes;
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await preview({ source: { type: 'dataset_hub', path: 'bench/split', split: 'train', filters: FILTERS } }, { limit: 100, env: { EVAL_LENS_HUB_URL: hub.url } });
  return { seconds: (performance.now() - start) / 1000, cpu: cpuSeconds(cpu), matched: result.matched, total: result.total, bytes: hub.bytes - before, countedBy: result.countedBy };
}

/** The count alone (no first-page rows), column-wise or by the row-wise reference reader. */
async function parquetCount(hub: HubServer, size: number, rowWise: boolean): Promise<{ seconds: number; cpu: number; matched: number }> {
  const options = { limit: 100, signal: new AbortController().signal };
  const client = new RemoteClient({ options, redactor: new Redactor(), headers: {}, authCheck: 'bench' });
  const cpu = process.cpuUsage();
  const start = performance.now();
  const count = await countFromParquet({
    client, files: [{ url: `${hub.url}/files/0000.parquet`, size }], filters: compileFilters(FILTERS), allColumns: ['id', 'text', 'score', ...FILTERED],
    need: 100, what: 'bench split', sendsToken: () => false, options, progress: () => undefined, label: 'bench/split', rowWise,
  });
  return { seconds: (performance.now() - start) / 1000, cpu: cpuSeconds(cpu), matched: count.counter.stats.matched };
}

async function duckDbCount(file: string, url: string): Promise<{ seconds: number; cpu: number; matched: number; over: string }> {
  const { DuckDBInstance } = duckDb();
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  let source = `read_parquet('${file}')`;
  let over = 'local file';
  try {
    await connection.runAndReadAll('LOAD httpfs');
    await connection.runAndReadAll(`SELECT COUNT(*) FROM read_parquet('${url}')`);
    source = `read_parquet('${url}')`;
    over = 'HTTP (httpfs)';
  } catch {
    // httpfs is not available offline: the peer reads the local file.
  }
  // DuckDB runs in this process: its threads' CPU time is the process's.
  const cpu = process.cpuUsage();
  const start = performance.now();
  const answer = await connection.runAndReadAll(`SELECT COUNT(*) FROM ${source} WHERE ${WHERE}`);
  return { seconds: (performance.now() - start) / 1000, cpu: cpuSeconds(cpu), matched: Number(answer.getRows()[0][0]), over };
}

/** Every kept row of the split (two filters) written to JSON Lines; the peak RSS above the start, sampled. */
async function evalLensExport(hub: HubServer, out: string): Promise<{ seconds: number; cpu: number; rows: number; peakMB: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const cpu = process.cpuUsage();
  const start = performance.now();
  try {
    const outcome = await exportKeptRows({ source: { type: 'dataset_hub', path: 'bench/split', split: 'train', filters: EXPORT_FILTERS } }, { specPath: join(out, '..', 'bench.dataset.yaml'), outFile: out, previewOptions: { env: { EVAL_LENS_HUB_URL: hub.url } } });
    return { seconds: (performance.now() - start) / 1000, cpu: cpuSeconds(cpu), rows: outcome.rows, peakMB: (Math.max(peak, process.memoryUsage().rss) - before) / 1048576 };
  } finally {
    clearInterval(sampler);
  }
}

async function duckDbExport(file: string, out: string): Promise<{ seconds: number; cpu: number; rows: number }> {
  const { DuckDBInstance } = duckDb();
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  const cpu = process.cpuUsage();
  const start = performance.now();
  await connection.runAndReadAll(`COPY (SELECT * FROM read_parquet('${file}') WHERE ${EXPORT_WHERE}) TO '${out}' (FORMAT JSON)`);
  const seconds = (performance.now() - start) / 1000;
  const used = cpuSeconds(cpu);
  const rows = Number((await connection.runAndReadAll(`SELECT COUNT(*) FROM read_json('${out}')`)).getRows()[0][0]);
  return { seconds, cpu: used, rows };
}

function filteredCompressedBytes(file: string): number {
  const size = statSync(file).size;
  const fd = openSync(file, 'r');
  try {
    const tail = Buffer.allocUnsafe(8);
    readSync(fd, tail, 0, 8, size - 8);
    const length = tail.readUInt32LE(0) + 8;
    const footer = Buffer.allocUnsafe(length);
    readSync(fd, footer, 0, length, size - length);
    const metadata = parquetMetadata(new Uint8Array(footer).buffer);
    let bytes = 0;
    for (const group of metadata.row_groups) {
      for (const chunk of group.columns) if (FILTERED.includes(String(chunk.meta_data?.path_in_schema[0]))) bytes += Number(chunk.meta_data?.total_compressed_size);
    }
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/** A trace platform A replay of `count` root runs; its own time (answering) is measured. */
async function serveRuns(count: number): Promise<{ url: string; ownMs: () => number; close(): Promise<void> }> {
  let own = 0;
  const t0 = Date.parse('2026-11-01T00:00:00Z');
  const run = (i: number) => ({
    id: `run-${i}`, trace_id: `run-${i}`, name: 'agent', run_type: 'chain', status: 'success', error: null,
    start_time: new Date(t0 + i * 1000).toISOString(), end_time: new Date(t0 + i * 1000 + 500).toISOString(), tags: ['bench'],
    extra: { metadata: { i } }, inputs: { messages: [{ role: 'user', content: `question ${i}` }] },
    outputs: { choices: [{ message: { role: 'assistant', content: `answer ${i}` } }] }, total_tokens: 20, prompt_tokens: 10, completion_tokens: 10, total_cost: 0.001,
  });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const started = performance.now();
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      let body: unknown = [];
      if (url.pathname === '/sessions') body = [{ id: 's1', name: 'bench' }];
      else if (url.pathname === '/runs/query') {
        const query = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { limit?: number; cursor?: string; trace?: string };
        if (query.trace) body = { runs: [run(Number(query.trace.slice(4)))], cursors: { next: null } };
        else {
          const offset = Number(query.cursor ?? 0);
          const limit = Math.min(100, query.limit ?? 100);
          const runs = Array.from({ length: Math.max(0, Math.min(limit, count - offset)) }, (_, k) => run(count - 1 - (offset + k)));
          body = { runs, cursors: { next: offset + limit < count ? String(offset + limit) : null } };
        }
      }
      const text = JSON.stringify(body);
      own += performance.now() - started;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(text);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, ownMs: () => own, close: () => new Promise<void>((done) => server.close(() => done())) };
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

export async function run(): Promise<BenchResult[]> {
  const root = resolve(__dirname, '..', '..');
  const file = ensureParquet(root);
  const hub = await serveHub(file);
  const results: BenchResult[] = [];
  try {
    let ours: Awaited<ReturnType<typeof evalLensCount>> | undefined;
    let duck: Awaited<ReturnType<typeof duckDbCount>> | undefined;
    let rowWise: Awaited<ReturnType<typeof parquetCount>> | undefined;
    let columnWise: Awaited<ReturnType<typeof parquetCount>> | undefined;
    const size = statSync(file).size;
    for (let k = 0; k < RUNS; k++) {
      const a = await evalLensCount(hub);
      if (!ours || a.seconds < ours.seconds) ours = a;
      const b = await duckDbCount(file, `${hub.url}/files/0000.parquet`);
      if (!duck || b.seconds < duck.seconds) duck = b;
      const c = await parquetCount(hub, size, true);
      if (!rowWise || c.seconds < rowWise.seconds) rowWise = c;
      const d = await parquetCount(hub, size, false);
      if (!columnWise || d.seconds < columnWise.seconds) columnWise = d;
    }
    const group = `dataset hub (1M rows, ${Math.round(statSync(file).size / 1024 / 1024)} MB Parquet over range requests)`;
    const ratio = ours!.seconds / duck!.seconds;
    const wanted = filteredCompressedBytes(file);
    results.push({ group, metric: 'full count, 3 filters counted here', value: round(ours!.seconds), unit: 's', peer: { name: `DuckDB (${duck!.over})`, value: round(duck!.seconds) }, note: `best of ${RUNS}; CPU ${round(ours!.cpu)} s (DuckDB ${round(duck!.cpu)} s, ratio ${round(ours!.cpu / duck!.cpu, 2)}×); matched ${ours!.matched} of ${ours!.total} (DuckDB ${duck!.matched}${ours!.matched === duck!.matched ? ', same' : ', DIFFERENT'}); ${ours!.countedBy}` });
    results.push({ group, metric: 'count alone, column-wise (row-wise reader as peer)', value: round(columnWise!.seconds), unit: 's', peer: { name: 'row-wise reader, same run', value: round(rowWise!.seconds) }, note: `best of ${RUNS}; CPU ${round(columnWise!.cpu)} s against ${round(rowWise!.cpu)} s; matched ${columnWise!.matched} and ${rowWise!.matched}${columnWise!.matched === rowWise!.matched ? ', same' : ', DIFFERENT'}; row-wise / DuckDB ${round(rowWise!.seconds / duck!.seconds, 2)}×, column-wise / DuckDB ${round(columnWise!.seconds / duck!.seconds, 2)}×` });
    results.push({ group, metric: 'ratio Eval Lens / DuckDB', value: round(ratio, 2), unit: 'x', goal: '≤ 1.5', met: ratio <= 1.5 });
    const outDir = mkdtempSync(join(tmpdir(), 'eval-lens-bench-export-'));
    try {
      const ours = await evalLensExport(hub, join(outDir, 'ours.jsonl'));
      const peer = await duckDbExport(file, join(outDir, 'duckdb.json'));
      results.push({ group, metric: 'export of the kept rows to JSON Lines (2 filters, every column)', value: round(ours.seconds), unit: 's', peer: { name: 'DuckDB COPY … TO JSON (local file)', value: round(peer.seconds) }, note: `one run each; CPU ${round(ours.cpu)} s (DuckDB ${round(peer.cpu)} s); ${ours.rows} rows (DuckDB ${peer.rows}${ours.rows === peer.rows ? ', same' : ', DIFFERENT'}); peak memory ${Math.round(ours.peakMB)} MB above the process's start` });
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
    results.push({ group, metric: 'bytes read / filtered columns compressed', value: round(ours!.bytes / wanted, 3), unit: 'x', goal: '≤ 1.2', met: ours!.bytes <= wanted * 1.2, note: `${ours!.bytes} bytes read, filtered column chunks ${wanted} bytes, file ${statSync(file).size} bytes` });
  } finally {
    await hub.close();
  }
  const runs = await serveRuns(10_000);
  try {
    const start = performance.now();
    const result = await preview({ source: { type: 'trace_platform_a', project: 'bench', api_url: runs.url, api_key: 'bench-key' } }, { limit: 100, env: {} });
    const totalMs = performance.now() - start;
    const ownMs = runs.ownMs();
    results.push({ group: 'trace platform (10,000 replayed runs)', metric: 'count minus the replay\'s own time', value: round((totalMs - ownMs) / 1000), unit: 's', goal: '≤ 2 s', met: totalMs - ownMs <= 2000, note: `total ${round(totalMs / 1000)} s, replay ${round(ownMs / 1000)} s; ${result.matched} of ${result.total} runs` });
  } finally {
    await runs.close();
  }
  return results;
}
