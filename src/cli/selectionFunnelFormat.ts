/**
 * The funnel of a source that selects records with its own fields (docs/semantics.md §9.1):
 * "412 sessions → 120 from 2026-11-01 → 50 kept by limit", then one line per step.
 */
import { cliStrings } from '../core/l10n/cliStrings';
import { previewStrings, recordCount } from '../core/l10n/previewStrings';
import { PreviewResult } from '../core/model/previewTypes';
import * as l10n from '@vscode/l10n';

export function formatSelectionFunnel(result: PreviewResult): string {
  const parts = [recordCount(result.total, result.recordNoun ?? 'rows')];
  let remaining = result.total;
  for (const step of result.removedPerFilter) {
    remaining -= step.removed;
    parts.push(previewStrings.step(remaining, step.field === 'limit' ? l10n.t('kept by limit') : step.label));
  }
  if (result.removedPerFilter.length === 0) parts.push(`${cliStrings.kept(result.matched)} ${previewStrings.allKept}`);
  let out = `\n${parts.join(' → ')}\n`;
  for (const step of result.removedPerFilter) out += previewStrings.stepLine(step.field ?? String(step.index + 1), step.label, step.removed);
  if (!result.complete) out += cliStrings.incomplete;
  return out;
}
