import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { useTempDirAndFreshEditors } from '../suiteSupport';
import { messagesOf, messagesWhen, RecordedMessage } from '../tappedMessages';

/** The tab with this label, once the tab model has caught up with the new panel (it reaches the extension a little later). */
async function tabNamed(label: string, timeoutMs = 30_000): Promise<vscode.Tab | undefined> {
  const find = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label === label);
  const found = find();
  if (found) return found;
  return new Promise((resolve) => {
    const timer = setTimeout(() => { listener.dispose(); resolve(find()); }, timeoutMs);
    const listener = vscode.window.tabGroups.onDidChangeTabs(() => {
      const tab = find();
      if (!tab) return;
      clearTimeout(timer);
      listener.dispose();
      resolve(tab);
    });
  });
}

const ready = (m: RecordedMessage) => m.direction === 'fromWebview' && m.message.type === 'ready';

suite('Conversation tab', function () {
  this.timeout(120_000);
  useTempDirAndFreshEditors('eval-lens-conversation-');

  test('openConversation opens the conversation full-width in a tab named after the sample, and its page loads it', async () => {
    const output = {
      kind: 'trace',
      trace: {
        preamble: [],
        turns: [
          { kind: 'message', role: 'user', parts: [{ type: 'input_text', text: 'find the needle' }] },
          { kind: 'function_call', name: 'Task', callId: 'c1', arguments: '{}', output: 'done', subAgents: [{ spanId: 'agent-1', name: 'Explore', messageCount: 1, items: [{ kind: 'message', role: 'assistant', parts: [{ type: 'output_text', text: 'needle found' }] }] }] },
        ],
      },
    };
    const readyBefore = (await messagesOf('conversation')).filter(ready).length;
    const result = await vscode.commands.executeCommand<{ title?: string; error?: string }>('evalLens.internal.openConversation', 'sample-7', output);
    assert.deepEqual(result, { title: 'sample-7 — conversation' });
    const tab = await tabNamed('sample-7 — conversation');
    assert.ok(tab, 'a tab with that title');
    assert.ok(tab?.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('evalLens.conversation'), String(tab?.input));
    const messages = await messagesWhen('conversation', ready, readyBefore, 60_000);
    assert.ok(messages.filter(ready).length > readyBefore, 'the page said it is ready');
    // The host answers `ready` with `init` right after the tap saw `ready`.
    const init = (await messagesOf('conversation')).filter((m) => m.direction === 'toWebview' && m.message.type === 'init').pop();
    assert.equal(init?.message.title, 'sample-7');
    assert.deepEqual(init?.message.output, output);
  });

  test('openConversation refuses arguments that are not a title and an output', async () => {
    const result = await vscode.commands.executeCommand<{ error?: string }>('evalLens.internal.openConversation', 'x', { kind: 'trace' });
    assert.match(result?.error ?? '', /expected/);
  });
});
