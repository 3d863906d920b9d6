import * as vscode from 'vscode';
import { Services } from '../services';
import { compareState } from './compareTestState';

/** Comparing logs: the internal command `evalLens.internal.compareState` (what the compare host served last; used by integration tests). */
export function registerCompare(services: Services): void {
  services.context.subscriptions.push(vscode.commands.registerCommand('evalLens.internal.compareState', compareState));
}
