/**
 * The conversation tab: one sample's or row's conversation full-width (the shared renderer), with a search box on top.
 * The host sends it whole in `init`; links go to the host, which asks before opening them.
 */
import '../shared/logReport.css';
import './conversation.css';
import { isConversationHostToWebview } from '../../src/core/protocol/conversationProtocol';
import type { ConversationHostToWebview } from '../../src/core/protocol/conversationProtocol';
import { searchStrings as S } from '../../src/core/l10n/searchStrings';
import { guardedListener } from '../../src/core/channel/handshake';
import { renderOutput } from '../shared/conversation';
import { ConversationSearch } from '../shared/conversationSearch';
import { el } from '../shared/dom';
import { setLinkOpener } from '../shared/markdown';
import { onHostMessage, vsCodeApi } from '../shared/vscodeApi';
import { configureL10nFromPage } from '../shared/l10nBundle';

// Translations first: everything below may render text.
configureL10nFromPage(document);

const app = document.getElementById('app');
const body = el('div', { className: 'conversation-body', attrs: { 'data-testid': 'conversation-page' } }, el('p', { className: 'muted', text: S.waiting }));
const search = new ConversationSearch(body);
search.bindKeys(document);
const heading = el('h1', { className: 'conversation-title' });
app?.append(el('header', { className: 'conversation-toolbar' }, heading, search.element), body);
setLinkOpener((href) => vsCodeApi().postMessage({ type: 'openLink', href }));

function receive(message: ConversationHostToWebview): void {
  heading.textContent = message.title;
  document.title = message.title;
  body.replaceChildren(renderOutput(message.output));
}

onHostMessage(guardedListener(isConversationHostToWebview, receive));
vsCodeApi().postMessage({ type: 'ready' });
