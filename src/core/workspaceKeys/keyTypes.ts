/** What the workspace key index knows of one file (docs/semantics.md §11.7). */
import type { OffsetRange } from '../text/lineIndex';

/** Datasets and generators have separate key spaces: a dataset and a generator may share a key. */
export type KeyKind = 'dataset' | 'generator';

/** What a file is for the index: a dataset spec, a generator definition, a run config, or none of ours. */
export type KeyFileRole = KeyKind | 'run-config';

/** A place that defines a key: the `key` of a spec file, or of an entry embedded in a run config. */
export interface KeyDefinition {
  kind: KeyKind;
  key: string;
  file: string;
  /** The `key` value's range. */
  range: OffsetRange;
  /** 1-based line of the range, for messages naming this place from another file. */
  line: number;
  /** A generator's `config_spec` keys (the options a dataset's `dataset_generator_config` may set). */
  options?: string[];
  /** The options whose `config_spec` entry has a `default_value` (a dataset may leave them out, docs/semantics.md §11.4). */
  defaulted?: string[];
  /** Set when the definition is an entry embedded in this run config. */
  embeddedIn?: string;
}

/** A value that names a dataset or a generator by its key. */
export interface KeyReference {
  kind: KeyKind;
  key: string;
  file: string;
  range: OffsetRange;
}

/** A path in a file naming another file: a run config's `$ref`, an embedded dataset's data file, an `!include`. */
export interface FileLink {
  what: 'ref' | 'data' | 'include';
  /** As written. */
  path: string;
  /** Absolute, resolved against the file's folder. */
  target: string;
  range: OffsetRange;
}

export interface FileKeyFacts {
  file: string;
  role: KeyFileRole | undefined;
  definitions: KeyDefinition[];
  references: KeyReference[];
  /** Links the index checks itself (those of spec files' sources are the data checks'). */
  links: FileLink[];
  /** The text was too large or too deeply nested to read: nothing was taken from it. */
  skipped?: boolean;
}
