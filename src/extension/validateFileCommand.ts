import * as path from 'node:path';
import * as vscode from 'vscode';
import { CommandHandler } from './commandHandler';
import { SpecDiagnostics } from './authoring/specDiagnostics';
import { extensionStrings as s } from '../core/l10n/extensionStrings';

/** Validates the given (or active) file now and reports the counts; returns them for scripts and tests. */
export const validateFile: CommandHandler = async (_services, ...args) => {
  const uri = args[0] instanceof vscode.Uri ? args[0] : vscode.window.activeTextEditor?.document.uri;
  if (!uri) {
    void vscode.window.showInformationMessage(s.noActiveFile);
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument(uri);
  const diagnostics = SpecDiagnostics.instance;
  if (!diagnostics) return undefined;
  await diagnostics.validate(document);
  const name = path.basename(uri.fsPath);
  if (!diagnostics.resultFor(document).kind) {
    void vscode.window.showInformationMessage(s.notRecognised(name));
    return { kind: undefined, errors: 0, warnings: 0 };
  }
  const all = diagnostics.diagnosticsFor(document);
  const errors = all.filter((d) => d.severity === 'error').length;
  const warnings = all.filter((d) => d.severity === 'warning').length;
  void vscode.window.showInformationMessage(s.validationSummary(name, errors, warnings));
  if (errors + warnings > 0) void vscode.commands.executeCommand('workbench.actions.view.problems');
  return { kind: diagnostics.resultFor(document).kind, errors, warnings };
};
