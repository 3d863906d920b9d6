/** User-visible strings of the standalone compare page (`eval-lens log compare -o`). */
export const standaloneCompareStrings = {
  pairNotCarried: (sampleId: string) => `Sample "${sampleId}" changed for no metric, so this file does not carry its conversations.`,
  damaged: (what: string) => `This comparison file is damaged: ${what}. Write it again with eval-lens log compare -o.`,
  cannotCompareAgain: (reason: string) => `The comparison could not be computed again: ${reason}`,
};
