/**
 * One split of a hub dataset, its config chosen (docs/semantics.md §9.4): the first page and the counts from the
 * hub (`/rows`, `/filter` with one `length=0` request per funnel step) when every filter has an exact `where`
 * translation, else the filters' columns read from the split's Parquet files and counted here.
 */
import { CompiledFilter } from '../../filters/filterEvaluator';
import { filterLabel } from '../../filters/filterLabel';
import { ORDERING_OPS } from '../../filters/filterSpec';
import { sourceStrings } from '../../l10n/sourceStrings';
import { PreviewError } from '../previewError';
import { buildResult } from '../previewResult';
import { FilterStep, PreviewResult, PreviewRow, PreviewWarning, SourceFacts } from '../../model/previewTypes';
import { isPlainObject } from '../../json/objectValues';
import { RemoteClient, isCancellation } from '../remote/remoteClient';
import { forEachLimited } from '../remote/detailRequests';
import { HubParquetFile, countFromParquet } from './hubParquetCount';
import { rowsFromParquet } from './hubParquetRows';
import { everyRow, isNull, translateFilters, whereOf } from './hubWhere';
import type { SourceOptions, SourceRun } from '../sourceDefinition';

/** Rows the hub gives per request (`length` ≤ 100); the preview's first page from the hub is at most this. */
const HUB_PAGE_ROWS = 100;

export interface HubRowsAnswer {
  features?: { name: string; type: unknown }[];
  rows?: { row_idx?: number; row?: Record<string, unknown>; truncated_cells?: string[] }[];
  num_rows_total?: number;
  partial?: boolean;
}

export interface HubParquetAnswer {
  parquet_files?: unknown;
  partial?: boolean;
}

/** The hub's API: its client, the URL of an endpoint, whether a URL may get the token, and the words for messages. */
export interface HubConnection {
  client: RemoteClient;
  api: (path: string, params: Record<string, string>) => string;
  sendsToken: (url: string) => boolean;
  what: string;
}

interface HubSplitInput {
  hub: HubConnection;
  where: { dataset: string; config: string; split: string };
  /** The error of a missing split (the dataset's splits of the config, named). */
  noSplit: string;
  features: { name: string; type: unknown }[];
  configs: string[];
  splits: { config: string; split: string }[];
  warnings: PreviewWarning[];
  filters: CompiledFilter[];
  options: SourceOptions;
  run: SourceRun;
  /** The Parquet files, asked for early (with filters or a row sink). */
  parquetRequest: Promise<HubParquetAnswer | undefined> | undefined;
}

export class HubSplit {
  private readonly columns: string[];
  private readonly facts: SourceFacts;
  private readonly rowsOfSplit: string;
  private readonly pageLength: string;

  constructor(private readonly input: HubSplitInput) {
    const { where, features, configs, splits } = input;
    this.columns = features.map((f) => f.name);
    this.facts = { hub: { ...where, configs, splits, features: features.map((f) => ({ name: f.name, type: f.type })) } };
    this.rowsOfSplit = input.hub.api('/rows', where);
    this.pageLength = String(Math.min(HUB_PAGE_ROWS, input.options.limit));
  }

  private rowFile(index: number): string {
    return `${this.rowsOfSplit}&offset=${index}&length=1`;
  }

  private toRows(answer: HubRowsAnswer | undefined): PreviewRow[] {
    return (answer?.rows ?? []).filter((r) => isPlainObject(r) && isPlainObject(r.row)).map((r) => ({ values: r.row!, origin: { file: this.rowFile(Number(r.row_idx ?? 0)) } }));
  }

  private truncated(answer: HubRowsAnswer | undefined): void {
    const count = (answer?.rows ?? []).reduce((sum, r) => sum + (Array.isArray(r.truncated_cells) ? r.truncated_cells.length : 0), 0);
    if (count > 0) this.input.warnings.push({ message: sourceStrings.hubTruncatedCells(count) });
  }

  private finish(result: PreviewResult, countedBy: string, partial: boolean): PreviewResult {
    const final: PreviewResult = { ...result, columns: this.columns, countedBy, sourceFacts: this.facts };
    if (partial) {
      final.lowerBound = true;
      final.warnings = [...final.warnings, { message: sourceStrings.hubPartial }];
    }
    return final;
  }

