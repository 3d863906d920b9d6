import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { comparable, compareLog, legacySample, trialsSample } from './compareTestLogs';
import { temporaryFolder } from '../temporaryFolder';
import { LogComparison } from '../../../src/core/compare/logComparison';
import type { ComparableLog } from '../../../src/core/compare/comparableLog';
import type { ChangeQuery, CompareOptions } from '../../../src/core/model/compareTypes';
import { writeStandaloneCompare } from '../../../src/core/compare/standaloneCompareWriter';
import type { StandaloneAssets } from '../../../src/core/report/standaloneHtml';
import { COMPRESSED_CHUNK_TYPE } from '../../../src/core/protocol/embeddedReport';
import { EMBEDDED_COMPARE_ELEMENT_ID } from '../../../src/core/protocol/embeddedCompare';
import type { CompareHostToWebview, CompareWebviewToHost } from '../../../src/core/protocol/compareProtocol';
import type { EmbeddedCompareHost } from '../../../webview/compare/embeddedCompareHost';
import { pageHost } from './compareHtmlDocument';
import { followReaderTheme, themeClass } from '../../../webview/shared/standaloneTheme';

const folder = temporaryFolder('eval-lens-compare-html-');
const HOSTILE = '</script><script>window.__pwned = 1</script><!-- \u2028 <img src=x onerror=alert(1)>';
const assets: StandaloneAssets = {
  script: 'const end = "</script><script>window.__pwned = 2</script>"; document.title = end;',
  css: 'body { color: var(--vscode-foreground); }',
  codiconCss: '@font-face { font-family: "codicon"; src: url("./codicon.ttf?x") format("truetype"); }',
  codiconFont: new Uint8Array([1, 2, 3]),
};

/** Baseline and candidate: 0/1 scores with trials (Fisher), a topic column for clusters, a changed input, samples in one log only. */
function logs(): ComparableLog[] {
  const base = Array.from({ length: 24 }, (_, i) => trialsSample(`s${i}`, [{ correct: i % 3 !== 0, quality: (i % 5) / 5 }, { correct: i % 4 !== 0, quality: (i % 7) / 7 }], { q: `question ${i}`, topic: `t${i % 4}` }));
  const cand = Array.from({ length: 24 }, (_, i) => trialsSample(`s${i}`, [{ correct: i % 2 === 0, quality: (i % 3) / 3 }, { correct: i % 5 !== 0, quality: (i % 4) / 4 }], { q: i === 5 ? HOSTILE : `question ${i}`, topic: `t${i % 4}` }));
  base.push(legacySample(HOSTILE, { correct: 1, quality: 0.5 }));
  cand.push(legacySample('only-candidate', { correct: 0, quality: 0.1 }));
  const metrics = [{ metric_key: 'accuracy', metric_type: 'mean', scorer_key: 'judge', values: { correct: 0.5, quality: 0.5 } }];
  const named = (value: Record<string, unknown>, name: string): Record<string, unknown> => ({ ...value, specification: { ...(value.specification as object), display_name: name } });
  return [comparable(named(compareLog(base, { metrics }), `Baseline ${HOSTILE}`), 'base.json'), comparable(named(compareLog(cand, { metrics }), 'Candidate'), 'cand.json')];
}

async function written(options: CompareOptions = {}): Promise<{ html: string; comparison: LogComparison; pairs: number }> {
  const compared = logs();
  const comparison = new LogComparison(compared, options);
  const file = join(folder.path, `compare-${Math.random().toString(36).slice(2)}.html`);
  const pairs = await writeStandaloneCompare(compared, comparison, assets, file, { pairsPerChunk: 4 });
  return { html: fs.readFileSync(file, 'utf8'), comparison, pairs };
}

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function queries(): ChangeQuery[] {
  return [
    { candidate: 1, offset: 0, limit: 100 },
    { candidate: 1, offset: 3, limit: 5 },
    { candidate: 1, offset: 0, limit: 100, kind: 'regression' },
    { candidate: 1, offset: 0, limit: 100, kind: 'improvement', onlySignificant: true },
    { candidate: 1, offset: 0, limit: 100, onlyInputChanged: true },
    { candidate: 1, offset: 0, limit: 100, metricId: 'judge|accuracy|quality' },
    { candidate: 1, offset: 0, limit: 100, view: 'all' },
  ];
}

