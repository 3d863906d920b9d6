import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useTempDirAndFreshEditors } from '../suiteSupport';
import { EMBEDDED_REPORT_ELEMENT_ID, EmbeddedReport, isEmbeddedReport } from '../../../src/core/protocol/embeddedReport';
import { activeCustomEditorUri, countOf, examplesFolder, served } from '../logReportHelpers';

interface ExampleLog {
  specification: { display_name: string };
  evidence: { samples: { sample_id: string | number; trials?: unknown[] }[] };
}

function exampleLog(relative: string): { uri: vscode.Uri; log: ExampleLog } {
  const uri = vscode.Uri.file(path.join(examplesFolder(), relative));
  return { uri, log: JSON.parse(fs.readFileSync(uri.fsPath, 'utf8')) as ExampleLog };
}

/**
 * A deep link as the operating system hands it to VS Code. `vscode.env.openExternal` does not route it
 * back in the browser workbench (its URL opener declines external opens and the browser gets the link);
 * `vscode.open` goes through the same opener and URL service as a clicked link, and so to our handler.
 */
async function followDeepLink(query: string): Promise<void> {
  const link = vscode.Uri.parse(`${vscode.env.uriScheme}://eval-lens.eval-lens/open?${query}`);
  await vscode.commands.executeCommand('vscode.open', link);
}

suite('Log report: deep links and the HTML export', function () {
  this.retries(1); // see logReport.test.ts: a new webview's frame is sometimes not created on the first open
  const tempDir = useTempDirAndFreshEditors('eval-lens-links-');

  test('a vscode:// deep link opens the report at its sample and trial', async () => {
    const { uri, log } = exampleLog('logs/success-trials.tasklog.json');
    const reveals = await countOf('reveal');
    const details = await countOf('detail');
    await followDeepLink(`path=${encodeURIComponent(uri.fsPath)}&sample=5&trial=2`);
    const revealed = await served('reveal', reveals);
    assert.equal(revealed.uri, uri.toString());
    assert.deepEqual(revealed.reveal, { sampleIndex: 5, trialIndex: 2 });
    const state = await served('detail', details);
    assert.equal(state.detail?.index, 5);
    assert.equal(state.detail?.sampleId, log.evidence.samples[5].sample_id);
    assert.equal(activeCustomEditorUri(), uri.toString());
  });

  test('a path relative to the workspace folder works too, and a second link reuses the open report', async () => {
    const { uri } = exampleLog('logs/success-trials.tasklog.json');
    const reveals = await countOf('reveal');
    await followDeepLink('path=logs/success-trials.tasklog.json&sample=1');
    const first = await served('reveal', reveals);
    assert.equal(first.uri, uri.toString());
    assert.deepEqual(first.reveal, { sampleIndex: 1 });
    await served('detail');
    await followDeepLink('path=logs/success-trials.tasklog.json&sample=7&trial=0');
    const second = await served('reveal', first.counts.reveal);
    assert.deepEqual(second.reveal, { sampleIndex: 7, trialIndex: 0 });
    assert.equal(vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputCustom).length, 1, 'one report tab');
  });

  test('a deep link to a missing file says so, and opens nothing', async () => {
    const missing = path.join(tempDir(), 'gone.tasklog.json');
    const errors = await countOf('deepLinkError');
    await followDeepLink(`path=${encodeURIComponent(missing)}&sample=0`);
    const state = await served('deepLinkError', errors);
    assert.equal(state.deepLinkError, `The link names a log file that does not exist: ${missing}`);
    assert.equal(activeCustomEditorUri(), undefined);

    await followDeepLink('sample=0');
    const noPath = await served('deepLinkError', state.counts.deepLinkError);
    assert.equal(noPath.deepLinkError, 'The link does not name a log file (?path=…).');
  });

  test('the export command writes one standalone HTML file: data embedded, a strict CSP, nothing from the network', async () => {
    const { uri, log } = exampleLog('logs/success-trials.tasklog.json');
    const out = vscode.Uri.file(path.join(tempDir(), 'success-trials.html'));
    const result = await vscode.commands.executeCommand<{ file: string; samples: number } | undefined>('evalLens.exportLogReport', uri, out);
    assert.deepEqual(result, { file: out.fsPath, samples: log.evidence.samples.length });
    const html = fs.readFileSync(out.fsPath, 'utf8');

    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'sha256-[^']+'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|https?:/);

    const data = new RegExp(`<script type="application/json" id="${EMBEDDED_REPORT_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
    assert.ok(data, 'the report data is embedded');
    const report: unknown = JSON.parse(data[1]);
    assert.ok(isEmbeddedReport(report));
    const embedded = report as EmbeddedReport;
    assert.equal(embedded.summary.displayName, log.specification.display_name);
    assert.deepEqual(embedded.samples.rows.map((r) => r.sampleId), log.evidence.samples.map((s) => s.sample_id));
    assert.equal(embedded.samples.details.length, log.evidence.samples.length);

    // Scripts, styles, fonts and images come from the file itself, never from a server.
    for (const tag of html.match(/<(script|link|img|iframe|source)\b[^>]*>/gi) ?? []) {
      assert.doesNotMatch(tag, /\b(src|href)\s*=\s*["']?(https?:)?\/\//i, tag);
    }
    assert.doesNotMatch(html, /@import|url\(\s*["']?(https?:)?\/\//i);
  });
});
