/** The detail pane of one sample: data, sample-level scores, each trial (output, scores, errors), notes. */
import type { ErrorView, OutputView, SampleDetail, SampleTarget, ScoreDetail, TrialDetail } from '../../src/core/model/logViewTypes';
import { searchStrings } from '../../src/core/l10n/searchStrings';
import { logStrings as S, logStrings as L, logStrings as V } from '../../src/core/l10n/logStrings';
import { finalAnswer, sampleTarget } from '../../src/core/log/sampleTarget';
import { el, icon, collapsible } from '../shared/dom';
import { exactValue, formatValue } from '../../src/core/format/displayFormat';
import { rateOf } from '../../src/core/format/metricValueFormat';
import { sampleLevelErrors } from './reportRules';
import { jsonTree } from '../shared/jsonTree';
import { renderOutput } from '../shared/conversation';
import { ConversationSearch } from '../shared/conversationSearch';
import { errorItem } from './errorsTab';
import { verificationBadge } from './metricCards';
import { statisticsStrings as T } from '../../src/core/l10n/statisticsStrings';
import { curveFigure, curveNote } from '../shared/statisticsBlocks';

interface DetailEvents {
  close(): void;
  trialChanged(trialIndex: number): void;
  /** Opens a conversation in its own tab, named `title`; absent where there is no editor (an exported file). */
  openConversation?(title: string, output: OutputView): void;
}

/**
 * The answer and the explanation a scorer gave with its value, when its metadata holds them as text (an Inspect
 * score's `answer` and `explanation`: a grader's reasoning is what a reader of a graded sample looks for).
 */
function scoreTexts(metadata: unknown): { answer?: string; explanation?: string } {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return {};
  const { answer, explanation } = metadata as Record<string, unknown>;
  return { answer: typeof answer === 'string' && answer !== '' ? answer : undefined, explanation: typeof explanation === 'string' && explanation !== '' ? explanation : undefined };
}

function scoreList(scores: ScoreDetail[]): HTMLElement {
  const list = el('div', { className: 'score-list' });
  for (const score of scores) {
    const box = el('div', { className: `score-box purpose-${score.purpose}` });
    box.appendChild(el('div', { className: 'score-head' }, el('strong', { text: score.scorerName ?? score.scorerKey }), score.scorerName ? el('span', { className: 'muted', text: ` ${score.scorerKey}` }) : null, score.purpose === 'qa' ? el('span', { className: 'tag', text: 'qa' }) : null));
    const table = el('table', { className: 'kv-table' });
    for (const [key, value] of Object.entries(score.values)) {
      const verification = score.verification?.[key];
      const rate = rateOf(score.scorerKey, key, typeof value === 'boolean' ? 'boolean' : undefined);
      table.appendChild(el('tr', {}, el('th', { text: key, attrs: { scope: 'row' } }), el('td', { text: formatValue(value, rate), title: exactValue(value) }), el('td', {}, verification ? verificationBadge(verification, rate) : null)));
    }
    const { answer, explanation } = scoreTexts(score.metadata);
    if (answer !== undefined) table.appendChild(el('tr', {}, el('th', { text: S.scoreAnswer, attrs: { scope: 'row' } }), el('td', { className: 'score-answer', text: answer, attrs: { 'data-testid': 'score-answer' } }), el('td')));
    box.appendChild(table);
    if (explanation !== undefined) box.appendChild(collapsible(S.scoreExplanation, () => el('pre', { className: 'text-block score-explanation', text: explanation, attrs: { 'data-testid': 'score-explanation' } }), true));
    if (score.metadata !== undefined && score.metadata !== null) box.appendChild(collapsible(S.scoreMetadata, () => jsonTree(score.metadata, 1), false));
    if (score.directIos && score.directIos.length) box.appendChild(collapsible(S.directIos(score.directIos.length), () => jsonTree(score.directIos, 1), false));
    list.appendChild(box);
  }
  return list;
}

function errorsList(errors: ErrorView[], heading: string): HTMLElement | null {
  if (errors.length === 0) return null;
  const list = el('ul', { className: 'error-list' });
  for (const error of errors) list.appendChild(errorItem(error));
  return el('section', { className: 'detail-errors' }, el('h3', { text: heading }), list);
}

