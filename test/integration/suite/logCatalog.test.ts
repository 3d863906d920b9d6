import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { removeTempDir, useTempDirAndFreshEditors } from '../suiteSupport';
import { examplesFolder } from '../logReportHelpers';
import { messagesOf, messagesWhen, sent } from '../tappedMessages';

interface ListedLog {
  file: string;
  label: string;
  description: string;
  node: unknown;
}

type Listing = { folder: string; logs: ListedLog[] }[];

async function listing(until?: (files: string[]) => boolean): Promise<Listing> {
  return (await vscode.commands.executeCommand<Listing>('evalLens.internal.logCatalog', { until, timeoutMs: 30_000 })) ?? [];
}

function logsOf(all: Listing): string[] {
  return all.flatMap((folder) => folder.logs.map((log) => log.file));
}

function logNamed(all: Listing, name: string): ListedLog {
  const found = all.flatMap((folder) => folder.logs).find((log) => path.basename(log.file) === name);
  assert.ok(found, `${name} is listed (listed: ${all.flatMap((f) => f.logs.map((l) => path.basename(l.file))).join(', ')})`);
  return found;
}

suite('Evaluation Logs view: the logs of the examples workspace', function () {
  this.retries(1);
  useTempDirAndFreshEditors('eval-lens-log-catalog-');

  test('lists every example log under its folder with its task, model and status', async () => {
    const all = await listing();
    const logs = all.find((folder) => folder.folder === 'logs');
    assert.ok(logs, `a "logs" folder is listed (${all.map((f) => f.folder).join(', ')})`);
    for (const name of ['compare-baseline.tasklog.json', 'compare-candidate.tasklog.json', 'failure.tasklog.json', 'legacy.tasklog.json', 'mismatch.tasklog.json', 'repeatability.tasklog.json', 'success-trials.tasklog.json']) {
      assert.equal(logNamed(all, name).label, 'Capital and arithmetic QA', `${name} is labelled by its task`);
    }
    assert.equal(logNamed(all, 'arith-inspect.eval').label, 'arith', 'the Inspect archive is labelled by its task');
    assert.match(logNamed(all, 'compare-baseline.tasklog.json').description, /qa-model-small · accuracy\/correct 54\.2% · .* · success/);
    assert.match(logNamed(all, 'failure.tasklog.json').description, /4 samples · failure$/);
  });

  test('"Compare" on two selected logs opens the compare view with both, the first selected as baseline', async () => {
    const all = await listing();
    const baseline = logNamed(all, 'compare-baseline.tasklog.json');
    const candidate = logNamed(all, 'compare-candidate.tasklog.json');
    const before = (await messagesOf('compare')).filter((m) => sent(m, 'init')).length;
    const handle = await vscode.commands.executeCommand<{ files: string[] } | undefined>('evalLens.logCatalog.compare', baseline.node, [baseline.node, candidate.node]);
    assert.deepEqual(handle?.files.map((f) => path.basename(f)), ['compare-baseline.tasklog.json', 'compare-candidate.tasklog.json']);
    const messages = await messagesWhen('compare', (m) => sent(m, 'init'), before, 30_000);
    const inits = messages.filter((m) => sent(m, 'init'));
    assert.ok(inits.length > before, 'the compare view received its summary');
    assert.deepEqual(inits[inits.length - 1].key.split('\n').map((f) => path.basename(f)), ['compare-baseline.tasklog.json', 'compare-candidate.tasklog.json']);
  });

  test('follows the workspace: a log written appears with its facts, a deleted one goes', async () => {
    const folder = path.join(examplesFolder(), 'logs', `watched-${process.pid}`);
    const file = path.join(folder, 'new-run.tasklog.json');
    try {
      fs.mkdirSync(folder, { recursive: true });
      fs.copyFileSync(path.join(examplesFolder(), 'logs', 'legacy.tasklog.json'), file);
      const added = await listing((files) => files.includes(file));
      assert.match(logNamed(added, 'new-run.tasklog.json').description, /accuracy 75% · 8 samples · success/);
      fs.rmSync(file);
      const removed = await listing((files) => !files.includes(file));
      assert.ok(!removed.flatMap((f) => f.logs).some((log) => log.file === file), 'the deleted log is no longer listed');
    } finally {
      removeTempDir(folder);
    }
  });

  test('a folder moved into the workspace with a log already in it: the log is listed (no event names the log itself)', async () => {
    // Staged beside the workspace (the same file system), then renamed into it: the watchers see one folder created.
    const staged = path.join(path.dirname(examplesFolder()), `staged-run-${process.pid}`);
    const folder = path.join(examplesFolder(), 'logs', `moved-${process.pid}`);
    const file = path.join(folder, 'moved-run.tasklog.json');
    try {
      fs.mkdirSync(staged, { recursive: true });
      fs.copyFileSync(path.join(examplesFolder(), 'logs', 'legacy.tasklog.json'), path.join(staged, 'moved-run.tasklog.json'));
      assert.ok(!logsOf(await listing()).includes(file), 'listed before the move');
      fs.renameSync(staged, folder);
      const added = await listing((files) => files.includes(file));
      assert.match(logNamed(added, 'moved-run.tasklog.json').description, /accuracy 75% · 8 samples · success/);
    } finally {
      removeTempDir(staged);
      removeTempDir(folder);
    }
  });
});
