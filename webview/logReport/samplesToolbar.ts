/** Search, score filter, error-stage filter, run selector and the active metric filter of the samples table. */
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import type { LogSummary } from '../../src/core/model/logViewTypes';
import { logStrings as S } from '../../src/core/l10n/logStrings';
import { custom, el, icon } from '../shared/dom';
import type { SampleFilters } from './viewState';

type ValueElement = HTMLElement & { value: string };

interface ToolbarEvents {
  change(filters: SampleFilters): void;
}

function select(label: string, options: [string, string][], selected: string, onChange: (value: string) => void): ValueElement {
  // `label` names the inner combobox (the element a screen reader focuses); `aria-label` names the host.
  const element = custom('vscode-single-select', { title: label, attrs: { 'aria-label': label, label } }) as ValueElement;
  for (const [value, text] of options) element.appendChild(custom('vscode-option', { text, attrs: { value, selected: value === selected } }));
  element.addEventListener('change', () => onChange(element.value));
  return element;
}

const SCORE_SEPARATOR = '\u0000';

/** How long typing pauses before the search applies. */
const SEARCH_DELAY_MS = 250;

/**
 * The toolbar. The search box is made once and stays in place while the other controls are rebuilt, so a
 * search that applies while the person types keeps the focus, the caret and every typed character.
 */
export class SamplesToolbar {
  readonly element: HTMLElement;
  private readonly search: ValueElement;
  private readonly rest = el('div', { className: 'toolbar-rest' });
  private filters: SampleFilters = {};
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly count: HTMLElement, private readonly events: ToolbarEvents) {
    this.search = custom('vscode-textfield', { attrs: { placeholder: S.searchPlaceholder, 'aria-label': S.searchPlaceholder, 'data-testid': 'sample-search' } }) as ValueElement;
    this.search.appendChild(el('span', { className: 'codicon codicon-search', attrs: { slot: 'content-before', 'aria-hidden': 'true' } }));
    this.search.addEventListener('input', () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.events.change({ ...this.filters, search: this.search.value || undefined }), SEARCH_DELAY_MS);
    });
    this.element = el('div', { className: 'samples-toolbar', attrs: { role: 'search' } }, this.search, this.rest);
  }

  /** Shows the filters; the search box's text changes only when the filters say something else than it shows. */
  render(summary: LogSummary, filters: SampleFilters): void {
    this.filters = filters;
    if ((this.search.value || undefined) !== filters.search) {
      clearTimeout(this.timer);
      this.search.value = filters.search ?? '';
    }
    this.rest.replaceChildren(...otherControls(summary, filters, (patch) => this.events.change({ ...filters, ...patch }), () => this.events.change({ sort: filters.sort, runIndex: filters.runIndex })), this.count);
  }
}

function otherControls(summary: LogSummary, filters: SampleFilters, update: (patch: Partial<SampleFilters>) => void, clearAll: () => void): HTMLElement[] {
  const controls: HTMLElement[] = [];
  // Pass and fail only for scores that are always 0/1 or true/false: for any other score they would match nothing.
  const scoreOptions: [string, string][] = [['', S.filterScoreAny]];
  for (const column of summary.samples.scoreColumns) {
    if (!column.binary) continue;
    const label = `${column.scorerName ?? column.scorerKey}/${column.valueKey}`;
    scoreOptions.push([`${column.id}${SCORE_SEPARATOR}pass`, S.filterScorePass(label)], [`${column.id}${SCORE_SEPARATOR}fail`, S.filterScoreFail(label)]);
  }
  const currentScore = filters.scoreFilter ? `${filters.scoreFilter.column}${SCORE_SEPARATOR}${String(filters.scoreFilter.value)}` : '';
  if (scoreOptions.length > 1) {
    const scoreSelect = select(S.filterScore, scoreOptions, currentScore, (value) => {
      const [column, outcome] = value.split(SCORE_SEPARATOR);
      update({ scoreFilter: column ? { column, value: outcome } : undefined });
    });
    scoreSelect.title = S.filterScoreMeaning;
    scoreSelect.dataset.testid = 'score-filter';
    // As wide as its longest option (within the toolbar), so no option is cut.
    const longest = Math.max(...scoreOptions.map(([, text]) => text.length));
    scoreSelect.style.width = `min(100%, calc(${longest}ch + 48px))`;
    controls.push(scoreSelect);
  }

  const stageOptions: [string, string][] = [['', S.filterStageAll], ['any', S.filterStageAny], ...summary.samples.errorStages.map((stage): [string, string] => [stage, stage === 'unknown' ? S.filterStageUnknown : stage])];
  if (summary.samples.errorStages.length) controls.push(select(S.filterStage, stageOptions, filters.errorStage ?? '', (value) => update({ errorStage: value || undefined })));

  if (summary.runs) {
    const runOptions: [string, string][] = [['', S.topLevelSamples], ...summary.runs.runs.map((run): [string, string] => [String(run.index), S.runLabel(run.index)])];
    controls.push(el('span', { className: 'muted', text: S.runSelector }));
    controls.push(select(S.runSelector, runOptions, filters.runIndex === undefined ? '' : String(filters.runIndex), (value) => update({ runIndex: value === '' ? undefined : Number(value) })));
  }

  if (filters.metric) {
    const label = `${filters.metric.scorerKey ? `${filters.metric.scorerKey} ` : ''}${filters.metric.valueKey}`;
    const chip = el('button', { className: 'chip', title: S.clearFilters, attrs: { 'data-testid': 'metric-filter' } }, el('span', { text: S.filterMetric(label) }), icon('close'));
    chip.addEventListener('click', () => update({ metric: undefined }));
    controls.push(chip);
  }
  if (filters.search || filters.scoreFilter || filters.errorStage || filters.metric) {
    const clearButton = el('button', { className: 'link-button', text: S.clearFilters });
    clearButton.addEventListener('click', clearAll);
    controls.push(clearButton);
  }
  return controls;
}
