/** Entry of the Trace editor's webview. */
import '../shared/logReport.css';
import './trace.css';
import { TraceApp } from './traceApp';
import { configureL10nFromPage } from '../shared/l10nBundle';

// Translations first: everything below may render text.
configureL10nFromPage(document);

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

function start(): void {
  const root = document.getElementById('root');
  if (!root || typeof (globalThis as { acquireVsCodeApi?: unknown }).acquireVsCodeApi !== 'function') return;
  new TraceApp(root, acquireVsCodeApi());
}

start();