async function ask(host: EmbeddedCompareHost, message: CompareWebviewToHost): Promise<CompareHostToWebview | undefined> {
  return host.answer(message);
}

describe('the standalone compare file', () => {
  test('a CSP allows exactly the inline script and styles by hash; nothing is loaded from the network', async () => {
    const { html } = await written();
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /unsafe-(inline|eval)/);
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1, 'one executable script');
    assert.ok(csp.includes(`script-src 'sha256-${createHash('sha256').update(scripts[0][1], 'utf8').digest('base64')}'`), 'the script hash matches');
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)];
    assert.equal(styles.length, 3);
    for (const style of styles) assert.ok(csp.includes(`'sha256-${createHash('sha256').update(style[1], 'utf8').digest('base64')}'`), 'each style hash matches');
    assert.doesNotMatch(html, /<(script|link|img|iframe|object|embed)\b[^>]*\b(src|href)\s*=/i);
    assert.doesNotMatch(html, /url\(\s*['"]?(https?:)?\/\//i);
    assert.doesNotMatch(html, /@import/i);
  });

  test('log text cannot end an element or add markup: escaped in the data element and the title, base64 in the chunks', async () => {
    const { html } = await written();
    const start = html.indexOf(`id="${EMBEDDED_COMPARE_ELEMENT_ID}">`);
    const data = html.slice(html.indexOf('>', start) + 1, html.indexOf('</script>', start));
    assert.ok(data.includes('\\u003c/script>'), 'the hostile id is in the summary, escaped');
    assert.equal(data.includes('<'), false, 'no < inside the data element');
    assert.equal(/[\u2028\u2029]/.test(data), false);
    assert.match(html, /<title>Comparison with Baseline &lt;\/script&gt;&lt;script&gt;/);
    assert.doesNotMatch(html, /<img\b/i);
    const chunks = [...html.matchAll(new RegExp(`<script type="${COMPRESSED_CHUNK_TYPE}" id="[^"]+">([^<]*)</script>`, 'g'))];
    assert.ok(chunks.length >= 2, 'the values and the pairs are carried in chunks');
    for (const chunk of chunks) assert.match(chunk[1], /^[A-Za-z0-9+/=]+$/);
    assert.equal((html.match(/<\/script>/gi) ?? []).length, 2 + chunks.length, 'only the data element, the script and the chunks end');
  });

  test('the page answers as the core does: the summary, every page of changes, every changed pair', async () => {
    const { html, comparison, pairs } = await written();
    const host = pageHost(html);
    const init = await ask(host, { type: 'ready' });
    assert.equal(init?.type, 'init');
    assert.deepEqual(init?.type === 'init' && init.summary, plain(comparison.summary()));
    assert.deepEqual(comparison.summary().candidates[0].alignment.inputChanged, ['s5'], 'the hostile input is a changed input');
    let id = 1;
    for (const query of queries()) {
      const answer = await ask(host, { type: 'changes', id: id++, generation: 1, query });
      assert.equal(answer?.type, 'changesResult', JSON.stringify(answer));
      assert.deepEqual(answer?.type === 'changesResult' && answer.page, plain(comparison.page(query)), JSON.stringify(query));
    }
    const changed = new Set(comparison.page({ candidate: 1, offset: 0, limit: 1000 }).rows.map((r) => r.sampleId));
    assert.equal(pairs, changed.size);
    assert.ok(changed.size > 8, 'several chunks of pairs');
    for (const sampleId of changed) {
      const answer = await ask(host, { type: 'pair', id: id++, generation: 1, candidate: 1, sampleId });
      assert.equal(answer?.type, 'pairResult', JSON.stringify(answer));
      assert.deepEqual(answer?.type === 'pairResult' && answer.pair, plain(await comparison.pairDetail(1, sampleId)), sampleId);
    }
    const unchanged = comparison.page({ candidate: 1, offset: 0, limit: 1000, view: 'all' }).rows.find((r) => !changed.has(r.sampleId));
    if (unchanged) {
      const answer = await ask(host, { type: 'pair', id: id++, generation: 1, candidate: 1, sampleId: unchanged.sampleId });
      assert.ok(answer?.type === 'error' && answer.error.includes(unchanged.sampleId), 'a pair the file does not carry is named in the error');
    }
  });

  test('the bootstrap and permutation figures the file was written with stay when the page compares again', async () => {
    const { html } = await written({ resampling: true });
    const host = pageHost(html);
    await ask(host, { type: 'ready' });
    const options: CompareOptions = { clusterKey: 'topic', lowerIsBetter: ['accuracy/quality'] };
    const again = await ask(host, { type: 'options', clusterKey: options.clusterKey, lowerIsBetter: options.lowerIsBetter as string[] });
    const expected = new LogComparison(logs(), { ...options, resampling: true });
    expected.checkInputs();
    const summary = again?.type === 'init' ? again.summary : undefined;
    assert.equal(summary?.resampling, 'complete');
    const quality = summary?.candidates[0].metrics.find((m) => m.valueKey === 'quality');
    const wanted = expected.summary().candidates[0].metrics.find((m) => m.valueKey === 'quality');
    assert.ok(quality?.resampling && wanted?.resampling, 'quality (not 0/1) carries them');
    // Clusters change the t-test, not the resampling: the same figures, judged beside the clustered p.
    assert.deepEqual(quality.resampling, plain(wanted.resampling));
  });

  test('a flipped metric and a cluster column are computed in the page as the core computes them', async () => {
    const { html } = await written();
    const host = pageHost(html);
    await ask(host, { type: 'ready' });
    const options: CompareOptions = { clusterKey: 'topic', lowerIsBetter: ['accuracy/quality'] };
    const again = await ask(host, { type: 'options', clusterKey: options.clusterKey, lowerIsBetter: options.lowerIsBetter as string[] });
    const expected = new LogComparison(logs(), options);
    expected.checkInputs();
    assert.equal(again?.type, 'init');
    assert.equal(again?.type === 'init' && again.generation, 2);
    const summary = again?.type === 'init' ? again.summary : undefined;
    assert.deepEqual(summary, plain(expected.summary()));
    const quality = summary?.candidates[0].metrics.find((m) => m.valueKey === 'quality');
    assert.ok(quality?.lowerIsBetter && quality.estimate.method === 'clustered' && quality.estimate.clusters === 4, 'flipped and clustered by topic');
    let id = 1;
    for (const query of queries()) {
      const answer = await ask(host, { type: 'changes', id: id++, generation: 2, query });
      assert.deepEqual(answer?.type === 'changesResult' && answer.page, plain(expected.page(query)), JSON.stringify(query));
    }
    const stale = await ask(host, { type: 'changes', id: id++, generation: 1, query: queries()[0] });
    assert.equal(stale?.type, 'error', 'a request of the older generation is answered as stale');
  });

  test('a cluster key named __proto__ groups as in the core', async () => {
    const sample = (id: number, correct: boolean): Record<string, unknown> => legacySample(`s${id}`, { correct }, JSON.parse(`{"q": "q${id}", "__proto__": "g${id % 3}"}`) as Record<string, unknown>);
    const compared = [
      comparable(compareLog(Array.from({ length: 12 }, (_, i) => sample(i, i % 2 === 0))), 'a.json'),
      comparable(compareLog(Array.from({ length: 12 }, (_, i) => sample(i, i % 3 === 0))), 'b.json'),
    ];
    const comparison = new LogComparison(compared);
    assert.ok(comparison.summary().clusterKeys.includes('__proto__'), 'the key is offered');
    const file = join(folder.path, 'proto.html');
    await writeStandaloneCompare(compared, comparison, assets, file);
    const host = pageHost(fs.readFileSync(file, 'utf8'));
    const again = await ask(host, { type: 'options', clusterKey: '__proto__', lowerIsBetter: [] });
    const expected = new LogComparison(compared, { clusterKey: '__proto__' });
    expected.checkInputs();
    assert.deepEqual(again?.type === 'init' && again.summary, plain(expected.summary()));
    assert.equal(again?.type === 'init' && again.summary.candidates[0].metrics[0].estimate.clusters, 3);
  });

  test('a damaged or missing chunk gives an error answer naming what is wrong, not a crash; the embedded first page still shows', async () => {
    const { html, comparison } = await written();
    const sampleId = comparison.page({ candidate: 1, offset: 0, limit: 1 }).rows[0].sampleId;
    const damaged = html.replace(/(id="eval-lens-pairs-1-0">)[A-Za-z0-9+/=]{8}/, '$1AAAAAAAA').replace(/<script type="[^"]+" id="eval-lens-compare-values">[^<]*<\/script>/, '');
    const host = pageHost(damaged);
    const first = await ask(host, { type: 'changes', id: 1, generation: 1, query: queries()[0] });
    assert.deepEqual(first?.type === 'changesResult' && first.page, plain(comparison.page(queries()[0])), 'the first page is embedded plainly, shown without the values');
    const changes = await ask(host, { type: 'changes', id: 1, generation: 1, query: queries()[2] });
    assert.ok(changes?.type === 'error' && changes.error.includes('eval-lens-compare-values'), JSON.stringify(changes));
    const pair = await ask(host, { type: 'pair', id: 2, generation: 1, candidate: 1, sampleId });
    assert.equal(pair?.type, 'error');
    assert.equal(await ask(host, { type: 'bogus' } as unknown as CompareWebviewToHost), undefined, 'a message of no known type gets no answer');
  });

  test('with two candidates each has its own pages and pairs', async () => {
    const [base, cand] = logs();
    const third = comparable(compareLog(Array.from({ length: 12 }, (_, i) => legacySample(`s${i}`, { correct: i % 2, quality: 1 - (i % 3) / 3 }))), 'third.json');
    const compared = [base, cand, third];
    const comparison = new LogComparison(compared);
    const file = join(folder.path, 'three.html');
    await writeStandaloneCompare(compared, comparison, assets, file, { pairsPerChunk: 3 });
    const host = pageHost(fs.readFileSync(file, 'utf8'));
    const init = await ask(host, { type: 'ready' });
    assert.deepEqual(init?.type === 'init' && init.summary.candidates.map((c) => c.position), [1, 2]);
    let id = 1;
    for (const candidate of [1, 2]) {
      const query: ChangeQuery = { candidate, offset: 0, limit: 1000 };
      const answer = await ask(host, { type: 'changes', id: id++, generation: 1, query });
      assert.deepEqual(answer?.type === 'changesResult' && answer.page, plain(comparison.page(query)));
      for (const sampleId of new Set(comparison.page(query).rows.map((r) => r.sampleId))) {
        const pair = await ask(host, { type: 'pair', id: id++, generation: 1, candidate, sampleId });
        assert.deepEqual(pair?.type === 'pairResult' && pair.pair, plain(await comparison.pairDetail(candidate, sampleId)), `${candidate} ${sampleId}`);
      }
    }
  });

  test('the page follows the reader\'s colour scheme and contrast with the editor\'s theme classes', () => {
    assert.equal(themeClass(false, false), 'vscode-light');
    assert.equal(themeClass(true, false), 'vscode-dark');
    assert.equal(themeClass(true, true), 'vscode-high-contrast');
    assert.equal(themeClass(false, true), 'vscode-high-contrast-light');
    const classes = new Set<string>(['other']);
    const media = new Map<string, { matches: boolean; listeners: (() => void)[] }>();
    const matchMedia = (query: string) => {
      const entry = media.get(query) ?? { matches: false, listeners: [] };
      media.set(query, entry);
      return { get matches() { return entry.matches; }, addEventListener: (_type: 'change', listener: () => void) => entry.listeners.push(listener) };
    };
    followReaderTheme({ classList: { remove: (...names: string[]) => names.forEach((n) => classes.delete(n)), add: (name: string) => classes.add(name) } }, matchMedia);
    assert.deepEqual([...classes].sort(), ['other', 'vscode-light']);
    const dark = media.get('(prefers-color-scheme: dark)');
    assert.ok(dark);
    dark.matches = true;
    dark.listeners.forEach((listener) => listener());
    assert.deepEqual([...classes].sort(), ['other', 'vscode-dark'], 'a change of the reader\'s scheme replaces the class');
  });

  test('a failure while writing leaves no file behind', async () => {
    const compared = logs();
    const broken: ComparableLog = { ...compared[1], detail: () => { throw new Error('sample 3 cannot be read'); } };
    const file = join(folder.path, 'broken.html');
    await assert.rejects(writeStandaloneCompare([compared[0], broken], new LogComparison([compared[0], broken]), assets, file), /sample 3 cannot be read/);
    assert.equal(fs.existsSync(file), false);
  });
});
