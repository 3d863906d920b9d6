/**
 * `dataset_hub` (SEMANTICS §9.4): a split of a dataset of the public dataset viewer. The config comes from
 * `load_dataset_kwargs.name`; the first page and the counts come from the hub (`/rows`, `/filter` with one
 * `length=0` request per funnel step) when every filter has an exact `where` translation, else the filters'
 * columns are read from the split's Parquet files by range requests and counted here.
 */
import { CompiledFilter } from '../../filters/filterEvaluator';
import { filterLabel } from '../../filters/filterLabel';
import { ORDERING_OPS } from '../../filters/filterSpec';
import { remoteSourceStrings } from '../../l10n/remoteSourceStrings';
import { PreviewError } from '../previewError';
import { buildResult } from '../previewResult';
import { FilterStep, PreviewOptions, PreviewResult, PreviewRow, PreviewWarning, SourceFacts } from '../../model/previewTypes';
import { isPlainObject } from '../../json/objectValues';
import { environmentOf, firstEnv, resolveEndpoint } from '../remote/credentials';
import { Redactor } from '../remote/redaction';
import { RemoteClient, isCancellation } from '../remote/remoteClient';
import { forEachLimited } from '../remote/recordSelection';
import { HubParquetFile, countFromParquet } from './hubParquetCount';
import { rowsFromParquet } from './hubParquetRows';
import { HUB_SOURCE_TYPE } from './hubSourceType';
import { everyRow, isNull, translateFilters, whereOf } from './hubWhere';

export const HUB_DEFAULT_URL = 'https://datasets-server.huggingface.co';
/** Rows the hub gives per request (`length` ≤ 100); the preview's first page from the hub is at most this. */
export const HUB_PAGE_ROWS = 100;

interface HubRowsAnswer {
  features?: { name: string; type: unknown }[];
  rows?: { row_idx?: number; row?: Record<string, unknown>; truncated_cells?: string[] }[];
  num_rows_total?: number;
  partial?: boolean;
}

interface HubParquetAnswer {
  parquet_files?: unknown;
  partial?: boolean;
}

export interface HubInput {
  source: Record<string, unknown>;
  filters: CompiledFilter[];
  options: PreviewOptions;
}

function requireText(source: Record<string, unknown>, field: string): string {
  const value = source[field];
  if (typeof value !== 'string' || value === '') throw new PreviewError('invalidSource', `a ${HUB_SOURCE_TYPE} source needs '${field}' (a string)`);
  return value;
}

