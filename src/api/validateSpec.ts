/** `validateSpec`: a file's diagnostics as `eval-lens validate --json` gives them (src/core/validation). */
import * as path from 'node:path';
import { readRegularTextFile } from '../core/text/regularFile';
import { fileValidationReport, unreadableMessage } from '../core/validation/fileValidationReport';
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
  return fileValidationReport(text, fileName, shown) ?? { file: shown, kind: null, valid: true, diagnostics: [] };
}