function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** Expected versus actual: the target from the sample's data beside the final output of the trial. */
function expectedVersusActual(target: SampleTarget, trial: TrialDetail): HTMLElement {
  const answer = finalAnswer(trial.output);
  return el('div', { className: 'expected-actual', attrs: { 'data-testid': 'expected-actual' } },
    el('section', { className: 'expected' }, el('h3', { text: V.expectedFrom(target.key) }), el('pre', { className: 'text-block', text: valueText(target.value), attrs: { 'data-testid': 'expected-value' } })),
    el('section', { className: 'actual' }, el('h3', { text: V.finalOutput }), answer !== undefined ? el('pre', { className: 'text-block', text: answer, attrs: { 'data-testid': 'final-output' } }) : el('p', { className: 'empty', text: V.noFinalOutput })));
}

/** "Open conversation in its own tab" beside the output heading, for a conversation, where there is an editor. */
function outputHeading(heading: string, trial: TrialDetail, open: ((output: OutputView) => void) | undefined): HTMLElement {
  const title = el('h3', { text: heading });
  if (!open || trial.output.kind !== 'trace') return title;
  const button = el('button', { className: 'text-button open-conversation', title: searchStrings.openInTab, attrs: { type: 'button', 'data-testid': 'open-conversation' } }, icon('link-external'), ` ${searchStrings.openInTab}`);
  button.addEventListener('click', () => open(trial.output));
  return el('div', { className: 'output-heading' }, title, button);
}

/** The search box over one trial's conversation (the conversation tab's own search). */
function conversationSearch(conversation: HTMLElement): HTMLElement {
  const search = new ConversationSearch(conversation);
  search.element.classList.add('trial-conversation-search');
  search.element.setAttribute('data-testid', 'trial-conversation-search');
  return search.element;
}

function trialBody(trial: TrialDetail, legacy: boolean, sampleData: unknown, sampleTargetValue: SampleTarget | undefined, open?: (output: OutputView) => void): HTMLElement {
  const body = el('div', { className: 'trial-body', attrs: { 'data-trial-index': trial.index } });
  const ownData = trial.data !== undefined && trial.data !== null && JSON.stringify(trial.data) !== JSON.stringify(sampleData);
  if (ownData) body.appendChild(collapsible(S.sampleData, () => jsonTree(trial.data, 1), false));
  const target = (ownData ? sampleTarget(trial.data) : undefined) ?? sampleTargetValue;
  if (target) body.appendChild(expectedVersusActual(target, trial));
  body.appendChild(outputHeading(legacy ? S.legacyTrial : S.output, trial, open));
  const output = renderOutput(trial.output);
  // Where no tab can open (an exported file), the conversation is searched in place, as the tab would search it.
  if (!open && trial.output.kind === 'trace') body.appendChild(conversationSearch(output));
  body.appendChild(output);
  if (trial.scores.length) body.append(el('h3', { text: S.scores }), scoreList(trial.scores));
  const errors = errorsList(trial.errors, S.errors);
  if (errors) body.appendChild(errors);
  return body;
}

/** The sample's own unbiased pass@k and pass^k curves, one chart per 0/1 score over its trials (docs/semantics.md §12). */
function sampleCurves(detail: SampleDetail): HTMLElement | null {
  const curves = (detail.curves ?? []).filter((c) => c.trials > 0 && c.passAtK.length === c.trials);
  if (!curves.length) return null;
  const section = el('section', { className: 'sample-curves', attrs: { 'data-testid': 'sample-curves' } }, el('h3', { text: T.sampleCurvesHeading }));
  for (const c of curves) {
    const label = `${c.scorerKey}/${c.score}`;
    const points = c.passAtK.map((passAtK, i) => ({ k: i + 1, passAtK, passAtKSe: null, passPowK: c.passPowK[i] ?? 0, passPowKSe: null }));
    section.append(el('div', { className: 'muted', text: T.sampleCurveCaption(label, c.passes, c.trials) }), curveFigure({ samples: 1, points }, label) ?? '');
  }
  section.appendChild(curveNote());
  return section;
}

/** k of the pass@k / pass^k values, and which of them a score of the sample already stores (shown once, there). */
interface PassDisplay {
  k: number;
  repeated: { passAtK: boolean; passPowK: boolean };
}

