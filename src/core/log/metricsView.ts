import type { MetricGroup, MetricValueView, MetricView, ScoreColumn, Verification } from '../model/logViewTypes';
import type { SampleRecordColumns } from './sampleRecordColumns';
import { logStrings } from '../l10n/logStrings';
import type { NumericReading } from './numericReading';
import { asRecord, asString } from './logValue';
import { numericReadingOf } from './numericReading';
import { verifyMetricValue } from './metricVerification';
import { columnId } from './sampleRecords';

/** Bins of a metric value's distribution. */
const DISTRIBUTION_BINS = 10;

/** Per-sample values behind metric keys of one sample set, for verification and distributions. */
export class PerSampleValues {
  /** Whether any record has colliding aggregators (worked out once). */
  private collisions?: boolean;
  private readonly byColumn = new Map<string, { reading: NumericReading; label?: string }[]>();

  constructor(
    private readonly records: SampleRecordColumns | undefined,
    private readonly columns: readonly ScoreColumn[],
  ) {}

  /**
   * The column a metric value is recomputed from, or why there is none; `declared`: the column the metric names
   * itself (MetricView.column), which wins.
   */
  column(scorerKey: string | undefined, valueKey: string, declared?: string): { id?: string; reason?: string } {
    if (declared !== undefined) return { id: declared };
    if (scorerKey !== undefined) return { id: columnId(scorerKey, valueKey) };
    const candidates = this.columns.filter((c) => c.valueKey === valueKey);
    if (candidates.length > 1) return { reason: logStrings.noOwningScorer(valueKey) };
    return candidates.length === 1 ? { id: candidates[0].id } : {};
  }

  /** The per-sample values of a column read as numbers: one reading, or one per colliding aggregator. */
  candidates(id: string): { reading: NumericReading; label?: string }[] {
    let found = this.byColumn.get(id);
    if (!found) this.byColumn.set(id, (found = this.readingsOf(id)));
    return found;
  }

  private readingsOf(id: string): { reading: NumericReading; label?: string }[] {
    const records = this.records;
    if (!records) return [{ reading: numericReadingOf([]) }];
    this.collisions ??= records.hasCollisions;
    const labels = this.collisions ? collidedLabels(records, id) : undefined;
    if (!labels) return [{ reading: records.scores.numericReadingOf(id) }];
    const primary = records.scores.valuesOf(id);
    return labels.map((label, j) => ({
      label,
      reading: numericReadingOf(primary.map((value, i) => {
        const list = records.collisionsAt(i)?.[id];
        return list ? list.find((c) => c.label === label)?.value ?? list[j]?.value : value;
      })),
    }));
  }
}

/** The labels of the aggregators that collide on column `id`, from the first sample where they do. */
function collidedLabels(records: SampleRecordColumns, id: string): string[] | undefined {
  for (let i = 0; i < records.length; i++) {
    const list = records.collisionsAt(i)?.[id];
    if (list) return list.map((c) => c.label);
  }
  return undefined;
}

/** Equal-width histogram of the numeric values (2 bins for 0/1 values). */
export function distributionOf(values: readonly unknown[]): MetricValueView['distribution'] {
  return distributionOfReading(numericReadingOf(values));
}

/** Equal-width histogram of a reading's numbers (2 bins for 0/1 values). */
function distributionOfReading({ numbers, min, max, ones, binary }: NumericReading): MetricValueView['distribution'] {
  if (numbers.length === 0) return undefined;
  if (binary) return { min: 0, max: 1, counts: [numbers.length - ones, ones] };
  if (min === max) return { min, max, counts: [numbers.length] };
  const counts = new Array<number>(DISTRIBUTION_BINS).fill(0);
  const width = (max - min) / DISTRIBUTION_BINS;
  for (let i = 0; i < numbers.length; i++) counts[Math.min(DISTRIBUTION_BINS - 1, Math.floor((numbers[i] - min) / width))]++;
  return { min, max, counts };
}

function verifyValue(metricType: string | undefined, scorerKey: string | undefined, key: string, reported: unknown, perSample: PerSampleValues): MetricValueView {
  const column = perSample.column(scorerKey, key);
  let verification: Verification;
  let distribution: MetricValueView['distribution'];
  if (column.id === undefined) {
    verification = metricType === undefined
      ? { verdict: 'not_verifiable', reason: logStrings.metricTypeMissing }
      : { verdict: 'not_verifiable', reason: column.reason ?? logStrings.noPerSampleValues };
  } else {
    const candidates = perSample.candidates(column.id);
    verification = verifyMetricValue(metricType, reported, candidates);
    distribution = distributionOfReading(candidates[0].reading);
  }
  const view: MetricValueView = { key, value: reported, verification };
  if (distribution) view.distribution = distribution;
  return view;
}

/** Metrics grouped by scorer (score and qa apart), each value verified (docs/semantics.md §8). */
export function buildMetricGroups(metrics: readonly unknown[], perSample: PerSampleValues): MetricGroup[] {
  const groups: MetricGroup[] = [];
  const byKey = new Map<string, MetricGroup>();
  for (const item of metrics) {
    const metric = asRecord(item);
    if (!metric) continue;
    const scorerKey = asString(metric.scorer_key);
    const purpose = metric.scorer_purpose === 'qa' ? 'qa' : 'score';
    const metricType = asString(metric.metric_type);
    const view: MetricView = {
      metricKey: asString(metric.metric_key) ?? '',
      scorerPurpose: purpose,
      values: Object.entries(asRecord(metric.values) ?? {}).map(([key, value]) => verifyValue(metricType, scorerKey, key, value, perSample)),
    };
    if (metricType !== undefined) view.metricType = metricType;
    if (scorerKey !== undefined) view.scorerKey = scorerKey;
    const scorerName = asString(metric.scorer_name);
    if (scorerName !== undefined) view.scorerName = scorerName;
    const reason = asString(metric.reason);
    if (reason !== undefined) view.reason = reason;
    const groupKey = `${purpose}\u0000${scorerKey ?? ''}`;
    let group = byKey.get(groupKey);
    if (!group) {
      group = { purpose, metrics: [] };
      if (scorerKey !== undefined) group.scorerKey = scorerKey;
      if (scorerName !== undefined) group.scorerName = scorerName;
      byKey.set(groupKey, group);
      groups.push(group);
    }
    group.metrics.push(view);
  }
  return groups;
}
