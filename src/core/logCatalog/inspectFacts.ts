/**
 * The facts of an Inspect log from its header (`header.json` of a `.eval` archive, `_journal/start.json` of an
 * unfinished one, or the members of a `.json` log before its samples): `eval.task`, `eval.model`, `status`, the
 * first metric of `results.scores[0]`, the number of samples, `eval.created`. Inspect's `results.total_samples` counts
 * every epoch of every sample; the view counts samples, as the report's Samples tab does (one row per sample id).
 */
import { asArray, asFiniteNumber, asRecord, asString } from '../log/logValue';
import { isRate } from '../format/displayFormat';
import { LogFacts, LogFormat, MainMetric, outcomeOf } from './logFacts';
import { statedSampleCount } from '../sources/evalLogs/inspectHeaderCounts';

function firstInspectMetric(results: Record<string, unknown> | undefined): MainMetric | undefined {
  const score = asRecord(asArray(results?.scores)?.[0]);
  const metrics = asRecord(score?.metrics);
  for (const [key, item] of Object.entries(metrics ?? {})) {
    const metric = asRecord(item);
    const value = asFiniteNumber(metric?.value);
    if (value === undefined) continue;
    const name = asString(metric?.name) ?? key;
    return { name, value, rate: isRate(undefined, name) };
  }
  return undefined;
}

/** The facts of an Inspect header; a header without `status` is an unfinished log's start (status `started`). */
export function inspectFacts(header: Record<string, unknown>, format: Exclude<LogFormat, 'taskResultLog'>): LogFacts {
  const evalSpec = asRecord(header.eval);
  const results = asRecord(header.results);
  const status = asString(header.status) ?? 'started';
  const facts: LogFacts = { format, status, outcome: outcomeOf(status) };
  const task = asString(evalSpec?.task);
  if (task) facts.task = task;
  const model = asString(evalSpec?.model);
  if (model) facts.model = model;
  const metric = firstInspectMetric(results);
  if (metric) facts.mainMetric = metric;
  const samples = statedSampleCount(header);
  if (samples !== undefined) facts.samples = samples;
  const created = Date.parse(asString(evalSpec?.created) ?? '');
  if (Number.isFinite(created)) facts.date = created;
  return facts;
}
