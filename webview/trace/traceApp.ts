/**
 * The Trace editor's webview: header, the main conversation with the log report's renderer (turns arrive in pages:
 * "Show more"), the sub-agent spans each with its own conversation (built when opened), metadata and other spans.
 */
import type { TraceItemView } from '../../src/core/model/logViewTypes';
import type { SpanOutline } from '../../src/core/trace/spanConversation';
import type { TraceHostToWebview, TraceInit, TraceLoadError, TraceWebviewToHost } from '../../src/core/protocol/traceFileProtocol';
import { isTraceHostToWebview } from '../../src/core/protocol/traceFileProtocol';
import { traceFileStrings as S } from '../../src/core/l10n/traceStrings';
import { logStrings } from '../../src/core/l10n/logStrings';
import { collapsible, el, icon } from '../shared/dom';
import { renderTrace, traceItem } from '../shared/conversation';
import { setLinkOpener } from '../shared/markdown';
import { renderTraceHeader } from './traceHeaderView';
import { onHostMessage, VsCodeApi } from '../shared/vscodeApi';
import { guardedListener } from '../../src/core/channel/handshake';
import { RequestChannel, StaleReplyError } from '../../src/core/channel/requestChannel';

/** The host's answers to the view's requests: turns, a span's items, or an error. */
type TraceReply = Extract<TraceHostToWebview, { type: 'moreResult' | 'spanItemsResult' | 'error' }>;

function spanLabel(span: SpanOutline): HTMLElement {
  return el('span', { className: 'span-label' }, icon(span.type === 'tool' ? 'tools' : 'hubot'), ` ${span.type ? `${span.type} ` : ''}`, el('strong', { text: span.name }),
    el('span', { className: 'muted', text: ` · ${S.spanItems(span.itemCount)}` }), span.error ? el('span', { className: 'error-text', text: ` · ${S.spanError(span.error)}` }) : null);
}

export class TraceApp {
  private loaded = 0;
  private total = 0;
  private conversation: HTMLElement | undefined;
  private moreButton: HTMLButtonElement | undefined;
  /** Pages of turns and span items, by request id; a new `init` makes the waiting ones stale. */
  private readonly requests = new RequestChannel<TraceReply>({
    errorOf: (reply) => (reply.type === 'error' ? new Error(reply.error) : undefined),
    generationOf: (reply) => (reply.type === 'error' ? undefined : reply.generation),
  });

  constructor(private readonly root: HTMLElement, private readonly api: VsCodeApi) {
    setLinkOpener((href) => this.post({ type: 'openLink', href }));
    onHostMessage(guardedListener(isTraceHostToWebview, (message) => this.receive(message)));
    window.addEventListener('scroll', () => this.api.setState({ scrollY: window.scrollY }), { passive: true });
    root.replaceChildren(el('div', { className: 'loading' }, icon('loading codicon-modifier-spin'), ` ${S.loading}`));
    this.post({ type: 'ready' });
  }

  private post(message: TraceWebviewToHost): void {
    this.api.postMessage(message);
  }

  private receive(message: TraceHostToWebview): void {
    switch (message.type) {
      case 'init':
        this.init(message);
        return;
      case 'loadError':
        this.showLoadError(message);
        return;
      case 'moreResult':
      case 'spanItemsResult':
      case 'error':
        this.requests.settle(message);
        return;
    }
  }

  private init(init: TraceInit): void {
    this.total = init.totalTurns;
    this.loaded = 0;
    this.requests.supersede(init.generation);
    const main = el('main', { className: 'trace-main' });
    main.appendChild(renderTraceHeader(init.fileName, init.header, {
      openAsJson: () => this.post({ type: 'command', command: 'openAsJson' }),
      reload: () => this.post({ type: 'command', command: 'reload' }),
    }));
    const body = el('div', { className: 'trace-body' });
    this.conversation = renderTrace({ preamble: init.preamble, turns: [] });
    body.appendChild(this.conversation);
    this.moreButton = el('button', { className: 'icon-button load-more', attrs: { 'data-testid': 'load-more' } });
    this.moreButton.addEventListener('click', () => this.requestMore());
    body.appendChild(this.moreButton);
    if (init.subSpans.length) {
      body.appendChild(el('h2', { className: 'spans-heading', attrs: { id: 'sub-agents-heading' } }, icon('type-hierarchy'), ` ${S.subAgents}`));
      // A list (one item per sub-agent) named by its heading: a screen reader says how many there are.
      const list = el('ul', { className: 'span-list', attrs: { 'data-testid': 'spans', 'aria-labelledby': 'sub-agents-heading' } });
      for (const span of init.subSpans) list.appendChild(el('li', {}, this.spanSection(span)));
      body.appendChild(list);
    }
    if (init.metadata || init.genericSpans) body.appendChild(renderTrace({ preamble: [], turns: [], metadata: init.metadata, spans: init.genericSpans }));
    main.appendChild(body);
    this.root.replaceChildren(main);
    this.appendTurns(init.turns);
    const state = this.api.getState() as { scrollY?: number } | undefined;
    if (state && typeof state.scrollY === 'number') window.scrollTo(0, state.scrollY);
  }

