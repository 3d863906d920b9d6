import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EMBEDDED_REPORT_ELEMENT_ID, EmbeddedReport } from '../../../src/core/protocol/embeddedReport';
import { countOf, examplesFolder, served } from '../logReportHelpers';
import { removeTempDir } from '../suiteSupport';

interface ExampleLog {
  status: string;
  evidence: { samples: { sample_id: string | number }[] };
}

function embeddedReport(html: string): EmbeddedReport {
  const match = new RegExp(`<script type="application/json" id="${EMBEDDED_REPORT_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  assert.ok(match, 'the report data is embedded');
  return JSON.parse(match[1]) as EmbeddedReport;
}

suite('Log report: large logs (worker thread) get the schema banner', function () {
  this.retries(1); // see logReport.test.ts: a new webview's frame is sometimes not created on the first open
  let tempDir: string;
  const settings = () => vscode.workspace.getConfiguration('evalLens');

  suiteSetup(async () => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-schema-'));
    // Every log is "large": parsed, indexed and validated in the worker thread.
    await settings().update('log.workerThresholdMB', 0, vscode.ConfigurationTarget.Global);
    assert.equal(settings().get('log.workerThresholdMB'), 0);
  });

  setup(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await settings().update('log.workerThresholdMB', undefined, vscode.ConfigurationTarget.Global);
    removeTempDir(tempDir);
  });

  test('a mistake in a sample and one in the skeleton reach the banner after the summary, with their lines', async () => {
    const log = JSON.parse(fs.readFileSync(path.join(examplesFolder(), 'logs/success-trials.tasklog.json'), 'utf8')) as ExampleLog;
    log.status = 'finished';
    log.evidence.samples[3].sample_id = 3.5;
    const file = path.join(tempDir, 'invalid.tasklog.json');
    fs.writeFileSync(file, JSON.stringify(log, null, 2));
    const uri = vscode.Uri.file(file);

    const before = await countOf('schemaProblems');
    const summaries = await countOf('summary');
    await vscode.commands.executeCommand('vscode.openWith', uri, 'evalLens.taskLog');
    // Only a log validated after its summary (in the worker) sends a `schemaProblems` message.
    const state = await served('schemaProblems', before);
    assert.equal(state.uri, uri.toString());
    const problems = state.schemaProblems?.problems ?? [];
    assert.deepEqual(problems.map((p) => p.path), ['/status', '/evidence/samples/3/sample_id']);
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    assert.match(lines[(problems[0].line ?? 0) - 1], /"status": "finished"/);
    assert.match(lines[(problems[1].line ?? 0) - 1], /"sample_id": 3\.5/);
    assert.match(problems[0].message, /status/);

    // Whether the webview was ready before or after the validation ended, its banner has the problems.
    const withSummary = await served('summary', summaries);
    assert.equal(withSummary.uri, uri.toString());
    assert.equal(withSummary.schemaProblems?.generation, withSummary.summary?.generation, 'the problems belong to the shown generation');
    assert.deepEqual(withSummary.schemaProblems?.problems, problems);

    // The export of a large log waits for the validation: its banner has the same problems.
    const out = vscode.Uri.file(path.join(tempDir, 'invalid.html'));
    const result = await vscode.commands.executeCommand<{ file: string; samples: number } | undefined>('evalLens.exportLogReport', uri, out);
    assert.equal(result?.file, out.fsPath);
    const report = embeddedReport(fs.readFileSync(out.fsPath, 'utf8'));
    assert.deepEqual(report.summary.schemaProblems.map((p) => p.path), ['/status', '/evidence/samples/3/sample_id']);
  });

  test('a log of 16 MB or more, read and scanned by the helper thread while the worker indexes it: its summary, pages and no banner', async () => {
    const log = JSON.parse(fs.readFileSync(path.join(examplesFolder(), 'logs/success-trials.tasklog.json'), 'utf8')) as ExampleLog & { evidence: { samples: Record<string, unknown>[] } };
    const originals = log.evidence.samples;
    const samples: unknown[] = [];
    // The example's samples again and again, each with its own id, until the file is large enough.
    const copies = Math.ceil((17 * 1024 * 1024) / JSON.stringify(originals).length);
    for (let copy = 0; copy < copies; copy++) {
      for (const sample of originals) samples.push(JSON.parse(JSON.stringify(sample).replaceAll(`"${String(sample.sample_id)}"`, `"${String(sample.sample_id)}-${copy}"`)));
    }
    log.evidence.samples = samples as ExampleLog['evidence']['samples'];
    const file = path.join(tempDir, 'large.tasklog.json');
    fs.writeFileSync(file, JSON.stringify(log));
    assert.ok(fs.statSync(file).size >= 16 * 1024 * 1024, 'large enough for the helper thread');
    const uri = vscode.Uri.file(file);

    const summaries = await countOf('summary');
    const pages = await countOf('page');
    const problemsBefore = await countOf('schemaProblems');
    await vscode.commands.executeCommand('vscode.openWith', uri, 'evalLens.taskLog');
    const state = await served('summary', summaries);
    assert.equal(state.uri, uri.toString());
    assert.equal(state.summary?.sampleCount, samples.length);
    assert.equal(state.summary?.status, 'success');
    const page = await served('page', pages);
    assert.equal(page.page?.total, samples.length);
    assert.equal(page.page?.sampleIds[0], `${String(originals[0].sample_id)}-0`);
    const checked = await served('schemaProblems', problemsBefore);
    assert.deepEqual(checked.schemaProblems?.problems, []);
  });

  test('a valid log validated in the worker shows no banner', async () => {
    const uri = vscode.Uri.file(path.join(examplesFolder(), 'logs/repeatability.tasklog.json'));
    const before = await countOf('schemaProblems');
    await vscode.commands.executeCommand('vscode.openWith', uri, 'evalLens.taskLog');
    const state = await served('schemaProblems', before);
    assert.equal(state.uri, uri.toString());
    assert.deepEqual(state.schemaProblems?.problems, []);
  });
});
