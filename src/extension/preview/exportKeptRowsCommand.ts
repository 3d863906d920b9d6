/**
 * "Export kept rows…" of the preview view: asks where to write (JSONL or CSV), then writes every kept row
 * of the dataset with a progress notification that can be cancelled. The output file is replaced only
 * when the export completes (src/core/export/keptRowsExport.ts). Also the internal command
 * `evalLens.internal.exportKeptRows(specUri, documentIndex, outputUri?)` for the integration tests.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { datasetCommandStrings as S } from '../../core/l10n/cliStrings';
import { exportKeptRows, ExportError } from '../../core/export/keptRowsExport';
import { validateText } from '../../core/validation/validateText';
import { LineIndex } from '../../core/text/lineIndex';
import { Services } from '../services';
import { datasetEntries } from './datasetDocuments';
import { UrlFetchConfirmation } from './urlFetchConfirmation';
import { extensionStrings } from '../../core/l10n/extensionStrings';

/** What an export ended with (for the tests): rows written, or why nothing was written. */
type ExportCommandResult = { file: string; rows: number } | { cancelled: true } | { error: string } | undefined;

function defaultName(key: string | undefined, spec: vscode.Uri): string {
  const base = key ?? path.basename(spec.path).replace(/\.(dataset\.)?(ya?ml|json)$/i, '');
  return `${base}.jsonl`;
}

/** Exports the kept rows of dataset `index` of `spec` to `output` (asked with a save dialog when absent). */
export async function exportPreviewRows(services: Services, spec: vscode.Uri, index: number, output?: vscode.Uri): Promise<ExportCommandResult> {
  const document = await vscode.workspace.openTextDocument(spec);
  const text = document.getText();
  const lines = new LineIndex(text);
  const errors = validateText(text, spec.fsPath, { kind: 'dataset' }).diagnostics.filter((d) => d.severity === 'error' && d.documentIndex === index);
  if (errors.length > 0) {
    const first = `${path.basename(spec.path)}:${lines.positionAt(errors[0].range.start).line + 1}: ${errors[0].message}`;
    void vscode.window.showErrorMessage(first);
    return { error: first };
  }
  const entry = datasetEntries(text).find((e) => e.index === index);
  if (!entry) return { error: `${path.basename(spec.path)}: no dataset #${index + 1}` };
  const target = output ?? await vscode.window.showSaveDialog({
    defaultUri: vscode.Uri.joinPath(spec, '..', defaultName(entry.key, spec)),
    filters: { [S.exportFilterJsonl]: ['jsonl'], [S.exportFilterCsv]: ['csv'] },
    saveLabel: S.exportSaveLabel,
    title: S.exportTitle,
  });
  if (!target) return undefined;
  const confirmation = new UrlFetchConfirmation(services.config.previewUrlFetch);
  try {
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `${S.exportTitle}: ${path.basename(target.fsPath)}`, cancellable: true },
      (progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        let reported = 0;
        return exportKeptRows(entry.document.value, {
          specPath: spec.fsPath,
          outFile: target.fsPath,
          signal: controller.signal,
          previewOptions: {
            confirmFetch: confirmation.confirm,
            urlTimeoutMs: services.config.previewUrlTimeoutSeconds * 1000,
            // As the preview: `{ secret: NAME }` credentials of the network sources, and the archive entry limit.
            resolveSecret: async (name) => services.context.secrets.get(name),
            maxEntryMB: services.config.previewMaxEntryMB,
          },
          onProgress: (p) => {
            const percent = p.total ? Math.min(100, Math.floor((p.done / p.total) * 100)) : undefined;
            progress.report({ message: S.exportProgress(p.rowsSeen, p.rowsKept, percent), increment: percent === undefined ? undefined : Math.max(0, percent - reported) });
            if (percent !== undefined) reported = Math.max(reported, percent);
          },
        });
      },
    );
    void vscode.window.showInformationMessage(S.exportDone(outcome.rows, path.basename(target.fsPath)));
    return { file: target.fsPath, rows: outcome.rows };
  } catch (error) {
    if (error instanceof ExportError && error.kind === 'cancelled') {
      void vscode.window.showInformationMessage(S.exportCancelled);
      return { cancelled: true };
    }
    const message = error instanceof Error ? error.message : String(error);
    services.output.error(extensionStrings.output.exportFailed(message));
    void vscode.window.showErrorMessage(message);
    return { error: message };
  }
}

/** `evalLens.internal.exportKeptRows(specUri, documentIndex, outputUri?)`. */
export function exportKeptRowsInternal(services: Services): (...args: unknown[]) => Promise<ExportCommandResult> {
  return (spec, index, output) => {
    if (!(spec instanceof vscode.Uri) || typeof index !== 'number') return Promise.resolve({ error: 'expected (specUri, documentIndex, outputUri?)' });
    return exportPreviewRows(services, spec, index, output instanceof vscode.Uri ? output : undefined);
  };
}
