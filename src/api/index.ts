/**
 * Eval Lens as a Node library: open task result logs and read their figures and samples, verify and compare them,
 * preview, export and validate dataset specs — with the same core, figures and messages as the `eval-lens` command
 * line. See docs/api.md.
 */
import { PRODUCT_VERSION } from '../core/model/productVersion';

export { openLog } from './openLog';
export { compareLogs } from './compareLogs';
export { previewDataset } from './previewDataset';
export { exportDataset } from './exportDataset';
export { validateSpec } from './validateSpec';
export { ArgumentError, DatasetError, EvalLensError, ExportError, LogLoadError, PreviewError, SpecError } from './errors';
export type { LogInputSource } from './logInput';
export type * from './types';

/** The package's version: what `eval-lens --version` prints after the name. */
export const version: string = PRODUCT_VERSION;
