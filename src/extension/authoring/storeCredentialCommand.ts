import * as vscode from 'vscode';
import { CommandHandler } from '../commandHandler';
import { credentialReplacement } from '../../core/authoring/quickFixes';
import { JsonPath } from '../../core/yaml/specDocument';
import { authoringStrings as s } from '../../core/l10n/authoringStrings';
import { isJsonDocument } from './authoringSupport';

interface CredentialTarget {
  documentIndex: number;
  path: JsonPath;
  name: string;
}

function isTarget(value: unknown): value is CredentialTarget {
  const v = value as Partial<CredentialTarget> | undefined;
  return typeof v === 'object' && v !== null && typeof v.documentIndex === 'number' && Array.isArray(v.path) && typeof v.name === 'string';
}

/**
 * Moves a plain-text credential into the editor's secret storage under `name` and replaces it by
 * `{ secret: NAME }`. Arguments (from the quick fix): the document URI and the credential's place.
 * The secret's value is never logged.
 */
export const storeCredential: CommandHandler = async (services, uriArg, targetArg) => {
  if (typeof uriArg !== 'string' || !isTarget(targetArg)) return undefined;
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uriArg));
  const found = credentialReplacement(document.getText(), isJsonDocument(document), targetArg.documentIndex, targetArg.path, targetArg.name);
  if (!found) {
    void vscode.window.showWarningMessage(s.credentialNothing);
    return undefined;
  }
  await services.context.secrets.store(targetArg.name, found.secret);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(found.edit.range.start), document.positionAt(found.edit.range.end)), found.edit.newText);
  await vscode.workspace.applyEdit(edit);
  void vscode.window.showInformationMessage(s.credentialStored(targetArg.name));
  return targetArg.name;
};
