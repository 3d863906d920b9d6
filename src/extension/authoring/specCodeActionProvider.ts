import * as vscode from 'vscode';
import { quickFixes } from '../../core/authoring/quickFixes';
import { runConfigQuickFixes } from '../../core/authoring/runConfigQuickFixes';
import type { Diagnostic } from '../../core/validation/diagnostic';
import { Services } from '../services';
import { authoringKind, isJsonDocument, SPEC_SELECTOR } from './authoringSupport';
import { SpecDiagnostics } from './specDiagnostics';

/** Quick fixes for the diagnostics of spec files and run configs (the pure part is src/core/authoring/quickFixes.ts). */
export class SpecCodeActionProvider implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  static register(services: Services): void {
    services.context.subscriptions.push(vscode.languages.registerCodeActionsProvider(SPEC_SELECTOR, new SpecCodeActionProvider(), SpecCodeActionProvider.metadata));
  }

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection): vscode.CodeAction[] {
    const kind = authoringKind(document);
    const diagnostics = SpecDiagnostics.instance;
    if (!diagnostics) return [];
    const result = diagnostics.resultFor(document);
    if (!kind && !result.runConfig) return [];
    const text = document.getText();
    const start = document.offsetAt(range.start);
    const end = document.offsetAt(range.end);
    const documents = result.documents;
    const json = isJsonDocument(document);
    // In a run config, each dataset and generator written out in it gets the fixes of a file of its own (§11.5).
    const fixesOf = (d: Diagnostic) => (kind ? quickFixes(text, d, { kind, json, documents }) : runConfigQuickFixes(text, d, { json, documents }));
    const actions: vscode.CodeAction[] = [];
    for (const d of diagnostics.diagnosticsFor(document)) {
      if (d.range.end < start || d.range.start > end) continue;
      const shown = new vscode.Diagnostic(new vscode.Range(document.positionAt(d.range.start), document.positionAt(d.range.end)), d.message);
      shown.source = 'Eval Lens';
      if (d.code) shown.code = d.code;
      for (const fix of fixesOf(d)) {
        const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
        action.diagnostics = [shown];
        action.isPreferred = fix.preferred;
        if (fix.edits.length) {
          const edit = new vscode.WorkspaceEdit();
          // A rewrite to review opens in the refactor preview: nothing changes until the user applies it.
          const metadata = fix.needsConfirmation ? { label: fix.title, needsConfirmation: true } : undefined;
          for (const e of fix.edits) edit.replace(document.uri, new vscode.Range(document.positionAt(e.range.start), document.positionAt(e.range.end)), e.newText, metadata);
          action.edit = edit;
        }
        if (fix.command) action.command = { title: fix.title, command: fix.command.id, arguments: [document.uri.toString(), ...fix.command.arguments] };
        actions.push(action);
      }
    }
    return actions;
  }
}
