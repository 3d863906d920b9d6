import * as vscode from 'vscode';
import type { CommandHandler } from './commandHandler';
import type { Services } from './services';
import { cancelPreviewCount, previewFilters } from './preview/previewCommands';
import { exportLogReport, openLogAsJson, openLogAtSample, openLogReport } from './logReport/logReportCommands';
import { storeCredential } from './authoring/storeCredentialCommand';
import { validateFile } from './validateFileCommand';
import { compareLogs, compareWith } from './compare/compareCommands';
import { openTraceAsJson, openTraceFile } from './traceFile/traceFileCommands';

/** A command handler: the shared services, then whatever VS Code passes (a URI from a menu, arguments from a link). */

/** Every command the extension contributes (package.json `contributes.commands`), in one table. */
export const commandTable = {
  'evalLens.previewFilters': previewFilters,
  'evalLens.cancelPreviewCount': cancelPreviewCount,
  'evalLens.openLogReport': openLogReport,
  'evalLens.openLogAsJson': openLogAsJson,
  'evalLens.openLogAtSample': openLogAtSample,
  'evalLens.exportLogReport': exportLogReport,
  'evalLens.validateFile': validateFile,
  'evalLens.storeCredential': storeCredential,
  'evalLens.compareLogs': compareLogs,
  'evalLens.compareWith': compareWith,
  'evalLens.openTraceFile': (_services, ...args) => openTraceFile(args[0]),
  'evalLens.openTraceAsJson': (_services, ...args) => openTraceAsJson(args[0]),
} satisfies Record<string, CommandHandler>;

export type CommandId = keyof typeof commandTable;

export function registerCommands(services: Services): void {
  for (const [id, handler] of Object.entries(commandTable) as [CommandId, CommandHandler][]) {
    services.context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        try {
          return await handler(services, ...args);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          services.output.error(`${id}: ${message}`);
          void vscode.window.showErrorMessage(message);
          return undefined;
        }
      }),
    );
  }
}