  /** A sub-agent span, collapsed; opening it asks the host for its items. */
  private spanSection(span: SpanOutline): HTMLElement {
    const section = collapsible(spanLabel(span), () => {
      const box = el('div', { className: 'conversation span-conversation', attrs: { 'data-span-id': span.spanId, 'aria-busy': 'true' } }, el('p', { className: 'muted', text: S.loading }));
      this.requests.request((id, generation) => this.post({ type: 'spanItems', id, generation, spanId: span.spanId }))
        .then((reply) => {
          if (reply.type === 'spanItemsResult') this.fillSpan(span, box, reply.items);
        })
        // An error or a stale answer leaves the span as it is; a new init redraws the view.
        .catch(() => undefined);
      return box;
    }, false, 'section span-section');
    section.setAttribute('data-testid', 'span');
    section.setAttribute('data-span-name', span.name);
    return section;
  }

  /** The span's items with its sub-spans where they started. */
  private fillSpan(span: SpanOutline, box: HTMLElement, items: TraceItemView[]): void {
    box.replaceChildren();
    box.removeAttribute('aria-busy');
    const children = [...span.children].sort((a, b) => a.before - b.before);
    let next = 0;
    items.forEach((item, index) => {
      while (next < children.length && children[next].before <= index) box.appendChild(this.spanSection(children[next++].span));
      box.appendChild(traceItem(item));
    });
    while (next < children.length) box.appendChild(this.spanSection(children[next++].span));
    if (!box.childElementCount) box.appendChild(el('p', { className: 'empty', text: S.noItems }));
  }

  private appendTurns(turns: TraceItemView[]): void {
    if (!this.conversation || !this.moreButton) return;
    for (const item of turns) this.conversation.appendChild(traceItem(item));
    this.loaded += turns.length;
    const more = this.loaded < this.total;
    this.moreButton.hidden = !more;
    this.moreButton.disabled = false;
    this.moreButton.textContent = S.loadMore(this.loaded, this.total);
    if (this.loaded === 0 && this.total === 0 && this.conversation.childElementCount === 0) this.conversation.appendChild(el('p', { className: 'empty', text: S.noItems }));
    this.reportRendered();
  }

  private requestMore(): void {
    if (!this.moreButton || this.loaded >= this.total) return;
    const offset = this.loaded;
    this.moreButton.disabled = true;
    this.requests.request((id, generation) => this.post({ type: 'more', id, generation, offset }))
      .then((reply) => {
        if (reply.type === 'moreResult' && reply.offset === this.loaded) this.appendTurns(reply.turns);
      })
      .catch((error: unknown) => {
        // A stale answer belongs to a view a new init has replaced; after an error the button works again.
        if (!(error instanceof StaleReplyError) && this.moreButton) this.moreButton.disabled = false;
      });
  }

  /** What is on screen now, read from the DOM (used by tests through the host). */
  private reportRendered(): void {
    const conversation = this.conversation;
    if (!conversation) return;
    const roles = [...conversation.querySelectorAll(':scope > .message')].map((m) => m.getAttribute('data-role') ?? '');
    const toolCalls = [...conversation.querySelectorAll(':scope > .tool-call')].map((c) => ({
      name: c.querySelector('.tool-name')?.textContent?.trim() ?? '',
      hasOutput: c.querySelector('.tool-output') !== null,
    }));
    const spanNames = [...this.root.querySelectorAll('[data-testid="span"]')].map((s) => s.getAttribute('data-span-name') ?? '');
    this.post({ type: 'rendered', generation: this.requests.generation, shownItems: this.loaded, roles, toolCalls, spanNames });
  }

  private showLoadError(message: TraceLoadError): void {
    const where = message.line !== undefined ? logStrings.loadErrorAt(message.line, message.column) : '';
    const open = el('button', { className: 'icon-button' }, icon('json'), ` ${S.openAsJson}`);
    open.addEventListener('click', () => this.post({ type: 'command', command: 'openAsJson' }));
    this.root.replaceChildren(el('div', { className: 'load-error', attrs: { role: 'alert', 'data-testid': 'load-error' } },
      el('h1', {}, icon('error'), ` ${S.cannotOpen}`),
      el('p', { className: 'error-message', text: `${message.message}${where ? ` (${where})` : ''}` }),
      el('p', { text: S.cannotOpenHint }), open));
  }
}
