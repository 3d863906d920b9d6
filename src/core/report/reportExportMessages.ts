/**
 * Messages between `log report -o` and its worker thread (reportExport.worker.ts, started by reportExportWorker.ts).
 * They stay in src/core/report, not in src/core/protocol: they are made of the report's own types
 * (BoundedSampleSet, FileWindows), and src/core/protocol is a layer below src/core/report (eslint/importLayers.mjs).
 */
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
