/**
 * What one record of a dataset's source is, known from the spec before the source answers, so a count in
 * progress can say "120 sessions read" (docs/semantics.md §9.1). The result's own `recordNoun` wins once it is known.
 */
import { isRecord } from '../json/jsonValue';
import type { RecordNoun } from '../model/previewTypes';
import { sourceDefinitionFor } from './registry';

/** The noun of the source of a dataset value (`{ source: { type, … } }`); undefined when it is not known in advance. */
export function expectedRecordNoun(datasetValue: unknown): RecordNoun | undefined {
  const source = isRecord(datasetValue) ? datasetValue.source : undefined;
  if (!isRecord(source)) return undefined;
  return sourceDefinitionFor(source.type)?.recordNoun(source);
}
