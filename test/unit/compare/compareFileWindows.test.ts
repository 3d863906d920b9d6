import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { compareLog, trialsSample } from './compareTestLogs';
import { pageHost } from './compareHtmlDocument';
import { temporaryFolder } from '../temporaryFolder';
import { loadComparableLogs } from '../../../src/core/compare/parallelLoad';
import { LogComparison } from '../../../src/core/compare/logComparison';
import { LogWindowCompression } from '../../../src/core/compare/logWindowCompression';
import { compactLog, writeStandaloneCompare } from '../../../src/core/compare/standaloneCompareWriter';
import { repoRoot } from '../sharedFixtures';
import { FILE_WINDOW_BYTES } from '../../../src/core/report/fileWindows';
import type { StandaloneAssets } from '../../../src/core/report/standaloneHtml';
import type { CompareHostToWebview } from '../../../src/core/protocol/compareProtocol';

const folder = temporaryFolder('eval-lens-compare-windows-');
const assets: StandaloneAssets = { script: 'void 0;', css: '', codiconCss: '', codiconFont: new Uint8Array([1]) };
const SAMPLES = 160;
/** Long enough that each log spans several windows and samples cross from one window into the next. */
const PADDING = 'x'.repeat(9000);

/** Two log files: 0/1 scores that differ on some samples, a changed input, text long enough for several windows. */
function writeLogs(seeds = [1, 2]): string[] {
  const sample = (i: number, seed: number): Record<string, unknown> => trialsSample(`s${i}`, [{ correct: (i * seed) % 3 !== 0 }, { correct: (i + seed) % 4 !== 0 }], { q: `question ${i} ${i === 7 && seed === 2 ? 'changed ' : ''}${PADDING}`, topic: `t${i % 5}` });
  return seeds.map((seed, i) => folder.put(`log-${i}.json`, JSON.stringify(compareLog(Array.from({ length: SAMPLES }, (_, i) => sample(i, seed))), null, 1)));
}

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

async function pairAnswer(html: string, sampleId: string): Promise<CompareHostToWebview | undefined> {
  return pageHost(html).answer({ type: 'pair', id: 1, generation: 1, candidate: 1, sampleId });
}

