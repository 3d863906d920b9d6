/** The place in the report that survives a hidden tab and a reload (stored with setState/getState). */
import type { SampleQuery } from '../../src/core/model/logViewTypes';
import { isRecord } from '../../src/core/json/jsonValue';

export type TabId = 'overview' | 'samples' | 'errors' | 'usage' | 'runs' | 'specification';

const TAB_IDS: readonly TabId[] = ['overview', 'samples', 'errors', 'usage', 'runs', 'specification'];

/** Filters and order of the samples table (a SampleQuery without the paging). */
export type SampleFilters = Omit<SampleQuery, 'offset' | 'limit'>;

export interface ViewState {
  fileName?: string;
  tab: TabId;
  filters: SampleFilters;
  /** Sample open in the detail pane (its index in the samples array of `filters.runIndex`). */
  openSample?: number;
  openTrial?: number;
  /** Row under the keyboard cursor. */
  cursor: number;
  scrollTop: number;
  /** Width of the sample detail pane in px, once resized by hand. */
  detailWidth?: number;
}

export function initialViewState(): ViewState {
  return { tab: 'overview', filters: {}, cursor: 0, scrollTop: 0 };
}

/** A stored state, checked (it may come from an older version of the report). */
export function restoreViewState(stored: unknown): ViewState | undefined {
  if (!isRecord(stored)) return undefined;
  const tab = TAB_IDS.includes(stored.tab as TabId) ? (stored.tab as TabId) : 'overview';
  const filters = isRecord(stored.filters) ? (stored.filters as SampleFilters) : {};
  const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);
  return {
    fileName: typeof stored.fileName === 'string' ? stored.fileName : undefined,
    tab,
    filters,
    openSample: num(stored.openSample),
    openTrial: num(stored.openTrial),
    cursor: num(stored.cursor) ?? 0,
    scrollTop: num(stored.scrollTop) ?? 0,
    detailWidth: num(stored.detailWidth),
  };
}
