import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { replaceEnvironment, useTempDirAndFreshEditors } from '../suiteSupport';
import { HF_TEST_TOKEN, hubParquet, hubRoute, hubRows } from '../../unit/remote/hubReplay';
import { LANGSMITH_TEST_KEY, langsmithData, langsmithRoute } from '../../unit/remote/langsmithReplay';
import { ReplayServer, assertNoSecret, startReplay } from '../../unit/remote/replayServer';

/** What the preview's "Export kept rows…" path resolves to (src/extension/preview/exportKeptRowsCommand.ts). */
type ExportResult = { file: string; rows: number } | { cancelled: true } | { error: string } | undefined;

suite('Preview: export kept rows of network sources', function () {
  this.timeout(90_000);
  const dir = useTempDirAndFreshEditors('eval-lens-hub-export-');
  const rows = hubRows(1200);
  let hub: ReplayServer;
  let smith: ReplayServer;
  let restoreEnvironment = (): void => undefined;
  const config = () => vscode.workspace.getConfiguration('evalLens');

  suiteSetup(async () => {
    let hubUrl = '';
    hub = await startReplay(hubRoute({ rows, parquet: hubParquet(rows, 200) }, () => hubUrl));
    hubUrl = hub.url;
    smith = await startReplay(langsmithRoute(langsmithData(40)));
    // The extension host is this process: the hub's base URL and token come from its environment.
    restoreEnvironment = replaceEnvironment({ HF_TOKEN: HF_TEST_TOKEN, EVAL_LENS_HUB_URL: hub.url }, ['LANGSMITH_API_KEY']);
    await config().update('preview.urlFetch', 'always', vscode.ConfigurationTarget.Global);
  });

  suiteTeardown(async () => {
    await config().update('preview.urlFetch', undefined, vscode.ConfigurationTarget.Global);
    restoreEnvironment();
    await Promise.all([hub.close(), smith.close()]);
  });

  function spec(name: string, text: string): vscode.Uri {
    const file = path.join(dir(), name);
    fs.writeFileSync(file, text);
    return vscode.Uri.file(file);
  }

  const exportRows = (uri: vscode.Uri, out: vscode.Uri) => vscode.commands.executeCommand<ExportResult>('evalLens.internal.exportKeptRows', uri, 0, out);

  test('dataset_hub: every kept row of the split, read from its Parquet files by range requests', async () => {
    const uri = spec('hub.dataset.yaml', 'key: hub\ndisplay_name: Hub\nsource:\n  type: dataset_hub\n  path: owner/reviews\n  split: train\n  filters:\n    - { op: equals, expression: "{{ sample.note }}", value: 3 }\n');
    const out = vscode.Uri.file(path.join(dir(), 'hub.jsonl'));
    const result = await exportRows(uri, out);
    const expected = rows.filter((row) => typeof row.note === 'string' && row.note.trim() === '3');
    assert.deepEqual(result, { file: out.fsPath, rows: expected.length });
    const written = fs.readFileSync(out.fsPath, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(written, expected);
    assert.ok(hub.log.filter((request) => request.path.startsWith('/files/')).every((request) => request.headers.range !== undefined), 'only range requests');
    assert.equal(hub.log.filter((request) => request.path === '/rows').length, 0, 'no /rows paging');
    assertNoSecret(fs.readFileSync(out.fsPath, 'utf8'), [HF_TEST_TOKEN]);
  });

  test('trace_platform_a with its key in secret storage: the export reads it as the preview does', async () => {
    const uri = spec('smith.dataset.yaml', `key: runs\ndisplay_name: Runs\nsource:\n  type: trace_platform_a\n  project: proj\n  limit: 7\n  api_url: "${smith.url}"\n  api_key: "${LANGSMITH_TEST_KEY}"\n`);
    const stored = await vscode.commands.executeCommand<string | undefined>('evalLens.storeCredential', uri.toString(), { documentIndex: 0, path: ['source', 'api_key'], name: 'eval-lens-test-export-smith' });
    assert.equal(stored, 'eval-lens-test-export-smith');
    await (await vscode.workspace.openTextDocument(uri)).save();
    assert.ok(!fs.readFileSync(uri.fsPath, 'utf8').includes(LANGSMITH_TEST_KEY));
    const out = vscode.Uri.file(path.join(dir(), 'runs.jsonl'));
    const result = await exportRows(uri, out);
    assert.deepEqual(result, { file: out.fsPath, rows: 7 });
    const text = fs.readFileSync(out.fsPath, 'utf8');
    assert.equal(text.trimEnd().split('\n').length, 7);
    assertNoSecret(text, [LANGSMITH_TEST_KEY]);
  });
});