describe('a compare file carrying the logs\' own bytes', () => {
  test('every changed pair read from the embedded windows equals the core\'s pair, with or without windows compressed beforehand', async () => {
    const files = writeLogs();
    assert.ok(fs.statSync(files[0]).size > 2 * FILE_WINDOW_BYTES, 'the baseline spans several windows');
    const logs = await loadComparableLogs(files);
    assert.ok(logs.every((log) => log.fileSamples), 'the samples are byte ranges of the files');
    const comparison = new LogComparison(logs);
    comparison.checkInputs();
    const windows = new LogWindowCompression(files, join(folder.path, 'side.partial'));
    try {
      for (const options of [{}, { windows }]) {
        const out = join(folder.path, 'compare.html');
        const pairs = await writeStandaloneCompare(logs, comparison, assets, out, options);
        const html = fs.readFileSync(out, 'utf8');
        assert.equal(html.includes('"eval-lens-pairs-1-0"'), false, 'no built details are written');
        assert.equal(html.includes(PADDING.slice(0, 100)), false, 'the samples are compressed');
        const host = pageHost(html);
        const changed = [...new Set(comparison.page({ candidate: 1, offset: 0, limit: 10_000 }).rows.map((r) => r.sampleId))];
        assert.equal(pairs, changed.length);
        assert.ok(changed.length > 20 && changed.includes('s7'));
        let id = 1;
        for (const sampleId of changed) {
          const answer = await host.answer({ type: 'pair', id: id++, generation: 1, candidate: 1, sampleId });
          assert.equal(answer?.type, 'pairResult', JSON.stringify(answer));
          assert.deepEqual(answer?.type === 'pairResult' && answer.pair, plain(await comparison.pairDetail(1, sampleId)), sampleId);
        }
        const s7 = await host.answer({ type: 'pair', id: id++, generation: 1, candidate: 1, sampleId: 's7' });
        assert.equal(s7?.type === 'pairResult' && s7.pair.inputChanged, true, 'the changed input is told');
      }
    } finally {
      await windows.dispose();
    }
    assert.equal(fs.existsSync(join(folder.path, 'side.partial')), false, 'the side file is removed');
  });

  test('windows of a log rewritten after they were compressed are not used: the file is compressed again', async () => {
    const files = writeLogs();
    const windows = new LogWindowCompression(files, join(folder.path, 'stale.partial'));
    await windows.done;
    writeLogs([1, 3]);
    fs.utimesSync(files[1], new Date(), new Date(Date.now() + 5000));
    const logs = await loadComparableLogs(files);
    const comparison = new LogComparison(logs);
    comparison.checkInputs();
    const sampleId = comparison.page({ candidate: 1, offset: 0, limit: 1 }).rows[0].sampleId;
    const out = join(folder.path, 'stale.html');
    try {
      await writeStandaloneCompare(logs, comparison, assets, out, { windows });
    } finally {
      await windows.dispose();
    }
    const answer = await pairAnswer(fs.readFileSync(out, 'utf8'), sampleId);
    assert.deepEqual(answer?.type === 'pairResult' && answer.pair, plain(await comparison.pairDetail(1, sampleId)));
  });

  test('a damaged window gives an error answer naming the sample and its side, not a crash', async () => {
    const files = writeLogs();
    const logs = await loadComparableLogs(files);
    const comparison = new LogComparison(logs);
    const out = join(folder.path, 'damaged.html');
    await writeStandaloneCompare(logs, comparison, assets, out);
    const html = fs.readFileSync(out, 'utf8');
    const sampleId = comparison.page({ candidate: 1, offset: 0, limit: 1000 }).rows.map((r) => r.sampleId).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))[0];
    const broken = html.replace(/(id="eval-lens-compare-file-1-0">)[A-Za-z0-9+/=]{12}/, '$1AAAAAAAAAAAA');
    assert.notEqual(broken, html);
    const answer = await pairAnswer(broken, sampleId);
    assert.equal(answer?.type, 'error', JSON.stringify(answer));
    assert.ok(answer?.type === 'error' && answer.error.includes(`"${sampleId}"`) && answer.error.includes('candidate') && answer.error.includes('damaged'), answer?.type === 'error' ? answer.error : '');
    const missing = html.replace(/<script type="[^"]+" id="eval-lens-compare-file-0-0">[^<]*<\/script>/, '');
    const gone = await pairAnswer(missing, sampleId);
    assert.ok(gone?.type === 'error' && gone.error.includes(`"${sampleId}"`) && gone.error.includes('baseline'), JSON.stringify(gone));
  });

  test('the clusters the indexing worker numbers are the ones numbered from each sample read again', async () => {
    const worker = join(repoRoot, 'dist', 'worker', 'compareLoad.js');
    assert.ok(fs.existsSync(worker), 'build first: node esbuild.js');
    const long = 'y'.repeat(100);
    const data = (i: number): Record<string, unknown> => ({
      q: `question ${i}`,
      topic: i % 7 === 0 ? null : `t${i % 4}`,
      level: i % 3,
      tags: { a: [i % 2, 'x'], b: i % 5 === 0 ? undefined : true },
      essay: `${long}${i % 3}`,
      ...(i >= 3 ? { late: `l${i % 2}` } : {}),
      ...(i === 40 ? { after_probe: 1 } : {}),
    });
    const samples = (seed: number): Record<string, unknown>[] => Array.from({ length: 60 }, (_, i) => trialsSample(`s${i}`, [{ correct: (i * seed) % 3 !== 0 }], data(i)));
    const files = [1, 2].map((seed) => folder.put(`clusters-${seed}.json`, JSON.stringify(compareLog(samples(seed)))));
    const inWorker = await loadComparableLogs(files, worker, { clusterNumbersOf: 0 });
    const inThread = await loadComparableLogs(files);
    assert.ok(inWorker[0].clusterNumbers && !inWorker[1].clusterNumbers && !inThread[0].clusterNumbers, 'numbered by the worker of the baseline only');
    const keys = new LogComparison(inThread).summary().clusterKeys;
    assert.deepEqual([...keys].sort(), ['essay', 'late', 'level', 'q', 'tags', 'topic']);
    const numbered = compactLog(inWorker[0], keys).clusters;
    assert.deepEqual(numbered, compactLog(inThread[0], keys).clusters);
    assert.deepEqual(numbered?.late.slice(0, 5), [0, 0, 0, 1, 2], 'the samples before a key first appears have no value for it');
    assert.equal(new Set(numbered?.essay).size, 3, 'long values are told apart');
  });
});
