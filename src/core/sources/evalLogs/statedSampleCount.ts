/**
 * How many samples an Inspect log's header says it has, for the report before its samples are read and for the
 * Evaluation Logs view: `results.total_samples` counts every epoch of every sample, so it is read over the configured
 * `eval.config.epochs` when they divide it (as it is when they do not); else `eval.dataset.samples`.
 */
type Rec = Record<string, unknown>;

function record(value: unknown): Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Rec) : {};
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** The number of samples `header` states; undefined when it states none. */
export function statedSampleCount(header: unknown): number | undefined {
  const evalPart = record(record(header).eval);
  const total = count(record(record(header).results).total_samples);
  const epochs = record(evalPart.config).epochs;
  const perSample = typeof epochs === 'number' && Number.isInteger(epochs) && epochs > 0 ? epochs : 1;
  if (total !== undefined) return total % perSample === 0 ? total / perSample : total;
  return count(record(evalPart.dataset).samples);
}
