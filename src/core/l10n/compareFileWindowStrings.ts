/** User-visible strings of a compare file carrying the logs' own bytes (`eval-lens log compare -o`). */
export const compareFileWindowStrings = {
  logChangedWhileWriting: (file: string) => `${file} changed while the comparison was being written: compare the logs again.`,
  pairUnreadable: (sampleId: string, side: string, reason: string) =>
    `The ${side} sample "${sampleId}" cannot be read from this comparison file (${reason}). The file is damaged: write it again with eval-lens log compare -o.`,
  baseline: 'baseline',
  candidate: 'candidate',
};
