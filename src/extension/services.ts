import * as vscode from 'vscode';
import { Config, onDidChangeConfig, readConfig } from './config';

/** What every area of the extension shares: settings, the output channel, the extension's context. */
export class Services implements vscode.Disposable {
  private current: Config = readConfig();
  readonly output: vscode.LogOutputChannel;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(readonly context: vscode.ExtensionContext) {
    this.output = vscode.window.createOutputChannel('Eval Lens', { log: true });
    this.disposables.push(this.output, onDidChangeConfig((config) => { this.current = config; }));
  }

  get config(): Config {
    return this.current;
  }

  /** Absolute path of a file shipped with the extension (e.g. `dist/worker/logParse.js`). */
  asset(...segments: string[]): vscode.Uri {
    return vscode.Uri.joinPath(this.context.extensionUri, ...segments);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
