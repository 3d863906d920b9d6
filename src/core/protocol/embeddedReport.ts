/**
 * The data a standalone HTML report carries: the summary and every page and detail the webview could ask
 * for, answered in the page by the same UI code. Written by the export, read by webview/logReport.
 */
import type { LogSummary, SampleDetail, SampleRow } from '../log/logViewTypes';

export const EMBEDDED_REPORT_ELEMENT_ID = 'eval-lens-report-data';

export interface EmbeddedSamples {
  /** Every row, in file order. */
  rows: SampleRow[];
  /** Detail of each sample, by its index. */
  details: SampleDetail[];
}

export interface EmbeddedReport {
  kind: 'eval-lens-log-report';
  version: 1;
  summary: LogSummary;
  samples: EmbeddedSamples;
  /** Samples of each run (repeatability), keyed by run index. */
  runs: Record<string, EmbeddedSamples>;
}

export function isEmbeddedReport(value: unknown): value is EmbeddedReport {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<EmbeddedReport>;
  return v.kind === 'eval-lens-log-report' && v.version === 1 && typeof v.summary === 'object' && typeof v.samples === 'object' && v.samples !== null && Array.isArray(v.samples.rows);
}

/**
 * JSON text safe inside `<script type="application/json">`: `<` is escaped as `\u003c` (so no `</script>`
 * or `<!--` can end the element), as are U+2028/U+2029.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
