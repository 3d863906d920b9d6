import * as vscode from 'vscode';
import type { CommandHandler } from './commandHandler';
import type { Services } from './services';
import { cancelPreviewCount, previewFilters } from './preview/previewCommands';
import { exportLogReport, openLogAsJson, openLogAtSample, openLogReport } from './logReport/logReportCommands';
import { storeCredential } from './authoring/storeCredentialCommand';
import { validateFile } from './validateFileCommand';
import { compareLogs, compareWith } from './compare/compareCommands';
import { openTraceAsJson, openTraceFile } from './traceFile/traceFileCommands';
import { exportKeptRowsInternal } from './preview/exportKeptRowsCommand';
import { openConversationCommand } from './conversation/conversationPanel';
import { restorePreview } from './preview/registerPreview';
import { recordedMessages } from './messageRecord';
import { newDatasetSpec, newGenerator } from './authoring/newFileCommands';
import { compareCatalogLogs, filterLogCatalog, listLogCatalog, refreshLogCatalog, sortLogCatalog } from './logCatalog/logCatalogCommands';

/** A command handler: the shared services, then whatever VS Code passes (a URI from a menu, arguments from a link). */

/**
 * Every command of the extension, in one table: those it contributes (package.json `contributes.commands`),
 * then the internal ones (`evalLens.internal.*`, not contributed, so not in the palette) the integration
 * tests call.
 */
export const commandTable = {
  'evalLens.previewFilters': previewFilters,
  'evalLens.cancelPreviewCount': cancelPreviewCount,
  'evalLens.openLogReport': openLogReport,
  'evalLens.openLogAsJson': openLogAsJson,
  'evalLens.openLogAtSample': openLogAtSample,
  'evalLens.exportLogReport': exportLogReport,
  'evalLens.validateFile': validateFile,
  'evalLens.storeCredential': storeCredential,
  'evalLens.newDatasetSpec': newDatasetSpec,
  'evalLens.newGenerator': newGenerator,
  'evalLens.compareLogs': compareLogs,
  'evalLens.compareWith': compareWith,
  'evalLens.openTraceFile': (_services, ...args) => openTraceFile(args[0]),
  'evalLens.openTraceAsJson': (_services, ...args) => openTraceAsJson(args[0]),
  'evalLens.logCatalog.refresh': refreshLogCatalog,
  'evalLens.logCatalog.sort': sortLogCatalog,
  'evalLens.logCatalog.filter': filterLogCatalog,
  'evalLens.logCatalog.compare': compareCatalogLogs,
  'evalLens.internal.messages': (_services, ...args) => recordedMessages(args[0]),
  'evalLens.internal.exportKeptRows': (services, ...args) => exportKeptRowsInternal(services)(...args),
  'evalLens.internal.restorePreview': (services, ...args) => restorePreview(services, args[0]),
  'evalLens.internal.logCatalog': listLogCatalog,
  'evalLens.internal.openConversation': (services, ...args) => openConversationCommand(services, args[0], args[1]),
} satisfies Record<string, CommandHandler>;

type CommandId = keyof typeof commandTable;

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
