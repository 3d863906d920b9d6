import * as l10n from '@vscode/l10n';
/** Strings of the one-line summary of a Trace (table cells, CLI listings). */


export const traceSummaryStrings = {
  messages: (count: number) => (count === 1 ? l10n.t('{0} message', count.toLocaleString('en-US')) : l10n.t('{0} messages', count.toLocaleString('en-US'))),
  toolCalls: (count: number) => (count === 1 ? l10n.t('{0} tool call', count.toLocaleString('en-US')) : l10n.t('{0} tool calls', count.toLocaleString('en-US'))),
  tokens: (count: number) => (count === 1 ? l10n.t('{0} token', count.toLocaleString('en-US')) : l10n.t('{0} tokens', count.toLocaleString('en-US'))),
  agents: (count: number) => (count === 1 ? l10n.t('{0} sub-agent', count.toLocaleString('en-US')) : l10n.t('{0} sub-agents', count.toLocaleString('en-US'))),
  get error() {
    return l10n.t('error');
  },
  separator: ' · ',
};
