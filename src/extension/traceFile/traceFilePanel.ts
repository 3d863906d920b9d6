/** One webview showing one TraceFileDocument: `init` on `ready` and after each reload, pages of turns on request. */
import * as vscode from 'vscode';
import type { TraceHostToWebview, TraceInit } from '../../core/protocol/traceFileProtocol';
import { isTraceWebviewToHost } from '../../core/protocol/traceFileProtocol';
import { isOpenableLink } from '../../core/protocol/logReportProtocol';
import { logStrings } from '../../core/l10n/logStrings';
import { traceFileStrings as S } from '../../core/l10n/traceStrings';
import { findSubSpan, TRACE_PAGE_SIZE, turnsPage } from '../../core/trace/traceFileModel';
import { spanOutline } from '../../core/trace/spanConversation';
import type { Services } from '../services';
import { webviewOptions, webviewPage } from '../webviewPage';
import type { TraceFileDocument, TraceLoadState } from './traceFileDocument';
import { servedTraceFile } from './traceFileTestState';

export class TraceFilePanel implements vscode.Disposable {
  private ready = false;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly document: TraceFileDocument, readonly panel: vscode.WebviewPanel, services: Services, private readonly onDisposed: () => void) {
    const webview = panel.webview;
    webview.options = webviewOptions(services.context.extensionUri);
    this.disposables.push(
      webview.onDidReceiveMessage((message: unknown) => void this.receive(message)),
      document.onDidReload((state) => this.send(state)),
      panel.onDidDispose(() => this.dispose()),
    );
    webview.html = webviewPage(webview, services.context.extensionUri, {
      bundle: 'trace', title: document.uri.path.split('/').pop() ?? S.editorTitle, body: '<div id="root"></div>',
    });
  }

  private post(message: TraceHostToWebview): void {
    void this.panel.webview.postMessage(message);
  }

  private send(state: TraceLoadState): void {
    if (!this.ready) return;
    if (state.kind === 'failed') {
      servedTraceFile.loadError(this.document.uri, state.failure);
      this.post({ type: 'loadError', fileName: this.document.fileName, ...state.failure });
      return;
    }
    const { model } = state;
    const init: TraceInit = {
      type: 'init', generation: state.generation, fileName: this.document.fileName, header: model.header, preamble: model.preamble,
      turns: turnsPage(model, 0, TRACE_PAGE_SIZE), totalTurns: model.turns.length, subSpans: model.subSpans.map(spanOutline),
      ...(model.genericSpans ? { genericSpans: model.genericSpans } : {}), ...(model.metadata ? { metadata: model.metadata } : {}),
    };
    servedTraceFile.init(this.document.uri, init);
    this.post(init);
  }

  private async receive(message: unknown): Promise<void> {
    if (!isTraceWebviewToHost(message)) return;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.send(await this.document.ready());
        return;
      case 'more': {
        const state = await this.document.ready();
        if (state.kind !== 'ready' || state.generation !== message.generation) {
          this.post({ type: 'error', id: message.id, error: logStrings.staleReloaded });
          return;
        }
        servedTraceFile.more(this.document.uri);
        this.post({ type: 'moreResult', id: message.id, generation: state.generation, offset: message.offset, turns: turnsPage(state.model, message.offset) });
        return;
      }
      case 'spanItems': {
        const state = await this.document.ready();
        const span = state.kind === 'ready' && state.generation === message.generation ? findSubSpan(state.model, message.spanId) : undefined;
        if (state.kind !== 'ready' || !span) {
          this.post({ type: 'error', id: message.id, error: logStrings.staleReloaded });
          return;
        }
        this.post({ type: 'spanItemsResult', id: message.id, generation: state.generation, spanId: span.spanId, items: span.items });
        return;
      }
      case 'command':
        if (message.command === 'openAsJson') await vscode.commands.executeCommand('evalLens.openTraceAsJson', this.document.uri);
        else await this.document.reload();
        return;
      case 'openLink':
        if (!isOpenableLink(message.href)) return;
        if ((await vscode.window.showWarningMessage(logStrings.linkConfirm(message.href), { modal: true }, logStrings.openLinkButton)) === logStrings.openLinkButton) {
          await vscode.env.openExternal(vscode.Uri.parse(message.href, true));
        }
        return;
      case 'rendered':
        servedTraceFile.rendered(this.document.uri, message);
        return;
    }
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    this.onDisposed();
  }
}
