/** The selection funnel in plain text: "412 sessions → 120 from 2026-11-01 → 50 kept by limit" (SEMANTICS §9.1). */
import { previewCliStrings } from '../core/l10n/previewCliStrings';
import { selectionFunnelStrings } from '../core/l10n/selectionFunnelStrings';
import { PreviewResult } from '../core/sources/previewTypes';

export function formatSelectionFunnel(result: PreviewResult): string {
  const parts = [selectionFunnelStrings.records(result.total, result.recordNoun ?? 'rows')];
  let remaining = result.total;
  for (const step of result.removedPerFilter) {
    remaining -= step.removed;
    parts.push(selectionFunnelStrings.step(remaining, step.label));
  }
  if (result.removedPerFilter.length === 0) parts.push(selectionFunnelStrings.allKept(result.matched));
  let out = `\n${parts.join(' → ')}\n`;
  for (const step of result.removedPerFilter) out += selectionFunnelStrings.stepLine(step.field ?? String(step.index + 1), step.removed);
  if (!result.complete) out += previewCliStrings.incomplete;
  return out;
}
