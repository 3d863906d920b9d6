/**
 * One webview showing one TaskLogDocument: answers the webview's requests from the document's LogSource,
 * pushes a new `init` after each reload, forwards progress, opens links only after confirmation (the
 * channel itself is the shared WebviewSession).
 */
import * as vscode from 'vscode';
import type { HostToWebview, RevealTarget, WebviewToHost } from '../../core/protocol/logReportProtocol';
import { isWebviewToHost } from '../../core/protocol/logReportProtocol';
import { logStrings as S } from '../../core/l10n/logStrings';
import type { Services } from '../services';
import type { LoadState, TaskLogDocument } from './taskLogDocument';
import { webviewOptions, webviewPage } from '../webviewPage';
import { WebviewSession } from '../webviewSession';
import { ConversationPanel } from '../conversation/conversationPanel';

export class LogReportPanel implements vscode.Disposable {
  private readonly session: WebviewSession<WebviewToHost, HostToWebview>;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly document: TaskLogDocument,
    readonly panel: vscode.WebviewPanel,
    private readonly services: Services,
    private pendingReveal: RevealTarget | undefined,
    private readonly onDisposed: () => void,
  ) {
    const webview = panel.webview;
    webview.options = webviewOptions(services.context.extensionUri);
    this.session = new WebviewSession(panel, {
      view: 'logReport',
      key: () => document.uri.toString(),
      isMessage: isWebviewToHost,
      onReady: async () => this.sendState(await this.document.ready()),
      onMessage: (message) => this.receive(message),
    });
    this.disposables.push(
      this.session,
      document.onDidLoad((state) => this.sendState(state)),
      document.onProgress((progress) => this.session.post({ type: 'progress', ...progress })),
      // Before `ready`, the webview gets the problems with the (updated) summary in its `init`.
      document.onSchemaProblems(({ generation, problems }) => {
        if (this.session.ready) this.session.post({ type: 'schemaProblems', generation, problems });
        else this.session.note({ type: 'schemaProblems', generation, problems });
      }),
      panel.onDidDispose(() => this.dispose()),
    );
    webview.html = webviewPage(webview, services.context.extensionUri, {
      bundle: 'logReport', title: document.uri.path.split('/').pop() ?? '', body: '<div id="root"></div>', dataImages: true,
    });
  }

  /** Jump to a sample (deep link): now if the webview is ready, else as part of its `init`. */
  reveal(target: RevealTarget): void {
    if (this.session.ready && this.document.current.kind === 'ready') {
      this.session.post({ type: 'reveal', target });
    } else {
      this.pendingReveal = target;
    }
    this.panel.reveal();
  }

  private sendState(state: LoadState): void {
    if (!this.session.ready) return;
    if (state.kind === 'ready') {
      const reveal = this.pendingReveal;
      this.pendingReveal = undefined;
      this.session.post({ type: 'init', summary: state.summary, reveal, hostCommands: true });
    } else if (state.kind === 'failed') {
      this.session.post({ type: 'loadError', fileName: vscode.workspace.asRelativePath(this.document.uri), ...state.failure, hint: state.failure.hint || S.loadErrorHint });
    }
  }

  private async receive(message: Exclude<WebviewToHost, { type: 'ready' }>): Promise<void> {
    switch (message.type) {
      case 'page':
      case 'detail':
        await this.answer(message);
        return;
      case 'openLink':
        await this.session.openLink(message.href);
        return;
      case 'openConversation':
        ConversationPanel.open(this.services, message.title, message.output);
        return;
      case 'command':
        if (message.command === 'openAsJson') await vscode.commands.executeCommand('evalLens.openLogAsJson', this.document.uri);
        else if (message.command === 'exportHtml') await vscode.commands.executeCommand('evalLens.exportLogReport', this.document.uri);
        else await this.document.reload();
        return;
    }
  }

  private async answer(message: Extract<WebviewToHost, { type: 'page' | 'detail' }>): Promise<void> {
    const state = await this.document.ready();
    const error = (id: number, text: string): HostToWebview => ({ type: 'error', id, error: text });
    if (state.kind !== 'ready') {
      this.session.post(error(message.id, state.kind === 'failed' ? state.failure.message : S.loading));
      return;
    }
    if (message.generation !== state.summary.generation) {
      this.session.post(error(message.id, S.staleReloaded));
      return;
    }
    await this.session.reply(message.id, async () => (message.type === 'page'
      ? { type: 'pageResult', id: message.id, page: await state.source.page(message.query) }
      : { type: 'detailResult', id: message.id, detail: await state.source.detail(message.index, message.runIndex) }), error);
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    this.onDisposed();
  }
}
