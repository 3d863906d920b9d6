/**
 * What previews learned about their sources (PreviewResult.sourceFacts), kept on the host for hovers and
 * completion: by dataset + config for the hub, by path or project for the others (sourceFactsKey). Fed from every
 * preview result; the newest facts of a source replace older ones. No `vscode` here, so it is unit-tested.
 */
import { sourceFactsKey, sourceFactsKeys } from '../../core/authoring/sourceFacts';
import type { SourceFacts } from '../../core/model/previewTypes';
import { isRecord } from '../../core/json/jsonValue';

/** Sources remembered at most (oldest forgotten first). */
const MAX_ENTRIES = 200;

export class SourceFactsCache {
  private static readonly facts = new Map<string, SourceFacts>();

  /** Records the facts of a preview of `datasetValue` (a dataset spec document's value). */
  static record(datasetValue: unknown, specPath: string | undefined, result: { sourceFacts?: SourceFacts } | undefined): void {
    const facts = result?.sourceFacts;
    const source = isRecord(datasetValue) ? datasetValue.source : undefined;
    if (!facts || source === undefined) return;
    for (const key of sourceFactsKeys(source, facts, specPath)) {
      SourceFactsCache.facts.delete(key);
      SourceFactsCache.facts.set(key, facts);
    }
    while (SourceFactsCache.facts.size > MAX_ENTRIES) {
      const oldest = SourceFactsCache.facts.keys().next().value;
      if (oldest === undefined) break;
      SourceFactsCache.facts.delete(oldest);
    }
  }

  /** The lookup the hover and completion engines take, for sources of the spec at `specPath`. */
  static lookup(specPath: string | undefined): (source: unknown) => SourceFacts | undefined {
    return (source) => {
      const key = sourceFactsKey(source, specPath);
      return key === undefined ? undefined : SourceFactsCache.facts.get(key);
    };
  }

  static clear(): void {
    SourceFactsCache.facts.clear();
  }
}
