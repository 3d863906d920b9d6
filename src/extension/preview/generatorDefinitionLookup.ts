/** Finds a generator definition in the workspace by its key (`dataset_generator_key`), for the generator preview. */
import * as vscode from 'vscode';
import { isRecord } from '../../core/json/jsonValue';
import type { FoundDefinition } from '../../core/sources/generatorPreview';
import { LineIndex } from '../../core/text/lineIndex';
import { locate, parseSpecDocuments } from '../../core/yaml/specDocument';
import { WorkspaceSpecs } from '../authoring/workspaceSpecs';
import { Services } from '../services';

export async function findGeneratorDefinition(services: Services, key: string): Promise<FoundDefinition | undefined> {
  if (!key) return undefined;
  const specs = WorkspaceSpecs.get(services);
  await specs.ready();
  const found = specs.generator(key);
  if (!found) return undefined;
  try {
    const document = await vscode.workspace.openTextDocument(found.uri);
    const text = document.getText();
    const definition = parseSpecDocuments(text).find((d) => isRecord(d.value) && d.value.key === key);
    if (!definition) return undefined;
    const offset = locate(definition, ['key']).keyRange?.start ?? definition.range.start;
    return { file: found.uri.fsPath, line: new LineIndex(text).positionAt(offset).line + 1, value: definition.value };
  } catch {
    return undefined;
  }
}
