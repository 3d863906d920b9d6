/**
 * The rows of a dataset found by its `key` among the YAML/JSON files of a folder tree, for a generator's
 * `dataset_samples` and `dataset_sample_combinations` (docs/semantics.md §11.3). A small search: files are read
 * only when their text names the key; a dataset written in the older form (a top-level `file_path`, §11.4) is read
 * as the `local` source it stands for.
 */
import { dirname } from 'node:path';
import { readSmallText } from '../text/textHead';
import { generatorRunStrings as S } from '../l10n/generatorStrings';
import { isRecord } from '../json/jsonValue';
import { closestName } from '../schema/closestName';
import { kindFromValue } from '../fileKind';
import { parseSpecDocuments } from '../yaml/specDocument';
import { filesNamed } from '../sources/generatorDefinitionFiles';
import { preview } from '../sources/preview';
import type { DatasetRowsAnswer, DatasetRowsLookup } from './generatorSources';
import { nearestProjectFolder } from '../sources/projectFolder';

const SPEC_FILE = /\.(ya?ml|json)$/i;
const MAX_FILE_BYTES = 1024 * 1024;

interface FoundDataset {
  file: string;
  value: Record<string, unknown>;
}

/** A dataset value (an older form as today's, docs/semantics.md §11.4: the preview reads it so). */
function asDataset(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value) || typeof value.key !== 'string') return undefined;
  return kindFromValue(value) === 'dataset' ? value : undefined;
}

async function datasetsIn(files: readonly string[]): Promise<FoundDataset[]> {
  const found: FoundDataset[] = [];
  for (const file of files) {
    const text = await readSmallText(file, MAX_FILE_BYTES);
    if (text === undefined) continue;
    if (!/\bkey\b/.test(text)) continue;
    for (const doc of parseSpecDocuments(text)) {
      const value = asDataset(doc.value);
      if (value) found.push({ file, value });
    }
  }
  return found;
}

async function rowsOf(dataset: FoundDataset, key: string, limit: number): Promise<DatasetRowsAnswer> {
  try {
    const result = await preview(dataset.value, { limit, specPath: dataset.file, workers: 0 });
    return { rows: result.rows.map((row) => row.values), columns: result.columns, total: result.matched, complete: result.complete, file: dataset.file };
  } catch (error) {
    return { problem: S.datasetUnreadable(key, dataset.file, error instanceof Error ? error.message : String(error)) };
  }
}

/** A lookup over the datasets under `roots`, nearest first (searched once, on first use). */
export function workspaceDatasetLookup(roots: readonly string[]): DatasetRowsLookup {
  let datasets: Promise<FoundDataset[]> | undefined;
  const all = async () => {
    // The nearest root first: a key found there wins over the same key further away.
    const files = new Set<string>();
    for (const root of roots) for (const file of await filesNamed(root, SPEC_FILE)) files.add(file);
    return datasetsIn([...files]);
  };
  return async (key, limit) => {
    datasets ??= all();
    const list = await datasets;
    const dataset = list.find((d) => d.value.key === key);
    if (!dataset) return { problem: S.datasetNotFound(key, closestName(key, list.map((d) => String(d.value.key)))) };
    return rowsOf(dataset, key, limit);
  };
}

/**
 * Where a definition's datasets are looked for, nearest first: its project (docs/semantics.md §11.7: the folder of
 * the nearest run.yaml or app.yaml, so a run config's generator reads its own guide's datasets, not a namesake in a
 * neighbouring guide), else the folder above its own, then the workspace folders.
 */
export function datasetRootsFor(definitionFile: string, workspaceFolders: readonly string[]): string[] {
  const nearest = nearestProjectFolder(definitionFile, workspaceFolders) ?? dirname(dirname(definitionFile));
  return [...new Set([nearest, ...workspaceFolders])];
}
