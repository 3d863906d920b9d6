/**
 * The facts of a task result log read from its first bytes, and from its last ones when the head does not reach
 * the specification and execution (written after the evidence and its samples, in the order the format lists them).
 * Samples are counted, never parsed, and only when the whole list lies within the head.
 */
import { FileHandle } from 'node:fs/promises';
import { tailMember } from '../log/tailMember';
import { asArray, asFiniteNumber, asRecord, asString } from '../log/logValue';
import { metricValueIsRate } from '../format/metricValueFormat';
import { TAIL_STEPS } from './boundedRead';
import { readAt } from '../text/readFully';
import type { LogHead } from './headScan';
import { LogFacts, MainMetric, outcomeOf } from './logFacts';

/** The first numeric value of the first metric (spec §2.6: `metric_key`, `values`). */
export function firstTaskLogMetric(metrics: unknown): MainMetric | undefined {
  for (const item of asArray(metrics) ?? []) {
    const metric = asRecord(item);
    const values = asRecord(metric?.values);
    if (!metric || !values) continue;
    const metricKey = asString(metric.metric_key) ?? '';
    const entries = Object.entries(values).filter(([, v]) => asFiniteNumber(v) !== undefined);
    if (entries.length === 0) continue;
    const [valueKey, value] = entries[0];
    const name = Object.keys(values).length === 1 || valueKey === metricKey || !metricKey ? metricKey || valueKey : `${metricKey}/${valueKey}`;
    return { name, value: value as number, rate: metricValueIsRate(asString(metric.metric_type), metricKey, valueKey) };
  }
  return undefined;
}

/** Model of the run: the evaluated entity's key (or name) when the entity is a model (spec §2.8). */
function modelOf(specification: Record<string, unknown> | undefined): string | undefined {
  const entity = asRecord(specification?.evaluated_entity);
  if (!entity || (entity.type !== undefined && entity.type !== 'model' && entity.model_id === undefined)) return undefined;
  return asString(entity.key) ?? asString(entity.name);
}

/** The facts of the members found (`members` already holds those read from the tail). */
export function taskLogFacts(head: LogHead): LogFacts {
  const specification = asRecord(head.members.specification);
  const task = asRecord(specification?.task);
  const startedAt = asFiniteNumber(asRecord(head.members.execution)?.started_at);
  const status = asString(head.members.status) ?? '';
  const facts: LogFacts = { format: 'taskResultLog', status, outcome: outcomeOf(status) };
  const taskName = asString(task?.name) ?? asString(task?.key);
  if (taskName) facts.task = taskName;
  const displayName = asString(specification?.display_name);
  if (displayName) facts.displayName = displayName;
  const model = modelOf(specification);
  if (model) facts.model = model;
  const metric = firstTaskLogMetric(head.metrics);
  if (metric) facts.mainMetric = metric;
  if (head.samples !== undefined) facts.samples = head.samples;
  if (startedAt !== undefined) facts.date = startedAt * 1000;
  return facts;
}

/** Reads the members the head lacks from the last bytes of the file (only those after the evidence). */
async function completeFromTail(handle: FileHandle, size: number, head: LogHead): Promise<void> {
  for (const length of TAIL_STEPS) {
    const missing = ['specification', 'execution', 'status'].filter((key) => !(key in head.members));
    if (missing.length === 0) return;
    const tail = await readAt(handle, Math.max(0, size - length), Math.min(size, length));
    for (const key of missing) {
      const found = tailMember(tail, key);
      if (found) head.members[key] = found.value;
    }
    if (tail.length >= size) return;
  }
}

/** Completes the head of a task result log cut before its specification from the file's tail. */
export async function completeTaskLogHead(handle: FileHandle, size: number, head: LogHead): Promise<void> {
  if (head.end.kind === 'cut') await completeFromTail(handle, size, head);
}
