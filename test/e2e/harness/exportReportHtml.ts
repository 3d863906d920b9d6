/**
 * The standalone HTML report of a log written as "Export as HTML" and `log report -o` write it, from the built
 * webview assets in dist/: for the browser tests that open the exported file.
 */
import * as path from 'node:path';
import type { LogSummary } from '../../../src/core/model/logViewTypes';
import { LogOpenPlan, openLogSource } from '../../../src/core/report/openLogSource';
import { writeStandaloneReport } from '../../../src/core/report/standaloneReportFile';
import { repoRoot } from './repoRoot';

export interface ExportReportOptions {
  /** How the log is opened (whole by default). */
  plan?: LogOpenPlan;
  /** The writer's options (compressed chunks and their sizes). */
  report?: Parameters<typeof writeStandaloneReport>[3];
}

/** Writes the report of the log at `logPath` to `file`; returns the log's summary as the report showed it. */
export async function exportReportHtml(logPath: string, file: string, options: ExportReportOptions = {}): Promise<LogSummary> {
  const outcome = await openLogSource(logPath, { generation: 1, plan: options.plan ?? { kind: 'whole' } });
  if (!outcome.ok) throw new Error(outcome.failure.message);
  try {
    const summary = await outcome.source.summary();
    await writeStandaloneReport(outcome.source, path.join(repoRoot(), 'dist/webview'), file, options.report);
    return summary;
  } finally {
    outcome.source.dispose();
  }
}
