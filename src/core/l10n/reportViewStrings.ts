/** User-visible strings of the report's views added for reading it at a glance (banner, target, detail pane). */
export const reportViewStrings = {
  mismatchBanner: (n: number) => `${n} metric${n === 1 ? ' does' : 's do'} not match ${n === 1 ? 'its' : 'their'} per-sample scores`,
  mismatchLink: (label: string) => `Show ${label}`,
  qaGroupTitle: (group: string) => `Quality checks (qa): ${group}`,
  expected: 'Expected',
  expectedFrom: (key: string) => `Expected (${key})`,
  finalOutput: 'Final output',
  noFinalOutput: 'No final answer in the output.',
  resizeDetail: 'Resize the sample detail',
};
