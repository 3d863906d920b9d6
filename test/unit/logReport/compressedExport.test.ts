import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { ExportWorkerPlan, LogOpenPlan, openLogSource } from '../../../src/core/report/openLogSource';
import { collectEmbeddedReport } from '../../../src/core/report/embeddedReportCollector';
import { writeCompressedStandaloneReport } from '../../../src/core/report/compressedReportWriter';
import type { StandaloneAssets } from '../../../src/core/report/standaloneHtml';
import { COMPRESSED_CHUNK_TYPE, EMBEDDED_REPORT_ELEMENT_ID, EmbeddedReport, isEmbeddedReport } from '../../../src/core/protocol/embeddedReport';
import type { DetailRequest, HostToWebview, PageRequest } from '../../../src/core/protocol/logReportProtocol';
import { LogLoadError } from '../../../src/core/log/logLoadError';
import type { SampleQuery } from '../../../src/core/model/logViewTypes';
import { CompressedSamplesHost } from '../../../webview/logReport/compressedHost';
import { EmbeddedQuery } from '../../../webview/shared/embeddedQuery';
import type { ChunkDocument } from '../../../webview/shared/compressedSamples';

const repoRoot = path.resolve(__dirname, '../../../..');
const assets: StandaloneAssets = { script: 'document.title = "x";', css: 'body { color: red; }', codiconCss: '' };

async function withSource<T>(relativePath: string, plan: LogOpenPlan, use: (source: Parameters<typeof collectEmbeddedReport>[0]) => Promise<T>): Promise<T> {
  const outcome = await openLogSource(path.join(repoRoot, relativePath), { generation: 1, plan });
  if (!outcome.ok) throw new Error(outcome.failure.message);
  try {
    return await use(outcome.source);
  } finally {
    outcome.source.dispose();
  }
}

/** Every log is lean (`aboveBytes` 0); with the report worker when there is one. */
function leanPlan(exportWorker: ExportWorkerPlan | undefined, validationModule?: string): LogOpenPlan {
  return exportWorker ? { kind: 'export', aboveBytes: 0, exportWorker, validationModule } : { kind: 'lean', aboveBytes: 0, validationModule };
}

/** The report worker and the validation bundle it loads (built by `node esbuild.js`). */
const reportWorker = path.join(repoRoot, 'dist/worker/reportExport.js');

/** The compressed export, its file windows written by the report worker (`worker`) or by the writer. */
async function exportCompressed(relativePath: string, worker = false): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-export-'));
  const file = path.join(dir, 'report.html');
  const exportWorker = worker ? { script: reportWorker, windowsFile: `${file}.windows.partial` } : undefined;
  await withSource(relativePath, leanPlan(exportWorker), (source) => writeCompressedStandaloneReport(source, assets, file, { rowsPerChunk: 2, detailsPerChunk: 3 }));
  assert.deepEqual(fs.readdirSync(dir), ['report.html'], 'no side file is left');
  return fs.readFileSync(file, 'utf8');
}

/** A document holding the HTML's elements by id; `parsed()` ends its loading. */
function chunkDocument(html: string): ChunkDocument & { parsed(): void } {
  const elements = new Map<string, string>();
  for (const match of html.matchAll(/<script type="([^"]+)" id="([^"]+)">([\s\S]*?)<\/script>/g)) elements.set(match[2], match[3]);
  const listeners: (() => void)[] = [];
  const doc = {
    readyState: 'loading',
    getElementById: (id: string) => (elements.has(id) ? { textContent: elements.get(id) ?? null } : null),
    addEventListener: (_type: 'DOMContentLoaded', listener: () => void) => listeners.push(listener),
    parsed: () => {
      doc.readyState = 'complete';
      for (const listener of listeners) listener();
    },
  };
  return doc;
}