export function renderSampleDetail(detail: SampleDetail, openTrial: number | undefined, events: DetailEvents, pass?: PassDisplay): HTMLElement {
  const pane = el('div', { className: 'sample-detail', attrs: { 'data-testid': 'sample-detail', 'data-sample-index': detail.index } });
  const close = el('button', { className: 'icon-button close-button', title: S.closeDetail, attrs: { 'aria-label': S.closeDetail } }, icon('close'));
  close.addEventListener('click', () => events.close());
  pane.appendChild(el('div', { className: 'detail-head' }, el('h2', { text: S.sampleTitle(String(detail.sampleId)) }), detail.runIndex !== undefined ? el('span', { className: 'tag', text: S.runLabel(detail.runIndex), title: L.runIndexTitle(detail.runIndex) }) : null, close));
  const passAtK = pass?.repeated.passAtK ? undefined : detail.passAtK;
  const passPowK = pass?.repeated.passPowK ? undefined : detail.passPowK;
  if (passAtK !== undefined || passPowK !== undefined) {
    const k = pass ? String(pass.k) : 'k';
    pane.appendChild(el('div', { className: 'detail-pass', attrs: { 'data-testid': 'detail-pass' } },
      passAtK !== undefined ? el('span', { className: 'fact', text: `pass@${k} ${formatValue(passAtK, true)}`, title: exactValue(passAtK) }) : null,
      passPowK !== undefined ? el('span', { className: 'fact', text: `pass^${k} ${formatValue(passPowK, true)}`, title: exactValue(passPowK) }) : null));
  }
  if (detail.notes.length) pane.appendChild(el('ul', { className: 'notes' }, ...detail.notes.map((note) => el('li', {}, icon('info'), ` ${note}`))));
  pane.appendChild(collapsible(S.sampleData, () => jsonTree(detail.data, 2), true));
  if (detail.scores.length && detail.layout === 'trials') pane.append(el('h3', { text: S.sampleScores }), scoreList(detail.scores));
  const curves = sampleCurves(detail);
  if (curves) pane.appendChild(curves);

  const legacy = detail.layout === 'legacy';
  const several = detail.trials.length > 1;
  const openIn = events.openConversation;
  const opener = (trial: TrialDetail) => (openIn ? (output: OutputView) => openIn(several ? `${detail.sampleId} · ${S.trial(trial.index)}` : String(detail.sampleId), output) : undefined);
  if (detail.trials.length > 1) {
    const selected = detail.trials.find((t) => t.index === openTrial) ?? detail.trials[0];
    const strip = el('div', { className: 'trial-tabs', attrs: { role: 'tablist', 'aria-label': S.colTrials } });
    const holder = el('div', { className: 'trial-holder', attrs: { role: 'tabpanel' } });
    const buttons: HTMLButtonElement[] = [];
    const show = (trial: TrialDetail, focus: boolean): void => {
      for (const b of buttons) {
        const active = b.dataset.trial === String(trial.index);
        b.setAttribute('aria-selected', active ? 'true' : 'false');
        b.tabIndex = active ? 0 : -1;
        if (active && focus) b.focus();
      }
      holder.replaceChildren(trialBody(trial, legacy, detail.data, detail.target, opener(trial)));
      events.trialChanged(trial.index);
    };
    detail.trials.forEach((trial, i) => {
      const failed = trial.errors.length > 0;
      const button = el('button', { className: `trial-tab${failed ? ' has-error' : ''}`, text: S.trial(trial.index), title: S.trialIndexTitle(trial.index), attrs: { role: 'tab', 'data-trial': trial.index } });
      // A failed trial is marked by the error icon in the error colour; its label keeps the text colour (readable in every theme).
      if (failed) button.prepend(icon('error', S.errors));
      button.addEventListener('click', () => show(trial, false));
      button.addEventListener('keydown', (event) => {
        const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
        if (!step) return;
        event.preventDefault();
        show(detail.trials[(i + step + detail.trials.length) % detail.trials.length], true);
      });
      buttons.push(button);
      strip.appendChild(button);
    });
    pane.append(strip, holder);
    show(selected, false);
  } else if (detail.trials.length === 1) {
    pane.appendChild(trialBody(detail.trials[0], legacy, detail.data, detail.target, opener(detail.trials[0])));
  } else {
    pane.appendChild(el('p', { className: 'empty', text: S.noOutput }));
  }
  if (legacy && detail.scores.length && !detail.trials.some((t) => t.scores.length)) pane.append(el('h3', { text: S.scores }), scoreList(detail.scores));
  const errors = errorsList(sampleLevelErrors(detail), detail.trials.length ? S.sampleErrors : S.errors);
  if (errors) pane.appendChild(errors);
  return pane;
}
