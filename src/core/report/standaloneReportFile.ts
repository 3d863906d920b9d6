/** Writes a log's report as one standalone HTML file, from the built webview assets shipped in dist/webview. */
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { LogSource } from '../log/logSource';
import { collectEmbeddedReport } from './embeddedReportCollector';
import { CompressedExportOptions, writeCompressedStandaloneReport } from './compressedReportWriter';
import { buildStandaloneHtml, StandaloneAssets } from './standaloneHtml';
import { logStrings as S } from '../l10n/logStrings';

/** Reads a webview's script and styles (logReport.js/.css by default) and the codicons from a built webview folder (dist/webview). */
export async function readStandaloneAssets(webviewDir: string, bundle = 'logReport'): Promise<StandaloneAssets> {
  const read = async (name: string): Promise<string> => {
    try {
      return await fs.readFile(path.join(webviewDir, name), 'utf8');
    } catch {
      throw new Error(S.exportBuildMissing(path.join(webviewDir, name)));
    }
  };
  const [script, css, codiconCss] = await Promise.all([read(`${bundle}.js`), read(`${bundle}.css`), read('codicon.css')]);
  const codiconFont = await fs.readFile(path.join(webviewDir, 'codicon.ttf')).catch(() => undefined);
  return { script, css, codiconCss, codiconFont };
}

/** Logs larger than this are exported with their samples compressed in chunks, decoded by the page on demand. */
export const COMPRESSED_EXPORT_ABOVE_BYTES = 8 * 1024 * 1024;

interface StandaloneReportOptions extends CompressedExportOptions {
  /** Compress the samples (default: when the log file is larger than COMPRESSED_EXPORT_ABOVE_BYTES). */
  compressed?: boolean;
}

/** The standalone HTML of a loaded log; returns the number of samples embedded. */
export async function writeStandaloneReport(source: LogSource, webviewDir: string, outFile: string, options: StandaloneReportOptions = {}): Promise<number> {
  const assets = await readStandaloneAssets(webviewDir);
  const compressed = options.compressed ?? (await source.summary()).fileSize > COMPRESSED_EXPORT_ABOVE_BYTES;
  if (compressed) return writeCompressedStandaloneReport(source, assets, outFile, options);
  const report = await collectEmbeddedReport(source);
  await fs.writeFile(outFile, buildStandaloneHtml(report, assets), 'utf8');
  return report.samples.rows.length + Object.values(report.runs).reduce((n, run) => n + run.rows.length, 0);
}