export async function previewDatasetHub(input: HubInput): Promise<PreviewResult> {
  const { source, filters, options } = input;
  const dataset = requireText(source, 'path');
  const split = requireText(source, 'split');
  const warnings: PreviewWarning[] = [];
  const kwargs = isPlainObject(source.load_dataset_kwargs) ? source.load_dataset_kwargs : {};
  const others = Object.keys(kwargs).filter((key) => key !== 'name');
  if (others.length > 0) warnings.push({ message: remoteSourceStrings.hubKwargsIgnored(others) });
  const wantedConfig = typeof kwargs.name === 'string' && kwargs.name !== '' ? kwargs.name : undefined;

  const base = resolveEndpoint(undefined, 'EVAL_LENS_HUB_URL', ['EVAL_LENS_HUB_URL'], HUB_DEFAULT_URL, options);
  const token = firstEnv(environmentOf(options), ['HF_TOKEN']);
  const redactor = new Redactor();
  redactor.add(token);
  const client = new RemoteClient({ options, redactor, headers: token ? { Authorization: `Bearer ${token}` } : {}, authCheck: `${remoteSourceStrings.hubAuthCheck} (the dataset may be gated or private)` });
  const hubOrigin = new URL(base).origin;
  const sendsToken = (url: string) => {
    const { origin, hostname } = new URL(url);
    return origin === hubOrigin || hostname === 'huggingface.co' || hostname.endsWith('.huggingface.co');
  };
  const api = (path: string, params: Record<string, string>) => `${base}${path}?${new URLSearchParams(params)}`;
  const what = `${HUB_SOURCE_TYPE} '${dataset}'`;

  /** A request started before its answer is needed: a failure surfaces only where the answer is awaited. */
  const startEarly = <T>(request: Promise<T>): Promise<T> => {
    request.catch(() => undefined);
    return request;
  };
  // With filters, whether the hub can filter is asked while the splits are listed.
  const validRequest = filters.length > 0 ? startEarly(client.json<{ filter?: boolean }>(api('/is-valid', { dataset }), { what, notFound: remoteSourceStrings.hubNoDataset(dataset) })) : undefined;
  const splitsAnswer = await client.json<{ splits?: unknown }>(api('/splits', { dataset }), { what, notFound: remoteSourceStrings.hubNoDataset(dataset) });
  const splits = (Array.isArray(splitsAnswer?.splits) ? splitsAnswer.splits : []).filter(isPlainObject).map((s) => ({ config: String(s.config), split: String(s.split) }));
  const configs = [...new Set(splits.map((s) => s.config))];
  let config: string;
  if (wantedConfig !== undefined) {
    if (!configs.includes(wantedConfig)) throw new PreviewError('invalidSource', remoteSourceStrings.hubUnknownConfig(dataset, wantedConfig, configs));
    config = wantedConfig;
  } else if (configs.length === 1) config = configs[0];
  else if (configs.length === 0) throw new PreviewError('unreadableSource', remoteSourceStrings.hubNoDataset(dataset));
  else throw new PreviewError('invalidSource', remoteSourceStrings.hubNoConfig(dataset, configs));
  const configSplits = splits.filter((s) => s.config === config).map((s) => s.split);
  const noSplit = remoteSourceStrings.hubNoSplit(dataset, config, split, configSplits);
  if (!configSplits.includes(split)) throw new PreviewError('invalidSource', noSplit);
  const where = { dataset, config, split };

  const firstRequest = client.json<HubRowsAnswer>(api('/first-rows', where), { what, notFound: noSplit });
  // With filters, the Parquet files are listed while the first rows come, in case they are counted here; a row
  // sink (an export) always reads them.
  const parquetRequest = filters.length > 0 || options.onRow ? startEarly(client.json<HubParquetAnswer>(api('/parquet', { dataset, config }), { what, notFound: noSplit })) : undefined;
  const first = await firstRequest;
  const features = (first?.features ?? []).filter((f) => isPlainObject(f) && typeof f.name === 'string');
  const columns = features.map((f) => f.name);
  const featureTypes = new Map(features.map((f) => [f.name, f.type] as const));
  const facts: SourceFacts = { hub: { dataset, config, split, configs, splits, features: features.map((f) => ({ name: f.name, type: f.type })) } };
  const rowsOfSplit = api('/rows', where);
  const rowFile = (index: number) => `${rowsOfSplit}&offset=${index}&length=1`;
  const toRows = (answer: HubRowsAnswer | undefined): PreviewRow[] =>
    (answer?.rows ?? []).filter((r) => isPlainObject(r) && isPlainObject(r.row)).map((r) => ({ values: r.row!, origin: { file: rowFile(Number(r.row_idx ?? 0)) } }));
  const truncated = (answer: HubRowsAnswer | undefined) => {
    const count = (answer?.rows ?? []).reduce((sum, r) => sum + (Array.isArray(r.truncated_cells) ? r.truncated_cells.length : 0), 0);
    if (count > 0) warnings.push({ message: remoteSourceStrings.hubTruncatedCells(count) });
  };
  const pageLength = String(Math.min(HUB_PAGE_ROWS, options.limit));
  const finish = (result: PreviewResult, countedBy: string, partial: boolean): PreviewResult => {
    const final: PreviewResult = { ...result, columns, countedBy, sourceFacts: facts };
    if (partial) {
      final.lowerBound = true;
      final.warnings = [...final.warnings, { message: remoteSourceStrings.hubPartial }];
    }
    options.onFirstPage?.(final);
    return final;
  };

  // Every kept row for a row sink: read from the Parquet files, whatever the hub could count.
  if (options.onRow) return rowsHere();

  if (filters.length === 0) {
    const answer = await client.json<HubRowsAnswer>(api('/rows', { ...where, offset: '0', length: pageLength }), { what, notFound: noSplit });
    truncated(answer);
    const total = Number(answer?.num_rows_total ?? 0);
    const result: PreviewResult = { columns, rows: toRows(answer), total, matched: total, removedPerFilter: [], notComparable: 0, warnings, complete: true };
    return finish(result, remoteSourceStrings.hubCountedByHub, answer?.partial === true);
  }

  const valid = await validRequest;
  const conditions = valid?.filter === true ? translateFilters(filters, featureTypes) : undefined;
  if (conditions) {
    try {
      return await countByHub(conditions);
    } catch (error) {
      if (error instanceof PreviewError && error.kind === 'unreadableSource' && !options.signal?.aborted) {
        // The hub could not count (index not ready, refused): the Parquet files still can be.
        warnings.push({ message: remoteSourceStrings.hubFilterFailed(error.message) });
        return countHere();
      }
      if (!isCancellation(error)) throw error;
      return finish(buildResult({ filters, stats: { total: 0, matched: 0, removed: filters.map(() => 0), notComparable: filters.map(() => 0) }, rows: [], columns, warnings, warningCount: warnings.length, complete: false }), remoteSourceStrings.hubCountedByHub, false);
    }
  }
  return countHere();

  async function filterCount(condition: string, length: string): Promise<HubRowsAnswer> {
    const answer = await client.json<HubRowsAnswer>(api('/filter', { ...where, where: condition, offset: '0', length }), { what, notFound: noSplit });
    return answer ?? {};
  }

  async function countByHub(translated: string[]): Promise<PreviewResult> {
    const start = await filterCount(everyRow(filters[0].column!), '0');
    const counts = [Number(start.num_rows_total ?? 0)];
    let partial = start.partial === true;
    let last: HubRowsAnswer = start;
    const steps: FilterStep[] = [];
    for (let k = 1; k <= translated.length; k++) {
      last = await filterCount(whereOf(translated, k), k === translated.length ? pageLength : '0');
      partial ||= last.partial === true;
      counts.push(Number(last.num_rows_total ?? 0));
      const filter = filters[k - 1];
      let notComparable = 0;
      if ((ORDERING_OPS as readonly string[]).includes(filter.spec.op)) {
        const nullCondition = k === 1 ? isNull(filter.column!) : `${whereOf(translated, k - 1)} AND ${isNull(filter.column!)}`;
        notComparable = Number((await filterCount(nullCondition, '0')).num_rows_total ?? 0);
      }
      steps.push({ index: filter.index, label: filterLabel(filter.spec), removed: counts[k - 1] - counts[k], notComparable });
      options.onProgress?.({ done: k, total: translated.length, unit: 'records', rowsSeen: counts[0], rowsKept: counts[k] });
    }
    truncated(last);
    const result: PreviewResult = {
      columns,
      rows: toRows(last),
      total: counts[0],
      matched: counts[counts.length - 1],
      removedPerFilter: steps,
      notComparable: steps.reduce((sum, step) => sum + step.notComparable, 0),
      warnings,
      complete: true,
    };
    return finish(result, remoteSourceStrings.hubCountedByHub, partial);
  }

  /** The split's Parquet files (listed once). */
  async function parquetFiles(): Promise<{ files: HubParquetFile[]; partial: boolean }> {
    const parquet = await (parquetRequest ?? client.json<HubParquetAnswer>(api('/parquet', { dataset, config }), { what, notFound: noSplit }));
    const files: HubParquetFile[] = (Array.isArray(parquet?.parquet_files) ? parquet.parquet_files : [])
      .filter(isPlainObject)
      .filter((f) => f.split === split && (f.config === undefined || f.config === config) && typeof f.url === 'string')
      .map((f) => ({ url: String(f.url), size: typeof f.size === 'number' ? f.size : undefined, filename: typeof f.filename === 'string' ? f.filename : undefined }));
    if (files.length === 0) throw new PreviewError('unreadableSource', remoteSourceStrings.hubNoParquet(dataset, split));
    return { files, partial: parquet?.partial === true };
  }

  /** Every row of the split read from its Parquet files, tested here, each kept one handed to the row sink. */
  async function rowsHere(): Promise<PreviewResult> {
    const { files, partial } = await parquetFiles();
    const read = await rowsFromParquet({ client, files, filters, columns, need: options.limit, what, sendsToken, options, label: `${dataset}/${config}/${split}`, originOf: rowFile });
    const result = buildResult({
      filters,
      stats: read.counter.stats,
      rows: read.counter.rows,
      columns,
      warnings: [...warnings, ...read.counter.warnings],
      warningCount: warnings.length + read.counter.warningCount,
      complete: read.complete,
    });
    return finish(result, remoteSourceStrings.hubCountedHere(read.columnsRead.length, columns.length, read.bytesRead), partial);
  }

  async function countHere(): Promise<PreviewResult> {
    const { files, partial } = await parquetFiles();
    const need = Math.min(HUB_PAGE_ROWS, options.limit);
    // The first page's rows are fetched while the rest of the split is counted.
    let early: Promise<PreviewRow[]> | undefined;
    const onKeptRows = (indexes: readonly number[]) => {
      early = keptRows([...indexes]);
      early.catch(() => undefined);
    };
    const count = await countFromParquet({ client, files, filters, allColumns: columns, need, what, sendsToken, options, label: `${dataset}/${config}/${split}`, onKeptRows });
    const rows = count.complete ? await (early ?? keptRows(count.keptRows)) : [];
    const result = buildResult({
      filters,
      stats: count.counter.stats,
      rows,
      columns,
      warnings: [...warnings, ...count.counter.warnings],
      warningCount: warnings.length + count.counter.warningCount,
      complete: count.complete,
    });
    return finish(result, remoteSourceStrings.hubCountedHere(count.columnsRead.length, columns.length, count.bytesRead), partial);
  }

  /** The full rows of the first kept indexes: one `/rows` request per window of 100 rows holding some of them. */
  async function keptRows(indexes: number[]): Promise<PreviewRow[]> {
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
      const answer = await client.json<HubRowsAnswer>(api('/rows', { ...where, offset: String(window.offset), length: String(window.length) }), { what, notFound: noSplit });
      byWindow[k] = toRows({ ...answer, rows: (answer?.rows ?? []).filter((r) => window.wanted.has(Number(r.row_idx))) });
    });
    return byWindow.flat();
  }
}
