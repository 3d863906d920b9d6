/**
 * What an Inspect log's header says of its size, for the report before its samples are read, its task-log shape and
 * the Evaluation Logs view: the configured epochs, and how many samples it has. `results.total_samples` counts every
 * epoch of every sample, so it is read over the configured `eval.config.epochs` when they divide it (as it is when
 * they do not); else `eval.dataset.samples`.
 */
import { isPlainObject } from '../../json/objectValues';

type Rec = Record<string, unknown>;

function record(value: unknown): Rec {
  return isPlainObject(value) ? value : {};
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** The configured number of epochs (`eval.config.epochs`), when given. */
export function configuredEpochs(header: unknown): number | undefined {
  const epochs = record(record(record(header).eval).config).epochs;
  return typeof epochs === 'number' && Number.isInteger(epochs) && epochs > 0 ? epochs : undefined;
}

/** The number of samples `header` states; undefined when it states none. */
export function statedSampleCount(header: unknown): number | undefined {
  const total = count(record(record(header).results).total_samples);
  const perSample = configuredEpochs(header) ?? 1;
  if (total !== undefined) return total % perSample === 0 ? total / perSample : total;
  return count(record(record(record(header).eval).dataset).samples);
}