  private rowsAnswer(path: string, params: Record<string, string>): Promise<HubRowsAnswer | undefined> {
    const { hub, noSplit } = this.input;
    return hub.client.json<HubRowsAnswer>(hub.api(path, { ...this.input.where, ...params }), { what: hub.what, notFound: noSplit });
  }

  /** Without filters: the first page and the count, from the hub. */
  async firstPageByHub(): Promise<PreviewResult> {
    const answer = await this.rowsAnswer('/rows', { offset: '0', length: this.pageLength });
    this.truncated(answer);
    const total = Number(answer?.num_rows_total ?? 0);
    const result: PreviewResult = { columns: this.columns, rows: this.toRows(answer), total, matched: total, removedPerFilter: [], notComparable: 0, warnings: this.input.warnings, complete: true };
    return this.finish(result, sourceStrings.hubCountedByHub, answer?.partial === true);
  }

  /** With filters: counted by the hub when it can filter and every filter translates, else counted here. */
  async countFiltered(valid: { filter?: boolean } | undefined): Promise<PreviewResult> {
    const { filters, options, warnings } = this.input;
    const conditions = valid?.filter === true ? translateFilters(filters, new Map(this.input.features.map((f) => [f.name, f.type] as const))) : undefined;
    if (!conditions) return this.countHere();
    try {
      return await this.countByHub(conditions);
    } catch (error) {
      if (error instanceof PreviewError && error.kind === 'unreadableSource' && !options.signal?.aborted) {
        // The hub could not count (index not ready, refused): the Parquet files still can be.
        warnings.push({ message: sourceStrings.hubFilterFailed(error.message) });
        return this.countHere();
      }
      if (!isCancellation(error)) throw error;
      const stats = { total: 0, matched: 0, removed: filters.map(() => 0), notComparable: filters.map(() => 0) };
      return this.finish(buildResult({ filters, stats, rows: [], columns: this.columns, warnings, warningCount: warnings.length, complete: false }), sourceStrings.hubCountedByHub, false);
    }
  }

  private async filterCount(condition: string, length: string): Promise<HubRowsAnswer> {
    const answer = await this.rowsAnswer('/filter', { where: condition, offset: '0', length });
    return answer ?? {};
  }

  private async countByHub(translated: string[]): Promise<PreviewResult> {
    const { filters } = this.input;
    const start = await this.filterCount(everyRow(filters[0].column!), '0');
    const counts = [Number(start.num_rows_total ?? 0)];
    let partial = start.partial === true;
    let last: HubRowsAnswer = start;
    const steps: FilterStep[] = [];
    for (let k = 1; k <= translated.length; k++) {
      last = await this.filterCount(whereOf(translated, k), k === translated.length ? this.pageLength : '0');
      partial ||= last.partial === true;
      counts.push(Number(last.num_rows_total ?? 0));
      const filter = filters[k - 1];
      let notComparable = 0;
      if ((ORDERING_OPS as readonly string[]).includes(filter.spec.op)) {
        const nullCondition = k === 1 ? isNull(filter.column!) : `${whereOf(translated, k - 1)} AND ${isNull(filter.column!)}`;
        notComparable = Number((await this.filterCount(nullCondition, '0')).num_rows_total ?? 0);
      }
      steps.push({ index: filter.index, label: filterLabel(filter.spec), removed: counts[k - 1] - counts[k], notComparable });
      this.input.run.progress({ done: k, total: translated.length, unit: 'records', rowsSeen: counts[0], rowsKept: counts[k] });
    }
    this.truncated(last);
    const result: PreviewResult = {
      columns: this.columns,
      rows: this.toRows(last),
      total: counts[0],
      matched: counts[counts.length - 1],
      removedPerFilter: steps,
      notComparable: steps.reduce((sum, step) => sum + step.notComparable, 0),
      warnings: this.input.warnings,
      complete: true,
    };
    return this.finish(result, sourceStrings.hubCountedByHub, partial);
  }

