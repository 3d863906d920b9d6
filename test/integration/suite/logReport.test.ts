import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useTempDirAndFreshEditors } from '../suiteSupport';
import { activeCustomEditorUri, countOf, examplesFolder, served } from '../logReportHelpers';

suite('Log report: the custom editor serves pages from the host', function () {
  // The browser workbench sometimes never creates a new webview's content frame right after editors with
  // webviews were closed (the extension host has done its part; re-setting the HTML does not help); the
  // next open works. One retry absorbs that.
  this.retries(1);
  const tempDir = useTempDirAndFreshEditors('eval-lens-log-');

  test('opens success-trials.tasklog.json as a report and answers the first page request', async () => {
    const uri = vscode.Uri.file(path.join(examplesFolder(), 'logs/success-trials.tasklog.json'));
    const before = await countOf('page');
    await vscode.commands.executeCommand('vscode.openWith', uri, 'evalLens.taskLog');
    assert.equal(activeCustomEditorUri(), uri.toString());
    const state = await served('page', before);
    assert.equal(state.uri, uri.toString());
    const log = JSON.parse(fs.readFileSync(uri.fsPath, 'utf8')) as { specification: { display_name: string }; status: string; evidence: { samples: { sample_id: string | number }[] } };
    assert.equal(state.summary?.displayName, log.specification.display_name);
    assert.equal(state.summary?.status, log.status);
    assert.equal(state.summary?.sampleCount, log.evidence.samples.length);
    assert.equal(state.page?.total, log.evidence.samples.length);
    assert.deepEqual(state.page?.sampleIds.slice(0, 3), log.evidence.samples.slice(0, 3).map((s) => s.sample_id));
    assert.equal(state.page?.generation, state.summary?.generation);
  });

  test('evalLens.openLogAtSample opens the sample detail (deep link)', async () => {
    const uri = vscode.Uri.file(path.join(examplesFolder(), 'logs/success-trials.tasklog.json'));
    const before = await countOf('detail');
    await vscode.commands.executeCommand('evalLens.openLogAtSample', uri, 4, 1);
    const state = await served('detail', before);
    assert.equal(state.detail?.index, 4);
    const log = JSON.parse(fs.readFileSync(uri.fsPath, 'utf8')) as { evidence: { samples: { sample_id: string | number; trials?: unknown[] }[] } };
    assert.equal(state.detail?.sampleId, log.evidence.samples[4].sample_id);
    assert.equal(state.detail?.trialCount, log.evidence.samples[4].trials?.length);
  });

  test('Open as JSON and back: the report command accepts any .json log, and refuses other JSON', async () => {
    const source = path.join(examplesFolder(), 'logs/legacy.tasklog.json');
    const plain = path.join(tempDir(), 'run-output.json');
    fs.copyFileSync(source, plain);
    const plainUri = vscode.Uri.file(plain);
    await vscode.commands.executeCommand('vscode.open', plainUri);
    const before = await countOf('summary');
    const handle = await vscode.commands.executeCommand<{ uri: string; viewType: string } | undefined>('evalLens.openLogReport', plainUri);
    assert.equal(handle?.uri, plainUri.toString());
    const state = await served('summary', before);
    assert.equal(state.uri, plainUri.toString());
    assert.equal(activeCustomEditorUri(), plainUri.toString());

    await vscode.commands.executeCommand('evalLens.openLogAsJson', plainUri);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), plainUri.toString());

    const other = path.join(tempDir(), 'package.json');
    fs.writeFileSync(other, JSON.stringify({ name: 'not-a-log', version: '1.0.0' }));
    const refused = await vscode.commands.executeCommand('evalLens.openLogReport', vscode.Uri.file(other));
    assert.equal(refused, undefined);
  });

  test('a change on disk reloads the report with a new generation', async () => {
    const file = path.join(tempDir(), 'changing.tasklog.json');
    const log = JSON.parse(fs.readFileSync(path.join(examplesFolder(), 'logs/success-trials.tasklog.json'), 'utf8')) as { specification: { display_name: string } };
    fs.writeFileSync(file, JSON.stringify(log));
    const uri = vscode.Uri.file(file);
    const first = await countOf('summary');
    await vscode.commands.executeCommand('vscode.openWith', uri, 'evalLens.taskLog');
    const opened = await served('summary', first);
    log.specification.display_name = 'Renamed on disk';
    fs.writeFileSync(file, JSON.stringify(log));
    const reloaded = await served('summary', opened.counts.summary);
    assert.equal(reloaded.summary?.displayName, 'Renamed on disk');
    assert.ok((reloaded.summary?.generation ?? 0) > (opened.summary?.generation ?? 0));
  });

  test('a log that is not valid JSON reports the line and column instead of a blank view', async () => {
    const file = path.join(tempDir(), 'broken.tasklog.json');
    fs.writeFileSync(file, '{\n  "format_version": "v1",\n  "evidence": {,\n}\n');
    const before = await countOf('loadError');
    await vscode.commands.executeCommand('vscode.openWith', vscode.Uri.file(file), 'evalLens.taskLog');
    const state = await served('loadError', before);
    assert.equal(state.uri, vscode.Uri.file(file).toString());
    assert.ok(state.loadError, 'a load error was sent to the webview');
    assert.match(state.loadError, /broken\.tasklog\.json:3:\d+/);
  });
});
