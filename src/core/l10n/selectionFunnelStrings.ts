/** User-visible strings of the selection funnel (sources that select records with their own fields, SEMANTICS §9.1). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const selectionFunnelStrings = {
  records: (count: number, noun: string) => `${grouped(count)} ${noun}`,
  step: (count: number, label: string) => `${grouped(count)} ${label}`,
  allKept: (count: number) => `${grouped(count)} kept (nothing selected out)`,
  stepLine: (field: string, removed: number) => `  ${field}: removed ${grouped(removed)}\n`,
};
