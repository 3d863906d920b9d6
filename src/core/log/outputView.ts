import type { OutputView } from '../model/logViewTypes';
import { logStrings } from '../l10n/logStrings';
import { isRecord } from './logValue';
import { isTraceLike, looksLikeItems, traceViewFromItems } from '../trace/traceView';
import { traceViewWithSubAgents } from '../trace/subAgentLinks';

/**
 * The view of a solver output (spec §2.5: "the solver output, including the full conversation trace";
 * its structure is not given): a Trace (`items`), a bare list of items, a Trace under `trace`,
 * a string, or JSON for anything else.
 */
export function outputViewOf(output: unknown, present: boolean): OutputView {
  if (!present || output === undefined || output === null) return { kind: 'none', reason: logStrings.noSolverOutput };
  if (typeof output === 'string') return { kind: 'text', text: output };
  if (isTraceLike(output)) return { kind: 'trace', trace: traceViewWithSubAgents(output) };
  if (isRecord(output) && isTraceLike(output.trace)) return { kind: 'trace', trace: traceViewWithSubAgents(output.trace) };
  if (looksLikeItems(output)) return { kind: 'trace', trace: traceViewFromItems(output) };
  return { kind: 'json', value: output };
}
