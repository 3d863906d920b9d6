/**
 * The metric table of one candidate (Δ, the interval written and drawn as a bar around zero in one cell, p,
 * badge, MDE) and the 2×2 counts of 0/1 scores. Values follow the report's rule per metric key; in a narrow
 * view the baseline and candidate columns give way first (compare.css), their values stay on the metric's hover.
 */
import type { CandidateComparison, MetricComparison } from '../../src/core/model/compareTypes';
import { compareStrings as S } from '../../src/core/l10n/compareStrings';
import { breakableName, el, svg } from '../shared/dom';
import { bootstrapLine, permutationLine, planCell, wilsonLine } from './statisticsCells';
import { comparedQuantity, interval, metricDelta, metricLabel, metricSize, metricValue, pValue, reportedValues, verdictText } from '../../src/core/format/compareFormat';

const BAR_WIDTH = 112;

function intervalBar(m: MetricComparison, scale: number): SVGSVGElement {
  const x = (v: number): number => Math.max(2, Math.min(BAR_WIDTH - 2, BAR_WIDTH / 2 + (v / scale) * (BAR_WIDTH / 2 - 4)));
  const bar = svg('svg', { class: 'interval-bar', width: BAR_WIDTH, height: 16, role: 'img', 'aria-label': interval(m) });
  bar.appendChild(svg('line', { class: 'zero', x1: BAR_WIDTH / 2, x2: BAR_WIDTH / 2, y1: 1, y2: 15 }));
  const { ciLow, ciHigh, delta } = m.estimate;
  if (ciLow !== null && ciHigh !== null) bar.appendChild(svg('line', { class: `ci ci-${m.verdict}`, x1: x(ciLow).toFixed(1), x2: x(ciHigh).toFixed(1), y1: 8, y2: 8 }));
  if (Number.isFinite(delta)) bar.appendChild(svg('circle', { class: 'point', cx: x(delta).toFixed(1), cy: 8, r: 3 }));
  return bar;
}

/** A cell with a second line under its text (a value's interval, a second test's p): its id and hover move to the first line. */
function withLine(td: HTMLTableCellElement, line: HTMLElement | null): HTMLTableCellElement {
  if (!line) return td;
  const first = el('div', { text: td.textContent ?? '', title: td.title, attrs: { 'data-testid': td.dataset.testid } });
  td.removeAttribute('title');
  td.removeAttribute('data-testid');
  td.replaceChildren(first, line);
  return td;
}

function cell(text: string, testId?: string, title?: string, className = 'num'): HTMLTableCellElement {
  return el('td', { className, text, title, attrs: testId ? { 'data-testid': testId } : undefined });
}

/** The header cells, in the order of S.view.columns: which columns give way in a narrow view. */
const COLUMNS: { id: string; className: string }[] = [
  { id: 'metric', className: 'col-metric' }, { id: 'n', className: 'give-way-late' }, { id: 'baseline', className: 'give-way' },
  { id: 'candidate', className: 'give-way' }, { id: 'delta', className: '' }, { id: 'interval', className: '' },
  { id: 'p', className: 'give-way-late' }, { id: 'p-holm', className: '' }, { id: 'mde', className: 'give-way-late' },
  { id: 'verdict', className: '' }, { id: 'flip', className: 'col-flip' },
];

interface MetricTableEvents {
  flip(metric: MetricComparison): void;
  showChanges(metric: MetricComparison): void;
}

/**
 * `planDeltas`: the difference D typed into each metric key's plan (beside its MDE), kept while the table is drawn
 * again; `resamplingPending`: the bootstrap and permutation figures are still being computed.
 */
