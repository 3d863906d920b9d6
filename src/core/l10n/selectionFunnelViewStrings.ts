/**
 * User-visible strings of the preview view for sources that select records with their own fields
 * (docs/semantics.md §9.1) or count elsewhere: the record noun, selection steps, how the count was made and
 * counts that are lower bounds.
 */
import type { FilterStep, PreviewProgress, RecordNoun } from '../model/previewTypes';
import { countPercent, formatCount, previewViewStrings } from './previewViewStrings';
import * as l10n from '@vscode/l10n';

const SINGULAR: Record<RecordNoun, string> = {
  get rows() {
    return l10n.t('row');
  },
  get sessions() {
    return l10n.t('session');
  },
  get samples() {
    return l10n.t('sample');
  },
  get transcripts() {
    return l10n.t('transcript');
  },
  get traces() {
    return l10n.t('trace');
  },
  get runs() {
    return l10n.t('run');
  },
  get examples() {
    return l10n.t('example');
  },
};

/** The record nouns as words for people (the keys are identifiers). */
const PLURAL: Record<RecordNoun, string> = {
  get rows() {
    return l10n.t('rows');
  },
  get sessions() {
    return l10n.t('sessions');
  },
  get samples() {
    return l10n.t('samples');
  },
  get transcripts() {
    return l10n.t('transcripts');
  },
  get traces() {
    return l10n.t('traces');
  },
  get runs() {
    return l10n.t('runs');
  },
  get examples() {
    return l10n.t('examples');
  },
};

/** The plural noun as a word for people ("sessions"). */
export function pluralWord(noun: RecordNoun): string {
  return PLURAL[noun] ?? noun;
}

/** The limit step reads "50 kept by limit" in the one-line funnel (its label, "kept by limit 50", is on its stage). */
const limitWords = () => l10n.t('kept by limit');

/** The noun for a count of `n`: "sessions", "session" for one. */
export function nounFor(n: number, noun: RecordNoun = 'rows'): string {
  return n === 1 ? SINGULAR[noun] : pluralWord(noun);
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
  return lowerBound ? l10n.t('at least {0}', formatCount(n)) : formatCount(n);
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
  return step.field === 'limit' ? limitWords() : step.label;
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
  if (steps.length === 0) return l10n.t('{0} → {1} kept', first, count(input.matched));
  let remaining = input.total;
  const parts = [first];
  steps.forEach((step, k) => {
    remaining = k === steps.length - 1 ? input.matched : Math.max(0, remaining - step.removed);
    parts.push(`${count(remaining)} ${selectionStepWords(step)}`);
  });
  return parts.join(' → ');
}

export const selectionFunnelViewStrings = {
  get atLeast() {
    return l10n.t('at least');
  },
  get lowerBoundTooltip() {
    return l10n.t('Only part of the data was counted (the hub answered with a partial result): every count is a lower bound.');
  },
  get lowerBoundNote() {
    return l10n.t('every count is a lower bound');
  },
  funnelAria: (noun: RecordNoun) => l10n.t('{0} through each selecting field of the source', pluralWord(noun)[0].toUpperCase() + pluralWord(noun).slice(1)),
  /** What follows a count on the funnel's first and last stages: " sessions", " sessions kept". */
  totalTail: (n: number, noun: RecordNoun) => ` ${nounFor(n, noun)}`,
  keptTail: (n: number, noun: RecordNoun) => l10n.t(' {0} kept', nounFor(n, noun)),
  get allKept() {
    return l10n.t('no field selected fewer');
  },
  stepTooltip: (field: string, label: string, before: number, after: number) =>
    `${field}: ${label} — ${formatCount(before)} → ${formatCount(after)}`,
  fieldTooltip: (field: string) => l10n.t('Selected by the source\'s "{0}" field', field),
  countedBy: (countedBy: string, lowerBound: boolean) => (lowerBound ? l10n.t('{0}; every count is a lower bound', countedBy) : countedBy),
  counting: (seen: number, kept: number, noun: RecordNoun) => l10n.t('Counting… {0} read, {1} kept', recordCount(seen, noun), formatCount(kept)),
  countingRecords: (done: number, total: number | undefined, noun: RecordNoun) =>
    total === undefined ? recordCount(done, noun) : l10n.t('{0} of {1}', formatCount(done), recordCount(total, noun)),
  capped: (cap: number, matched: number, noun: RecordNoun) => l10n.t('The table holds the first {0} of {1} kept {2}.', formatCount(cap), formatCount(matched), pluralWord(noun)),
  noneKept: (noun: RecordNoun) => l10n.t("No {0} is selected by the source's fields.", SINGULAR[noun]),
  noneInSource: (noun: RecordNoun) => l10n.t('The source has no {0}.', pluralWord(noun)),
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
    return (partial ? l10n.t('Preview · at least {0} kept of {1}', recordCount(known.matched, noun), formatCount(known.total)) : l10n.t('Preview · {0} kept of {1}', recordCount(known.matched, noun), formatCount(known.total)));
  },
  /** The status bar's message while counting: "42% · 120 sessions read" (rows: the filter preview's own words). */
  statusBarProgress: (progress: PreviewProgress, noun: RecordNoun | undefined) => {
    if (noun === undefined || noun === 'rows') return previewViewStrings.statusBarProgress(progress);
    const percent = countPercent(progress);
    const read = l10n.t('{0} read', recordCount(progress.rowsSeen, noun));
    return percent === undefined ? read : `${percent}% · ${read}`;
  },
};
