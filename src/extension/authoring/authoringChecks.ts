import * as vscode from 'vscode';
import { datasetChecks } from '../../core/authoring/datasetChecks';
import { Diagnostic } from '../../core/validation/diagnostic';
import { ValidationResult } from '../../core/validation/validateText';
import { Services } from '../services';
import { DataProfiles, pathKind, specPathOf } from './authoringSupport';
import { SpecDiagnostics } from './specDiagnostics';
import { WorkspaceSpecs } from './workspaceSpecs';
import { WorkspaceKeysProvider } from './workspaceKeysProvider';

/** Adds the data-aware checks of dataset specs to the diagnostics pass (the key checks are WorkspaceKeysProvider's). */
export class AuthoringChecks {
  static register(services: Services): void {
    const diagnostics = SpecDiagnostics.instance;
    if (!diagnostics) return;
    const specs = WorkspaceSpecs.get(services);
    const profiles = DataProfiles.get(services);
    const keys = WorkspaceKeysProvider.instance;
    diagnostics.addCheck(async (document: vscode.TextDocument, result: ValidationResult): Promise<Diagnostic[]> => {
      if (result.kind !== 'dataset' || result.documents.length === 0) return [];
      await Promise.all([specs.ready(), keys?.ready]);
      const specPath = specPathOf(document);
      const profileFor = await profiles.lookupFor(result.values, specPath);
      return datasetChecks(document.getText(), result.documents, {
        specPath,
        profileFor,
        pathKind,
        generatorOptions: (key) => {
          // The generator of the dataset's project, as `validate` finds it (docs/semantics.md §11.7).
          const [indexed] = keys?.index.definitionsOf('generator', key, document.uri.fsPath) ?? [];
          if (indexed) return { keys: indexed.options ?? [], defaulted: indexed.defaulted ?? [], file: keys?.placeOf(indexed) ?? '' };
          const found = specs.generator(key);
          return found ? { keys: found.options, defaulted: found.defaulted, file: vscode.workspace.asRelativePath(found.uri) } : undefined;
        },
      });
    });
    // A generator definition or another dataset changing can change this file's diagnostics.
    services.context.subscriptions.push(vscode.workspace.onDidSaveTextDocument((saved) => {
      for (const document of vscode.workspace.textDocuments) if (document !== saved) diagnostics.schedule(document);
    }));
    services.context.subscriptions.push(specs.onDidChangeOnDisk((changed) => {
      for (const document of vscode.workspace.textDocuments) if (document.uri.toString() !== changed.toString()) diagnostics.schedule(document);
    }));
  }
}
