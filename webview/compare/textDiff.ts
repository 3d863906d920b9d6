/**
 * A line diff of two texts (longest common subsequence) and the final output of a trial as text. Pure (no
 * DOM). Inputs are bounded: beyond MAX_LINES lines per side the rest is compared as one block, so a huge
 * output cannot stall the view.
 */
import type { OutputView, TraceItemView } from '../../src/core/model/logViewTypes';

const MAX_LINES = 400;

export type DiffOp = { op: 'same' | 'removed' | 'added'; line: string };

function bounded(text: string): string[] {
  const lines = text.split('\n');
  return lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES - 1), lines.slice(MAX_LINES - 1).join('\n')] : lines;
}

export function diffLines(a: string, b: string): DiffOp[] {
  const x = bounded(a);
  const y = bounded(b);
  const m = x.length;
  const n = y.length;
  const lcs: Uint16Array[] = Array.from({ length: m + 1 }, () => new Uint16Array(n + 1));
  for (let i = m - 1; i >= 0; i--) for (let j = n - 1; j >= 0; j--) lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const ops: DiffOp[] = [];
  let i = 0;
  let j = 0;
  while (i < m && j < n) {
    if (x[i] === y[j]) {
      ops.push({ op: 'same', line: x[i++] });
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) ops.push({ op: 'removed', line: x[i++] });
    else ops.push({ op: 'added', line: y[j++] });
  }
  while (i < m) ops.push({ op: 'removed', line: x[i++] });
  while (j < n) ops.push({ op: 'added', line: y[j++] });
  return ops;
}

function itemText(item: TraceItemView): string {
  if (item.kind === 'message') return item.parts.map((p) => p.text).join('\n');
  if (item.kind === 'function_call') return `${item.name}(${item.arguments})`;
  if (item.kind === 'function_call_output') return item.output;
  return '';
}

/** The final output of a trial as text: the last assistant message of a trace, the text, or the JSON. */
export function finalOutputText(output: OutputView): string {
  if (output.kind === 'text') return output.text;
  if (output.kind === 'json') return JSON.stringify(output.value, null, 2) ?? '';
  if (output.kind === 'none') return '';
  const turns = output.trace.turns;
  for (let k = turns.length - 1; k >= 0; k--) {
    const item = turns[k];
    if (item.kind === 'message' && item.role === 'assistant') return itemText(item);
  }
  return turns.length ? itemText(turns[turns.length - 1]) : '';
}

