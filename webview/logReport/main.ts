/** Entry of the log report webview (and of the standalone HTML export, which embeds its data). */
import '../shared/logReport.css';
import { ReportApp } from './app';
import { vsCodeHost } from './reportHost';
import { hasVsCodeApi } from '../shared/vscodeApi';
import { embeddedHost, readEmbeddedReport } from './embeddedHost';
import { configureL10nFromPage } from '../shared/l10nBundle';

// Translations first: everything below may render text.
configureL10nFromPage(document);

function start(): void {
  const root = document.getElementById('root');
  if (!root) return;
  const embedded = readEmbeddedReport(document);
  const host = embedded ? embeddedHost(embedded) : hasVsCodeApi() ? vsCodeHost() : undefined;
  if (!host) return;
  new ReportApp(root, host);
}

start();
