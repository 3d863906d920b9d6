/** Entry of the log report webview (and of the standalone HTML export, which embeds its data). */
import '../shared/logReport.css';
import { ReportApp } from './app';
import { vsCodeHost } from './reportHost';
import { hasVsCodeApi } from '../shared/vscodeApi';
import { embeddedHost, readEmbeddedReport } from './embeddedHost';
import { configureL10nFromPage } from '../shared/l10nBundle';
import { followReaderTheme } from '../shared/standaloneTheme';

// Translations first: everything below may render text.
configureL10nFromPage(document);

function start(): void {
  const root = document.getElementById('root');
  if (!root) return;
  const embedded = readEmbeddedReport(document);
  const host = embedded ? embeddedHost(embedded) : hasVsCodeApi() ? vsCodeHost() : undefined;
  if (!host) return;
  // A standalone file has no editor to set the theme's class on the body: it follows the reader's preferences.
  if (embedded) followReaderTheme(document.body, (query) => window.matchMedia(query));
  new ReportApp(root, host);
}

start();
