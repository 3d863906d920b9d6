import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useTempDirAndFreshEditors } from '../suiteSupport';
import { activeCustomEditorUri, countOf, examplesFolder, served } from '../logReportHelpers';

suite('Log report: Inspect logs open in the report editor', function () {
  // See logReport.test.ts: a new webview's first frame is sometimes never created; the next open works.
  this.retries(1);
  const tempDir = useTempDirAndFreshEditors('eval-lens-inspect-');

  test('an .eval archive opens as a report by default and serves its samples and a detail read from the archive', async () => {
    const uri = vscode.Uri.file(path.join(examplesFolder(), 'logs/arith-inspect.eval'));
    const before = await countOf('page');
    await vscode.commands.executeCommand('vscode.open', uri);
    assert.equal(activeCustomEditorUri(), uri.toString());
    const state = await served('page', before);
    assert.equal(state.summary?.displayName, 'arith');
    assert.equal(state.summary?.sampleCount, 5);
    assert.equal(state.page?.total, 5);

    const detailsBefore = await countOf('detail');
    await vscode.commands.executeCommand('evalLens.openLogAtSample', uri, 3);
    const detail = await served('detail', detailsBefore);
    assert.equal(detail.detail?.index, 3);
    assert.equal(detail.detail?.trialCount, 2, 'two epochs');
  });

  test('Open as JSON declines an archive; Open Report takes an Inspect .json log by its content', async () => {
    const archive = vscode.Uri.file(path.join(examplesFolder(), 'logs/arith-inspect.eval'));
    await vscode.commands.executeCommand('vscode.open', archive);
    await vscode.commands.executeCommand('evalLens.openLogAsJson', archive);
    assert.equal(activeCustomEditorUri(), archive.toString(), 'still the report');
    assert.notEqual(vscode.window.activeTextEditor?.document.uri.toString(), archive.toString());

    const plain = path.join(tempDir(), 'inspect-run.json');
    fs.writeFileSync(plain, JSON.stringify({ version: 2, status: 'success', eval: { task: 'popular', model: 'm' }, samples: [{ id: 1, epoch: 1, input: 'q', target: 'a', scores: { match: { value: 'C' } }, messages: [] }] }));
    const plainUri = vscode.Uri.file(plain);
    const before = await countOf('summary');
    const handle = await vscode.commands.executeCommand<{ uri: string } | undefined>('evalLens.openLogReport', plainUri);
    assert.equal(handle?.uri, plainUri.toString());
    const state = await served('summary', before);
    assert.equal(state.summary?.displayName, 'popular');
    assert.equal(state.summary?.sampleCount, 1);
  });
});
