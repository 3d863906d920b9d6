/** `eval-lens log compare -o FILE.html`: the compare view as one standalone file, from the webview built beside the CLI (dist/webview). */
import * as path from 'node:path';
import type { ComparableLog } from '../core/compare/comparableLog';
import type { LogComparison } from '../core/compare/logComparison';
import { readStandaloneAssets } from '../core/report/standaloneReportFile';
import { writeStandaloneCompare } from '../core/compare/standaloneCompareWriter';
import type { LogWindowCompression } from '../core/compare/logWindowCompression';

/** Writes the file; returns the number of changed pairs whose conversations it carries. */
export async function writeCompareFile(logs: readonly ComparableLog[], comparison: LogComparison, outPath: string, windows?: LogWindowCompression): Promise<number> {
  const assets = await readStandaloneAssets(path.join(__dirname, 'webview'), 'compare');
  return writeStandaloneCompare(logs, comparison, assets, outPath, windows ? { windows } : {});
}