export function renderMetricTable(c: CandidateComparison, events: MetricTableEvents, planDeltas: Map<string, string>, resamplingPending = false): HTMLElement {
  const finite = c.metrics.flatMap((m) => [m.estimate.ciLow, m.estimate.ciHigh, m.estimate.delta]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const scale = Math.max(1e-12, ...finite.map(Math.abs));
  const table = el('table', { className: 'data-table metric-compare', attrs: { 'data-testid': 'metric-table' } });
  table.appendChild(el('thead', {}, el('tr', {}, ...S.view.columns.map((h, i) => el('th', { className: COLUMNS[i].className, text: h, title: S.view.columnHelp[i], attrs: { 'data-column': COLUMNS[i].id, scope: 'col' } })))));
  const body = el('tbody');
  for (const m of c.metrics) {
    const values = S.view.valuesTitle(metricValue(m, m.baselineMean), metricValue(m, m.candidateMean));
    const name = el('button', { className: 'link-button', title: `${m.id}\n${values}` }, breakableName(metricLabel(m)));
    name.addEventListener('click', () => events.showChanges(m));
    const quantity = comparedQuantity(m);
    const nameCell = el('td', { className: 'col-metric' }, name);
    // A min or max metric is compared through its per-sample mean: the row says so and keeps the reported values beside it.
    if (quantity) nameCell.appendChild(el('div', { className: 'muted compared-quantity', text: `${quantity} · ${reportedValues(m) ?? ''}`, attrs: { 'data-testid': 'compared-quantity' } }));
    const flip = el('input', { attrs: { type: 'checkbox', 'aria-label': S.view.flipTitle, title: S.view.flipTitle, 'data-testid': 'flip' } });
    flip.checked = m.lowerIsBetter;
    flip.addEventListener('change', () => events.flip(m));
    body.appendChild(el('tr', { attrs: { 'data-metric-id': m.id } },
      nameCell,
      cell(String(m.estimate.n), undefined, undefined, 'num give-way-late'),
      withLine(cell(metricValue(m, m.baselineMean), 'baseline', String(m.baselineMean), 'num give-way'), wilsonLine(m.proportions?.baseline, 'wilson-baseline')),
      withLine(cell(metricValue(m, m.candidateMean), 'candidate', String(m.candidateMean), 'num give-way'), wilsonLine(m.proportions?.candidate, 'wilson-candidate')),
      cell(metricDelta(m, m.estimate.delta), 'delta', String(m.estimate.delta)),
      el('td', { className: 'num interval-cell', attrs: { 'data-testid': 'interval-cell' } },
        el('div', {
          className: 'interval-text', text: interval(m), attrs: { 'data-testid': 'interval' },
          title: `${m.estimate.ciLow} … ${m.estimate.ciHigh} (${m.estimate.method === 'clustered' ? S.clusteredBy('', m.estimate.clusters ?? 0) : m.estimate.method})`,
        }),
        intervalBar(m, scale),
        bootstrapLine(m, resamplingPending)),
      withLine(cell(pValue(m.estimate.p), 'p', String(m.estimate.p), 'num give-way-late'), permutationLine(m)),
      cell(pValue(m.pHolm), 'p-holm', String(m.pHolm)),
      withLine(cell(metricSize(m, m.estimate.mde), 'mde', String(m.estimate.mde), 'num give-way-late mde-cell'), planCell(m, planDeltas)),
      el('td', { className: 'verdict-cell' }, el('span', { className: `verdict-badge verdict-${m.verdict}`, text: verdictText(m), attrs: { 'data-testid': 'verdict' } })),
      el('td', { className: 'flip-cell' }, flip),
    ));
  }
  table.appendChild(body);
  return table;
}

export function renderBinaryTables(c: CandidateComparison): HTMLElement | undefined {
  const binary = c.metrics.filter((m) => m.binary);
  if (!binary.length) return undefined;
  const box = el('div', { className: 'binary-tables' });
  for (const m of binary) {
    const b = m.binary as NonNullable<MetricComparison['binary']>;
    box.appendChild(el('div', { className: 'binary-table', attrs: { 'data-testid': 'binary-table' } },
      el('h3', { text: metricLabel(m) }),
      el('table', { className: 'data-table' },
        el('tr', {}, el('th'), el('th', { text: S.view.candidatePass }), el('th', { text: S.view.candidateFail })),
        el('tr', {}, el('th', { text: S.view.baselinePass }), cell(String(b.bothPass)), cell(String(b.onlyBaseline))),
        el('tr', {}, el('th', { text: S.view.baselineFail }), cell(String(b.onlyCandidate)), cell(String(b.bothFail))),
      ),
      el('div', { className: 'muted', text: S.view.mcnemar(pValue(b.mcnemarP)) }),
    ));
  }
  return box;
}
