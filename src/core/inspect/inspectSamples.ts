/**
 * Inspect sample results → the task result log's sample shape (readSample in src/core/log/sampleReading.ts), so that
 * paging, sorting, search and filters work unchanged: one sample per id, its epochs as trials, each scorer's value
 * (a dict score: each key) as a score value, input/target/metadata as the data, the sample's `error` and `limit` as
 * trial errors, and the epoch-reduced values as the sample-level scores.
 */
import { isPlainObject } from '../json/objectValues';
import { contentText, jsonText } from '../sources/evalLogs/inspectTrace';
import { inspectStrings as S } from '../l10n/inspectStrings';
import { InspectSummaryList, epochOf } from './inspectSummaryList';

export { epochOf, idOf } from './inspectSummaryList';

/** One sample id with its epochs' summaries in order. */
export interface InspectSampleGroup {
  id: string | number;
  epochs: Record<string, unknown>[];
}

type ScoreValue = number | string | boolean | null;

const GRADES: ReadonlyMap<string, number> = new Map([['C', 1], ['I', 0], ['P', 0.5], ['N', 0]]);

/** Inspect's letter grades (C, I, P, N), booleans, yes/no words and numeric text as numbers; undefined when a value has none. */
export function scoreNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') return undefined;
  const grade = GRADES.get(value);
  if (grade !== undefined) return grade;
  const word = value.trim().toLowerCase();
  if (word === 'yes' || word === 'true') return 1;
  if (word === 'no' || word === 'false') return 0;
  const numeric = word === '' ? NaN : Number(word);
  return Number.isFinite(numeric) ? numeric : undefined;
}

/** A cell value: the number a value stands for, else the text itself, else its JSON. */
function cellValue(value: unknown): ScoreValue {
  if (value === null || value === undefined) return null;
  const number = scoreNumber(value);
  if (number !== undefined) return number;
  return typeof value === 'string' ? value : jsonText(value);
}

/**
 * The summaries grouped by sample id, in the order ids first appear, each group's summaries by ascending epoch:
 * summary numbers into the list, not the summaries themselves.
 */
export class SummaryGroups {
  /** The group of each id, and the summary numbers of each group one after another. */
  private readonly ids: (string | number)[] = [];
  private readonly starts: Int32Array;
  private readonly members: Int32Array;

  constructor(list: InspectSummaryList) {
    // A number id and a string id of the same text are different samples: they are looked up apart. Each group
    // is its first summary's number, and a list only for a group with more (most samples have one epoch).
    const byNumber = new Map<number, number>();
    const byString = new Map<string, number>();
    const firsts: number[] = [];
    const more = new Map<number, number[]>();
    for (let i = 0; i < list.count; i++) {
      const id = list.idAt(i);
      if (id === undefined) continue;
      const group = typeof id === 'number' ? byNumber.get(id) : byString.get(id);
      if (group === undefined) {
        if (typeof id === 'number') byNumber.set(id, firsts.length);
        else byString.set(id, firsts.length);
        firsts.push(i);
        this.ids.push(id);
      } else {
        const others = more.get(group);
        if (others) others.push(i);
        else more.set(group, [i]);
      }
    }
    this.starts = new Int32Array(firsts.length + 1);
    this.members = new Int32Array(firsts.length + [...more.values()].reduce((sum, others) => sum + others.length, 0));
    for (let group = 0; group < firsts.length; group++) {
      const start = this.starts[group];
      const others = more.size ? more.get(group) : undefined;
      if (!others) {
        // One epoch (most samples): no list made for it.
        this.members[start] = firsts[group];
        this.starts[group + 1] = start + 1;
        continue;
      }
      const members = [firsts[group], ...others].sort((a, b) => list.epochAt(a) - list.epochAt(b));
      this.members.set(members, start);
      this.starts[group + 1] = start + members.length;
    }
  }

  get count(): number {
    return this.ids.length;
  }

  idAt(group: number): string | number {
    return this.ids[group];
  }

  /** How many summaries (epochs) group `group` has. */
  sizeOf(group: number): number {
    return this.starts[group + 1] - this.starts[group];
  }

