/**
 * What each preview view's host posted last, for integration tests through the internal command
 * `evalLens.internal.previewState` (not contributed, so not in the palette). Call it with
 * `{ spec?: uriString, index?: number, waitFor?: Kind, afterCount?: number, timeoutMs?: number }` to wait until
 * that view has done such a thing more than `afterCount` times; without `spec`, the view updated last.
 */
import * as vscode from 'vscode';
import { isRecord } from '../../core/json/jsonValue';
import type { PreviewFailure, PreviewTarget, ProgressMessage, ResultMessage, RunFailedMessage, RunStartedMessage } from '../../core/protocol/previewProtocol';
import type { PreviewProgress } from '../../core/model/previewTypes';

export interface ServedPreview {
  spec: string;
  index: number;
  generation: number;
  /** The last counts posted to the view (first page or final). */
  summary?: {
    phase: ResultMessage['phase'];
    total: number;
    matched: number;
    removed: number[];
    complete: boolean;
    rowCount: number;
    capped: boolean;
  };
  /** Kept rows the host holds for paging. */
  rowsHeld: number;
  failure?: PreviewFailure;
  /** The last progress posted to the view. */
  progress?: PreviewProgress;
  /** The count's entry in the status bar: its last message, and whether it is shown. */
  statusBar: { shown: boolean; message?: string };
  restored: boolean;
  counts: Record<Kind, number>;
}

type Kind = 'runStarted' | 'firstPage' | 'final' | 'runFailed' | 'progress' | 'loaderProgress' | 'statusBarShown' | 'statusBarEnded';
const KINDS: readonly Kind[] = ['runStarted', 'firstPage', 'final', 'runFailed', 'progress', 'loaderProgress', 'statusBarShown', 'statusBarEnded'];

const views = new Map<string, ServedPreview>();
let lastKey: string | undefined;
const changed = new vscode.EventEmitter<void>();

function keyOf(target: PreviewTarget): string {
  return `${target.spec}#${target.index}`;
}

function update(target: PreviewTarget, patch: (view: ServedPreview) => Partial<ServedPreview>, kind?: Kind): void {
  const key = keyOf(target);
  const view = views.get(key) ?? {
    spec: target.spec,
    index: target.index,
    generation: 0,
    rowsHeld: 0,
    statusBar: { shown: false },
    restored: false,
    counts: Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>,
  };
  const next = { ...view, ...patch(view), counts: { ...view.counts } };
  if (kind) next.counts[kind] += 1;
  views.set(key, next);
  lastKey = key;
  changed.fire();
}

export const servedPreview = {
  posted(target: PreviewTarget, message: RunStartedMessage | ResultMessage | ProgressMessage | RunFailedMessage, rowsHeld: number): void {
    switch (message.type) {
      case 'runStarted':
        update(target, () => ({ generation: message.generation, failure: undefined, progress: undefined, rowsHeld }), 'runStarted');
        return;
      case 'progress':
        update(target, () => ({ progress: message.progress }), 'progress');
        return;
      case 'result': {
        const s = message.summary;
        const summary = { phase: message.phase, total: s.total, matched: s.matched, removed: s.steps.map((step) => step.removed), complete: s.complete, rowCount: s.rowCount, capped: s.capped };
        update(target, () => ({ summary, rowsHeld }), message.phase);
        return;
      }
      case 'runFailed':
        update(target, () => ({ failure: message.failure, summary: undefined, rowsHeld }), 'runFailed');
        return;
    }
  },
  /** The loader reported progress (every report, also those not posted to the view). */
  loaderProgress(target: PreviewTarget): void {
    update(target, () => ({}), 'loaderProgress');
  },
  statusBarShown(target: PreviewTarget): void {
    update(target, () => ({ statusBar: { shown: true } }), 'statusBarShown');
  },
  statusBarReported(target: PreviewTarget, message: string): void {
    update(target, (view) => ({ statusBar: { ...view.statusBar, message } }));
  },
  statusBarEnded(target: PreviewTarget): void {
    update(target, (view) => ({ statusBar: { ...view.statusBar, shown: false } }), 'statusBarEnded');
  },
  restored(target: PreviewTarget): void {
    update(target, () => ({ restored: true }));
  },
};

/** Handler of `evalLens.internal.previewState`. */
export async function previewState(options?: unknown): Promise<ServedPreview | undefined> {
  const opts = isRecord(options) ? options : {};
  const key = typeof opts.spec === 'string' ? keyOf({ spec: opts.spec, index: typeof opts.index === 'number' ? opts.index : 0 }) : undefined;
  const current = () => views.get(key ?? lastKey ?? '');
  const waitFor = KINDS.find((kind) => kind === opts.waitFor);
  const afterCount = typeof opts.afterCount === 'number' ? opts.afterCount : 0;
  const timeoutMs = typeof opts.timeoutMs === 'number' ? opts.timeoutMs : 10_000;
  const satisfied = (): boolean => !waitFor || (current()?.counts[waitFor] ?? 0) > afterCount;
  if (satisfied()) return current();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      listener.dispose();
      resolve(current());
    }, timeoutMs);
    const listener = changed.event(() => {
      if (!satisfied()) return;
      clearTimeout(timer);
      listener.dispose();
      resolve(current());
    });
  });
}
