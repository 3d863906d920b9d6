/**
 * The short templates of "New Dataset Spec…" and "New Generator…": valid files that preview at once on their own
 * (a local JSONL file beside them, an `empty` source), with comments that say what to change.
 */

export type NewFileKind = 'dataset' | 'generator';

/** The file name suffix that makes Eval Lens recognise the file (docs/datasets.md). */
export const NEW_FILE_SUFFIX: Record<NewFileKind, string> = { dataset: '.dataset.yaml', generator: '.generator.yaml' };

/** A key made from a name: lower case, words joined by `-`, only letters, digits, `-` and `_`. */
export function keyFromName(name: string): string {
  const key = name.trim().toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return key || 'new';
}

/** Whether a name can become a file name on every platform (no separators, no reserved characters, not empty). */
export function isUsableName(name: string): boolean {
  const trimmed = name.trim();
  const control = [...trimmed].some((ch) => ch.charCodeAt(0) < 0x20);
  return trimmed.length > 0 && trimmed.length <= 120 && !control && !/[\\/:*?"<>|]/.test(trimmed) && !/^\.+$/.test(trimmed);
}

function datasetTemplate(key: string): string {
  return `# A dataset spec: where the samples come from and which rows to keep.
# Open the preview (the filter icon in the title bar) to see the rows the filters keep.
key: ${key}
display_name: ${key}
source:
  type: local
  # A CSV, JSON, JSONL or Parquet file, relative to this spec.
  file_path: data/${key}.jsonl
  filters:
    # Keep the rows whose field is present; press Ctrl+Space after "op:" for the other operators.
    - expression: "{{ sample.question }}"
      op: exists
`;
}

function generatorTemplate(key: string): string {
  return `# A generator definition: how new samples are written. Datasets use it through
# generator_specification.dataset_generator_key: ${key}
key: ${key}
display_name: ${key}
config_spec:
  - key: topic
    type: string
    display_name: Topic
definition:
  type: declarative_dataset_generator
  data_source:
    type: empty
  synthesizers:
    - type: llm
      model_key: default-model
      use_structured_outputs: true
      system_prompt: You write evaluation samples. Each sample has a question and its answer.
      user_prompt_template: Write one question about << config.topic >>, with its answer.
  sample_properties:
    question:
      type: string
    answer:
      type: string
`;
}

/** The text of a new file of `kind` named `name`. */
export function newFileText(kind: NewFileKind, name: string): string {
  const key = keyFromName(name);
  return kind === 'dataset' ? datasetTemplate(key) : generatorTemplate(key);
}

/** The file name of a new file of `kind` named `name` (its suffix added unless already there). */
export function newFileName(kind: NewFileKind, name: string): string {
  const trimmed = name.trim();
  const suffix = NEW_FILE_SUFFIX[kind];
  return trimmed.endsWith(suffix) ? trimmed : `${trimmed}${suffix}`;
}
