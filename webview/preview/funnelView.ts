/**
 * The funnel bar on top of the view (rows → after each filter → kept; for a source that selects with its own
 * fields, its records → after each field → kept), how the count was made, and the warnings folded under it.
 */
import { previewViewStrings, nounOf, selectionFunnelViewStrings as selectionStrings } from '../../src/core/l10n/previewStrings';
import { formatCount } from '../../src/core/l10n/numberFormat';
import type { PreviewLocation, PreviewSummaryView } from '../../src/core/protocol/previewProtocol';
import { clear, codicon, el } from './dom';
import { FunnelStage, funnelStages, funnelText, stageFraction } from './funnelModel';

const MAX_WARNINGS_SHOWN = 500;

interface FunnelCallbacks {
  openLocation(location: PreviewLocation): void;
  warningsToggled(open: boolean): void;
  /** A filter step (or a listable selection step) was chosen (click, Enter or Space): list the rows it removed. */
  drill(stage: FunnelStage): void;
}

function meter(fraction: number): HTMLElement {
  const fill = el('div', { class: 'meter-fill' });
  fill.style.width = `${(fraction * 100).toFixed(2)}%`;
  return el('div', { class: 'meter', 'aria-hidden': 'true' }, fill);
}

/** A count as shown: "412", with an "at least" mark (and its reason as tooltip) when every count is a lower bound. */
function countNode(n: number, lowerBound: boolean | undefined, tail = ''): HTMLElement {
  const node = el('span', { class: 'count' });
  if (lowerBound) node.append(el('span', { class: 'lower-bound', title: selectionStrings.lowerBoundTooltip, 'data-testid': 'lower-bound' }, selectionStrings.atLeast), ' ');
  node.append(formatCount(n), tail);
  return node;
}

/** "412 rows" / "412 sessions" as nodes; the noun follows the count (singular for one). */
function recordsNode(n: number, summary: PreviewSummaryView, kept: boolean): HTMLElement {
  const noun = nounOf(summary.recordNoun);
  // Filter funnels keep their own words; only a source that names its records (or bounds its counts) changes them.
  const plain = !summary.selection && noun === 'rows' && !summary.lowerBound;
  if (plain) return el('span', {}, kept ? previewViewStrings.funnelKept(n) : previewViewStrings.funnelTotal(n));
  if (kept && !summary.selection && noun === 'rows') return countNode(n, summary.lowerBound, ' kept');
  return countNode(n, summary.lowerBound, kept ? selectionStrings.keptTail(n, noun) : selectionStrings.totalTail(n, noun));
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
    const noun = nounOf(summary.recordNoun);
    this.element.setAttribute('aria-label', summary.selection ? selectionStrings.funnelAria(noun) : previewViewStrings.funnelAria);
    const text = el('p', { class: 'funnel-text', 'data-testid': 'funnel-text' }, funnelText(summary));
    if (summary.lowerBound) text.title = selectionStrings.lowerBoundTooltip;
    const list = el('ol', { class: 'funnel-stages' });
    for (const stage of stages) {
      const fraction = stageFraction(stage, summary.total);
      if (stage.kind === 'total') {
        list.append(el('li', { class: 'stage stage-total' },
          el('span', { class: 'stage-label' }, recordsNode(summary.total, summary, false)),
          meter(summary.total > 0 ? 1 : 0)));
        continue;
      }
      const details = el('span', { class: 'stage-details' },
        el('span', { class: 'removed' }, previewViewStrings.funnelRemoved(stage.removed)),
        stage.notComparable > 0 ? el('span', { class: 'not-comparable' }, previewViewStrings.funnelNotComparable(stage.notComparable)) : undefined);
      if (summary.selection) {
        list.append(this.drillable(stage, this.selectionStage(stage, fraction, details, summary.lowerBound), summary));
        continue;
      }
      list.append(this.drillable(stage, el('li', { class: 'stage stage-filter', title: previewViewStrings.funnelStepTooltip(stage.label, stage.before, stage.after) },
        codicon('arrow-right'),
        el('code', { class: 'stage-filter-label' }, stage.label),
        meter(fraction),
        el('span', { class: 'stage-count' }, summary.lowerBound ? countNode(stage.after, true) : formatCount(stage.after)),
        details), summary));
    }
    const kept = el('li', { class: 'stage stage-kept' },
      codicon('arrow-right'),
      el('span', { class: 'stage-label' }, recordsNode(summary.matched, summary, true)),
      stages.length === 1 ? el('span', { class: 'stage-details' }, summary.selection ? selectionStrings.allKept : previewViewStrings.funnelNoFilters) : undefined);
    list.append(kept);
    this.element.append(text, list);
    if (summary.countedBy) {
      this.element.append(el('p', { class: 'funnel-counted-by', 'data-testid': 'funnel-counted-by' },
        codicon('info'), ' ', selectionStrings.countedBy(summary.countedBy, summary.lowerBound === true)));
    }
    if (summary.warnings.length) this.element.append(this.warnings(summary, warningsOpen));
  }

  /**
   * A filter step (or a listable selection step) that removed rows opens the list of them on click, Enter or Space.
   * The step stays a list item (the funnel reads as a list); its label becomes the button that keyboards and screen
   * readers reach.
   */
  private drillable(stage: FunnelStage, item: HTMLElement, summary: PreviewSummaryView): HTMLElement {
    if (stage.removed <= 0 || stage.filterIndex === undefined || (summary.selection && !stage.listable)) return item;
    item.classList.add('drillable');
    item.setAttribute('data-filter-index', String(stage.filterIndex));
    const label = item.querySelector('.stage-step') ?? item.querySelector('.stage-filter-label');
    const name = summary.selection
      ? selectionStrings.stepDrill(stage.field ?? '', stage.label, stage.removed, nounOf(summary.recordNoun))
      : previewViewStrings.funnelStepDrill(stage.label, stage.removed);
    const button = el('button', { class: 'stage-drill', type: 'button', 'aria-label': name });
    label?.replaceWith(button);
    if (label) button.append(label);
    // The button's own click (mouse, Enter, Space) reaches the step's handler: the whole step stays clickable.
    item.addEventListener('click', () => this.callbacks.drill(stage));
    return item;
  }

  /** A selection step: the source field that selected (its name, then its label), the bar and the count left. */
  private selectionStage(stage: FunnelStage, fraction: number, details: HTMLElement, lowerBound: boolean | undefined): HTMLElement {
    const field = stage.field ?? String((stage.filterIndex ?? 0) + 1);
    return el('li', { class: 'stage stage-filter stage-selection', 'data-field': field, title: selectionStrings.stepTooltip(field, stage.label, stage.before, stage.after) },
      codicon('arrow-right'),
      el('span', { class: 'stage-step' },
        el('code', { class: 'stage-field', title: selectionStrings.fieldTooltip(field) }, field),
        ' ',
        el('span', { class: 'stage-filter-label' }, stage.label)),
      meter(fraction),
      el('span', { class: 'stage-count' }, countNode(stage.after, lowerBound)),
      details);
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