function embeddedData(html: string): EmbeddedReport {
  const match = new RegExp(`<script type="application/json" id="${EMBEDDED_REPORT_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  assert.ok(match, 'the data element is present');
  const value: unknown = JSON.parse(match[1]);
  assert.ok(isEmbeddedReport(value));
  return value;
}

type Ask = (message: Omit<PageRequest, 'id' | 'generation'> | Omit<DetailRequest, 'id' | 'generation'>) => Promise<HostToWebview>;

/** Asks the page's host questions as the report does. */
function asker(host: CompressedSamplesHost): Ask {
  let id = 1;
  return (message) => host.answer({ ...message, id: id++, generation: 1 } as PageRequest | DetailRequest);
}

describe('compressed standalone export of a large log', () => {
  for (const [name, worker] of [['repeatability', false], ['success-trials', false], ['repeatability', true], ['mismatch', true]] as const) {
    test(`${name}${worker ? ', file compressed by the report worker' : ''}: the page answers every page, search and detail as the plain export does`, async () => {
      assert.ok(!worker || fs.existsSync(reportWorker), 'the report worker is built');
      const relativePath = `examples/logs/${name}.tasklog.json`;
      const plain = await withSource(relativePath, { kind: 'whole' }, (source) => collectEmbeddedReport(source));
      const html = await exportCompressed(relativePath, worker);
      const data = embeddedData(html);
      assert.deepEqual(data.summary, JSON.parse(JSON.stringify(plain.summary)), 'the summary is embedded plainly');
      assert.equal(data.samples.rows.length, 0);
      assert.ok(data.compressed, 'a manifest of the compressed chunks');
      assert.ok(html.indexOf(EMBEDDED_REPORT_ELEMENT_ID) < html.indexOf('<script>'), 'the summary comes before the script');
      assert.ok(html.indexOf('<script>') < html.indexOf(COMPRESSED_CHUNK_TYPE), 'the chunks follow the script');

      const doc = chunkDocument(html);
      const ask = asker(new CompressedSamplesHost(data, doc, data.summary.generation));
      const sets: [number | undefined, EmbeddedReport['samples']][] = [[undefined, plain.samples], ...Object.entries(plain.runs).map(([key, s]): [number, EmbeddedReport['samples']] => [Number(key), s])];
      const first = ask({ type: 'page', query: { offset: 0, limit: 1000 } });
      doc.parsed(); // the chunks are read only once the document is parsed
      const firstAnswer = await first;
      assert.equal(firstAnswer.type, 'pageResult');
      for (const [runIndex, samples] of sets) {
        const queries: SampleQuery[] = [
          { offset: 0, limit: 1000, runIndex },
          { offset: 1, limit: 2, runIndex, sort: { column: 'sampleId', direction: 'desc' } },
          { offset: 0, limit: 1000, runIndex, search: String(samples.rows[0]?.sampleId ?? 'x') },
        ];
        for (const query of queries) {
          // A search answered while the page is still decompressing says how far it got; the page asks again (samplesTable.refreshSoon).
          let answer = await ask({ type: 'page', query });
          for (let tries = 0; answer.type === 'pageResult' && answer.page.searching; tries++) {
            assert.ok(tries < 1000, `the search finishes (${JSON.stringify(answer.page.searching)})`);
            await new Promise((resolve) => setTimeout(resolve, 20));
            answer = await ask({ type: 'page', query });
          }
          assert.equal(answer.type, 'pageResult');
          const page = new EmbeddedQuery(samples.rows, samples.details, plain.summary.generation).page(query);
          assert.deepEqual(answer.type === 'pageResult' && answer.page, JSON.parse(JSON.stringify(page)));
        }
        for (const row of samples.rows) {
          const answer = await ask({ type: 'detail', index: row.index, runIndex });
          assert.equal(answer.type, 'detailResult');
          assert.deepEqual(answer.type === 'detailResult' && answer.detail, JSON.parse(JSON.stringify(samples.details[row.index])));
        }
      }
      const missing = await ask({ type: 'detail', index: 10_000 });
      assert.equal(missing.type, 'error');
    });
  }

  test('a search reads the log\'s own samples a slice at a time and finds what the editor finds, in the same order', async () => {
    const relativePath = 'examples/logs/success-trials.tasklog.json';
    const html = await exportCompressed(relativePath);
    const data = embeddedData(html);
    const doc = chunkDocument(html);
    doc.parsed();
    const count = data.summary.samples.count;
    assert.ok(count >= 3, 'a log with several samples');
    // A word of the solver's output only (not of the samples' ids or data), a word of some samples' data, and none.
    for (const search of ['mountains', 'geography', 'zzz-not-in-the-log']) {
      // A slice of no time: each request builds one more sample's search text.
      const ask = asker(new CompressedSamplesHost(data, doc, data.summary.generation, 0));
      const query: SampleQuery = { offset: 0, limit: 1000, search };
      const coverage: number[] = [];
      let answer = await ask({ type: 'page', query });
      for (let guard = 0; answer.type === 'pageResult' && answer.page.searching && guard <= count; guard++) {
        coverage.push(answer.page.searching.searched);
        assert.ok(answer.page.rows.every((row) => row.index < (answer.type === 'pageResult' ? answer.page.searching?.searched ?? 0 : 0)), 'a partial answer holds only the samples searched so far');
        answer = await ask({ type: 'page', query });
      }
      assert.equal(answer.type, 'pageResult');
      assert.deepEqual(coverage, Array.from({ length: count - 1 }, (_, i) => i + 1), 'each request searched one more sample');
      let editor = await withSource(relativePath, { kind: 'whole' }, async (source) => {
        let page = await source.page(query);
        while (page.searching) page = await source.page(query);
        return page;
      });
      editor = JSON.parse(JSON.stringify(editor)) as typeof editor;
      assert.deepEqual(answer.type === 'pageResult' && answer.page.rows.map((row) => row.index), editor.rows.map((row) => row.index), `"${search}" finds the editor's samples`);
      if (search !== 'zzz-not-in-the-log') assert.ok(editor.rows.length > 0 && editor.rows.length < count, `"${search}" is in some samples only`);
    }
  });

  test('a strict CSP still allows exactly the one inline script; nothing is loaded from the network', async () => {
    const html = await exportCompressed('examples/logs/repeatability.tasklog.json');
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /unsafe-(inline|eval)/);
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1);
    assert.ok(csp.includes(`'sha256-${createHash('sha256').update(scripts[0][1], 'utf8').digest('base64')}'`));
    assert.doesNotMatch(html, /<(script|link|img|iframe)\b[^>]*\b(src|href)\s*=/i);
    for (const chunk of html.matchAll(new RegExp(`<script type="${COMPRESSED_CHUNK_TYPE}" id="[^"]+">([^<]*)</script>`, 'g'))) assert.match(chunk[1], /^[A-Za-z0-9+/=]+$/);
  });

  test('a damaged chunk gives an error answer, not a hang', async () => {
    const html = (await exportCompressed('examples/logs/success-trials.tasklog.json')).replace(/(id="eval-lens-file-0">)[A-Za-z0-9+/=]{8}/, '$1AAAAAAAA');
    const doc = chunkDocument(html);
    doc.parsed();
    const ask = asker(new CompressedSamplesHost(embeddedData(html), doc, 1));
    assert.equal((await ask({ type: 'detail', index: 0 })).type, 'error');
    assert.equal((await ask({ type: 'page', query: { offset: 0, limit: 10 } })).type, 'pageResult');
  });

  test('a syntax error in a skipped part of a sample fails the export with its line, and leaves no file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-export-'));
    const log = path.join(dir, 'cut.tasklog.json');
    const sample = (id: number, solver: string): string => `{"sample_id": ${id}, "trials": [{"index": 0, "scores": [], "solver": ${solver}}]}`;
    fs.writeFileSync(log, `{"status": "success", "evidence": {"samples": [\n${sample(1, '{"output": "ok"}')},\n${sample(2, '{"output": tru}')}\n]}}`);
    const out = path.join(dir, 'report.html');
    for (const exportWorker of [undefined, { script: reportWorker, windowsFile: `${out}.windows.partial` }]) {
      const outcome = await openLogSource(log, { generation: 1, plan: leanPlan(exportWorker) });
      assert.ok(outcome.ok, 'indexing skips the solver values');
      try {
        await assert.rejects(writeCompressedStandaloneReport(outcome.source, assets, out), (error: Error) => error instanceof LogLoadError && /cut\.tasklog\.json:3:\d+/.test(error.message));
      } finally {
        outcome.source.dispose();
      }
      assert.deepEqual(fs.readdirSync(dir), ['cut.tasklog.json'], 'no report and no side file');
    }
  });

  for (const how of ['validation worker', 'report worker'] as const) {
    test(`schema problems found in another thread (${how}) reach the embedded summary`, async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-export-'));
      const log = path.join(dir, 'schema.tasklog.json');
      // Problems in the skeleton and in samples on both sides of the report worker's share.
      const text = fs.readFileSync(path.join(repoRoot, 'examples/logs/success-trials.tasklog.json'), 'utf8').replace('"status": "success"', '"status": 42').replace(/"sample_id": "([^"]+)"/g, (whole, id: string) => (id.endsWith('1') || id.endsWith('4') ? `"sample_id": true` : whole));
      fs.writeFileSync(log, text);
      const full = await withSource(path.relative(repoRoot, log), { kind: 'whole' }, (source) => source.summary());
      assert.ok(full.schemaProblems.length > 2, `the changed log has schema problems (${full.schemaProblems.length})`);
      const validationModule = path.join(repoRoot, 'dist/worker/streamedLogValidation.js');
      assert.ok(fs.existsSync(validationModule) && fs.existsSync(reportWorker), 'the worker bundles are built');
      const out = path.join(dir, 'report.html');
      const exportWorker = how === 'report worker' ? { script: reportWorker, windowsFile: `${out}.windows.partial` } : undefined;
      const outcome = await openLogSource(log, { generation: 1, plan: leanPlan(exportWorker, validationModule) });
      assert.ok(outcome.ok);
      assert.ok(outcome.source.laterSchemaProblems, 'the problems come from the worker thread');
      try {
        await writeCompressedStandaloneReport(outcome.source, assets, out);
      } finally {
        outcome.source.dispose();
      }
      assert.deepEqual(embeddedData(fs.readFileSync(out, 'utf8')).summary.schemaProblems, full.schemaProblems);
      assert.deepEqual(fs.readdirSync(dir).sort(), ['report.html', 'schema.tasklog.json'], 'no side file is left');
    });
  }

  test('the lean opening (sample by sample, schema checked per sample) gives the same report as the full one', async () => {
    for (const relativePath of ['examples/logs/repeatability.tasklog.json', 'examples/logs/mismatch.tasklog.json', 'test/fixtures/logs/hostile.tasklog.json']) {
      const full = await withSource(relativePath, { kind: 'whole' }, (source) => collectEmbeddedReport(source));
      const lean = await withSource(relativePath, leanPlan(undefined), (source) => collectEmbeddedReport(source));
      assert.deepEqual(lean, full, relativePath);
    }
  });
});
