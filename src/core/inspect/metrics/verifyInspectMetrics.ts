/** Placeholder of the Inspect metric verification: replaced by the module of the same path. */
import type { MetricGroup } from '../../model/logViewTypes';

export interface InspectSampleScores {
  id: string | number;
  epoch: number;
  scores: Record<string, unknown>;
  metadata?: unknown;
}

export function verifyInspectMetrics(_results: unknown, _samples: Iterable<InspectSampleScores>): MetricGroup[] {
  return [];
}

export function reducedSampleValues(_results: unknown, _samples: Iterable<InspectSampleScores>): Map<string, Map<string | number, number>> {
  return new Map();
}
