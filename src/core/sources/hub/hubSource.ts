/**
 * `dataset_hub` (docs/semantics.md §9.4): a split of a dataset of the public dataset viewer. The config comes from
 * `load_dataset_kwargs.name`; the split is then read and counted by hubSplit.ts.
 */
import * as l10n from '@vscode/l10n';
import { CompiledFilter } from '../../filters/filterEvaluator';
import { sourceStrings } from '../../l10n/sourceStrings';
import { PreviewError } from '../previewError';
import { PreviewResult, PreviewWarning } from '../../model/previewTypes';
import { isPlainObject } from '../../json/objectValues';
import { environmentOf, firstEnv, resolveEndpoint } from '../remote/credentials';
import { Redactor } from '../remote/redaction';
import { RemoteClient } from '../remote/remoteClient';
import { HubConnection, HubParquetAnswer, HubRowsAnswer, HubSplit } from './hubSplit';
import { HUB_LABEL } from './hubSourceType';
import type { SourceOptions, SourceRun } from '../sourceDefinition';

const HUB_DEFAULT_URL = 'https://datasets-server.huggingface.co';

interface HubInput {
  source: Record<string, unknown>;
  filters: CompiledFilter[];
  options: SourceOptions;
  run: SourceRun;
}

/** A request started before its answer is needed: a failure surfaces only where the answer is awaited. */
function startEarly<T>(request: Promise<T>): Promise<T> {
  request.catch(() => undefined);
  return request;
}

function requireText(source: Record<string, unknown>, field: string): string {
  const value = source[field];
  if (typeof value !== 'string' || value === '') throw new PreviewError('invalidSource', l10n.t("a {0} source needs '{1}' (a string)", HUB_LABEL, field));
  return value;
}

interface HubQuery {
  dataset: string;
  split: string;
  wantedConfig: string | undefined;
  warnings: PreviewWarning[];
}

/** What the source asks for: the dataset, the split and maybe the config (other `load_dataset_kwargs` are ignored, with a warning). */
function hubQueryOf(source: Record<string, unknown>): HubQuery {
  const dataset = requireText(source, 'path');
  const split = requireText(source, 'split');
  const warnings: PreviewWarning[] = [];
  const kwargs = isPlainObject(source.load_dataset_kwargs) ? source.load_dataset_kwargs : {};
  const others = Object.keys(kwargs).filter((key) => key !== 'name');
  if (others.length > 0) warnings.push({ message: sourceStrings.hubKwargsIgnored(others) });
  const wantedConfig = typeof kwargs.name === 'string' && kwargs.name !== '' ? kwargs.name : undefined;
  return { dataset, split, wantedConfig, warnings };
}

/** The client of the hub's API, with the token of `HF_TOKEN` sent only to the hub. */
function connectHub(dataset: string, options: SourceOptions): HubConnection {
  const base = resolveEndpoint(undefined, 'EVAL_LENS_HUB_URL', ['EVAL_LENS_HUB_URL'], HUB_DEFAULT_URL, options);
  const token = firstEnv(environmentOf(options), ['HF_TOKEN']);
  const redactor = new Redactor();
  redactor.add(token);
  const client = new RemoteClient({ options, redactor, headers: token ? { Authorization: `Bearer ${token}` } : {}, authCheck: l10n.t('{0} (the dataset may be gated or private)', sourceStrings.hubAuthCheck) });
  const hubOrigin = new URL(base).origin;
  const sendsToken = (url: string) => {
    const { origin, hostname } = new URL(url);
    return origin === hubOrigin || hostname === 'huggingface.co' || hostname.endsWith('.huggingface.co');
  };
  const api = (path: string, params: Record<string, string>) => `${base}${path}?${new URLSearchParams(params)}`;
  return { client, api, sendsToken, what: `${HUB_LABEL} '${dataset}'` };
}

/** The config to read: the one asked for, else the only one; an error names the choices. */
function chooseConfig(dataset: string, wantedConfig: string | undefined, configs: string[]): string {
  if (wantedConfig !== undefined) {
    if (!configs.includes(wantedConfig)) throw new PreviewError('invalidSource', sourceStrings.hubUnknownConfig(dataset, wantedConfig, configs));
    return wantedConfig;
  }
  if (configs.length === 1) return configs[0];
  if (configs.length === 0) throw new PreviewError('unreadableSource', sourceStrings.hubNoDataset(dataset));
  throw new PreviewError('invalidSource', sourceStrings.hubNoConfig(dataset, configs));
}

export async function previewDatasetHub(input: HubInput): Promise<PreviewResult> {
  const { source, filters, options, run } = input;
  const { dataset, split, wantedConfig, warnings } = hubQueryOf(source);
  const hub = connectHub(dataset, options);
  const { client, api, what } = hub;
  // With filters, whether the hub can filter is asked while the splits are listed.
  const validRequest = filters.length > 0 ? startEarly(client.json<{ filter?: boolean }>(api('/is-valid', { dataset }), { what, notFound: sourceStrings.hubNoDataset(dataset) })) : undefined;
  const splitsAnswer = await client.json<{ splits?: unknown }>(api('/splits', { dataset }), { what, notFound: sourceStrings.hubNoDataset(dataset) });
  const splits = (Array.isArray(splitsAnswer?.splits) ? splitsAnswer.splits : []).filter(isPlainObject).map((s) => ({ config: String(s.config), split: String(s.split) }));
  const configs = [...new Set(splits.map((s) => s.config))];
  const config = chooseConfig(dataset, wantedConfig, configs);
  const configSplits = splits.filter((s) => s.config === config).map((s) => s.split);
  const noSplit = sourceStrings.hubNoSplit(dataset, config, split, configSplits);
  if (!configSplits.includes(split)) throw new PreviewError('invalidSource', noSplit);
  const where = { dataset, config, split };

  const firstRequest = client.json<HubRowsAnswer>(api('/first-rows', where), { what, notFound: noSplit });
  // With filters, the Parquet files are listed while the first rows come, in case they are counted here; a row
  // sink (an export) always reads them.
  const parquetRequest = filters.length > 0 || options.onRow ? startEarly(client.json<HubParquetAnswer>(api('/parquet', { dataset, config }), { what, notFound: noSplit })) : undefined;
  const first = await firstRequest;
  const features = (first?.features ?? []).filter((f) => isPlainObject(f) && typeof f.name === 'string');
  const reader = new HubSplit({ hub, where, noSplit, features, configs, splits, warnings, filters, options, run, parquetRequest });

  // Every kept row for a row sink: read from the Parquet files, whatever the hub could count.
  if (options.onRow) return reader.rowsHere();
  if (filters.length === 0) return reader.firstPageByHub();
  return reader.countFiltered(await validRequest);
}
