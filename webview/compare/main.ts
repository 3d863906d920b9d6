/** Entry of the compare webview (and of the standalone compare file, which embeds its data): the report's styles, then the compare view's own. */
import '../shared/logReport.css';
import './compare.css';
import { CompareApp } from './compareApp';
import { CompareClient } from './compareClient';
import { EmbeddedCompareHost, readEmbeddedCompare } from './embeddedCompareHost';
import { followReaderTheme } from '../shared/standaloneTheme';
import { hasVsCodeApi } from '../shared/vscodeApi';
import { configureL10nFromPage } from '../shared/l10nBundle';

// Translations first: everything below may render text.
configureL10nFromPage(document);

const root = document.getElementById('root');
const embedded = readEmbeddedCompare(document);
if (root && embedded) {
  followReaderTheme(document.body, (query) => window.matchMedia(query));
  new CompareApp(root, new CompareClient(new EmbeddedCompareHost(embedded, document)));
} else if (root && hasVsCodeApi()) {
  new CompareApp(root, new CompareClient());
}