  /** The split's Parquet files (listed once). */
  private async parquetFiles(): Promise<{ files: HubParquetFile[]; partial: boolean }> {
    const { hub, where, noSplit } = this.input;
    const { dataset, config, split } = where;
    const parquet = await (this.input.parquetRequest ?? hub.client.json<HubParquetAnswer>(hub.api('/parquet', { dataset, config }), { what: hub.what, notFound: noSplit }));
    const files: HubParquetFile[] = (Array.isArray(parquet?.parquet_files) ? parquet.parquet_files : [])
      .filter(isPlainObject)
      .filter((f) => f.split === split && (f.config === undefined || f.config === config) && typeof f.url === 'string')
      .map((f) => ({ url: String(f.url), size: typeof f.size === 'number' ? f.size : undefined, filename: typeof f.filename === 'string' ? f.filename : undefined }));
    if (files.length === 0) throw new PreviewError('unreadableSource', sourceStrings.hubNoParquet(dataset, split));
    return { files, partial: parquet?.partial === true };
  }

  private get label(): string {
    const { dataset, config, split } = this.input.where;
    return `${dataset}/${config}/${split}`;
  }

  /** Every row of the split read from its Parquet files, tested here, each kept one handed to the row sink. */
  async rowsHere(): Promise<PreviewResult> {
    const { hub, filters, options, warnings } = this.input;
    const { files, partial } = await this.parquetFiles();
    const { client, what, sendsToken } = hub;
    const read = await rowsFromParquet({ client, files, filters, columns: this.columns, need: options.limit, what, sendsToken, options, progress: (update) => this.input.run.progress(update), label: this.label, originOf: (index) => this.rowFile(index) });
    const result = buildResult({
      filters,
      stats: read.counter.stats,
      rows: read.counter.rows,
      columns: this.columns,
      warnings: [...warnings, ...read.counter.warnings],
      warningCount: warnings.length + read.counter.warningCount,
      complete: read.complete,
    });
    return this.finish(result, sourceStrings.hubCountedHere(read.columnsRead.length, this.columns.length, read.bytesRead), partial);
  }

  private async countHere(): Promise<PreviewResult> {
    const { hub, filters, options, warnings } = this.input;
    const { files, partial } = await this.parquetFiles();
    const need = Math.min(HUB_PAGE_ROWS, options.limit);
    // The first page's rows are fetched while the rest of the split is counted.
    let early: Promise<PreviewRow[]> | undefined;
    const onKeptRows = (indexes: readonly number[]) => {
      early = this.keptRows([...indexes]);
      early.catch(() => undefined);
    };
    const { client, what, sendsToken } = hub;
    const count = await countFromParquet({ client, files, filters, allColumns: this.columns, need, what, sendsToken, options, progress: (update) => this.input.run.progress(update), label: this.label, onKeptRows });
    const rows = count.complete ? await (early ?? this.keptRows(count.keptRows)) : [];
    const result = buildResult({
      filters,
      stats: count.counter.stats,
      rows,
      columns: this.columns,
      warnings: [...warnings, ...count.counter.warnings],
      warningCount: warnings.length + count.counter.warningCount,
      complete: count.complete,
    });
    return this.finish(result, sourceStrings.hubCountedHere(count.columnsRead.length, this.columns.length, count.bytesRead), partial);
  }

  /** The full rows of the first kept indexes: one `/rows` request per window of 100 rows holding some of them. */
  private async keptRows(indexes: number[]): Promise<PreviewRow[]> {
    const windows: { offset: number; length: number; wanted: Set<number> }[] = [];
    for (const index of indexes) {
      const window = windows[windows.length - 1];
      if (window && index < window.offset + HUB_PAGE_ROWS) {
        window.length = index - window.offset + 1;
        window.wanted.add(index);
      } else windows.push({ offset: index, length: 1, wanted: new Set([index]) });
    }
    const byWindow: PreviewRow[][] = windows.map(() => []);
    await forEachLimited(windows, 4, async (window, k) => {
      const answer = await this.rowsAnswer('/rows', { offset: String(window.offset), length: String(window.length) });
      byWindow[k] = this.toRows({ ...answer, rows: (answer?.rows ?? []).filter((r) => window.wanted.has(Number(r.row_idx))) });
    });
    return byWindow.flat();
  }
}
