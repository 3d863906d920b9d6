/**
 * User-visible strings of the preview view for sources that select records with their own fields
 * (docs/semantics.md §9.1) or count elsewhere: the record noun, selection steps, how the count was made and
 * counts that are lower bounds.
 */
import type { FilterStep, PreviewProgress, RecordNoun } from '../model/previewTypes';
import { countPercent, formatCount, previewViewStrings } from './previewViewStrings';

const SINGULAR: Record<RecordNoun, string> = {
  rows: 'row',
  sessions: 'session',
  samples: 'sample',
  transcripts: 'transcript',
  traces: 'trace',
  runs: 'run',
  examples: 'example',
};

/** The limit step reads "50 kept by limit" in the one-line funnel (its label, "kept by limit 50", is on its stage). */
const LIMIT_WORDS = 'kept by limit';

/** The noun for a count of `n`: "sessions", "session" for one. */
export function nounFor(n: number, noun: RecordNoun = 'rows'): string {
  return n === 1 ? SINGULAR[noun] : noun;
}

/** "412 sessions", "1 session". */
export function recordCount(n: number, noun: RecordNoun = 'rows'): string {
  return `${formatCount(n)} ${nounFor(n, noun)}`;
}

/** The noun alone, plural ("sessions"); rows when the source names none. */
export function nounOf(noun: RecordNoun | undefined): RecordNoun {
  return noun ?? 'rows';
}

/** A count as shown: "412", or "at least 412" when every count is a lower bound. */
export function boundedCount(n: number, lowerBound: boolean | undefined): string {
  return lowerBound ? `${selectionFunnelViewStrings.atLeast} ${formatCount(n)}` : formatCount(n);
}

export interface SelectionFunnelInput {
  total: number;
  matched: number;
  steps: readonly FilterStep[];
  recordNoun?: RecordNoun;
  lowerBound?: boolean;
}

/** The words of one selection step in the one-line funnel: "from 2026-11-01", "kept by limit". */
export function selectionStepWords(step: FilterStep): string {
  return step.field === 'limit' ? LIMIT_WORDS : step.label;
}

/**
 * The one-line selection funnel: "412 sessions → 120 from 2026-11-01 → 50 kept by limit"; without a step that
 * removed records, "3 sessions → 3 kept". The last step shows the kept count (authoritative when a count stopped early).
 */
export function selectionFunnelLine(input: SelectionFunnelInput): string {
  const noun = nounOf(input.recordNoun);
  const count = (n: number) => boundedCount(n, input.lowerBound);
  const first = `${count(input.total)} ${nounFor(input.total, noun)}`;
  const steps = [...input.steps].sort((a, b) => a.index - b.index);
  if (steps.length === 0) return `${first} → ${count(input.matched)} kept`;
  let remaining = input.total;
  const parts = [first];
  steps.forEach((step, k) => {
    remaining = k === steps.length - 1 ? input.matched : Math.max(0, remaining - step.removed);
    parts.push(`${count(remaining)} ${selectionStepWords(step)}`);
  });
  return parts.join(' → ');
}

export const selectionFunnelViewStrings = {
  atLeast: 'at least',
  lowerBoundTooltip: 'Only part of the data was counted (the hub answered with a partial result): every count is a lower bound.',
  lowerBoundNote: 'every count is a lower bound',
  funnelAria: (noun: RecordNoun) => `${noun[0].toUpperCase()}${noun.slice(1)} through each selecting field of the source`,
  /** What follows a count on the funnel's first and last stages: " sessions", " sessions kept". */
  totalTail: (n: number, noun: RecordNoun) => ` ${nounFor(n, noun)}`,
  keptTail: (n: number, noun: RecordNoun) => ` ${nounFor(n, noun)} kept`,
  allKept: 'no field selected fewer',
  stepTooltip: (field: string, label: string, before: number, after: number) =>
    `${field}: ${label} — ${formatCount(before)} → ${formatCount(after)}`,
  fieldTooltip: (field: string) => `Selected by the source's "${field}" field`,
  countedBy: (countedBy: string, lowerBound: boolean) => (lowerBound ? `${countedBy}; every count is a lower bound` : countedBy),
  counting: (seen: number, kept: number, noun: RecordNoun) => `Counting… ${recordCount(seen, noun)} read, ${formatCount(kept)} kept`,
  countingRecords: (done: number, total: number | undefined, noun: RecordNoun) =>
    total === undefined ? recordCount(done, noun) : `${formatCount(done)} of ${recordCount(total, noun)}`,
  capped: (cap: number, matched: number, noun: RecordNoun) => `The table holds the first ${formatCount(cap)} of ${formatCount(matched)} kept ${noun}.`,
  noneKept: (noun: RecordNoun) => `No ${SINGULAR[noun]} is selected by the source's fields.`,
  noneInSource: (noun: RecordNoun) => `The source has no ${noun}.`,
  /**
   * The code lens once a count is known: "Preview · 2 sessions kept of 3"; "at least" when the count stopped
   * early or the source counted part of its data; rows keep the filter preview's words.
   */
  codeLensCounted: (known: { total: number; matched: number; complete: boolean; recordNoun?: RecordNoun; lowerBound?: boolean }) => {
    const partial = !known.complete || known.lowerBound === true;
    const noun = known.recordNoun;
    if (noun === undefined || noun === 'rows') {
      return partial ? previewViewStrings.codeLensCountedPartial(known.matched, known.total) : previewViewStrings.codeLensCounted(known.matched, known.total);
    }
    return `Preview · ${partial ? 'at least ' : ''}${recordCount(known.matched, noun)} kept of ${formatCount(known.total)}`;
  },
  /** The status bar's message while counting: "42% · 120 sessions read" (rows: the filter preview's own words). */
  statusBarProgress: (progress: PreviewProgress, noun: RecordNoun | undefined) => {
    if (noun === undefined || noun === 'rows') return previewViewStrings.statusBarProgress(progress);
    const percent = countPercent(progress);
    const read = `${recordCount(progress.rowsSeen, noun)} read`;
    return percent === undefined ? read : `${percent}% · ${read}`;
  },
};
