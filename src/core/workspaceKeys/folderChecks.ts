/**
 * The checks of `validate` that read the disk or the rest of the folder, as the editor runs them
 * (docs/semantics.md §11.7): missing data files, generator options against the generator's `config_spec`, unknown
 * and duplicate keys, `$ref`s and run-config `!include`s naming no file.
 */
import * as path from 'node:path';
import { datasetChecks } from '../authoring/datasetChecks';
import { pathKind } from '../sources/pathKind';
import { Diagnostic } from '../validation/diagnostic';
import { ValidationResult, validateText } from '../validation/validateText';
import { isYamlOrJsonFileName } from '../fileKind';
import { FileValidationReport, locatedDiagnostics } from '../validation/fileValidationReport';
import { WorkspaceKeyIndex } from './keyIndex';
import { KEY_CODES, keyDiagnostics } from './keyChecks';
import type { KeyDefinition, KeyFileRole } from './keyTypes';

export interface ReadFile {
  file: string;
  text: string;
  /** Named on the command line rather than found below a folder. */
  explicit: boolean;
}

export class FolderChecks {
  private readonly index = new WorkspaceKeyIndex();

  constructor(private readonly cwd: string, files: ReadFile[], folders: string[]) {
    for (const folder of folders) this.index.addRoot(folder);
    for (const { file, text } of files) this.index.update(file, text);
  }

  /** What the file is to the key index: ours (a dataset, a generator, a run config) or not. */
  roleOf(file: string): KeyFileRole | undefined {
    return this.index.factsOf(file)?.role;
  }

  private placeOf = (definition: KeyDefinition): string => `${path.relative(this.cwd, definition.file) || definition.file}:${definition.line}`;

  /**
   * The file's diagnostics beyond `validateText`'s. Key checks need the rest of the project, so a file named on its
   * own gets only the checks of the paths it names; a folder gets them all.
   */
  diagnostics(entry: ReadFile, result: ValidationResult): Diagnostic[] {
    const out: Diagnostic[] = [];
    if (result.kind === 'dataset') {
      out.push(...datasetChecks(entry.text, result.documents, {
        specPath: entry.file,
        pathKind,
        generatorOptions: (key) => {
          const [found] = this.index.definitionsOf('generator', key, entry.file);
          return found ? { keys: found.options ?? [], defaulted: found.defaulted ?? [], file: this.placeOf(found) } : undefined;
        },
      }));
    }
    const keys = keyDiagnostics(this.index, entry.file, { pathKind, placeOf: this.placeOf });
    out.push(...(entry.explicit ? keys.filter((d) => d.code === KEY_CODES.missingFile) : keys));
    return out;
  }
}

/**
 * The report of one file as `eval-lens validate` gives it, with the checks of its folder (`checks`), or undefined
 * when the file is none of ours (docs/semantics.md §11.5).
 */
export function checkedFileReport(entry: ReadFile, checks: FolderChecks, shown: string): FileValidationReport | undefined {
  if (!isYamlOrJsonFileName(entry.file) && !/^\s*#\s*eval-lens:/.test(entry.text)) return undefined;
  const result = validateText(entry.text, entry.file);
  const role = checks.roleOf(entry.file);
  if (!result.kind && !role) return undefined;
  const diagnostics = locatedDiagnostics(entry.text, [...result.diagnostics, ...checks.diagnostics(entry, result)]);
  const kind = result.kind ?? role ?? null;
  return { file: shown, kind, valid: !diagnostics.some((d) => d.severity === 'error'), diagnostics };
}
