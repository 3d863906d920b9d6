import * as vscode from 'vscode';
import { YAML_ENTER_RULES } from '../../core/authoring/yamlEnter';
import { Services } from '../services';
import { AuthoringChecks } from './authoringChecks';
import { FileLinksProvider } from './fileLinksProvider';
import { SpecCodeActionProvider } from './specCodeActionProvider';
import { SpecCompletionProvider } from './specCompletionProvider';
import { SpecHoverProvider } from './specHoverProvider';
import { SpecLinkProvider, SpecSymbolProvider } from './specNavigationProviders';
import { WorkspaceKeysProvider } from './workspaceKeysProvider';
import { WorkspaceKeysNavigation } from './workspaceKeysNavigation';

/** Completion, hovers, quick fixes, outline, links, the workspace's keys and the extra checks of spec files. */
export function registerAuthoring(services: Services): void {
  WorkspaceKeysProvider.register(services);
  WorkspaceKeysNavigation.register(services);
  AuthoringChecks.register(services);
  SpecCompletionProvider.register(services);
  SpecHoverProvider.register(services);
  SpecCodeActionProvider.register(services);
  SpecSymbolProvider.register(services);
  SpecLinkProvider.register(services);
  FileLinksProvider.register(services);
  // Enter nests under a key with no value and continues a list item's mapping at its key.
  services.context.subscriptions.push(vscode.languages.setLanguageConfiguration('yaml', {
    onEnterRules: YAML_ENTER_RULES.map(({ beforeText, indent, appendText }) => ({
      beforeText, action: { indentAction: indent ? vscode.IndentAction.Indent : vscode.IndentAction.None, appendText: appendText || undefined },
    })),
  }));
}
