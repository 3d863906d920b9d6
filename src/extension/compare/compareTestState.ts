/**
 * What the compare host served last, for integration tests through the internal command
 * `evalLens.internal.compareState` (not contributed). Call it with `{ waitFor: 'summary' | 'changes' | 'pair' | 'loadError', afterCount?, timeoutMs? }`.
 */
import * as vscode from 'vscode';
import { waitForTestState } from '../testStateWait';
import type { ChangePage, ComparisonSummary, PairDetail } from '../../core/model/compareTypes';

export interface ServedComparison {
  files: string[];
  generation?: number;
  metrics?: { candidate: number; id: string; n: number; delta: number; p: number | null; pHolm: number | null; verdict: string; binary: boolean }[];
  inputChanged?: string[][];
  changes?: { total: number; sampleIds: string[]; kinds: string[] };
  pair?: { sampleId: string; baselineTrials: number; candidateTrials: number; inputChanged: boolean };
  loadError?: string;
  counts: Record<Kind, number>;
}

type Kind = 'summary' | 'changes' | 'pair' | 'loadError';
const KINDS: readonly Kind[] = ['summary', 'changes', 'pair', 'loadError'];

let last: ServedComparison | undefined;
const changed = new vscode.EventEmitter<void>();

function update(files: string[], patch: Partial<ServedComparison>, kind: Kind): void {
  const counts = { ...(last?.counts ?? { summary: 0, changes: 0, pair: 0, loadError: 0 }) };
  counts[kind] += 1;
  last = { ...(last ?? {}), ...patch, files, counts };
  changed.fire();
}

export const servedComparison = {
  summary(files: string[], generation: number, summary: ComparisonSummary): void {
    const metrics = summary.candidates.flatMap((c) => c.metrics.map((m) => ({
      candidate: c.position, id: m.id, n: m.estimate.n, delta: m.estimate.delta, p: m.estimate.p, pHolm: m.pHolm, verdict: m.verdict, binary: m.binary !== undefined,
    })));
    update(files, { generation, metrics, inputChanged: summary.candidates.map((c) => c.alignment.inputChanged), loadError: undefined }, 'summary');
  },
  changes(files: string[], page: ChangePage): void {
    update(files, { changes: { total: page.total, sampleIds: page.rows.map((r) => r.sampleId), kinds: page.rows.map((r) => r.kind) } }, 'changes');
  },
  pair(files: string[], pair: PairDetail): void {
    update(files, { pair: { sampleId: pair.sampleId, baselineTrials: pair.baseline.trials.length, candidateTrials: pair.candidate.trials.length, inputChanged: pair.inputChanged } }, 'pair');
  },
  loadError(files: string[], message: string): void {
    update(files, { loadError: message }, 'loadError');
  },
};

/** Handler of `evalLens.internal.compareState`. */
export function compareState(options?: unknown): Promise<ServedComparison | undefined> {
  return waitForTestState(KINDS, () => last, changed.event, options);
}
