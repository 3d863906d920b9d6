import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useTempDirAndFreshEditors } from '../suiteSupport';
import { examplesFolder } from '../logReportHelpers';
import { countKinds, messagesOf, messagesWhen, RecordedMessage, sent } from '../tappedMessages';

/** What the Trace editor served and what its webview reported having rendered, folded from the tapped messages. */
interface ServedTraceFile {
  uri: string;
  init?: { generation: number; fileName: string; header: { agent?: string; model?: string; totalTokens?: number; tags: string[] }; totalTurns: number; preambleCount: number; subSpanNames: string[] };
  loadError?: { message: string; line?: number; column?: number };
  rendered?: { generation: number; shownItems: number; roles: string[]; toolCalls: { name: string; hasOutput: boolean }[]; spanNames: string[] };
  counts: Record<Kind, number>;
}
type Kind = 'init' | 'loadError' | 'rendered' | 'more';

const KINDS: Record<Kind, (m: RecordedMessage) => boolean> = {
  init: (m) => sent(m, 'init'),
  loadError: (m) => sent(m, 'loadError'),
  rendered: (m) => m.direction === 'fromWebview' && m.message.type === 'rendered',
  more: (m) => sent(m, 'moreResult'),
};

/** The facts of the Trace editor updated last (another file starts afresh), with the counts of all. */
function fold(messages: readonly RecordedMessage[]): ServedTraceFile | undefined {
  let last: Omit<ServedTraceFile, 'counts'> | undefined;
  for (const tapped of messages) {
    const m = tapped.message;
    let patch: Partial<ServedTraceFile>;
    if (KINDS.init(tapped)) {
      const init = m as unknown as { generation: number; fileName: string; header: NonNullable<ServedTraceFile['init']>['header']; totalTurns: number; preamble: unknown[]; subSpans: { name: string }[] };
      patch = { init: { generation: init.generation, fileName: init.fileName, header: init.header, totalTurns: init.totalTurns, preambleCount: init.preamble.length, subSpanNames: init.subSpans.map((s) => s.name) }, loadError: undefined };
    } else if (KINDS.loadError(tapped)) {
      patch = { loadError: { message: m.message as string, line: m.line as number | undefined, column: m.column as number | undefined } };
    } else if (KINDS.rendered(tapped)) {
      const { type: _type, ...rendered } = m;
      patch = { rendered: rendered as unknown as ServedTraceFile['rendered'] };
    } else if (KINDS.more(tapped)) {
      patch = {};
    } else {
      continue;
    }
    last = { ...(last?.uri === tapped.key ? last : {}), ...patch, uri: tapped.key };
  }
  return last ? { ...last, counts: countKinds(messages, KINDS) } : undefined;
}

async function countOf(kind: Kind): Promise<number> {
  return (await messagesOf('traceFile')).filter(KINDS[kind]).length;
}

async function served(kind: Kind, afterCount: number): Promise<ServedTraceFile> {
  const state = fold(await messagesWhen('traceFile', KINDS[kind], afterCount, 30_000));
  assert.ok(state && state.counts[kind] > afterCount, `a new ${kind} (last: ${JSON.stringify(state)})`);
  return state;
}

function activeTraceEditorUri(): string | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof vscode.TabInputCustom && input.viewType === 'evalLens.traceFile' ? input.uri.toString() : undefined;
}

suite('Trace files: the Trace editor shows the conversation', function () {
  this.retries(1);
  const tempDir = useTempDirAndFreshEditors('eval-lens-trace-');

  test('a *.trace.json file opens in the Trace editor with its header, conversation and sub-agent spans', async () => {
    const uri = vscode.Uri.file(path.join(examplesFolder(), 'traces/date-review.trace.json'));
    const before = await countOf('rendered');
    await vscode.commands.executeCommand('vscode.open', uri);
    assert.equal(activeTraceEditorUri(), uri.toString(), 'the Trace editor is the default for *.trace.json');
    const state = await served('rendered', before);
    assert.equal(state.uri, uri.toString());
    const trace = JSON.parse(fs.readFileSync(uri.fsPath, 'utf8')) as { metadata: { agent: string; model: string; total_tokens: number; tags: string[] } };
    assert.equal(state.init?.header.agent, trace.metadata.agent);
    assert.equal(state.init?.header.model, trace.metadata.model);
    assert.equal(state.init?.header.totalTokens, trace.metadata.total_tokens);
    assert.deepEqual(state.init?.header.tags, trace.metadata.tags);
    assert.equal(state.init?.preambleCount, 1, 'the system prompt is the preamble');
    assert.deepEqual(state.rendered?.roles, ['user', 'assistant']);
    assert.deepEqual(state.rendered?.toolCalls.map((c) => [c.name.includes('read_file') || c.name.includes('task'), c.hasOutput]), [[true, true], [true, true]]);
    assert.deepEqual(state.rendered?.spanNames, ['explorer']);

    await vscode.commands.executeCommand('evalLens.openTraceAsJson', uri);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString(), 'Open as JSON goes back to the text');
  });

  test('any .json whose top level is a Trace opens through "Open as Trace"; other JSON is refused', async () => {
    const plain = path.join(tempDir(), 'conversation.json');
    fs.writeFileSync(plain, JSON.stringify({ items: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hello' }] }, { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Hi' }] }], metadata: { model: 'm' } }));
    const before = await countOf('rendered');
    const handle = await vscode.commands.executeCommand<{ uri: string } | undefined>('evalLens.openTraceFile', vscode.Uri.file(plain));
    assert.equal(handle?.uri, vscode.Uri.file(plain).toString());
    const state = await served('rendered', before);
    assert.deepEqual(state.rendered?.roles, ['user', 'assistant']);

    const other = path.join(tempDir(), 'settings.json');
    fs.writeFileSync(other, JSON.stringify({ editor: { fontSize: 12 } }));
    const refused = await vscode.commands.executeCommand('evalLens.openTraceFile', vscode.Uri.file(other));
    assert.equal(refused, undefined);
  });

  test('a broken Trace file shows a message with its line and column', async () => {
    const broken = path.join(tempDir(), 'broken.trace.json');
    fs.writeFileSync(broken, '{\n  "items": [\n    {"type": "message" "role": "user"}\n  ]\n}\n');
    const beforeError = await countOf('loadError');
    await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(broken));
    const failed = await served('loadError', beforeError);
    assert.equal(failed.loadError?.line, 3);
    assert.equal(failed.loadError?.column, 24);
    assert.match(failed.loadError?.message ?? '', /broken\.trace\.json:3:24: not valid JSON/);
  });

  test('a long Trace file arrives in pages', async () => {
    const long = path.join(tempDir(), 'long.trace.json');
    const items = [];
    for (let i = 0; i < 1500; i++) items.push({ type: 'message', role: i % 2 ? 'assistant' : 'user', content: [{ type: i % 2 ? 'output_text' : 'input_text', text: `turn ${i}` }] });
    fs.writeFileSync(long, JSON.stringify({ items }));
    const before = await countOf('rendered');
    await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(long));
    const state = await served('rendered', before);
    assert.equal(state.init?.totalTurns, 1500);
    assert.ok((state.rendered?.shownItems ?? 0) < 1500, 'the first page only');
    assert.equal(state.rendered?.roles.length, state.rendered?.shownItems);
  });
});
