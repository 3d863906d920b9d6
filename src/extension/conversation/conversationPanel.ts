/**
 * One conversation in its own editor tab, full-width, with a search box (webview/conversation/): opened from a
 * sample's detail in the report or a row's detail in the preview. The conversation arrives whole with the request
 * (it is what the detail already shows); the tab keeps it to answer the webview's `ready` again after a reload.
 */
import * as vscode from 'vscode';
import type { OutputView } from '../../core/model/logViewTypes';
import type { ConversationHostToWebview, ConversationWebviewToHost } from '../../core/protocol/conversationProtocol';
import { isConversationWebviewToHost, isOutputView } from '../../core/protocol/conversationProtocol';
import type { Services } from '../services';
import { webviewOptions, webviewPage } from '../webviewPage';
import { WebviewSession } from '../webviewSession';

const CONVERSATION_VIEW_TYPE = 'evalLens.conversation';

export function conversationTitle(title: string): string {
  return vscode.l10n.t('{0} — conversation', title);
}

export class ConversationPanel implements vscode.Disposable {
  private readonly session: WebviewSession<ConversationWebviewToHost, ConversationHostToWebview>;
  private readonly disposables: vscode.Disposable[] = [];

  /** Opens `output` in a new tab beside nothing: full-width in the active group. */
  static open(services: Services, title: string, output: OutputView): ConversationPanel {
    const panel = vscode.window.createWebviewPanel(CONVERSATION_VIEW_TYPE, conversationTitle(title), vscode.ViewColumn.Active, webviewOptions(services.context.extensionUri));
    return new ConversationPanel(panel, services, title, output);
  }

  private constructor(readonly panel: vscode.WebviewPanel, services: Services, private readonly title: string, private readonly output: OutputView) {
    this.session = new WebviewSession(panel, {
      view: 'conversation',
      key: () => this.title,
      isMessage: isConversationWebviewToHost,
      onReady: () => this.session.post({ type: 'init', title: this.title, output: this.output }),
      onMessage: (message) => this.session.openLink(message.href),
    });
    this.disposables.push(this.session, panel.onDidDispose(() => this.dispose()));
    panel.webview.html = webviewPage(panel.webview, services.context.extensionUri, { bundle: 'conversation', title: panel.title, body: '<main id="app" class="conversation-page"></main>' });
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

/** `evalLens.internal.openConversation(title, output)`: the tab's title, or an error naming what was wrong. */
export function openConversationCommand(services: Services, title: unknown, output: unknown): { title: string } | { error: string } {
  if (typeof title !== 'string' || !isOutputView(output)) return { error: 'expected (title, output view)' };
  try {
    return { title: ConversationPanel.open(services, title, output).panel.title };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
