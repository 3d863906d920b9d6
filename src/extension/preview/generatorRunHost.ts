/**
 * Runs a generator definition for the preview (docs/semantics.md §11.3): its source samples read from the
 * workspace's datasets (the definition's own folder tree first), its included snippets read next to it.
 */
import { readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { GeneratorRun, runGenerator } from '../../core/generators/generatorRun';
import { datasetRootsFor, workspaceDatasetLookup } from '../../core/generators/workspaceDatasets';

/** Source samples read from a dataset (and expanded by `template` stages). */
const SOURCE_LIMIT = 10_000;
/** Source samples shown with their prompts. */
const SHOWN_SOURCES = 10;
const MAX_SNIPPET_BYTES = 256 * 1024;

function readSnippetNextTo(definitionFile: string): (file: string) => string | undefined {
  return (file) => {
    const full = path.resolve(path.dirname(definitionFile), file);
    try {
      const stat = statSync(full);
      return stat.isFile() && stat.size <= MAX_SNIPPET_BYTES ? readFileSync(full, 'utf8') : undefined;
    } catch {
      return undefined;
    }
  };
}

export async function runGeneratorFor(definitionFile: string, definition: unknown, pageSize: number, datasetConfig?: Record<string, unknown>): Promise<GeneratorRun> {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  const roots = datasetRootsFor(definitionFile, folders);
  const run = await runGenerator(definition, {
    datasetConfig, sourceLimit: SOURCE_LIMIT, shownSources: SHOWN_SOURCES, pageSize, lookup: workspaceDatasetLookup(roots), readSnippet: readSnippetNextTo(definitionFile),
  });
  // Dataset files are named as the explorer names them.
  for (const dataset of run.view.source.datasets) if (dataset.file) dataset.file = vscode.workspace.asRelativePath(dataset.file);
  return run;
}
