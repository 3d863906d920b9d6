/**
 * What the editor knows about the sources whose rows it cannot sample (docs/semantics.md §9): their columns (each
 * definition's `columns`) and the facts the last preview learned (PreviewResult.sourceFacts): metadata/scores keys,
 * session ids, a hub dataset's configs, splits and features. Facts are looked up by a key naming the source
 * (dataset + config for the hub), which the source's definition makes.
 */
import { isRecord } from '../json/jsonValue';
import { sourceAuthoringStrings as S } from '../l10n/authoringStrings';
import { hubTypeLabel } from '../sources/hub/hubFacts';
import { definitionOfSource, sourceDefinitionFor } from '../sources/registry';
import type { SourceFacts } from '../model/previewTypes';
import type { DataProfile } from './dataProfile';

/** The key the facts of a source are kept under; undefined for sources without facts. */
export function sourceFactsKey(source: unknown, specPath?: string): string | undefined {
  if (!isRecord(source) || typeof source.type !== 'string') return undefined;
  return definitionOfSource(source)?.authoring.factsKey?.(source, specPath);
}

/** Keys a preview result's facts are stored under: the source's own, and those its facts add (the hub: the config it chose). */
export function sourceFactsKeys(source: unknown, facts: SourceFacts, specPath?: string): string[] {
  const key = sourceFactsKey(source, specPath);
  if (!key) return [];
  const keys = [key, ...(definitionOfSource(source)?.authoring.moreFactsKeys?.(facts) ?? [])];
  return [...new Set(keys)];
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
  const definition = definitionOfSource(source);
  if (definition?.authoring.hover) return definition.authoring.hover(facts);
  if (!definition || definition.columns.length === 0) return undefined;
  const parts: string[] = [S.columnsHeading(source.type)];
  for (const set of definition.columns) parts.push(S.columnSet(set.label, set.columns));
  if (facts?.metadataKeys?.length) parts.push(S.metadataKeys(facts.metadataKeys));
  if (facts?.scoreKeys?.length) parts.push(S.scoreKeys(facts.scoreKeys));
  if (facts?.sessionIds?.length) parts.push(S.sessionsFound(facts.sessionIds.length));
  if (!facts && definition.authoring.factsNeedPreview) parts.push(S.noPreviewYet);
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
  return typeof field === 'string' && (sourceDefinitionFor(sourceType)?.authoring.factsFields.includes(field) ?? false);
}
