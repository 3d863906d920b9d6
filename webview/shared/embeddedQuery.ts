/**
 * Answers SampleQuery over embedded rows (standalone export): filter, sort, page. Pure, no DOM, the same
 * rules the host's index applies.
 */
import type { SampleDetail, SamplePage, SampleQuery, SampleRow } from '../../src/core/model/logViewTypes';
import { rowDataValue } from './rowData';

type ScoreValue = SampleRow['scores'][string] | undefined;

function matchesOutcome(value: ScoreValue, wanted: string | number | boolean): boolean {
  if (value === null || value === undefined) return false;
  if (wanted === 'pass') return value === true || value === 1;
  if (wanted === 'fail') return value === false || value === 0;
  if (typeof wanted === 'number' || typeof wanted === 'boolean') return value === wanted;
  return String(value) === wanted;
}

function scoreRank(value: ScoreValue): number | string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

function compare(a: number | string | undefined, b: number | string | undefined): number {
  if (a === undefined && b === undefined) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a.localeCompare(b, undefined, { numeric: true });
}

function sortKey(row: SampleRow, column: string): number | string | undefined {
  if (column === 'index') return row.index;
  if (column === 'sampleId') return row.sampleId;
  if (column === 'errors') return row.errorCount;
  if (column.startsWith('data:')) return rowDataValue(row, column.slice(5));
  return scoreRank(row.scores[column]);
}

/** Search texts built elsewhere, a prefix of the samples at a time (a compressed export's own JSON). */
export interface SearchTexts {
  /** The lowercase text of sample `index`, undefined when it has none (the row's own text is searched then). */
  text(index: number): string | undefined;
  /** How many samples, from the first, have their text built. */
  searched(): number;
}

export class EmbeddedQuery {
  private readonly searchText = new Map<number, string>();

  constructor(private readonly rows: SampleRow[], private readonly details: SampleDetail[], private readonly generation: number, private readonly texts?: SearchTexts) {}

  private textOf(row: SampleRow): string {
    const built = this.texts?.text(row.index);
    if (built !== undefined) return built;
    let text = this.searchText.get(row.index);
    if (text === undefined) {
      const detail = this.details[row.index];
      text = `${String(row.sampleId)}\n${Object.values(row.data).join('\n')}\n${detail ? JSON.stringify(detail) : ''}`.toLowerCase();
      this.searchText.set(row.index, text);
    }
    return text;
  }

  page(query: SampleQuery): SamplePage {
    const search = query.search?.trim().toLowerCase();
    // While the texts cover only the first samples, a search answers for those (and says so).
    const searched = search && this.texts ? Math.min(this.texts.searched(), this.rows.length) : this.rows.length;
    let rows = this.rows.filter((row) => {
      if (row.index >= searched) return false;
      if (query.errorStage) {
        if (query.errorStage === 'any' ? row.errorCount === 0 : !row.errorStages.includes(query.errorStage)) return false;
      }
      if (query.scoreFilter && !matchesOutcome(row.scores[query.scoreFilter.column], query.scoreFilter.value)) return false;
      if (query.metric) {
        const metric = query.metric;
        const carries = Object.entries(row.scores).some(([id, value]) => {
          if (value === null || value === undefined) return false;
          const slash = id.indexOf('/');
          const scorer = id.slice(0, slash);
          const key = id.slice(slash + 1);
          return key === metric.valueKey && (metric.scorerKey === undefined || metric.scorerKey === scorer);
        });
        if (!carries) return false;
      }
      if (search && !this.textOf(row).includes(search)) return false;
      return true;
    });
    if (query.sort) {
      const { column, direction } = query.sort;
      const sign = direction === 'desc' ? -1 : 1;
      rows = [...rows].sort((a, b) => {
        const ka = sortKey(a, column);
        const kb = sortKey(b, column);
        if (ka === undefined || kb === undefined) return compare(ka, kb) || a.index - b.index;
        return sign * compare(ka, kb) || a.index - b.index;
      });
    }
    const page: SamplePage = { generation: this.generation, total: rows.length, offset: query.offset, rows: rows.slice(query.offset, query.offset + query.limit) };
    if (searched < this.rows.length) page.searching = { searched, total: this.rows.length };
    if (query.locate !== undefined) page.located = rows.findIndex((row) => row.index === query.locate);
    return page;
  }

  detail(index: number): SampleDetail | undefined {
    return this.details[index];
  }
}
