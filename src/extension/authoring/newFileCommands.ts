/**
 * "New Dataset Spec…" and "New Generator…": ask for a name, create the file from its template in the folder chosen
 * in the Explorer (else the first workspace folder), and open it. An existing file is never overwritten.
 */
import * as vscode from 'vscode';
import type { CommandHandler } from '../commandHandler';
import { extensionStrings as s } from '../../core/l10n/extensionStrings';
import { isUsableName, keyFromName, newFileName, newFileText, NewFileKind } from '../../core/authoring/newFileTemplates';

const EXAMPLE_ROWS = [
  { question: 'What is the capital of France?', answer: 'Paris' },
  { question: 'What is 7 × 8?', answer: '56' },
  { question: 'Who wrote "Hamlet"?', answer: 'William Shakespeare' },
];

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** The folder the file goes in: the Explorer's folder (or the folder of the file chosen there), else the first workspace folder. */
async function targetFolder(arg: unknown): Promise<vscode.Uri | undefined> {
  if (arg instanceof vscode.Uri) {
    const stat = await vscode.workspace.fs.stat(arg).then((st) => st, () => undefined);
    if (stat) return stat.type & vscode.FileType.Directory ? arg : vscode.Uri.joinPath(arg, '..');
  }
  return vscode.workspace.workspaceFolders?.[0]?.uri;
}

/** Writes the example data of a new dataset spec beside it when there is none; the file's name, else undefined. */
async function writeExampleData(folder: vscode.Uri, key: string): Promise<string | undefined> {
  const file = vscode.Uri.joinPath(folder, 'data', `${key}.jsonl`);
  if (await exists(file)) return undefined;
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(EXAMPLE_ROWS.map((row) => JSON.stringify(row)).join('\n') + '\n'));
  return vscode.workspace.asRelativePath(file);
}

function newFileCommand(kind: NewFileKind): CommandHandler {
  return async (_services, ...args) => {
    const folder = await targetFolder(args[0]);
    if (!folder) {
      void vscode.window.showInformationMessage(s.newFile.noFolder);
      return undefined;
    }
    // A name given with the command (a link, a script) is used as it is; else it is asked for.
    const given = typeof args[1] === 'string' && isUsableName(args[1]) ? args[1] : undefined;
    const name = given ?? await vscode.window.showInputBox({
      prompt: s.newFile.namePrompt(kind),
      placeHolder: s.newFile.namePlaceholder,
      validateInput: (value) => (isUsableName(value) ? undefined : s.newFile.badName),
    });
    if (name === undefined) return undefined;
    const uri = vscode.Uri.joinPath(folder, newFileName(kind, name));
    if (await exists(uri)) {
      void vscode.window.showWarningMessage(s.newFile.exists(vscode.workspace.asRelativePath(uri)));
      return undefined;
    }
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(newFileText(kind, name)));
    const data = kind === 'dataset' ? await writeExampleData(folder, keyFromName(name)) : undefined;
    await vscode.window.showTextDocument(uri);
    if (data) void vscode.window.showInformationMessage(s.newFile.createdData(data));
    return uri;
  };
}

export const newDatasetSpec = newFileCommand('dataset');
export const newGenerator = newFileCommand('generator');
