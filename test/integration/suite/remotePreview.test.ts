import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { replaceEnvironment, useTempDirAndFreshEditors } from '../suiteSupport';
import { HF_TEST_TOKEN, hubParquet, hubRoute, hubRows } from '../../unit/remote/hubReplay';
import { LANGFUSE_PUBLIC, LANGFUSE_SECRET, langfuseData, langfuseRoute } from '../../unit/remote/langfuseReplay';
import { LANGSMITH_TEST_KEY, langsmithData, langsmithRoute } from '../../unit/remote/langsmithReplay';
import { ReplayServer, assertNoSecret, startReplay } from '../../unit/remote/replayServer';

interface PreviewSummary {
  total: number;
  matched: number;
  removedPerFilter: { index: number; label: string; removed: number }[];
  complete: boolean;
  rowsHeld: number;
}
type PreviewCommandResult = PreviewSummary | { error: string } | undefined;

suite('Preview: remote sources against replay servers', () => {
  const dir = useTempDirAndFreshEditors('eval-lens-remote-');
  let hub: ReplayServer;
  let smith: ReplayServer;
  let fuse: ReplayServer;
  let restoreEnvironment = (): void => undefined;
  const config = () => vscode.workspace.getConfiguration('evalLens');

  suiteSetup(async () => {
    const rows = hubRows(600);
    let hubUrl = '';
    hub = await startReplay(hubRoute({ rows, parquet: hubParquet(rows, 200) }, () => hubUrl));
    hubUrl = hub.url;
    smith = await startReplay(langsmithRoute(langsmithData(30)));
    fuse = await startReplay(langfuseRoute(langfuseData(8)));
    // The extension host is this process: the hub's base URL and token come from its environment.
    restoreEnvironment = replaceEnvironment({ HF_TOKEN: HF_TEST_TOKEN, EVAL_LENS_HUB_URL: hub.url }, ['LANGSMITH_API_KEY', 'LANGFUSE_PUBLIC_KEY', 'LANGFUSE_SECRET_KEY']);
    await config().update('preview.urlFetch', 'always', vscode.ConfigurationTarget.Global);
  });

  suiteTeardown(async () => {
    await config().update('preview.urlFetch', undefined, vscode.ConfigurationTarget.Global);
    restoreEnvironment();
    await Promise.all([hub.close(), smith.close(), fuse.close()]);
  });

  function spec(name: string, text: string): vscode.Uri {
    const file = path.join(dir(), name);
    fs.writeFileSync(file, text);
    return vscode.Uri.file(file);
  }

  async function previewOf(uri: vscode.Uri): Promise<PreviewSummary> {
    const result = await vscode.commands.executeCommand<PreviewCommandResult>('evalLens.previewFilters', uri);
    assert.ok(result, 'the command returns a summary');
    if ('error' in result) assert.fail(`the preview failed: ${result.error}`);
    assertNoSecret(JSON.stringify(result), [HF_TEST_TOKEN, LANGSMITH_TEST_KEY, LANGFUSE_SECRET]);
    return result;
  }

  test('dataset_hub: counted from the Parquet columns of the replayed split', async () => {
    const uri = spec('hub.dataset.yaml', 'key: hub\nsource:\n  type: dataset_hub\n  path: owner/reviews\n  split: train\n  filters:\n    - { op: equals, expression: "{{ sample.note }}", value: 3 }\n');
    const summary = await previewOf(uri);
    const expected = hubRows(600).filter((row) => typeof row.note === 'string' && row.note.trim() === '3').length;
    assert.equal(summary.total, 600);
    assert.equal(summary.matched, expected);
    assert.equal(summary.complete, true);
    assert.ok(hub.log.some((request) => request.path.startsWith('/files/') && request.headers.range !== undefined), 'range requests');
  });

  test('trace_platform_a: the key moved into secret storage, the endpoint in the spec, limit kept', async () => {
    const uri = spec('smith.dataset.yaml', `key: runs\nsource:\n  type: trace_platform_a\n  project: proj\n  limit: 7\n  api_url: "${smith.url}"\n  api_key: "${LANGSMITH_TEST_KEY}"\n`);
    const stored = await vscode.commands.executeCommand<string | undefined>('evalLens.storeCredential', uri.toString(), { documentIndex: 0, path: ['source', 'api_key'], name: 'eval-lens-test-smith' });
    assert.equal(stored, 'eval-lens-test-smith');
    const document = await vscode.workspace.openTextDocument(uri);
    await document.save();
    assert.ok(!fs.readFileSync(uri.fsPath, 'utf8').includes(LANGSMITH_TEST_KEY), 'the spec now refers to the secret');
    const summary = await previewOf(uri);
    assert.equal(summary.matched, 7);
    assert.equal(summary.rowsHeld, 7);
    assert.equal(smith.log.find((request) => request.path === '/sessions')?.headers['x-api-key'], LANGSMITH_TEST_KEY);
  });

  test('trace_platform_b: traces with their observations through the current API', async () => {
    const uri = spec('fuse.dataset.yaml', `key: traces\nsource:\n  type: trace_platform_b\n  project: agents\n  base_url: "${fuse.url}"\n  api_key: "${LANGFUSE_PUBLIC}:${LANGFUSE_SECRET}"\n  tags: [prod]\n`);
    const summary = await previewOf(uri);
    assert.equal(summary.total, 8);
    assert.equal(summary.matched, 4);
    assert.deepEqual(summary.removedPerFilter.map((step) => step.removed), [4]);
  });

  test('fetching off: refused before any request reaches the server', async () => {
    await config().update('preview.urlFetch', 'never', vscode.ConfigurationTarget.Global);
    const before = smith.log.length;
    try {
      const uri = spec('smith-off.dataset.yaml', `key: runs\nsource: { type: trace_platform_a, project: proj, api_url: "${smith.url}", api_key: "${LANGSMITH_TEST_KEY}" }\n`);
      const result = await vscode.commands.executeCommand<PreviewCommandResult>('evalLens.previewFilters', uri);
      assert.ok(result && 'error' in result);
      assert.match(result.error, /urlFetch.*never/);
      assertNoSecret(result.error, [LANGSMITH_TEST_KEY]);
    } finally {
      await config().update('preview.urlFetch', 'always', vscode.ConfigurationTarget.Global);
    }
    assert.equal(smith.log.length, before);
  });
});
