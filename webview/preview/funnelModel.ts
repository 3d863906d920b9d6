/**
 * The funnel of a preview: rows loaded, then the rows left after each filter, then the kept rows.
 * Pure: shared by the view and its tests.
 */
import type { FilterStep } from '../../src/core/sources/previewTypes';
import { formatCount } from '../../src/core/l10n/previewViewStrings';

export interface FunnelStage {
  kind: 'total' | 'filter';
  /** Filter label for a filter stage; empty for the total. */
  label: string;
  /** 0-based index of the filter in the spec (filter stages only). */
  filterIndex?: number;
  /** Rows before this stage (filter stages) — for the total, the rows loaded. */
  before: number;
  /** Rows after this stage. */
  after: number;
  removed: number;
  notComparable: number;
}

interface FunnelInput {
  total: number;
  matched: number;
  steps: readonly FilterStep[];
}

/** Stages in spec order; the last stage's `after` is the kept count. */
export function funnelStages(input: FunnelInput): FunnelStage[] {
  const stages: FunnelStage[] = [{ kind: 'total', label: '', before: input.total, after: input.total, removed: 0, notComparable: 0 }];
  const steps = [...input.steps].sort((a, b) => a.index - b.index);
  let remaining = input.total;
  steps.forEach((step, i) => {
    const isLast = i === steps.length - 1;
    // The kept count is authoritative for the last step (it also holds when a count stopped early).
    const after = isLast ? input.matched : Math.max(0, remaining - step.removed);
    stages.push({ kind: 'filter', label: step.label, filterIndex: step.index, before: remaining, after, removed: step.removed, notComparable: step.notComparable });
    remaining = after;
  });
  return stages;
}

/** One-line funnel text: "10,000 → 6,120 → 2,047 kept" (no filters: "10,000 → 10,000 kept"). */
export function funnelText(input: FunnelInput): string {
  const stages = funnelStages(input);
  // The rows loaded, the rows left after every filter but the last, then the kept rows.
  const counts = stages.slice(0, Math.max(1, stages.length - 1)).map((s) => formatCount(s.after));
  return [...counts, `${formatCount(input.matched)} kept`].join(' → ');
}

/** Width of a stage's bar as a fraction of the rows loaded (0..1; 0 when nothing was loaded). */
export function stageFraction(stage: FunnelStage, total: number): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(1, stage.after / total));
}
