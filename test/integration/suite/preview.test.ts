import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { removeTempDir, useTempDirAndFreshEditors } from '../suiteSupport';
import { countKinds, messagesOf, messagesWhen, RecordedMessage, sent } from '../tappedMessages';

/** What `evalLens.previewFilters` resolves to (see src/extension/preview/previewCommands.ts). */
interface PreviewSummary {
  total: number;
  matched: number;
  removedPerFilter: { index: number; label: string; removed: number; notComparable: number }[];
  notComparable: number;
  complete: boolean;
  warnings: number;
  rowsHeld: number;
}
type PreviewCommandResult = PreviewSummary | { error: string } | undefined;

function workspaceFile(relative: string): vscode.Uri {
  return vscode.Uri.file(path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, relative));
}

async function previewSummary(...args: unknown[]): Promise<PreviewSummary> {
  const result = await vscode.commands.executeCommand<PreviewCommandResult>('evalLens.previewFilters', ...args);
  assert.ok(result, 'the command returns a summary');
  if ('error' in result) assert.fail(`the preview failed: ${result.error}`);
  return result;
}

async function lensTitles(uri: vscode.Uri): Promise<string[]> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
  return lenses.filter((l) => l.command?.command === 'evalLens.previewFilters').map((l) => l.command!.title);
}

