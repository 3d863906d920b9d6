/** User-visible strings of the selection funnel (sources that select records with their own fields). */
export const selectionFunnelStrings = {
  records: (count: number, noun: string) => `${count.toLocaleString('en-US')} ${noun}`,
  step: (count: number, label: string) => `${count.toLocaleString('en-US')} ${label}`,
  allKept: '(all kept: no field selected fewer)',
  stepLine: (field: string, label: string, removed: number) => `  ${field}: ${label} — removed ${removed.toLocaleString('en-US')}\n`,
};
