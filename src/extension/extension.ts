import * as vscode from 'vscode';
import { configureL10nWithWorkers } from '../core/l10n/workerL10n';
import { Services } from './services';
import { registerCommands } from './commandTable';
import { FileKindStatus } from './authoring/fileKindStatus';
import { SpecDiagnostics } from './authoring/specDiagnostics';
import { registerAuthoring } from './authoring/registerAuthoring';
import { registerPreview } from './preview/registerPreview';
import { registerLogReport } from './logReport/registerLogReport';
import { registerTraceFile } from './traceFile/registerTraceFile';
import { registerLogPathProviders } from './logPath/logPathProviders';
import { disposeMessageRecord } from './messageRecord';
import { LogCatalogProvider } from './logCatalog/logCatalogProvider';

/** Thin activation: build the shared services, then let each area register its providers. */
export function activate(context: vscode.ExtensionContext): void {
  // The string tables in src/core translate through @vscode/l10n: give it (and the worker threads) VS Code's
  // bundle for the display language.
  if (vscode.l10n.bundle) configureL10nWithWorkers(vscode.l10n.bundle);
  const services = new Services(context);
  context.subscriptions.push(services);
  registerCommands(services);
  FileKindStatus.register(services);
  SpecDiagnostics.register(services);
  registerAuthoring(services);
  registerPreview(services);
  registerLogReport(services);
  registerTraceFile(services);
  registerLogPathProviders(services);
  LogCatalogProvider.register(services);
  context.subscriptions.push({ dispose: disposeMessageRecord });
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
