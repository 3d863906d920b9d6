/** User-visible strings of the one-line trace summary. */
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const traceSummaryStrings = {
  messages: (n: number) => count(n, 'message', 'messages'),
  toolCalls: (n: number) => count(n, 'tool call', 'tool calls'),
  tokens: (n: number) => count(n, 'token', 'tokens'),
};
