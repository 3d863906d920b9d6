/** Entry of the Trace editor's webview. */
import '../shared/logReport.css';
import './trace.css';
import { TraceApp } from './traceApp';
import { hasVsCodeApi, vsCodeApi } from '../shared/vscodeApi';
import { configureL10nFromPage } from '../shared/l10nBundle';

// Translations first: everything below may render text.
configureL10nFromPage(document);

function start(): void {
  const root = document.getElementById('root');
  if (!root || !hasVsCodeApi()) return;
  new TraceApp(root, vsCodeApi());
}

start();
