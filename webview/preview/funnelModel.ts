/**
 * The funnel of a preview: rows loaded, then the rows left after each filter, then the kept rows. A source that
 * selects records with its own fields (docs/semantics.md §9.1) has one step per field that removed records instead.
 * Pure: shared by the view and its tests.
 */
import type { FilterStep, RecordNoun } from '../../src/core/model/previewTypes';
import { boundedCount, selectionFunnelLine } from '../../src/core/l10n/previewStrings';

export interface FunnelStage {
  kind: 'total' | 'filter';
  /** Filter label for a filter stage; empty for the total. */
  label: string;
  /** 0-based index of the filter in the spec (filter stages only). */
  filterIndex?: number;
  /** Selection steps: the source field that removed the records (`from_time`, `limit`, …). */
  field?: string;
  /** Selection steps: the records the step removed can be listed. */
  listable?: boolean;
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
  /** The steps are the source's selecting fields, not filters. */
  selection?: boolean;
  recordNoun?: RecordNoun;
  /** Every count is a lower bound ("at least 412"). */
  lowerBound?: boolean;
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
    const stage: FunnelStage = { kind: 'filter', label: step.label, filterIndex: step.index, before: remaining, after, removed: step.removed, notComparable: step.notComparable };
    if (step.field !== undefined) stage.field = step.field;
    if (step.listable === true) stage.listable = true;
    stages.push(stage);
    remaining = after;
  });
  return stages;
}

/**
 * One-line funnel text: "10,000 → 6,120 → 2,047 kept" (no filters: "10,000 → 10,000 kept"); a selection funnel
 * says its records and fields: "412 sessions → 120 from 2026-11-01 → 50 kept by limit". Lower bounds read "at least 412".
 */
export function funnelText(input: FunnelInput): string {
  if (input.selection) return selectionFunnelLine(input);
  const stages = funnelStages(input);
  const count = (n: number) => boundedCount(n, input.lowerBound);
  // The rows loaded, the rows left after every filter but the last, then the kept rows.
  const counts = stages.slice(0, Math.max(1, stages.length - 1)).map((s) => count(s.after));
  return [...counts, `${count(input.matched)} kept`].join(' → ');
}

/** Width of a stage's bar as a fraction of the rows loaded (0..1; 0 when nothing was loaded). */
export function stageFraction(stage: FunnelStage, total: number): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(1, stage.after / total));
}