/** Polls the code lens titles until `ready` holds (the background count fires a change event). */
async function waitForLenses(uri: vscode.Uri, ready: (titles: string[]) => boolean, timeoutMs = 30_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let titles = await lensTitles(uri);
  while (!ready(titles)) {
    if (Date.now() > deadline) assert.fail(`code lenses not ready: ${JSON.stringify(titles)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    titles = await lensTitles(uri);
  }
  return titles;
}

suite('Preview: dataset filters in the editor', () => {
  let dir: string;
  let csvSpec: vscode.Uri;
  let streamSpec: vscode.Uri;

  suiteSetup(async () => {
    await vscode.extensions.getExtension('eval-lens.eval-lens')?.activate();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-preview-'));
    // 12 rows: level 1..12, topic alternating math/code/prose; one row without a level.
    const lines = ['id,topic,level'];
    const topics = ['math', 'code', 'prose'];
    for (let i = 1; i <= 12; i++) lines.push(`${i},${topics[i % 3]},${i}`);
    lines.push('13,math,');
    fs.writeFileSync(path.join(dir, 'rows.csv'), lines.join('\n') + '\n');
    fs.writeFileSync(path.join(dir, 'rows.jsonl'), ['{"a":1}', '{"a":2}', 'not json', '{"a":3}'].join('\n') + '\n');
    fs.writeFileSync(path.join(dir, 'csv.dataset.yaml'), [
      'key: levels',
      'source:',
      '  type: local',
      '  file_path: rows.csv',
      '  filters:',
      '    - op: in',
      '      expression: "{{ sample.topic }}"',
      '      values: [math, code]',
      '    - op: greater_than',
      '      expression: "{{ sample.level }}"',
      '      value: 4',
      '',
    ].join('\n'));
    fs.writeFileSync(path.join(dir, 'stream.dataset.yaml'), [
      'key: all_rows',
      'source: {type: local, file_path: rows.csv}',
      '---',
      'key: json_rows',
      'display_name: JSON rows',
      'source:',
      '  type: local',
      '  file_path: rows.jsonl',
      '  filters:',
      '    - {op: greater_or_equal, expression: "{{ sample.a }}", value: 2}',
      '---',
      'key: broken',
      'source:',
      '  type: local',
      '  file_path: rows.csv',
      '  filters:',
      '    - {op: exists, expression: "{{ sample | upper }}"}',
      '',
    ].join('\n'));
    csvSpec = vscode.Uri.file(path.join(dir, 'csv.dataset.yaml'));
    streamSpec = vscode.Uri.file(path.join(dir, 'stream.dataset.yaml'));
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    removeTempDir(dir);
  });

  test('counts rows through each filter and returns the funnel', async () => {
    const summary = await previewSummary(csvSpec);
    // topic in [math, code] keeps ids 1,3,4,6,7,9,10,12,13 (9); level > 4 keeps 6,7,9,10,12 (13 has no level).
    assert.equal(summary.total, 13);
    assert.equal(summary.matched, 5);
    assert.deepEqual(summary.removedPerFilter.map((s) => s.removed), [4, 4]);
    assert.equal(summary.removedPerFilter[1].notComparable, 1);
    assert.equal(summary.complete, true);
    assert.equal(summary.rowsHeld, 5);
  });

  test('previews the dataset a code lens names in a YAML stream', async () => {
    const summary = await previewSummary(streamSpec, 1);
    assert.equal(summary.total, 3, 'the line that is not JSON is skipped');
    assert.equal(summary.matched, 2);
    assert.equal(summary.warnings, 1);
  });

  test('an invalid filter expression is reported, not shown as an empty table', async () => {
    const result = await vscode.commands.executeCommand<PreviewCommandResult>('evalLens.previewFilters', streamSpec, 2);
    assert.ok(result && 'error' in result, 'the command reports an error');
    assert.match(result.error, /stream\.dataset\.yaml:17/);
  });

  test('the active editor is previewed when no argument is given', async () => {
    await vscode.window.showTextDocument(csvSpec);
    const summary = await previewSummary();
    assert.equal(summary.matched, 5);
  });

  test('code lenses sit on each source key and show the last count of this version', async () => {
    const document = await vscode.workspace.openTextDocument(streamSpec);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', streamSpec);
    const preview = lenses.filter((l) => l.command?.command === 'evalLens.previewFilters');
    assert.deepEqual(preview.map((l) => l.range.start.line), [1, 5, 12]);
    assert.deepEqual(preview.map((l) => l.command!.arguments?.[1]), [0, 1, 2]);
    assert.ok(preview.every((l) => (l.command!.arguments?.[0] as vscode.Uri).toString() === document.uri.toString()));
    // The stream was previewed above, so the datasets without a known count are counted in the background.
    const titles = await waitForLenses(streamSpec, (t) => t[0] !== 'Preview' && t[1] !== 'Preview');
    assert.deepEqual(titles, ['Preview · 13 kept of 13', 'Preview · 2 kept of 3', 'Preview']);
  });

  test('an edit makes the count stale until it is counted again', async () => {
    const document = await vscode.workspace.openTextDocument(csvSpec);
    await previewSummary(csvSpec);
    assert.deepEqual(await waitForLenses(csvSpec, (t) => t[0] !== 'Preview'), ['Preview · 5 kept of 13']);
    const valueOffset = document.getText().indexOf('value: 4') + 'value: '.length;
    const replace = async (length: number, text: string) => {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(csvSpec, new vscode.Range(document.positionAt(valueOffset), document.positionAt(valueOffset + length)), text);
      assert.equal(await vscode.workspace.applyEdit(edit), true);
    };
    await replace(1, '10');
    try {
      // level > 10 among the 9 math/code rows: id 12 only.
      assert.deepEqual(await waitForLenses(csvSpec, (t) => t[0] !== 'Preview · 5 kept of 13' && t[0] !== 'Preview'), ['Preview · 1 kept of 13']);
    } finally {
      await replace(2, '4');
      await document.save();
    }
  });

  test('code lenses follow the setting', async () => {
    const config = vscode.workspace.getConfiguration('evalLens');
    await config.update('codeLens.enabled', false, vscode.ConfigurationTarget.Global);
    try {
      assert.deepEqual(await waitForLenses(csvSpec, (t) => t.length === 0), []);
    } finally {
      await config.update('codeLens.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.equal((await waitForLenses(csvSpec, (t) => t.length === 1)).length, 1);
  });

  test('a URL source is refused without a network request when fetching is off', async () => {
    const spec = path.join(dir, 'remote.dataset.yaml');
    fs.writeFileSync(spec, 'key: remote\nsource:\n  type: url\n  url: http://127.0.0.1:9/never.csv\n');
    const config = vscode.workspace.getConfiguration('evalLens');
    await config.update('preview.urlFetch', 'never', vscode.ConfigurationTarget.Global);
    try {
      const result = await vscode.commands.executeCommand<PreviewCommandResult>('evalLens.previewFilters', vscode.Uri.file(spec));
      assert.ok(result && 'error' in result);
      assert.match(result.error, /urlFetch.*never/);
    } finally {
      await config.update('preview.urlFetch', undefined, vscode.ConfigurationTarget.Global);
    }
    const lenses = await lensTitles(vscode.Uri.file(spec));
    assert.deepEqual(lenses, ['Preview'], 'a URL source is never counted for a code lens');
  });
});

suite('Preview: the example datasets', () => {
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('local CSV: 40 rows → 20 → 12 → 3 kept', async () => {
    const summary = await previewSummary(workspaceFile('datasets/local-csv.dataset.yaml'));
    assert.equal(summary.total, 40);
    assert.equal(summary.matched, 3);
    assert.deepEqual(summary.removedPerFilter.map((s) => s.removed), [20, 8, 9]);
    assert.equal(summary.notComparable, 0);
  });

  test('local JSONL: null scores are removed as not comparable', async () => {
    const summary = await previewSummary(workspaceFile('datasets/local-jsonl.dataset.yaml'));
    assert.equal(summary.total, 40);
    assert.equal(summary.matched, 24);
    assert.deepEqual(summary.removedPerFilter.map((s) => [s.removed, s.notComparable]), [[10, 0], [0, 0], [6, 2]]);
  });

  test('folder of notes: only .md files (any case), front matter as columns', async () => {
    const summary = await previewSummary(workspaceFile('datasets/folder-notes.dataset.yaml'));
    // algebra.md, archive/history.MD, archive/low-priority.md, broken-front-matter.md, drafts.md, plain.md
    assert.equal(summary.total, 6);
    assert.deepEqual(summary.removedPerFilter.map((s) => s.removed), [3, 1, 0]);
    assert.equal(summary.matched, 2);
    assert.ok(summary.warnings >= 1, 'the broken front matter is reported');
  });

  test('the code lens of a previewed example shows its count', async () => {
    const uri = workspaceFile('datasets/local-csv.dataset.yaml');
    await previewSummary(uri);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const preview = lenses.filter((l) => l.command?.command === 'evalLens.previewFilters');
    assert.equal(preview.length, 1);
    assert.equal(preview[0].range.start.line, 5, 'on the source key');
    assert.equal(preview[0].command!.title, 'Preview · 3 kept of 40');
  });
});

/** What a preview view's host posted and did, folded from the tapped messages of that view. */
interface ServedPreview {
  spec: string;
  index: number;
  generation: number;
  /** The last counts posted to the view (first page or final). */
  summary?: { phase: 'firstPage' | 'final'; total: number; matched: number; removed: number[]; complete: boolean; rowCount: number; capped: boolean };
  /** Kept rows the host holds for paging (the `rowCount` of the last result; none after a failure or a generator). */
  rowsHeld: number;
  failure?: { message: string; hint?: string; location?: { file: string; line?: number } };
  /** The count's entry in the status bar: its last message, and whether it is shown. */
  statusBar: { shown: boolean; message?: string };
  restored: boolean;
  counts: Record<ServedKind, number>;
}
type ServedKind = 'runStarted' | 'firstPage' | 'final' | 'runFailed' | 'progress' | 'loaderProgress' | 'statusBarShown' | 'statusBarEnded';

const noted = (m: RecordedMessage, type: string): boolean => m.direction === 'host' && m.message.type === type;

const KINDS: Record<ServedKind, (m: RecordedMessage) => boolean> = {
  runStarted: (m) => sent(m, 'runStarted'),
  firstPage: (m) => sent(m, 'result') && m.message.phase === 'firstPage',
  final: (m) => sent(m, 'result') && m.message.phase === 'final',
  runFailed: (m) => sent(m, 'runFailed'),
  progress: (m) => sent(m, 'progress'),
  loaderProgress: (m) => noted(m, 'loaderProgress'),
  statusBarShown: (m) => noted(m, 'statusBarShown'),
  statusBarEnded: (m) => noted(m, 'statusBarEnded'),
};

function keyOf(spec: vscode.Uri): string {
  return `${spec.toString()}#0`;
}

/** The facts of the view of `key`, or undefined when it did nothing yet. */
function fold(all: readonly RecordedMessage[], key: string): ServedPreview | undefined {
  const messages = all.filter((m) => m.key === key);
  if (messages.length === 0) return undefined;
  const at = key.lastIndexOf('#');
  const view: Omit<ServedPreview, 'counts'> = { spec: key.slice(0, at), index: Number(key.slice(at + 1)), generation: 0, rowsHeld: 0, statusBar: { shown: false }, restored: false };
  for (const tapped of messages) {
    const m = tapped.message;
    if (KINDS.runStarted(tapped)) {
      view.generation = m.generation as number;
      view.failure = undefined;
    } else if (sent(tapped, 'result')) {
      const s = m.summary as { total: number; matched: number; steps: { removed: number }[]; complete: boolean; rowCount: number; capped: boolean };
      view.summary = { phase: m.phase as 'firstPage' | 'final', total: s.total, matched: s.matched, removed: s.steps.map((step) => step.removed), complete: s.complete, rowCount: s.rowCount, capped: s.capped };
      view.rowsHeld = s.rowCount;
    } else if (KINDS.runFailed(tapped)) {
      view.failure = m.failure as ServedPreview['failure'];
      view.summary = undefined;
      view.rowsHeld = 0;
    } else if (sent(tapped, 'generator')) {
      view.rowsHeld = 0;
    } else if (KINDS.statusBarShown(tapped)) {
      view.statusBar = { shown: true };
    } else if (noted(tapped, 'statusBarReported')) {
      view.statusBar = { ...view.statusBar, message: m.message as string };
    } else if (KINDS.statusBarEnded(tapped)) {
      view.statusBar = { ...view.statusBar, shown: false };
    } else if (noted(tapped, 'restored')) {
      view.restored = true;
    }
  }
  return { ...view, counts: countKinds(messages, KINDS) };
}

/** What the view of `spec` did, once it has done `waitFor` more than `afterCount` times (or at the timeout). */
async function servedPreview(spec: vscode.Uri, waitFor?: ServedKind, afterCount = 0, timeoutMs = 45_000): Promise<ServedPreview | undefined> {
  const key = keyOf(spec);
  const messages = waitFor ? await messagesWhen('preview', (m) => m.key === key && KINDS[waitFor](m), afterCount, timeoutMs) : await messagesOf('preview');
  return fold(messages, key);
}

/** Waits until the view of `spec` has done `kind` more than `afterCount` times. */
async function served(spec: vscode.Uri, kind: ServedKind, afterCount = 0): Promise<ServedPreview> {
  const state = await servedPreview(spec, kind, afterCount);
  assert.ok(state && state.counts[kind] > afterCount, `the view did ${kind} (last state: ${JSON.stringify(state)})`);
  return state;
}

async function countOf(spec: vscode.Uri, kind: ServedKind): Promise<number> {
  return (await servedPreview(spec))?.counts[kind] ?? 0;
}

/** Writes `count` lines made by `line(i)` to `file`, in blocks (the files are tens of megabytes). */
function writeLines(file: string, header: string | undefined, count: number, line: (i: number) => string): void {
  const fd = fs.openSync(file, 'w');
  try {
    if (header !== undefined) fs.writeSync(fd, `${header}\n`);
    for (let start = 0; start < count; start += 10_000) {
      const block: string[] = [];
      for (let i = start; i < Math.min(count, start + 10_000); i++) block.push(line(i));
      fs.writeSync(fd, `${block.join('\n')}\n`);
    }
  } finally {
    fs.closeSync(fd);
  }
}

function previewTabLabels(): string[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('evalLens.preview'))
    .map((tab) => tab.label);
}

/** The labels of the open preview tabs once they satisfy `ready` (the tab model follows the host a little later). */
async function previewTabsWhen(ready: (labels: string[]) => boolean, timeoutMs = 30_000): Promise<string[]> {
  if (ready(previewTabLabels())) return previewTabLabels();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      listener.dispose();
      resolve(previewTabLabels());
    }, timeoutMs);
    const listener = vscode.window.tabGroups.onDidChangeTabs(() => {
      if (!ready(previewTabLabels())) return;
      clearTimeout(timer);
      listener.dispose();
      resolve(previewTabLabels());
    });
  });
}

