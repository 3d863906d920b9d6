/** Writes a log's report as one standalone HTML file, from the built webview assets shipped in dist/webview. */
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { LogSource } from '../log/logSource';
import { collectEmbeddedReport } from './embeddedReportCollector';
import { buildStandaloneHtml, StandaloneAssets } from './standaloneHtml';
import { logReportStrings as S } from '../l10n/logReportStrings';

/** Reads logReport.js/.css and the codicons from a built webview folder (dist/webview). */
export async function readStandaloneAssets(webviewDir: string): Promise<StandaloneAssets> {
  const read = async (name: string): Promise<string> => {
    try {
      return await fs.readFile(path.join(webviewDir, name), 'utf8');
    } catch {
      throw new Error(S.exportBuildMissing(path.join(webviewDir, name)));
    }
  };
  const [script, css, codiconCss] = await Promise.all([read('logReport.js'), read('logReport.css'), read('codicon.css')]);
  const codiconFont = await fs.readFile(path.join(webviewDir, 'codicon.ttf')).catch(() => undefined);
  return { script, css, codiconCss, codiconFont };
}

/** The standalone HTML of a loaded log; returns the number of samples embedded. */
export async function writeStandaloneReport(source: LogSource, webviewDir: string, outFile: string): Promise<number> {
  const assets = await readStandaloneAssets(webviewDir);
  const report = await collectEmbeddedReport(source);
  await fs.writeFile(outFile, buildStandaloneHtml(report, assets), 'utf8');
  return report.samples.rows.length + Object.values(report.runs).reduce((n, run) => n + run.rows.length, 0);
}
