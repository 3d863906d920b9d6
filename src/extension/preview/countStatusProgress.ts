/**
 * A running count shown outside the results view: `withProgress` in the window's status bar, with the
 * percentage of bytes (or files) read. Cancelling it (the token) takes the same path as the view's
 * Cancel button; it ends when the count ends, however it ends.
 */
import * as vscode from 'vscode';
import { previewViewStrings, selectionFunnelViewStrings } from '../../core/l10n/previewStrings';
import type { PreviewProgress, RecordNoun } from '../../core/model/previewTypes';

/** What happened to the status bar entry (the preview reports it to the message tap). */
interface CountStatusObserver {
  reported(message: string): void;
  /** The `withProgress` task settled: the entry is gone. */
  ended(): void;
}

export class CountStatusProgress {
  private reporter: vscode.Progress<{ message?: string }> | undefined;
  private pendingMessage: string | undefined;
  private finish: () => void = () => undefined;
  private ended = false;

  /** Shows "Counting <label>" in the status bar until `end()`; `cancel` runs when the token is cancelled. */
  constructor(label: string, cancel: () => void, private readonly observer?: CountStatusObserver) {
    const done = new Promise<void>((resolve) => {
      this.finish = resolve;
    });
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: previewViewStrings.statusBarCounting(label), cancellable: true },
      (reporter, token) => {
        this.reporter = reporter;
        const cancelled = token.onCancellationRequested(cancel);
        if (this.pendingMessage !== undefined) reporter.report({ message: this.pendingMessage });
        return done.finally(() => cancelled.dispose());
      },
    ).then(() => this.observer?.ended());
  }

  /** Shows how far the count is, in the source's records ("120 sessions read"; rows when `noun` is absent). */
  report(progress: PreviewProgress, noun?: RecordNoun): void {
    if (this.ended) return;
    const message = selectionFunnelViewStrings.statusBarProgress(progress, noun);
    if (this.reporter) this.reporter.report({ message });
    else this.pendingMessage = message;
    this.observer?.reported(message);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.finish();
  }
}
