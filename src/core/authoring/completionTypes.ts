/** What completion is asked with and what it answers: shared by the engine and its helpers. */
import type { FileKind } from '../fileKind';
import type { OffsetRange } from '../text/lineIndex';
import type { DataProfile } from './dataProfile';
import type { SourceFacts } from '../model/previewTypes';

export type CompletionKind = 'property' | 'value' | 'enum' | 'snippet' | 'column' | 'file' | 'folder';

export interface CompletionItem {
  label: string;
  kind: CompletionKind;
  /** Text to insert; a snippet (with `${1:…}` placeholders) when `snippet`. */
  insertText: string;
  snippet: boolean;
  range: OffsetRange;
  sortText: string;
  detail?: string;
  /** Markdown. */
  documentation?: string;
  filterText?: string;
  /** Open the suggestions again after accepting (a key whose value has choices, a folder). */
  retrigger?: boolean;
}

export interface DirectoryEntry {
  name: string;
  isDirectory: boolean;
}

export interface CompletionContext {
  kind: FileKind;
  /** Whether the text is JSON (else YAML). */
  json: boolean;
  /** Absolute path of the spec file; relative paths resolve against its folder. Absent for untitled files. */
  specPath?: string;
  /** Offer schema keys, enum values and snippets (off in JSON, where the JSON language service offers them). */
  schemaItems?: boolean;
  /** Profile of a dataset source's first rows (already loaded), or undefined. */
  profileFor?: (source: unknown) => DataProfile | undefined;
  /** Entries of a folder, or undefined when it cannot be read. */
  listDirectory?: (absolutePath: string) => DirectoryEntry[] | undefined;
  /** What the last preview of a source learned (hub features for `{{ sample.… }}`, session ids…). */
  factsFor?: (source: unknown) => SourceFacts | undefined;
  /** The character that opened completion by itself as it was typed; absent when completion was asked for. */
  triggerCharacter?: string;
}
