/** What the editor shows of a hub dataset (docs/semantics.md §9.4): the config asked for, and the facts of its last preview. */
import { isRecord } from '../../json/jsonValue';
import { sourceAuthoringStrings as S } from '../../l10n/authoringStrings';
import type { SourceFacts } from '../../model/previewTypes';
import { HUB_SOURCE_TYPE } from './hubSourceType';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The hub config a source asks for (`load_dataset_kwargs.name`), or '' when it leaves the choice to the hub. */
export function hubConfigOf(source: Record<string, unknown>): string {
  return isRecord(source.load_dataset_kwargs) ? text(source.load_dataset_kwargs.name) : '';
}

/** The key of a hub dataset's facts: the dataset and the config. */
export function hubFactsKey(dataset: string, config: string): string {
  return `${HUB_SOURCE_TYPE}|${dataset}|${config}`;
}

/** A hub feature type in a few words: `Value(string)`, `ClassLabel`, `Sequence`, … */
export function hubTypeLabel(type: unknown): string {
  if (!isRecord(type)) return Array.isArray(type) ? 'list' : typeof type;
  const kind = text(type._type) || 'object';
  return kind === 'Value' && typeof type.dtype === 'string' ? type.dtype : kind;
}

/** Markdown of a hub source's hover: its configs, splits and features, once a preview fetched them. */
export function hubHoverMarkdown(facts: SourceFacts | undefined): string {
  const hub = facts?.hub;
  if (!hub) return S.hubNotFetched;
  const parts = [S.hubHeading(hub.dataset)];
  if (hub.configs.length) parts.push(S.hubConfigs(hub.configs, hub.config));
  const splits = hub.splits.filter((s) => s.config === hub.config).map((s) => s.split);
  if (splits.length) parts.push(S.hubSplits(splits, hub.config));
  if (hub.features.length) parts.push(S.hubFeatures(hub.features.map((f) => `\`${f.name}\` (${hubTypeLabel(f.type)})`)));
  return parts.join('\n\n');
}
