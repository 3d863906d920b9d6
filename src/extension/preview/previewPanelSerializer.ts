/**
 * Restores the preview views VS Code kept over a window reload: the webview's saved state names the
 * spec and dataset (`target`), and the restored view runs that preview again. A state that names none
 * (a view saved before it knew its target) closes the panel rather than leave it blank.
 */
import * as vscode from 'vscode';
import { restoredTarget } from '../../core/protocol/previewProtocol';
import { Services } from '../services';
import { PREVIEW_VIEW_TYPE, PreviewPanel } from './previewPanel';
import { PreviewResultCache } from './previewResultCache';
import type { PreviewCommandResult } from './previewSummary';
import { extensionStrings } from '../../core/l10n/extensionStrings';

export class PreviewPanelSerializer implements vscode.WebviewPanelSerializer {
  static register(services: Services, cache: PreviewResultCache): PreviewPanelSerializer {
    const serializer = new PreviewPanelSerializer(services, cache);
    services.context.subscriptions.push(vscode.window.registerWebviewPanelSerializer(PREVIEW_VIEW_TYPE, serializer));
    return serializer;
  }

  private constructor(private readonly services: Services, private readonly cache: PreviewResultCache) {}

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    void this.restore(panel, state);
  }

  restore(panel: vscode.WebviewPanel, state: unknown): Promise<PreviewCommandResult> | undefined {
    return restoreView(this.services, this.cache, panel, state);
  }
}

/** Takes over `panel`; resolves when its first count ends, or at once (undefined) when the state names no preview. */
export function restoreView(services: Services, cache: PreviewResultCache, panel: vscode.WebviewPanel, state: unknown): Promise<PreviewCommandResult> | undefined {
  const target = restoredTarget(state);
  let uri: vscode.Uri | undefined;
  try {
    uri = target ? vscode.Uri.parse(target.spec, true) : undefined;
  } catch {
    uri = undefined;
  }
  if (!target || !uri) {
    services.output.info(extensionStrings.output.restoredPreviewClosed);
    panel.dispose();
    return undefined;
  }
  return PreviewPanel.restore(services, cache, panel, uri, target.index);
}
