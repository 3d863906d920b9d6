/** Messages between `log report -o` and its worker thread (reportExport.worker.ts). */
import type { BoundedSampleSet, BoundedValidationResult, ValidationPart } from './boundedLogValidation';
import type { FileWindows } from './fileWindows';

export interface ReportWorkerData {
  filePath: string;
  /** Where the compressed windows of the file are written. */
  windowsFile: string;
  windowBytes: number;
  level: number;
}

export interface ReportWorkerRequest {
  type: 'validate';
  sets: BoundedSampleSet[];
  part: ValidationPart;
}

export type ReportWorkerEvent =
  | { type: 'windows'; windows: FileWindows }
  | { type: 'windowsFailed'; error: string }
  | { type: 'validated'; result: BoundedValidationResult }
  | { type: 'validationFailed'; error: string };
