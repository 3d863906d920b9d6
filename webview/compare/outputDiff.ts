/** The diff of two outputs, rendered as text nodes only. */
import { el } from '../shared/dom';
import type { DiffOp } from './textDiff';

export { diffLines, finalOutputText } from './textDiff';

export function renderDiff(ops: readonly DiffOp[]): HTMLElement {
  const box = el('pre', { className: 'text-block output-diff', attrs: { 'data-testid': 'output-diff' } });
  for (const { op, line } of ops) {
    const mark = op === 'added' ? '+ ' : op === 'removed' ? '− ' : '  ';
    box.appendChild(el('span', { className: `diff-${op}`, text: `${mark}${line}\n` }));
  }
  return box;
}