suite('Preview: long counts, the row cap and restored views', () => {
  const tempDir = useTempDirAndFreshEditors('eval-lens-preview-long-');

  test('cancelling a count keeps the counts so far, marked incomplete, and stops the loader', async () => {
    // 300,000 rows of ~200 bytes (about 60 MB): counting takes far longer than the cancel takes to arrive.
    // Each row holds a nested value, which keeps it on the (slower) JavaScript path.
    const padding = 'x'.repeat(140);
    writeLines(path.join(tempDir(), 'large.jsonl'), undefined, 300_000, (i) => JSON.stringify({ id: i, group: i % 3 === 0 ? 'a' : 'b', meta: { n: i }, text: `${i} ${padding}` }));
    const spec = vscode.Uri.file(path.join(tempDir(), 'large.dataset.yaml'));
    fs.writeFileSync(spec.fsPath, 'key: large\nsource:\n  type: local\n  file_path: large.jsonl\n  filters:\n    - {op: equals, expression: "{{ sample.group }}", value: a}\n');

    const finals = await countOf(spec, 'final');
    const ends = await countOf(spec, 'statusBarEnded');
    const running = vscode.commands.executeCommand<PreviewCommandResult>('evalLens.previewFilters', spec);
    const counting = await served(spec, 'loaderProgress');
    assert.ok(counting.statusBar.shown, 'the count shows in the status bar');
    const stopped = await vscode.commands.executeCommand<number>('evalLens.cancelPreviewCount', spec);
    assert.equal(stopped, 1, 'the command stopped the count of this view');

    const result = await running;
    assert.ok(result && !('error' in result), `the command returns the counts so far: ${JSON.stringify(result)}`);
    assert.equal(result.complete, false, 'a cancelled count is incomplete');
    assert.ok(result.total > 0 && result.total < 300_000, `counted part of the file: ${result.total}`);
    assert.ok(result.matched > 0 && result.matched <= result.total);
    assert.equal(result.removedPerFilter[0].removed, result.total - result.matched);

    const view = await served(spec, 'final', finals);
    assert.deepEqual(
      { total: view.summary?.total, matched: view.summary?.matched, complete: view.summary?.complete, phase: view.summary?.phase },
      { total: result.total, matched: result.matched, complete: false, phase: 'final' },
      'the view shows the same counts, marked incomplete',
    );
    const ended = await served(spec, 'statusBarEnded', ends);
    assert.equal(ended.statusBar.shown, false, 'the status bar entry is gone');
    assert.match(ended.statusBar.message ?? '', /^\d{1,2}% · [\d,]+ rows read$/, 'it showed the share of bytes read');

    // Counting has stopped: the loader reports no more progress.
    const reports = ended.counts.loaderProgress;
    const later = await servedPreview(spec, 'loaderProgress', reports, 1_000);
    assert.equal(later?.counts.loaderProgress, reports, 'no progress after the cancel');
    assert.equal(later?.counts.final, view.counts.final, 'no other result either');
  });

  test('a large JSONL file is counted exactly in the worker threads, each broken line reported', async () => {
    // About 16 MB (above the 8 MB at which worker threads count): plain rows, every 997th line broken.
    const padding = 'y'.repeat(40);
    writeLines(path.join(tempDir(), 'wide.jsonl'), undefined, 200_000, (i) => (i % 997 === 0 ? `{"id":${i},"group":` : JSON.stringify({ id: i, group: i % 4 === 0 ? 'a' : 'b', score: i % 10, text: padding })));
    const spec = vscode.Uri.file(path.join(tempDir(), 'wide.dataset.yaml'));
    fs.writeFileSync(spec.fsPath, 'key: wide\nsource:\n  type: local\n  file_path: wide.jsonl\n  filters:\n    - {op: equals, expression: "{{ sample.group }}", value: a}\n    - {op: greater_or_equal, expression: "{{ sample.score }}", value: 5}\n');
    const broken = Array.from({ length: 200_000 }, (_, i) => i).filter((i) => i % 997 === 0);
    const rows = Array.from({ length: 200_000 }, (_, i) => i).filter((i) => i % 997 !== 0);
    const groupA = rows.filter((i) => i % 4 === 0);
    const kept = groupA.filter((i) => i % 10 >= 5);

    const summary = await previewSummary(spec);
    assert.equal(summary.complete, true);
    assert.equal(summary.total, rows.length);
    assert.equal(summary.matched, kept.length);
    assert.deepEqual(summary.removedPerFilter.map((f) => f.removed), [rows.length - groupA.length, groupA.length - kept.length]);
    assert.equal(summary.warnings, broken.length, 'each broken line is reported once');
  });

  test('the view holds at most 100,000 kept rows and counts all of them', async () => {
    // 130,000 rows; every 13th is removed, so 120,000 are kept.
    writeLines(path.join(tempDir(), 'many.csv'), 'id,group', 130_000, (i) => `${i},${i % 13 === 0 ? 'drop' : 'keep'}`);
    const spec = vscode.Uri.file(path.join(tempDir(), 'many.dataset.yaml'));
    fs.writeFileSync(spec.fsPath, 'key: many\nsource:\n  type: local\n  file_path: many.csv\n  filters:\n    - {op: equals, expression: "{{ sample.group }}", value: keep}\n');
    const finals = await countOf(spec, 'final');
    const ends = await countOf(spec, 'statusBarEnded');

    const summary = await previewSummary(spec);
    assert.equal(summary.complete, true);
    assert.equal(summary.total, 130_000);
    assert.equal(summary.matched, 120_000);
    assert.equal(summary.rowsHeld, 100_000);

    const view = await served(spec, 'final', finals);
    assert.deepEqual(view.summary, { phase: 'final', total: 130_000, matched: 120_000, removed: [10_000], complete: true, rowCount: 100_000, capped: true });
    assert.equal(view.rowsHeld, 100_000, 'the host keeps the capped rows for paging');
    const ended = await served(spec, 'statusBarEnded', ends);
    assert.equal(ended.statusBar.shown, false, 'the status bar entry ends with the count');
  });

  test('a restored view runs the preview its saved state names', async () => {
    fs.writeFileSync(path.join(tempDir(), 'small.csv'), 'id,level\n1,1\n2,5\n3,9\n');
    const spec = vscode.Uri.file(path.join(tempDir(), 'restored.dataset.yaml'));
    fs.writeFileSync(spec.fsPath, 'key: restored\nsource:\n  type: local\n  file_path: small.csv\n  filters:\n    - {op: greater_than, expression: "{{ sample.level }}", value: 2}\n');
    const runs = await countOf(spec, 'runStarted');

    // The state the view saves with setState: its place in the table, and the spec and dataset it shows.
    const state = { scrollTop: 0, scrollLeft: 0, selectedRow: 1, activeColumn: 0, columnWidths: {}, warningsOpen: false, target: { spec: spec.toString(), index: 0 } };
    const result = await vscode.commands.executeCommand<PreviewCommandResult>('evalLens.internal.restorePreview', state);
    assert.ok(result && !('error' in result), `the restored view counted: ${JSON.stringify(result)}`);
    assert.deepEqual([result.total, result.matched, result.complete], [3, 2, true]);

    const view = await served(spec, 'final');
    assert.equal(view.restored, true);
    assert.ok(view.counts.runStarted > runs, 'the preview ran again');
    assert.deepEqual(await previewTabsWhen((labels) => labels.includes('Preview: restored')), ['Preview: restored'], 'one view, titled by its dataset');
  });

  test('a restored view whose spec is gone says so, naming the file', async () => {
    const spec = vscode.Uri.file(path.join(tempDir(), 'deleted.dataset.yaml'));
    const result = await vscode.commands.executeCommand<PreviewCommandResult>('evalLens.internal.restorePreview', { target: { spec: spec.toString(), index: 0 } });
    assert.ok(result && 'error' in result, 'the restored view reports an error');
    assert.ok(result.error.includes(spec.fsPath), result.error);
    const view = await served(spec, 'runFailed');
    assert.match(view.failure?.message ?? '', /deleted\.dataset\.yaml no longer exists/);
    assert.ok(view.failure?.hint, 'with what to do');
    assert.equal((await previewTabsWhen((labels) => labels.length === 1)).length, 1, 'the view stays open with the message');
  });

  test('a restored view whose state names no spec is closed, not left blank', async () => {
    const result = await vscode.commands.executeCommand<PreviewCommandResult>('evalLens.internal.restorePreview', { scrollTop: 10 });
    assert.equal(result, undefined);
    assert.deepEqual(await previewTabsWhen((labels) => labels.length === 0), [], 'the panel is closed');
  });
});
