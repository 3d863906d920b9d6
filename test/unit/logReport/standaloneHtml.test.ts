import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { openLogSource } from '../../../src/core/report/openLogSource';
import { collectEmbeddedReport } from '../../../src/core/report/embeddedReportCollector';
import { buildStandaloneHtml, inlineCodiconFont, scriptForInlineElement, StandaloneAssets } from '../../../src/core/report/standaloneHtml';
import { EMBEDDED_REPORT_ELEMENT_ID, EmbeddedReport, isEmbeddedReport, jsonForScriptElement } from '../../../src/core/protocol/embeddedReport';

const repoRoot = path.resolve(__dirname, '../../../..');

const assets: StandaloneAssets = {
  script: 'const end = "</script><script>window.__pwned = 1</script>"; document.getElementById("root").textContent = end;',
  css: 'body { color: var(--vscode-foreground); }',
  codiconCss: '@font-face { font-family: "codicon"; src: url("./codicon.ttf?0e5b0adf625a37fbcd638d31f0fe72aa") format("truetype"); }',
  codiconFont: new Uint8Array([0, 1, 2, 3, 250]),
};

async function reportOf(relativePath: string): Promise<EmbeddedReport> {
  const outcome = await openLogSource(path.join(repoRoot, relativePath), { generation: 1, plan: { kind: 'whole' } });
  if (!outcome.ok) throw new Error(outcome.failure.message);
  try {
    return await collectEmbeddedReport(outcome.source);
  } finally {
    outcome.source.dispose();
  }
}

function embeddedJson(html: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${EMBEDDED_REPORT_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  assert.ok(match, 'the data element is present');
  return JSON.parse(match[1]);
}

describe('standalone HTML report', () => {
  test('embeds the summary, every row and every detail of the log', async () => {
    const report = await reportOf('examples/logs/success-trials.tasklog.json');
    const html = buildStandaloneHtml(report, assets);
    const embedded = embeddedJson(html);
    assert.ok(isEmbeddedReport(embedded));
    assert.equal(embedded.summary.displayName, report.summary.displayName);
    assert.equal(embedded.samples.rows.length, report.summary.samples.count);
    assert.equal(embedded.samples.details.length, report.summary.samples.count);
    assert.deepEqual(embedded.samples.details.map((d) => d.index), embedded.samples.rows.map((r) => r.index).sort((a, b) => a - b));
    assert.deepEqual(embedded, JSON.parse(JSON.stringify(report)));
  });

  test('embeds the samples of every run of a repeatability log', async () => {
    const report = await reportOf('examples/logs/repeatability.tasklog.json');
    const runs = report.summary.runs?.runs ?? [];
    assert.ok(runs.length > 1, 'the example has several runs');
    for (const run of runs) assert.equal(report.runs[String(run.index)]?.rows.length ?? 0, run.sampleCount);
  });

  test('loads nothing from the network: no src/href loads, no remote url() or @import', async () => {
    const html = buildStandaloneHtml(await reportOf('examples/logs/success-trials.tasklog.json'), assets);
    assert.doesNotMatch(html, /<(script|link|img|iframe|object|embed)\b[^>]*\b(src|href)\s*=/i);
    assert.doesNotMatch(html, /url\(\s*['"]?(https?:)?\/\//i);
    assert.doesNotMatch(html, /@import/i);
    assert.match(html, /url\("data:font\/ttf;base64,AAECA\/o="\)/);
  });

  test('a CSP meta allows exactly the inline script and styles by hash', async () => {
    const html = buildStandaloneHtml(await reportOf('examples/logs/success-trials.tasklog.json'), assets);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    assert.ok(csp, 'CSP meta present');
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /unsafe-(inline|eval)/);
    const inlineScript = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const hash = createHash('sha256').update(inlineScript, 'utf8').digest('base64');
    assert.ok(csp.includes(`script-src 'sha256-${hash}'`), 'the script hash matches the inline script');
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => createHash('sha256').update(m[1], 'utf8').digest('base64'));
    assert.equal(styles.length, 3);
    for (const style of styles) assert.ok(csp.includes(`'sha256-${style}'`));
  });

  test('hostile log content cannot close the data element or add markup', async () => {
    const report = await reportOf('test/fixtures/logs/hostile.tasklog.json');
    assert.ok(JSON.stringify(report).includes('</script>'), 'the fixture carries a closing script tag');
    const html = buildStandaloneHtml(report, assets);
    assert.equal((html.match(/<\/script>/gi) ?? []).length, 2, 'only the data element and the report script end');
    const data = html.slice(html.indexOf(`id="${EMBEDDED_REPORT_ELEMENT_ID}">`), html.indexOf('</script>'));
    assert.equal(data.slice(data.indexOf('>') + 1).includes('<'), false, 'no < inside the data element');
    assert.doesNotMatch(html, /<img\b/i);
    assert.deepEqual(embeddedJson(html), JSON.parse(JSON.stringify(report)));
  });

  test('the inline script cannot end its element early', () => {
    assert.equal(scriptForInlineElement('a="</script>"; b="<!--"'), 'a="<\\/script>"; b="<\\!--"');
    assert.equal(jsonForScriptElement({ a: '</script><!--' }), '{"a":"\\u003c/script>\\u003c!--"}');
    assert.deepEqual(JSON.parse(jsonForScriptElement({ a: '</script>\u2028' })), { a: '</script>\u2028' });
  });

  test('codicon font reference becomes a data: URL', () => {
    const css = inlineCodiconFont(assets.codiconCss, new Uint8Array([1, 2, 3]));
    assert.equal(css, '@font-face { font-family: "codicon"; src: url("data:font/ttf;base64,AQID") format("truetype"); }');
  });
});

describe('standalone HTML theme', () => {
  test('defines every theme variable the controls read, light by default, dark and high contrast on request', async () => {
    const { STANDALONE_THEME_CSS } = await import('../../../src/core/report/standaloneHtml');
    const blocks = STANDALONE_THEME_CSS.split('@media');
    assert.equal(blocks.length, 4, 'default, dark, and two high contrast blocks');
    assert.match(blocks[1], /prefers-color-scheme: dark/);
    const fs = await import('node:fs');
    const dist = path.join(repoRoot, 'node_modules/@vscode-elements/elements/dist');
    const sources = ['vscode-textfield', 'vscode-single-select', 'includes/vscode-select'].flatMap((dir) => fs.readdirSync(path.join(dist, dir)).filter((f) => f.endsWith('.js')).map((f) => fs.readFileSync(path.join(dist, dir, f), 'utf8')));
    const read = new Set([...sources.join('\n').matchAll(/var\((--vscode-(?:settings|input|dropdown)[\w-]*)/g)].map((m) => m[1]));
    assert.ok(read.size > 3, 'the controls read input and dropdown colours');
    for (const name of read) {
      assert.ok(blocks[0].includes(`${name}:`), `${name} is defined for the light page`);
      assert.ok(blocks[1].includes(`${name}:`), `${name} is defined for the dark page`);
    }
  });
});
