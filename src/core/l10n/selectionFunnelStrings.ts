/** User-visible strings of the selection funnel (sources that select records with their own fields) and trace cells. */
export const selectionFunnelStrings = {
  records: (count: number, noun: string) => `${count.toLocaleString('en-US')} ${noun}`,
  step: (count: number, label: string) => `${count.toLocaleString('en-US')} ${label}`,
  allKept: '(all kept: no field selected fewer)',
  stepLine: (field: string, label: string, removed: number) => `  ${field}: ${label} — removed ${removed.toLocaleString('en-US')}\n`,
  traceSummary: (messages: number, toolCalls: number, tokens: number | undefined, subagents: number) =>
    `${messages.toLocaleString('en-US')} message${messages === 1 ? '' : 's'}, ${toolCalls.toLocaleString('en-US')} tool call${toolCalls === 1 ? '' : 's'}` +
    `${tokens === undefined ? '' : `, ${tokens.toLocaleString('en-US')} tokens`}${subagents > 0 ? `, ${subagents} sub-agent${subagents === 1 ? '' : 's'}` : ''}`,
};
