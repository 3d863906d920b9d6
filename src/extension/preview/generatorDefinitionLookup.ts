/** Finds a generator definition by its key (`dataset_generator_key`), for the generator preview: in the workspace, or in a run config. */
import * as vscode from 'vscode';
import { isRecord } from '../../core/json/jsonValue';
import type { FoundDefinition } from '../../core/sources/generatorPreview';
import { LineIndex } from '../../core/text/lineIndex';
import { locate, parseSpecDocuments, SpecDocument } from '../../core/yaml/specDocument';
import { runConfigEntries } from '../../core/validation/runConfigEntries';
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

/** The generators written out in a run config, by key (the run config's own, before the workspace's). */
export function embeddedGeneratorLookup(runConfigFile: string, text: string, documents: SpecDocument[]): (key: string) => FoundDefinition | undefined {
  return (key) => {
    const entry = runConfigEntries(documents).find((e) => e.embedded && e.kind === 'generator' && isRecord(e.document.value) && e.document.value.key === key);
    if (!entry?.embedded) return undefined;
    return { file: runConfigFile, line: new LineIndex(text).positionAt(entry.anchor).line + 1, value: entry.document.value };
  };
}
