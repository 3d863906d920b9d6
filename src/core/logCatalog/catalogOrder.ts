/**
 * How the Evaluation Logs view arranges logs: grouped by folder (folders by name), each folder's runs sorted
 * (by date, newest first, unless another order is chosen), after a text filter on their facts and file name.
 */
import { LogFacts, LogFactsResult, isLogFactsProblem } from './logFacts';

export type CatalogSort = 'date' | 'task' | 'model' | 'metric';

export const CATALOG_SORTS: readonly CatalogSort[] = ['date', 'task', 'model', 'metric'];

export interface CatalogEntry {
  /** Absolute path of the log. */
  file: string;
  /** The folder the view groups it under (relative to the workspace). */
  folder: string;
  /** The file's name. */
  name: string;
  facts: LogFactsResult;
}

export interface CatalogFolder {
  folder: string;
  entries: CatalogEntry[];
}

function factsOf(entry: CatalogEntry): LogFacts | undefined {
  return isLogFactsProblem(entry.facts) ? undefined : entry.facts;
}

/** Whether every word of `filter` is found (ignoring case) in the entry's name, folder, task, model or status. */
export function matchesFilter(entry: CatalogEntry, filter: string): boolean {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const facts = factsOf(entry);
  const text = [entry.name, entry.folder, facts?.task, facts?.displayName, facts?.model, facts?.status, facts?.mainMetric?.name]
    .filter((part): part is string => typeof part === 'string').join('\n').toLowerCase();
  return words.every((word) => text.includes(word));
}

/** Undefined values last, whichever the direction. */
function compareDefined<T>(a: T | undefined, b: T | undefined, compare: (a: T, b: T) => number): number {
  if (a === undefined || b === undefined) return a === undefined ? (b === undefined ? 0 : 1) : -1;
  return compare(a, b);
}

const byText = (a: string, b: string): number => a.localeCompare(b);
const newestFirst = (a: number, b: number): number => b - a;

const SORT_KEYS: Record<CatalogSort, (a: CatalogEntry, b: CatalogEntry) => number> = {
  date: () => 0,
  task: (a, b) => compareDefined(factsOf(a)?.task, factsOf(b)?.task, byText),
  model: (a, b) => compareDefined(factsOf(a)?.model, factsOf(b)?.model, byText),
  metric: (a, b) => compareDefined(factsOf(a)?.mainMetric?.value, factsOf(b)?.mainMetric?.value, newestFirst),
};

export function compareEntries(sort: CatalogSort): (a: CatalogEntry, b: CatalogEntry) => number {
  return (a, b) => SORT_KEYS[sort](a, b)
    || compareDefined(factsOf(a)?.date, factsOf(b)?.date, newestFirst)
    || byText(a.name, b.name);
}

/** The entries that pass the filter, grouped by folder (folders by name) and sorted within each folder. */
export function arrangeCatalog(entries: readonly CatalogEntry[], sort: CatalogSort, filter = ''): CatalogFolder[] {
  const folders = new Map<string, CatalogEntry[]>();
  for (const entry of entries) {
    if (!matchesFilter(entry, filter)) continue;
    const list = folders.get(entry.folder);
    if (list) list.push(entry);
    else folders.set(entry.folder, [entry]);
  }
  const order = compareEntries(sort);
  return [...folders.entries()]
    .sort(([a], [b]) => byText(a, b))
    .map(([folder, list]) => ({ folder, entries: list.sort(order) }));
}
