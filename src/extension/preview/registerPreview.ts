import * as vscode from 'vscode';
import { Services } from '../services';
import { PreviewCodeLensProvider } from './previewCodeLensProvider';
import { PREVIEW_VIEW_TYPE } from './previewPanel';
import { PreviewPanelSerializer, restoreView } from './previewPanelSerializer';
import { PreviewResultCache } from './previewResultCache';
import type { PreviewCommandResult } from './previewSummary';

let cache: PreviewResultCache | undefined;

/** Counts shared by the preview views and the code lens. */
export function previewResults(): PreviewResultCache {
  cache ??= new PreviewResultCache();
  return cache;
}

/** The preview's code lens and the restoring of its views after a reload. */
export function registerPreview(services: Services): void {
  const results = previewResults();
  services.context.subscriptions.push(results, { dispose: () => { cache = undefined; } });
  PreviewCodeLensProvider.register(services, results);
  PreviewPanelSerializer.register(services, results);
}

/**
 * `evalLens.internal.restorePreview(state)`: restores a new panel from a saved webview state, as after a
 * window reload.
 */
export function restorePreview(services: Services, state: unknown): Promise<PreviewCommandResult> | undefined {
  const panel = vscode.window.createWebviewPanel(PREVIEW_VIEW_TYPE, vscode.l10n.t('Preview'), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false }, { enableFindWidget: true });
  return restoreView(services, previewResults(), panel, state);
}
