/** The Trace editor's header strip: the trace's name, its metadata facts, tags and error, and the actions. */
import type { TraceHeader } from '../../src/core/trace/traceHeader';
import { traceFileStrings as S } from '../../src/core/l10n/traceStrings';
import { el, icon } from '../shared/dom';
import { formatDuration, formatIsoUtc, formatLocalTime } from '../../src/core/format/displayFormat';
import { formatCount } from '../../src/core/l10n/numberFormat';

function fact(label: string, value: string, title?: string): HTMLElement {
  return el('span', { className: 'fact', title, attrs: { 'data-fact': label } }, el('span', { className: 'fact-label', text: `${label} ` }), el('span', { className: 'fact-value', text: value }));
}

function button(codicon: string, label: string, run: () => void): HTMLElement {
  const b = el('button', { className: 'icon-button', title: label, attrs: { 'aria-label': label } }, icon(codicon), ` ${label}`);
  b.addEventListener('click', run);
  return b;
}

export function renderTraceHeader(fileName: string, header: TraceHeader, actions: { openAsJson: () => void; reload: () => void }): HTMLElement {
  const box = el('header', { className: 'report-header trace-header', attrs: { 'data-testid': 'trace-header' } });
  const title = el('div', { className: 'header-title' }, el('h1', { text: fileName }));
  title.appendChild(el('div', { className: 'header-actions' }, button('json', S.openAsJson, actions.openAsJson), button('refresh', S.reload, actions.reload)));
  box.appendChild(title);
  const facts = el('div', { className: 'header-facts' });
  if (header.agent) facts.appendChild(fact(S.agent, header.agent));
  if (header.model) facts.appendChild(fact(S.model, header.model));
  if (header.createdAt) {
    const ms = Date.parse(header.createdAt);
    facts.appendChild(Number.isFinite(ms) ? fact(S.created, formatLocalTime(ms / 1000), formatIsoUtc(ms / 1000)) : fact(S.created, header.createdAt));
  }
  if (header.totalTime !== undefined) facts.appendChild(fact(S.time, formatDuration(header.totalTime), `${header.totalTime} s`));
  if (header.totalTokens !== undefined) facts.appendChild(fact(S.tokens, formatCount(header.totalTokens)));
  if (header.messageCount !== undefined) facts.appendChild(fact(S.messages, formatCount(header.messageCount)));
  if (header.traceId) facts.appendChild(fact(S.traceId, header.traceId));
  if (header.sourceType) facts.appendChild(fact(S.source, header.sourceType, header.sourceUri));
  if (header.tags.length) facts.appendChild(el('span', { className: 'fact', attrs: { 'data-fact': S.tags } }, el('span', { className: 'fact-label', text: S.tags }), ...header.tags.map((t) => el('span', { className: 'tag', text: t }))));
  if (facts.childNodes.length) box.appendChild(facts);
  if (header.error) box.appendChild(el('div', { className: 'trace-error error-text', attrs: { role: 'alert' } }, icon('error'), ` ${S.error}: ${header.error}`));
  return box;
}
