/** The status strip: progress with Cancel while counting, notices (capped, cancelled), and failures. */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-progress-bar/index.js';
import { previewViewStrings, selectionFunnelViewStrings as selectionStrings, previewErrorStrings } from '../../src/core/l10n/previewStrings';
import type { PreviewFailure, PreviewLocation, PreviewSummaryView } from '../../src/core/protocol/previewProtocol';
import type { PreviewProgress, RecordNoun } from '../../src/core/model/previewTypes';
import { clear, codicon, el } from './dom';
import { baseName } from './funnelView';

/** A file name short enough for a button (the full name is in its tooltip). */
function shortName(name: string, max = 40): string {
  return name.length <= max ? name : `${name.slice(0, max - 1)}…`;
}

interface StatusCallbacks {
  cancel(): void;
  rerun(): void;
  openLocation(location: PreviewLocation): void;
}

export class StatusView {
  readonly element = el('section', { class: 'status' });
  private readonly progressBox = el('div', { class: 'progress', role: 'status', 'aria-live': 'polite' });
  private readonly progressBar = el('vscode-progress-bar', {});
  private readonly progressText = el('span', { class: 'progress-text' }, previewViewStrings.loading);
  private readonly notices = el('div', { class: 'notices', 'aria-live': 'polite' });
  private readonly failure = el('div', { class: 'failure', role: 'alert' });

  constructor(private readonly callbacks: StatusCallbacks) {
    const cancel = el('vscode-button', { secondary: true, icon: 'debug-stop' }, previewViewStrings.cancel);
    cancel.addEventListener('click', () => this.callbacks.cancel());
    this.progressBox.append(this.progressBar, el('div', { class: 'progress-line' }, this.progressText, cancel));
    this.failure.hidden = true;
    this.element.append(this.progressBox, this.notices, this.failure);
  }

  /** Shows a count in progress; `noun` names the source's records ("120 sessions read"), rows when absent. */
  running(progress?: PreviewProgress, noun?: RecordNoun): void {
    this.progressBox.hidden = false;
    this.failure.hidden = true;
    clear(this.notices);
    if (!progress) {
      this.progressBar.indeterminate = true;
      this.progressText.textContent = previewViewStrings.loading;
      return;
    }
    let detail = '';
    if (progress.total !== undefined && progress.total > 0) {
      this.progressBar.indeterminate = false;
      this.progressBar.max = progress.total;
      this.progressBar.value = Math.min(progress.done, progress.total);
      detail = progress.unit === 'bytes'
        ? previewViewStrings.countingBytes(Math.floor((100 * progress.done) / progress.total))
        : progress.unit === 'records' ? selectionStrings.countingRecords(progress.done, progress.total, noun ?? 'rows')
          : previewViewStrings.countingFiles(progress.done, progress.total);
    } else {
      this.progressBar.indeterminate = true;
      if (progress.unit === 'files') detail = previewViewStrings.countingFiles(progress.done);
    }
    const counting = noun === undefined || noun === 'rows'
      ? previewViewStrings.counting(progress.rowsSeen, progress.rowsKept)
      : selectionStrings.counting(progress.rowsSeen, progress.rowsKept, noun);
    this.progressText.textContent = `${counting}${detail ? ` · ${detail}` : ''}`;
  }

  finished(summary: PreviewSummaryView, rowCap: number): void {
    this.progressBox.hidden = true;
    this.failure.hidden = true;
    clear(this.notices);
    if (!summary.complete) this.notices.append(this.notice('info', previewViewStrings.cancelled, true));
    const cap = Math.min(rowCap, summary.rowCount);
    const noun = summary.recordNoun;
    if (summary.capped) {
      this.notices.append(this.notice('info', noun && noun !== 'rows' ? selectionStrings.capped(cap, summary.matched, noun) : previewViewStrings.capped(cap, summary.matched), false));
    }
  }

  /** Nothing to report (a generated dataset: the generator view says it all). */
  idle(): void {
    this.progressBox.hidden = true;
    this.failure.hidden = true;
    clear(this.notices);
  }

  failed(failure: PreviewFailure): void {
    this.progressBox.hidden = true;
    clear(this.notices);
    clear(this.failure);
    this.failure.hidden = false;
    const body = el('div', { class: 'failure-body' },
      el('h2', {}, previewViewStrings.errorTitle),
      el('p', { class: 'failure-message' }, failure.message),
      failure.hint ? el('p', { class: 'failure-hint' }, failure.hint) : undefined,
      failure.detail ? el('details', { class: 'failure-detail' }, el('summary', {}, previewErrorStrings.details), el('pre', {}, failure.detail)) : undefined);
    const location = failure.location;
    const actions = el('div', { class: 'failure-actions' });
    if (location) {
      const full = previewViewStrings.openAt(baseName(location.file), location.line);
      const open = el('vscode-button', { icon: 'go-to-file', title: full, class: 'failure-open' }, previewViewStrings.openAt(shortName(baseName(location.file)), location.line));
      open.addEventListener('click', () => this.callbacks.openLocation(location));
      actions.append(open);
    }
    const rerun = el('vscode-button', { secondary: true, icon: 'refresh' }, previewViewStrings.rerun);
    rerun.addEventListener('click', () => this.callbacks.rerun());
    actions.append(rerun);
    body.append(actions);
    this.failure.append(codicon('error'), body);
  }

  private notice(icon: string, text: string, withRerun: boolean): HTMLElement {
    const notice = el('p', { class: 'notice' }, codicon(icon), ' ', text);
    if (withRerun) {
      const rerun = el('button', { class: 'link', type: 'button' }, previewViewStrings.rerun);
      rerun.addEventListener('click', () => this.callbacks.rerun());
      notice.append(' ', rerun);
    }
    return notice;
  }
}
