/** One webview showing one TraceFileDocument: `init` on `ready` and after each reload, pages of turns on request. */
import * as vscode from 'vscode';
import type { TraceHostToWebview, TraceInit, TraceWebviewToHost } from '../../core/protocol/traceFileProtocol';
import { isTraceWebviewToHost } from '../../core/protocol/traceFileProtocol';
import { traceFileStrings as S } from '../../core/l10n/traceStrings';
import { logStrings } from '../../core/l10n/logStrings';
import { findSubSpan, TRACE_PAGE_SIZE, turnsPage } from '../../core/trace/traceFileModel';
import { spanOutline } from '../../core/trace/spanConversation';
import type { Services } from '../services';
import { webviewOptions, webviewPage } from '../webviewPage';
import { WebviewSession } from '../webviewSession';
import type { TraceFileDocument, TraceLoadState } from './traceFileDocument';

export class TraceFilePanel implements vscode.Disposable {
  private readonly session: WebviewSession<TraceWebviewToHost, TraceHostToWebview>;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly document: TraceFileDocument, readonly panel: vscode.WebviewPanel, services: Services, private readonly onDisposed: () => void) {
    const webview = panel.webview;
    webview.options = webviewOptions(services.context.extensionUri);
    this.session = new WebviewSession(panel, {
      view: 'traceFile',
      key: () => document.uri.toString(),
      isMessage: isTraceWebviewToHost,
      onReady: async () => this.send(await this.document.ready()),
      onMessage: (message) => this.receive(message),
    });
    this.disposables.push(
      this.session,
      document.onDidReload((state) => this.send(state)),
      panel.onDidDispose(() => this.dispose()),
    );
    webview.html = webviewPage(webview, services.context.extensionUri, {
      bundle: 'trace', title: document.uri.path.split('/').pop() ?? S.editorTitle, body: '<div id="root"></div>',
    });
  }

  private send(state: TraceLoadState): void {
    if (!this.session.ready) return;
    if (state.kind === 'failed') {
      this.session.post({ type: 'loadError', fileName: this.document.fileName, ...state.failure });
      return;
    }
    const { model } = state;
    const init: TraceInit = {
      type: 'init', generation: state.generation, fileName: this.document.fileName, header: model.header, preamble: model.preamble,
      turns: turnsPage(model, 0, TRACE_PAGE_SIZE), totalTurns: model.turns.length, subSpans: model.subSpans.map(spanOutline),
      ...(model.genericSpans ? { genericSpans: model.genericSpans } : {}), ...(model.metadata ? { metadata: model.metadata } : {}),
    };
    this.session.post(init);
  }

  private async receive(message: Exclude<TraceWebviewToHost, { type: 'ready' }>): Promise<void> {
    switch (message.type) {
      case 'more': {
        const state = await this.document.ready();
        if (state.kind !== 'ready' || state.generation !== message.generation) {
          this.session.post({ type: 'error', id: message.id, error: logStrings.staleReloaded });
          return;
        }
        this.session.post({ type: 'moreResult', id: message.id, generation: state.generation, offset: message.offset, turns: turnsPage(state.model, message.offset) });
        return;
      }
      case 'spanItems': {
        const state = await this.document.ready();
        const span = state.kind === 'ready' && state.generation === message.generation ? findSubSpan(state.model, message.spanId) : undefined;
        if (state.kind !== 'ready' || !span) {
          this.session.post({ type: 'error', id: message.id, error: logStrings.staleReloaded });
          return;
        }
        this.session.post({ type: 'spanItemsResult', id: message.id, generation: state.generation, spanId: span.spanId, items: span.items });
        return;
      }
      case 'command':
        if (message.command === 'openAsJson') await vscode.commands.executeCommand('evalLens.openTraceAsJson', this.document.uri);
        else await this.document.reload();
        return;
      case 'openLink':
        await this.session.openLink(message.href);
        return;
      case 'rendered':
        // What the webview shows after each render: only the message tap reads it.
        return;
    }
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    this.onDisposed();
  }
}
