/** One paired sample: both conversations side by side and a diff of the final outputs. */
import type { PairDetail } from '../../src/core/model/compareTypes';
import type { SampleDetail } from '../../src/core/model/logViewTypes';
import { compareStrings as S } from '../../src/core/l10n/compareStrings';
import { el, icon } from '../shared/dom';
import { renderOutput } from '../shared/conversation';
import { diffLines, finalOutputText, renderDiff } from './outputDiff';

function side(title: string, detail: SampleDetail, testId: string): HTMLElement {
  const column = el('section', { className: 'pair-side', attrs: { 'data-testid': testId } }, el('h3', { text: title }));
  for (const trial of detail.trials) {
    if (detail.trials.length > 1) column.appendChild(el('h4', { text: S.view.trial(trial.index + 1) }));
    column.appendChild(renderOutput(trial.output));
  }
  return column;
}

export function renderPair(pair: PairDetail, baselineName: string, candidate: { position: number; name: string }, close: () => void): HTMLElement {
  const closeButton = el('button', { className: 'icon-button', title: S.view.closePair, attrs: { 'aria-label': S.view.closePair } }, icon('close'));
  closeButton.addEventListener('click', close);
  // The heading takes the focus when the pair opens from the keyboard: a screen reader reads which sample it is.
  const heading = el('h2', { text: pair.sampleId, attrs: { tabindex: -1, 'data-testid': 'pair-heading' } });
  const head = el('div', { className: 'detail-head' }, heading, pair.inputChanged ? el('span', { className: 'tag input-changed', text: S.inputChanged }) : null, closeButton);
  const a = pair.baseline.trials[0];
  const b = pair.candidate.trials[0];
  const ops = a && b ? diffLines(finalOutputText(a.output), finalOutputText(b.output)) : [];
  const same = ops.every((o) => o.op === 'same');
  const view = el('div', { className: 'pair-view', attrs: { role: 'region', 'aria-label': pair.sampleId, 'data-testid': 'pair-view' } },
    head,
    el('h3', { text: S.view.outputDiff }),
    same ? el('p', { className: 'muted', text: S.view.noDiff }) : renderDiff(ops),
    el('div', { className: 'pair-sides' }, side(`${S.baselineLabel}: ${baselineName}`, pair.baseline, 'pair-baseline'), side(`${S.candidateLabel(candidate.position)}: ${candidate.name}`, pair.candidate, 'pair-candidate')),
  );
  // Escape closes the pair from anywhere inside it, as the report's sample detail does.
  view.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  });
  return view;
}
