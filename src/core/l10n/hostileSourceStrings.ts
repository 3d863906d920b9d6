import * as l10n from '@vscode/l10n';
/** User-visible strings about hostile input in Inspect archives and exports. */

export const hostileSourceStrings = {
  exportPartial: (written: number, kept: number) =>
    l10n.t('the source handed over {0} of its {1} kept rows, so it cannot be exported in full; the output file was left as it was', written, kept),
  get zstdExpandsBeyond() {
    return l10n.t('a zstd frame decodes to more bytes than the entry holds');
  },
};
