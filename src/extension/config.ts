import * as vscode from 'vscode';

export type UrlFetchPolicy = 'ask' | 'always' | 'never';

/** Every `evalLens.*` setting, typed, read in one place. */
export interface Config {
  diagnosticsDebounceMs: number;
  dataAwareSampleRows: number;
  previewPageSize: number;
  previewUrlFetch: UrlFetchPolicy;
  previewUrlTimeoutSeconds: number;
  previewMaxEntryMB: number;
  codeLensEnabled: boolean;
  logWorkerThresholdMB: number;
}

export function readConfig(scope?: vscode.ConfigurationScope): Config {
  const c = vscode.workspace.getConfiguration('evalLens', scope);
  return {
    diagnosticsDebounceMs: c.get<number>('diagnostics.debounceMs', 150),
    dataAwareSampleRows: c.get<number>('dataAware.sampleRows', 200),
    previewPageSize: c.get<number>('preview.pageSize', 500),
    previewUrlFetch: c.get<UrlFetchPolicy>('preview.urlFetch', 'ask'),
    previewUrlTimeoutSeconds: c.get<number>('preview.urlTimeoutSeconds', 30),
    previewMaxEntryMB: c.get<number>('preview.maxEntryMB', 1024),
    codeLensEnabled: c.get<boolean>('codeLens.enabled', true),
    logWorkerThresholdMB: c.get<number>('log.workerThresholdMB', 20),
  };
}

/** Calls `listener` with the new Config whenever an `evalLens.*` setting changes. */
export function onDidChangeConfig(listener: (config: Config) => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration('evalLens')) listener(readConfig());
  });
}
