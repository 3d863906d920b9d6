/** The funnel bar on top of the view (rows → after each filter → kept) and the warnings folded under it. */
import { formatCount, previewViewStrings } from '../../src/core/l10n/previewViewStrings';
import type { PreviewLocation, PreviewSummaryView } from '../../src/core/protocol/previewProtocol';
import { clear, codicon, el } from './dom';
import { funnelStages, funnelText, stageFraction } from './funnelModel';

const MAX_WARNINGS_SHOWN = 500;

export interface FunnelCallbacks {
  openLocation(location: PreviewLocation): void;
  warningsToggled(open: boolean): void;
}

function meter(fraction: number): HTMLElement {
  const fill = el('div', { class: 'meter-fill' });
  fill.style.width = `${(fraction * 100).toFixed(2)}%`;
  return el('div', { class: 'meter', 'aria-hidden': 'true' }, fill);
}

export class FunnelView {
  readonly element = el('section', { class: 'funnel', 'aria-label': previewViewStrings.funnelAria });

  constructor(private readonly callbacks: FunnelCallbacks) {}

  hide(): void {
    this.element.hidden = true;
  }

  render(summary: PreviewSummaryView, warningsOpen: boolean): void {
    this.element.hidden = false;
    clear(this.element);
    const stages = funnelStages(summary);
    const text = el('p', { class: 'funnel-text', 'data-testid': 'funnel-text' }, funnelText(summary));
    const list = el('ol', { class: 'funnel-stages' });
    for (const stage of stages) {
      const fraction = stageFraction(stage, summary.total);
      if (stage.kind === 'total') {
        list.append(el('li', { class: 'stage stage-total' },
          el('span', { class: 'stage-label' }, previewViewStrings.funnelTotal(summary.total)),
          meter(summary.total > 0 ? 1 : 0)));
        continue;
      }
      const details = el('span', { class: 'stage-details' },
        el('span', { class: 'removed' }, previewViewStrings.funnelRemoved(stage.removed)),
        stage.notComparable > 0 ? el('span', { class: 'not-comparable' }, previewViewStrings.funnelNotComparable(stage.notComparable)) : undefined);
      list.append(el('li', { class: 'stage stage-filter', title: previewViewStrings.funnelStepTooltip(stage.label, stage.before, stage.after) },
        codicon('arrow-right'),
        el('code', { class: 'stage-filter-label' }, stage.label),
        meter(fraction),
        el('span', { class: 'stage-count' }, formatCount(stage.after)),
        details));
    }
    const kept = el('li', { class: 'stage stage-kept' },
      codicon('arrow-right'),
      el('span', { class: 'stage-label' }, previewViewStrings.funnelKept(summary.matched)),
      stages.length === 1 ? el('span', { class: 'stage-details' }, previewViewStrings.funnelNoFilters) : undefined);
    list.append(kept);
    this.element.append(text, list);
    if (summary.warnings.length) this.element.append(this.warnings(summary, warningsOpen));
  }

  private warnings(summary: PreviewSummaryView, open: boolean): HTMLElement {
    const details = el('details', { class: 'warnings', open });
    details.append(el('summary', {}, codicon('warning'), ' ', previewViewStrings.warningsSummary(summary.warnings.length)));
    const list = el('ul', {});
    for (const warning of summary.warnings.slice(0, MAX_WARNINGS_SHOWN)) {
      const item = el('li', {}, warning.message);
      if (warning.file) {
        const location: PreviewLocation = { file: warning.file, line: warning.line };
        const link = el('button', { class: 'link', type: 'button', title: previewViewStrings.openAt(warning.file, warning.line) },
          previewViewStrings.warningLocation(baseName(warning.file), warning.line));
        link.addEventListener('click', () => this.callbacks.openLocation(location));
        item.append(' ', link);
      }
      list.append(item);
    }
    details.append(list);
    details.addEventListener('toggle', () => this.callbacks.warningsToggled(details.open));
    return details;
  }
}

export function baseName(file: string): string {
  const normalized = file.replace(/\\/g, '/');
  return normalized.slice(normalized.lastIndexOf('/') + 1);
}
