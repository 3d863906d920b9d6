/**
 * The host's end of one webview's channel, the same for every view: messages from the webview pass the
 * view's guard (others are dropped), `ready` is answered by the view's `init`, requests are answered by id
 * (an error reply when answering fails), links open only after the user confirms, and every message sent or
 * received is reported to the message tap.
 */
import * as vscode from 'vscode';
import type { ReadyMessage, TypedMessage } from '../core/channel/handshake';
import { isReadyMessage } from '../core/channel/handshake';
import { isOpenableLink } from '../core/protocol/logReportProtocol';
import { logStrings as S } from '../core/l10n/logStrings';
import { messageTap, TapDirection, TappedView } from './messageTap';

interface WebviewSessionOptions<In extends TypedMessage> {
  /** The kind of view, as the message tap names it. */
  view: TappedView;
  /** Which view of that kind (read when a message passes). */
  key(): string;
  isMessage(value: unknown): value is In;
  /** The webview said it listens: send it what it shows (`init`). */
  onReady(): unknown;
  onMessage(message: Exclude<In, ReadyMessage>): unknown;
  /** A message that failed the guard. */
  onMalformed?(value: unknown): void;
  /**
   * Deliver what is posted before the webview is ready (default true). A view that replays its state on
   * `ready` says false: what it posts meanwhile is reported to the tap as posted, and `replay` delivers it later.
   */
  deliverBeforeReady?: boolean;
}

export class WebviewSession<In extends TypedMessage, Out extends TypedMessage> implements vscode.Disposable {
  private isReady = false;
  private disposed = false;
  private readonly listener: vscode.Disposable;

  constructor(readonly panel: vscode.WebviewPanel, private readonly options: WebviewSessionOptions<In>) {
    // Listen before the page loads, so its first `ready` cannot be missed.
    this.listener = panel.webview.onDidReceiveMessage((value: unknown) => void this.receive(value));
  }

  /** Whether the webview has said it listens (a reloaded webview says so again). */
  get ready(): boolean {
    return this.isReady;
  }

  post(message: Out): void {
    if (this.disposed) return;
    this.tap('toWebview', message);
    if (this.isReady || this.options.deliverBeforeReady !== false) void this.panel.webview.postMessage(message);
  }

  /** Delivers again a message already posted (and reported), e.g. a view's state after the webview reloaded. */
  replay(message: Out): void {
    if (!this.disposed && this.isReady) void this.panel.webview.postMessage(message);
  }

  /** Reports something the host did for this view that is not a message (shown in the status bar, restored…). */
  note<M extends TypedMessage>(message: M): void {
    this.tap('host', message);
  }

  /** Answers request `id` with what `answer` makes, or with `error` when it throws. */
  async reply(id: number, answer: () => Out | Promise<Out>, error: (id: number, message: string) => Out): Promise<void> {
    let message: Out;
    try {
      message = await answer();
    } catch (failure) {
      message = error(id, failure instanceof Error ? failure.message : String(failure));
    }
    this.post(message);
  }

  /** Opens a link the webview asks for: http and https only, after the user confirms. */
  async openLink(href: string): Promise<void> {
    if (!isOpenableLink(href)) return;
    const choice = await vscode.window.showWarningMessage(S.linkConfirm(href), { modal: true }, S.openLinkButton);
    if (choice === S.openLinkButton) await vscode.env.openExternal(vscode.Uri.parse(href, true));
  }

  private async receive(value: unknown): Promise<void> {
    if (!this.options.isMessage(value)) {
      this.options.onMalformed?.(value);
      return;
    }
    this.tap('fromWebview', value);
    if (isReadyMessage(value)) {
      this.isReady = true;
      await this.options.onReady();
      return;
    }
    await this.options.onMessage(value as Exclude<In, ReadyMessage>);
  }

  private tap(direction: TapDirection, message: TypedMessage): void {
    messageTap.report({ view: this.options.view, key: this.options.key(), direction, message });
  }

  dispose(): void {
    this.disposed = true;
    this.listener.dispose();
  }
}
