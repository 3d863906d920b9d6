import * as l10n from '@vscode/l10n';
/** User-visible strings of the selection funnel (sources that select records with their own fields). */
export const selectionFunnelStrings = {
  records: (count: number, noun: string) => `${count.toLocaleString('en-US')} ${noun}`,
  step: (count: number, label: string) => `${count.toLocaleString('en-US')} ${label}`,
  get allKept() {
    return l10n.t('(all kept: no field selected fewer)');
  },
  stepLine: (field: string, label: string, removed: number) => l10n.t(`  {0}: {1} — removed {2}
`, field, label, removed.toLocaleString('en-US')),
};