  /** The summary numbers of one group, by ascending epoch. */
  membersOf(group: number): Int32Array {
    return this.members.subarray(this.starts[group], this.starts[group + 1]);
  }

  /** Group `group` with its summaries parsed. */
  groupAt(group: number, list: InspectSummaryList): InspectSampleGroup {
    const start = this.starts[group];
    const end = this.starts[group + 1];
    const epochs: Record<string, unknown>[] = [];
    for (let at = start; at < end; at++) epochs.push(list.at(this.members[at]));
    return { id: this.ids[group], epochs };
  }
}

/** The value keys of one score: a dict's keys, else the scorer's own name (as Inspect names its results). */
export function scoreValues(scorer: string, score: unknown): Record<string, ScoreValue> {
  const value = isPlainObject(score) ? score.value : score;
  if (isPlainObject(value)) {
    const values: Record<string, ScoreValue> = {};
    for (const [key, item] of Object.entries(value)) values[key] = cellValue(item);
    return values;
  }
  return { [scorer]: cellValue(value) };
}

/** One score as a trial's score entry; `details`: with the value, answer, explanation and metadata a detail shows. */
function scoreEntry(scorer: string, score: unknown, details: boolean): Record<string, unknown> {
  const entry: Record<string, unknown> = { scorer_key: scorer, scorer_name: scorer, scorer_purpose: 'score', values: scoreValues(scorer, score) };
  if (details && isPlainObject(score)) {
    const { value, answer, explanation, metadata } = score;
    const shown: Record<string, unknown> = { value };
    if (answer !== undefined && answer !== null) shown.answer = answer;
    if (explanation !== undefined && explanation !== null) shown.explanation = explanation;
    if (metadata !== undefined && metadata !== null) shown.metadata = metadata;
    entry.metadata = shown;
  }
  return entry;
}

/** The text of an input: a string, or the content of its messages. */
export function inputText(input: unknown): unknown {
  if (typeof input === 'string') return input;
  if (!Array.isArray(input)) return input;
  return input.map((message) => (isPlainObject(message) ? contentText(message.content) : '')).filter((text) => text !== '').join('\n\n');
}

export function sampleData(sample: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = { input: inputText(sample.input) };
  if (sample.target !== undefined) data.target = Array.isArray(sample.target) ? sample.target.map(String).join(', ') : sample.target;
  if (isPlainObject(sample.metadata)) {
    for (const [key, value] of Object.entries(sample.metadata)) if (!(key in data)) data[key] = value;
  }
  return data;
}

export function errorsOf(sample: Record<string, unknown>): Record<string, unknown>[] {
  const errors: Record<string, unknown>[] = [];
  const error = sample.error;
  if (error !== undefined && error !== null) {
    const message = isPlainObject(error) ? (typeof error.message === 'string' ? error.message : jsonText(error)) : typeof error === 'string' ? error : jsonText(error);
    errors.push({ error_type: S.sampleErrorType, message, stage: 'solver' });
  }
  const limit = sample.limit;
  if (isPlainObject(limit)) {
    errors.push({ error_type: S.limitType, message: S.limitReached(typeof limit.type === 'string' ? limit.type : '?', jsonText(limit.limit)), stage: 'solver' });
  }
  return errors;
}

/**
 * How much of a sample is built: all a detail shows (`detail`), what indexing reads for the table (`index`: score
 * values, data, errors), or what verification reads (`scores`: score values and errors, no data).
 */
export type EvidenceParts = 'detail' | 'index' | 'scores';

/**
 * One epoch as a trial; `output` is the conversation when the full sample was read. Below `detail` its scores carry
 * their values only, not what a detail shows of each (`parts`). Inspect counts epochs from 1 and a trial's index
 * counts from 0 (the views show index + 1): epoch e is the trial of index e − 1, shown as "Trial e".
 */
