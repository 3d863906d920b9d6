/**
 * What the editor knows about the five other sources (docs/semantics.md §9): their columns (SOURCE_COLUMN_SETS) and the
 * facts the last preview learned (PreviewResult.sourceFacts): metadata/scores keys, session ids, a hub dataset's
 * configs, splits and features. Facts are looked up by a key naming the source (dataset + config for the hub).
 */
import { isRecord } from '../json/jsonValue';
import { sourceAuthoringStrings as S } from '../l10n/authoringStrings';
import { SOURCE_COLUMN_SETS } from '../sources/sourceColumns';
import { resolveSourcePath } from '../sources/sourcePaths';
import type { SourceFacts } from '../model/previewTypes';
import type { DataProfile } from './dataProfile';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The hub config a source asks for (`load_dataset_kwargs.name`), or '' when it leaves the choice to the hub. */
export function hubConfigOf(source: Record<string, unknown>): string {
  return isRecord(source.load_dataset_kwargs) ? text(source.load_dataset_kwargs.name) : '';
}

/** The key the facts of a source are kept under; undefined for sources without facts. */
export function sourceFactsKey(source: unknown, specPath?: string): string | undefined {
  if (!isRecord(source) || typeof source.type !== 'string') return undefined;
  switch (source.type) {
    case 'dataset_hub':
      return `dataset_hub|${text(source.path)}|${hubConfigOf(source)}`;
    case 'coding_agent_sessions':
    case 'eval_logs': {
      const path = text(source.path);
      return `${source.type}|${path ? resolveSourcePath(path, specPath) : '(default)'}`;
    }
    case 'trace_platform_a':
      return `trace_platform_a|${text(source.api_url)}|${text(source.project)}|${text(source.dataset)}`;
    case 'trace_platform_b':
      return `trace_platform_b|${text(source.base_url)}|${text(source.project)}`;
    default:
      return undefined;
  }
}

/** Keys a preview result's facts are stored under: the source's own, and for the hub also the config it chose. */
export function sourceFactsKeys(source: unknown, facts: SourceFacts, specPath?: string): string[] {
  const key = sourceFactsKey(source, specPath);
  if (!key) return [];
  const keys = [key];
  if (facts.hub && isRecord(source)) keys.push(`dataset_hub|${facts.hub.dataset}|${facts.hub.config}`);
  return [...new Set(keys)];
}

/** A hub feature type in a few words: `Value(string)`, `ClassLabel`, `Sequence`, … */
export function hubTypeLabel(type: unknown): string {
  if (!isRecord(type)) return Array.isArray(type) ? 'list' : typeof type;
  const kind = text(type._type) || 'object';
  return kind === 'Value' && typeof type.dtype === 'string' ? type.dtype : kind;
}

/** The hub's features as a column profile (no values sampled), for completion inside `{{ sample.… }}`. */
export function hubProfile(facts: SourceFacts | undefined): DataProfile | undefined {
  const hub = facts?.hub;
  if (!hub || hub.features.length === 0) return undefined;
  return {
    columns: hub.features.map((f) => ({ name: f.name, types: [hubTypeLabel(f.type)], values: [], present: 0 })),
    rowsRead: 0,
    origin: S.hubOrigin(hub.dataset, hub.config, hub.split),
  };
}

/** Markdown of a source's hover: its columns and what the last preview learned. Undefined for other sources. */
export function sourceHoverMarkdown(source: unknown, facts: SourceFacts | undefined): string | undefined {
  if (!isRecord(source) || typeof source.type !== 'string') return undefined;
  const parts: string[] = [];
  if (source.type === 'dataset_hub') {
    const hub = facts?.hub;
    if (!hub) return S.hubNotFetched;
    parts.push(S.hubHeading(hub.dataset));
    if (hub.configs.length) parts.push(S.hubConfigs(hub.configs, hub.config));
    const splits = hub.splits.filter((s) => s.config === hub.config).map((s) => s.split);
    if (splits.length) parts.push(S.hubSplits(splits, hub.config));
    if (hub.features.length) parts.push(S.hubFeatures(hub.features.map((f) => `\`${f.name}\` (${hubTypeLabel(f.type)})`)));
    return parts.join('\n\n');
  }
  const sets = SOURCE_COLUMN_SETS[source.type];
  if (!sets) return undefined;
  parts.push(S.columnsHeading(source.type));
  for (const set of sets) parts.push(S.columnSet(set.label, set.columns));
  if (facts?.metadataKeys?.length) parts.push(S.metadataKeys(facts.metadataKeys));
  if (facts?.scoreKeys?.length) parts.push(S.scoreKeys(facts.scoreKeys));
  if (facts?.sessionIds?.length) parts.push(S.sessionsFound(facts.sessionIds.length));
  if (!facts && (source.type === 'coding_agent_sessions' || source.type === 'eval_logs')) parts.push(S.noPreviewYet);
  return parts.join('\n\n');
}

/** A profile lookup that falls back to the hub's features when the source's rows were not sampled. */
export function profileWithFacts(
  profileFor: ((source: unknown) => DataProfile | undefined) | undefined,
  factsFor: ((source: unknown) => SourceFacts | undefined) | undefined,
): ((source: unknown) => DataProfile | undefined) | undefined {
  if (!factsFor) return profileFor;
  return (source) => profileFor?.(source) ?? hubProfile(factsFor(source));
}

/** Fields of a source whose hover also shows the source's columns and facts. */
export function showsSourceFacts(sourceType: unknown, field: string | number | undefined): boolean {
  if (field === undefined || field === 'type') return true;
  return sourceType === 'dataset_hub' && (field === 'path' || field === 'split' || field === 'load_dataset_kwargs');
}
