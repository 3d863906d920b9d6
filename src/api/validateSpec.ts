/** `validateSpec`: a file's diagnostics as `eval-lens validate --json` gives them (src/core/validation). */
import * as path from 'node:path';
import { readRegularTextFile } from '../core/text/regularFile';
import { unreadableMessage } from '../core/validation/fileValidationReport';
import { checkedFileReport, FolderChecks } from '../core/workspaceKeys/folderChecks';
import { SpecError } from './errors';
import type { SpecText, ValidationReport } from './types';

/**
 * Recognises and validates a dataset spec, generator definition, task result log, trace or agent connection
 * config. A file that is none of these gives `kind: null` and no diagnostics.
 * @throws {@link SpecError} when the file cannot be read.
 */
export function validateSpec(pathOrText: string | SpecText): ValidationReport {
  let text: string;
  let fileName: string;
  let shown: string;
  if (typeof pathOrText === 'string') {
    fileName = path.resolve(pathOrText);
    shown = pathOrText;
    try {
      text = readRegularTextFile(fileName);
    } catch (error) {
      throw new SpecError(unreadableMessage(shown, fileName, error), shown);
    }
  } else {
    text = pathOrText.text;
    shown = fileName = pathOrText.name ?? 'spec.yaml';
  }
  // A file on its own, as `eval-lens validate FILE` checks it: its own checks and the paths it names.
  const entry = { file: fileName, text, explicit: true };
  const checks = new FolderChecks(path.dirname(fileName), [entry], []);
  return checkedFileReport(entry, checks, shown) ?? { file: shown, kind: null, valid: true, diagnostics: [] };
}