export function trialOf(sample: Record<string, unknown>, output?: unknown, parts: EvidenceParts = 'detail'): Record<string, unknown> {
  const details = parts === 'detail';
  const scores: Record<string, unknown>[] = [];
  const sampleScores = sample.scores;
  if (isPlainObject(sampleScores)) {
    // Own keys, as Object.entries gives them, without a pair made for each.
    for (const scorer in sampleScores) if (Object.prototype.hasOwnProperty.call(sampleScores, scorer)) scores.push(scoreEntry(scorer, sampleScores[scorer], details));
  }
  const index = epochOf(sample) - 1;
  const trial: Record<string, unknown> = parts === 'scores' ? { index, scores } : { index, sample: { data: sampleData(sample) }, scores };
  if (output !== undefined) trial.solver = { output };
  const errors = errorsOf(sample);
  if (errors.length) trial.errors = errors;
  return trial;
}

export type ReducedValues = ReadonlyMap<string, ReadonlyMap<string | number, number>>;

/** A column of the reduced values with its scorer and value key (`reduced` keys are `${scorer}/${valueKey}`). */
interface ReducedColumn {
  scorer: string;
  /** The position of `scorer` among the columns' scorers, in the order first seen. */
  slot: number;
  key: string;
  values: ReadonlyMap<string | number, number>;
}

/** The columns of each set of reduced values, split once rather than for every sample (the values never change). */
const columnsOfReduced = new WeakMap<ReducedValues, { columns: ReducedColumn[]; scorers: number }>();

function reducedColumns(reduced: ReducedValues): { columns: ReducedColumn[]; scorers: number } {
  let split = columnsOfReduced.get(reduced);
  if (!split) {
    const slots = new Map<string, number>();
    const columns = [...reduced].map(([column, values]) => {
      const slash = column.indexOf('/');
      const scorer = slash < 0 ? column : column.slice(0, slash);
      let slot = slots.get(scorer);
      if (slot === undefined) slots.set(scorer, (slot = slots.size));
      return { scorer, slot, key: slash < 0 ? column : column.slice(slash + 1), values };
    });
    split = { columns, scorers: slots.size };
    columnsOfReduced.set(reduced, split);
  }
  return split;
}

/** One scorer's epoch-reduced values of a sample, as a score entry of the task result log's reading. */
export interface ReducedScoreEntry {
  scorerKey: string;
  purpose: 'score';
  values: Record<string, number>;
  scorerName: string;
}

/** The epoch-reduced values of one sample, per scorer (undefined when it has none). */
export function reducedScoreEntries(group: Pick<InspectSampleGroup, 'id'>, reduced: ReducedValues): ReducedScoreEntry[] | undefined {
  const { columns, scorers } = reducedColumns(reduced);
  let entries: ReducedScoreEntry[] | undefined;
  // Each scorer's entry by its slot; the entries in the order their first value is found.
  let bySlot: (ReducedScoreEntry | undefined)[] | undefined;
  for (const { scorer, slot, key, values } of columns) {
    const value = values.get(group.id) ?? values.get(String(group.id));
    if (value === undefined) continue;
    entries ??= [];
    bySlot ??= new Array<ReducedScoreEntry | undefined>(scorers);
    let entry = bySlot[slot];
    if (!entry) entries.push((entry = bySlot[slot] = { scorerKey: scorer, purpose: 'score', values: {}, scorerName: scorer }));
    entry.values[key] = value;
  }
  return entries;
}

/** The epoch-reduced values of one sample, per scorer, as the task result log writes sample-level scores. */
function reducedScores(group: InspectSampleGroup, reduced: ReducedValues): Record<string, unknown>[] | undefined {
  return reducedScoreEntries(group, reduced)?.map(({ scorerKey, values }) => ({ scorer_key: scorerKey, scorer_name: scorerKey, scorer_purpose: 'score', values }));
}

/**
 * One sample id as a task result log sample; `outputs` (by epoch) are the conversations of a detail; `parts`: how
 * much of each trial is built (trialOf).
 */
export function sampleEvidence(group: InspectSampleGroup, reduced: ReducedValues, outputs?: ReadonlyMap<number, unknown>, parts: EvidenceParts = 'detail'): Record<string, unknown> {
  const evidence: Record<string, unknown> = { sample_id: group.id, trials: group.epochs.map((epoch) => trialOf(epoch, outputs?.get(epochOf(epoch)), parts)) };
  const scores = reducedScores(group, reduced);
  if (scores) evidence.scores = scores;
  return evidence;
}
