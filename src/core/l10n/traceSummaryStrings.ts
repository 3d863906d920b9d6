/** Strings of the one-line summary of a Trace (table cells, CLI listings). */

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

export const traceSummaryStrings = {
  messages: (count: number) => plural(count, 'message', 'messages'),
  toolCalls: (count: number) => plural(count, 'tool call', 'tool calls'),
  tokens: (count: number) => plural(count, 'token', 'tokens'),
  agents: (count: number) => plural(count, 'sub-agent', 'sub-agents'),
  error: 'error',
  separator: ' · ',
};
