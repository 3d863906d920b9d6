/**
 * `log compare --json` written piece by piece: the same text as JSON.stringify(comparisonJson(result), null, 2),
 * but each candidate's per-sample changes are written a page at a time, so that neither the changes nor the
 * whole text are held at once (a million changed samples are more than a hundred megabytes of JSON).
 */
import { randomUUID } from 'node:crypto';
import type { ComparisonSummary } from '../model/compareTypes';
import type { LogComparison } from './logComparison';

/**
 * Changes turned into text at a time: few enough that each piece of text stays a small, short-lived string
 * (a piece of a few megabytes is allocated among the long-lived objects and lingers until a full collection,
 * which let a million changes raise the peak memory by over a hundred megabytes).
 */
const CHANGES_PAGE = 200;

/** The changes of one candidate as the array JSON.stringify(…, null, 2) writes at `indent` (the key's own). */
function writeChanges(comparison: LogComparison, candidate: number, indent: string, write: (text: string) => void): void {
  const first = comparison.page({ candidate, offset: 0, limit: 0 });
  if (first.total === 0) {
    write('[]');
    return;
  }
  const inner = `\n${indent}  `;
  write('[');
  for (let offset = 0; offset < first.total; offset += CHANGES_PAGE) {
    const page = comparison.page({ candidate, offset, limit: CHANGES_PAGE });
    write(page.rows.map((row, i) => `${offset + i ? ',' : ''}${inner}${JSON.stringify(row, null, 2).split('\n').join(inner)}`).join(''));
  }
  write(`\n${indent}]`);
}

/** Writes the comparison as `log compare --json` prints it (with a final newline) through `write`. */
export function writeComparisonJson(result: { summary: ComparisonSummary; comparison: LogComparison }, write: (text: string) => void): void {
  const { summary, comparison } = result;
  // Each candidate's changes stand in as a text no log holds, then are written where it is.
  const marker = `\u0000${randomUUID()}`;
  const shape = { ...summary, candidates: summary.candidates.map((c) => ({ ...c, sampleChanges: marker })) };
  const pieces = JSON.stringify(shape, null, 2).split(JSON.stringify(marker));
  summary.candidates.forEach((c, i) => {
    write(pieces[i]);
    const line = pieces[i].slice(pieces[i].lastIndexOf('\n') + 1);
    writeChanges(comparison, c.position, line.slice(0, line.length - line.trimStart().length), write);
  });
  write(`${pieces[pieces.length - 1]}\n`);
}
