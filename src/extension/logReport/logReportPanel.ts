/**
 * One webview showing one TaskLogDocument: answers the webview's requests from the document's LogSource,
 * pushes a new `init` after each reload, forwards progress, opens links only after confirmation.
 */
import * as vscode from 'vscode';
import type { HostToWebview, RevealTarget, WebviewToHost } from '../../core/protocol/logReportProtocol';
import { isOpenableLink, isWebviewToHost } from '../../core/protocol/logReportProtocol';
import { logStrings as S } from '../../core/l10n/logStrings';
import type { Services } from '../services';
import type { LoadState, TaskLogDocument } from './taskLogDocument';
import { webviewOptions, webviewPage } from '../webviewPage';
import { servedLogReport } from './logReportTestState';

export class LogReportPanel implements vscode.Disposable {
  private ready = false;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly document: TaskLogDocument,
    readonly panel: vscode.WebviewPanel,
    services: Services,
    private pendingReveal: RevealTarget | undefined,
    private readonly onDisposed: () => void,
  ) {
    const webview = panel.webview;
    webview.options = webviewOptions(services.context.extensionUri);
    // Listen before the page loads, so its first `ready` cannot be missed.
    this.disposables.push(
      webview.onDidReceiveMessage((message: unknown) => void this.receive(message)),
      document.onDidLoad((state) => this.sendState(state)),
      document.onProgress((progress) => this.post({ type: 'progress', ...progress })),
      // Before `ready`, the webview gets the problems with the (updated) summary in its `init`.
      document.onSchemaProblems(({ generation, problems }) => {
        if (this.ready) this.post({ type: 'schemaProblems', generation, problems });
      }),
      panel.onDidDispose(() => this.dispose()),
    );
    webview.html = webviewPage(webview, services.context.extensionUri, {
      bundle: 'logReport', title: document.uri.path.split('/').pop() ?? '', body: '<div id="root"></div>', dataImages: true,
    });
  }

  /** Jump to a sample (deep link): now if the webview is ready, else as part of its `init`. */
  reveal(target: RevealTarget): void {
    if (this.ready && this.document.current.kind === 'ready') {
      servedLogReport.reveal(this.document.uri, target);
      this.post({ type: 'reveal', target });
    } else {
      this.pendingReveal = target;
    }
    this.panel.reveal();
  }

  private post(message: HostToWebview): void {
    void this.panel.webview.postMessage(message);
  }

  private sendState(state: LoadState): void {
    if (!this.ready) return;
    if (state.kind === 'ready') {
      const reveal = this.pendingReveal;
      this.pendingReveal = undefined;
      servedLogReport.summary(this.document.uri, state.summary);
      if (reveal) servedLogReport.reveal(this.document.uri, reveal);
      this.post({ type: 'init', summary: state.summary, reveal, hostCommands: true });
    } else if (state.kind === 'failed') {
      servedLogReport.loadError(this.document.uri, state.failure.message);
      this.post({ type: 'loadError', fileName: vscode.workspace.asRelativePath(this.document.uri), ...state.failure, hint: state.failure.hint || S.loadErrorHint });
    }
  }

  private async receive(message: unknown): Promise<void> {
    if (!isWebviewToHost(message)) return;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.sendState(await this.document.ready());
        return;
      case 'page':
      case 'detail':
        await this.answer(message);
        return;
      case 'openLink':
        await this.openLink(message.href);
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
    if (state.kind !== 'ready') {
      this.post({ type: 'error', id: message.id, error: state.kind === 'failed' ? state.failure.message : S.loading });
      return;
    }
    if (message.generation !== state.summary.generation) {
      this.post({ type: 'error', id: message.id, error: S.staleReloaded });
      return;
    }
    try {
      if (message.type === 'page') {
        const page = await state.source.page(message.query);
        servedLogReport.page(this.document.uri, page);
        this.post({ type: 'pageResult', id: message.id, page });
      } else {
        const detail = await state.source.detail(message.index, message.runIndex);
        servedLogReport.detail(this.document.uri, detail);
        this.post({ type: 'detailResult', id: message.id, detail });
      }
    } catch (error) {
      this.post({ type: 'error', id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  }

  private async openLink(href: string): Promise<void> {
    if (!isOpenableLink(href)) return;
    const choice = await vscode.window.showWarningMessage(S.linkConfirm(href), { modal: true }, S.openLinkButton);
    if (choice === S.openLinkButton) await vscode.env.openExternal(vscode.Uri.parse(href, true));
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    this.onDisposed();
  }
}
