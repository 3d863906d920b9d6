/**
 * The workspace key index (docs/semantics.md §11.7) on a generated workspace of 10,000 spec files in 50 projects
 * (datasets, generators referring to them, one run config each): building it from the files' texts, and one edit
 * (a dataset renamed) with the cross-file diagnostics of every file it affects recomputed.
 */
import { WorkspaceKeyIndex } from '../src/core/workspaceKeys/keyIndex';
import { keyDiagnostics } from '../src/core/workspaceKeys/keyChecks';
import type { BenchResult } from './benchTypes';

const FILES = 10_000;
const PROJECTS = 50;
const BUILD_GOAL_MS = 2000;
const UPDATE_GOAL_MS = 20;

function datasetText(i: number): string {
  return [`key: "dataset-${i}"`, `display_name: "Dataset ${i}"`, 'description: "Generated for the benchmark."', 'source:', '  type: local',
    `  file_path: "./data/rows-${i}.csv"`, '  filters:', '    - op: equals', '      expression: "{{ sample.category }}"', '      value: "math"', ''].join('\n');
}

function generatorText(i: number): string {
  return [`key: "generator-${i}"`, `display_name: "Generator ${i}"`, 'config_spec:', '  - key: "topic"', '    type: "string"', 'definition:',
    '  data_source:', '    type: "dataset_sample_combinations"', '    dataset_keys:', `      - "dataset-${i - 1}"`, `      - "dataset-${i - 2}"`,
    '  synthesizers:', '    - type: "llm"', '      model_key: "openai$gpt-4-1-nano"', '      user_prompt_template: |', '        Ask about << config.topic >>',
    '        given {{ source.question }}.', ''].join('\n');
}

function workspace(): [string, string][] {
  const files: [string, string][] = [];
  for (let p = 0; p < PROJECTS; p++) files.push([`/ws/project-${p}/run.yaml`, 'datasets:\n  - $ref: ./datasets/d.yaml\n']);
  for (let i = 0; files.length < FILES; i++) {
    const project = `/ws/project-${i % PROJECTS}`;
    files.push(i % 5 === 4 ? [`${project}/dataset_generators/g${i}.yaml`, generatorText(i)] : [`${project}/datasets/d${i}.yaml`, datasetText(i)]);
  }
  return files;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

export async function run(): Promise<BenchResult[]> {
  const files = workspace();
  const builds: number[] = [];
  let index = new WorkspaceKeyIndex();
  for (let round = 0; round < 3; round++) {
    index = new WorkspaceKeyIndex();
    const started = performance.now();
    for (const [file, text] of files) index.update(file, text);
    builds.push(performance.now() - started);
  }
  const placeOf = () => '';
  const updates: number[] = [];
  const [file, text] = files.find(([name]) => name.endsWith('/d103.yaml'))!;
  for (let round = 0; round < 41; round++) {
    const edited = round % 2 ? text : text.replace('dataset-103', 'dataset-103-renamed');
    const started = performance.now();
    const affected = index.update(file, edited);
    for (const f of affected === 'all' ? index.filesOfOurs() : affected) keyDiagnostics(index, f, { placeOf });
    updates.push(performance.now() - started);
  }
  const build = median(builds);
  const update = median(updates);
  const group = `workspace key index (${FILES.toLocaleString('en')} spec files)`;
  return [
    { group, metric: 'index built from the texts', value: build, unit: 'ms', goal: `≤ ${BUILD_GOAL_MS} ms`, met: build <= BUILD_GOAL_MS, note: 'median of 3 builds; the files are fed as texts (no disk)' },
    { group, metric: 'one edit: update + diagnostics of the affected files', value: update, unit: 'ms', goal: `≤ ${UPDATE_GOAL_MS} ms`, met: update <= UPDATE_GOAL_MS },
  ];
}
