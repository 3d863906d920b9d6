/**
 * The source samples of a generator's data source (docs/semantics.md §11.3): none for `empty` (one blank sample, so
 * each synthesizer shows what it receives once), the written ones for `inline_samples`, a workspace dataset's rows
 * for `dataset_samples`, and every combination of one row of each listed dataset for `dataset_sample_combinations`
 * (the first dataset varying slowest). Only the first `limit` samples are made.
 */
import { asRecord } from '../json/jsonValue';
import { generatorRunStrings as S } from '../l10n/generatorStrings';
import { fillPlaceholders } from './generatorPlaceholders';

export type SourceRow = Record<string, unknown>;

/** Rows of the dataset with `key` in the workspace, or why there are none. */
export type DatasetRowsAnswer =
  | { rows: SourceRow[]; columns: string[]; total: number; complete: boolean; file: string }
  | { problem: string };

export type DatasetRowsLookup = (key: string, limit: number) => Promise<DatasetRowsAnswer>;

export interface SourceSamples {
  type: string;
  /** False for a data source type Eval Lens does not know (then no samples). */
  known: boolean;
  /** Datasets read, by key → file. */
  datasets: { key: string; file?: string }[];
  columns: string[];
  /** The first source samples. */
  samples: SourceRow[];
  /** How many source samples there are; a lower bound when `complete` is false. */
  total: number;
  complete: boolean;
  problems: string[];
}

function withColumns(base: Omit<SourceSamples, 'columns'>): SourceSamples {
  const columns: string[] = [];
  for (const sample of base.samples) for (const name of Object.keys(sample)) if (!columns.includes(name)) columns.push(name);
  return { ...base, columns };
}

/** A `<< config.KEY >>` in a dataset key is the configuration's value (docs/semantics.md §11.2). */
function datasetKey(value: unknown, config: Readonly<Record<string, unknown>>): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  return fillPlaceholders(value, { config }).text;
}

async function datasetSamples(key: string | undefined, limit: number, lookup: DatasetRowsLookup): Promise<SourceSamples> {
  const base = { type: 'dataset_samples', known: true, datasets: [] as SourceSamples['datasets'], samples: [] as SourceRow[], total: 0, complete: true, problems: [] as string[] };
  if (!key) return withColumns({ ...base, problems: [S.noDatasetKey] });
  const answer = await lookup(key, limit);
  if ('problem' in answer) return withColumns({ ...base, datasets: [{ key }], problems: [answer.problem] });
  return { ...base, datasets: [{ key, file: answer.file }], samples: answer.rows.slice(0, limit), columns: answer.columns, total: answer.total, complete: answer.complete };
}

async function combinations(keys: string[], limit: number, lookup: DatasetRowsLookup): Promise<SourceSamples> {
  const base = { type: 'dataset_sample_combinations', known: true, datasets: [] as SourceSamples['datasets'], samples: [] as SourceRow[], total: 0, complete: true, problems: [] as string[] };
  if (keys.length === 0) return withColumns({ ...base, problems: [S.noDatasetKeys] });
  const lists: SourceRow[][] = [];
  for (const key of keys) {
    const answer = await lookup(key, limit);
    if ('problem' in answer) {
      base.datasets.push({ key });
      base.problems.push(answer.problem);
      continue;
    }
    base.datasets.push({ key, file: answer.file });
    lists.push(answer.rows);
    base.complete &&= answer.complete && answer.rows.length >= answer.total;
  }
  if (base.problems.length > 0) return withColumns(base);
  const total = lists.reduce((product, rows) => product * rows.length, 1);
  for (let index = 0; index < Math.min(total, limit); index++) {
    const sample: SourceRow = {};
    let rest = index;
    const picked: SourceRow[] = [];
    for (let k = lists.length - 1; k >= 0; k--) {
      picked[k] = lists[k][rest % lists[k].length];
      rest = Math.floor(rest / lists[k].length);
    }
    for (const row of picked) Object.assign(sample, row);
    base.samples.push(sample);
  }
  return withColumns({ ...base, total });
}

export async function sourceSamples(dataSource: unknown, config: Readonly<Record<string, unknown>>, limit: number, lookup: DatasetRowsLookup): Promise<SourceSamples> {
  const source = asRecord(dataSource);
  const type = typeof source?.type === 'string' ? source.type : 'empty';
  const base = { type, known: true, datasets: [], complete: true, problems: [] };
  if (type === 'empty') return withColumns({ ...base, samples: [{}], total: 1 });
  if (type === 'inline_samples') {
    const samples = (Array.isArray(source?.samples) ? source.samples : []).map((s) => asRecord(s) ?? { value: s });
    return withColumns({ ...base, samples: samples.slice(0, limit), total: samples.length });
  }
  if (type === 'dataset_samples') return datasetSamples(datasetKey(source?.dataset_key, config), limit, lookup);
  if (type === 'dataset_sample_combinations') {
    const keys = (Array.isArray(source?.dataset_keys) ? source.dataset_keys : []).map((k) => datasetKey(k, config)).filter((k): k is string => k !== undefined);
    return combinations(keys, limit, lookup);
  }
  return withColumns({ ...base, known: false, samples: [], total: 0, complete: false, problems: [S.unknownSourceType(type)] });
}
