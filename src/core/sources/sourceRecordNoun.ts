/**
 * What one record of a dataset's source is, known from the spec before the source answers, so a count in
 * progress can say "120 sessions read" (docs/semantics.md §9.1). The result's own `recordNoun` wins once it is known.
 */
import { isRecord } from '../json/jsonValue';
import type { RecordNoun } from '../model/previewTypes';

/** The noun of the source of a dataset value (`{ source: { type, … } }`); undefined when it is not known in advance. */
export function expectedRecordNoun(datasetValue: unknown): RecordNoun | undefined {
  const source = isRecord(datasetValue) ? datasetValue.source : undefined;
  if (!isRecord(source)) return undefined;
  switch (source.type) {
    case 'coding_agent_sessions':
      return 'sessions';
    case 'trace_platform_b':
      return 'traces';
    case 'trace_platform_a':
      return source.dataset !== undefined && source.dataset !== null ? 'examples' : 'runs';
    case 'eval_logs':
      // A log file holds samples; a folder may be a transcript database: known once the source answers.
      return typeof source.path === 'string' && /\.(eval|json)$/i.test(source.path) ? 'samples' : undefined;
    default:
      return undefined;
  }
}
