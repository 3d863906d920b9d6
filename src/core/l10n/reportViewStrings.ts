import * as l10n from '@vscode/l10n';
/** User-visible strings of the report's views added for reading it at a glance (banner, target, detail pane). */
export const reportViewStrings = {
  mismatchBanner: (n: number) => (n === 1 ? l10n.t('{0} metric does not match its per-sample scores', n) : l10n.t('{0} metrics do not match their per-sample scores', n)),
  mismatchLink: (label: string) => l10n.t('Show {0}', label),
  qaGroupTitle: (group: string) => l10n.t('Quality checks (qa): {0}', group),
  get expected() {
    return l10n.t('Expected');
  },
  expectedFrom: (key: string) => l10n.t('Expected ({0})', key),
  get finalOutput() {
    return l10n.t('Final output');
  },
  get noFinalOutput() {
    return l10n.t('No final answer in the output.');
  },
  get resizeDetail() {
    return l10n.t('Resize the sample detail');
  },
};
