/** Words of the preview table's sorting and column statistics (docs/semantics.md §13). */
import * as l10n from '@vscode/l10n';
import { formatCount } from './numberFormat';
import type { ColumnType, ValueKind } from '../model/columnStatisticsTypes';

const KIND_WORDS: Record<ColumnType, () => string> = {
  text: () => l10n.t('text'),
  number: () => l10n.t('number'),
  boolean: () => l10n.t('boolean'),
  object: () => l10n.t('object'),
  array: () => l10n.t('array'),
  mixed: () => l10n.t('mixed'),
  empty: () => l10n.t('empty'),
};

export const gridSortStrings = {
  sortHint: (column: string) => l10n.t('{0}: Enter or a click sorts every kept row by this column (again: reverse, a third time: source order)', column),
  get sortWhileCounting() {
    return l10n.t('Sorting is available once the count has finished.');
  },
  sortCapped: (held: number, matched: number) =>
    l10n.t('Sorting needs every kept row, and this preview holds {0} of {1}: narrow the filters to sort.', formatCount(held), formatCount(matched)),
  sortStatus: (column: string, descending: boolean) =>
    (descending ? l10n.t('Every kept row sorted by {0}, descending', column) : l10n.t('Every kept row sorted by {0}, ascending', column)),
};

export const columnStatisticsStrings = {
  kind: (kind: ColumnType | ValueKind) => KIND_WORDS[kind](),
  statisticsButton: (column: string) => l10n.t('Statistics of {0}', column),
  get computing() {
    return l10n.t('Computing statistics over every kept row…');
  },
  failed: (reason: string) => l10n.t('Statistics could not be computed: {0}', reason),
  get partial() {
    return l10n.t('The pass was stopped early: these figures cover only part of the kept rows.');
  },
  get type() {
    return l10n.t('Type');
  },
  get count() {
    return l10n.t('Values');
  },
  get nulls() {
    return l10n.t('Null');
  },
  get missing() {
    return l10n.t('Missing');
  },
  get distinct() {
    return l10n.t('Distinct');
  },
  get min() {
    return l10n.t('Min');
  },
  get max() {
    return l10n.t('Max');
  },
  get mean() {
    return l10n.t('Mean');
  },
  get textLength() {
    return l10n.t('Text length (min / mean / max)');
  },
  get arrayLength() {
    return l10n.t('Items (min / mean / max)');
  },
  get topValues() {
    return l10n.t('Most frequent values');
  },
  get histogram() {
    return l10n.t('Distribution');
  },
  get estimated() {
    return l10n.t('≈ estimated: more distinct values than are counted one by one');
  },
  get sampled() {
    return l10n.t('drawn from a uniform sample of the values');
  },
  mixedKinds: (parts: string) => l10n.t('mixed: {0}', parts),
  overRows: (rows: number) => l10n.t('over {0} kept rows', formatCount(rows)),
  histogramBin: (from: string, to: string, count: number) => l10n.t('{0} to {1}: {2}', from, to, formatCount(count)),
  topValue: (value: string, count: string) => l10n.t('{0}: {1}', value, count),
  get close() {
    return l10n.t('Close');
  },
};
