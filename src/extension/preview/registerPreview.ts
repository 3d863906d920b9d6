import * as vscode from 'vscode';
import { Services } from '../services';
import { PreviewCodeLensProvider } from './previewCodeLensProvider';
import { PREVIEW_VIEW_TYPE } from './previewPanel';
import { PreviewPanelSerializer } from './previewPanelSerializer';
import { PreviewResultCache } from './previewResultCache';
import { previewState } from './previewTestState';
import { exportKeptRowsInternal } from './exportKeptRowsCommand';

let cache: PreviewResultCache | undefined;

/** Counts shared by the preview views and the code lens. */
export function previewResults(): PreviewResultCache {
  cache ??= new PreviewResultCache();
  return cache;
}

/**
 * The preview's code lens, the restoring of its views after a reload, and two internal commands for the
 * integration tests: `evalLens.internal.previewState` (what each view's host posted) and
 * `evalLens.internal.restorePreview` (restores a new panel from a saved webview state, as after a reload).
 */
export function registerPreview(services: Services): void {
  const results = previewResults();
  services.context.subscriptions.push(results, { dispose: () => { cache = undefined; } });
  PreviewCodeLensProvider.register(services, results);
  const serializer = PreviewPanelSerializer.register(services, results);
  services.context.subscriptions.push(
    vscode.commands.registerCommand('evalLens.internal.previewState', previewState),
    vscode.commands.registerCommand('evalLens.internal.exportKeptRows', exportKeptRowsInternal(services)),
    vscode.commands.registerCommand('evalLens.internal.restorePreview', (state: unknown) => {
      const panel = vscode.window.createWebviewPanel(PREVIEW_VIEW_TYPE, vscode.l10n.t('Preview'), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false }, { enableFindWidget: true });
      return serializer.restore(panel, state);
    }),
  );
}
