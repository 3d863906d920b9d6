/** Words of Trace files and trace summaries. */
import * as l10n from '@vscode/l10n';

/** User-visible strings of Trace files: the Trace editor, `eval-lens trace show` and their errors. */
export const traceFileStrings = {
  // reading
  invalidJson: (file: string, line: number, column: number, reason: string) =>
    l10n.t('{0}:{1}:{2}: not valid JSON ({3}). Fix the JSON at that place, or open the file as text.', file, line, column, reason),
  notATrace: (file: string, found: string) =>
    l10n.t('{0}:1:1: not a Trace: the top level needs an "items" array (a conversation\'s Open Responses items); found {1}.', file, found),
  get langfuseExport() {
    return l10n.t(' This looks like a trace exported from a trace platform ({trace, observations}); read it through a trace_platform_b dataset source instead.');
  },
  itemsNotArray: (file: string) => l10n.t('{0}:1:1: "items" must be an array of Open Responses items.', file),
  jsonlLineNotTrace: (file: string, line: number) => l10n.t('{0}:{1}: this line is not a Trace (an object with an "items" array) and carries none in a field; skipped.', file, line),
  jsonlLineInvalid: (file: string, line: number, reason: string) => l10n.t('{0}:{1}: not valid JSON ({2}); skipped.', file, line, reason),
  jsonlEmpty: (file: string) => l10n.t('{0}: no Trace records found (one JSON object with an "items" array per line, or a row with one in a "trace" field).', file),
  unreadable: (file: string, reason: string) => l10n.t('{0}: cannot read the file ({1}).', file, reason),
  tooDeep: (file: string) => l10n.t('{0}: the value nests too deep to read. Open it as JSON instead.', file),
  topLevelKinds: {
    get array() {
      return l10n.t('an array');
    },
    object: (keys: string) => l10n.t('an object with {0}', keys || l10n.t('no keys')),
    other: (type: string) => l10n.t('a {0}', type),
  },

  // transcript
  roleLabel: (role: string) => role.toUpperCase(),
  get reasoning() {
    return l10n.t('REASONING');
  },
  toolCall: (name: string) => l10n.t('TOOL CALL {0}', name),
  toolOutput: (name: string) => l10n.t('TOOL OUTPUT {0}', name),
  get toolOutputFailed() {
    return l10n.t('failed');
  },
  score: (value: string) => l10n.t('SCORE {0}', value),
  scoreAnswer: (answer: string) => l10n.t('answer: {0}', answer),
  scoreTarget: (target: string) => l10n.t('target: {0}', target),
  unknownItem: (type: string | undefined) => l10n.t('ITEM {0}', type ?? l10n.t('(no type)')),
  span: (type: string | undefined, name: string) => (type ? `▸ ${type} ${name}` : `▸ ${name}`),
  spanError: (error: string) => l10n.t('error: {0}', error),
  preamble: (n: number) => (n === 1 ? l10n.t('— preamble: {0} item before the first user message —', n) : l10n.t('— preamble: {0} items before the first user message —', n)),
  get noItems() {
    return l10n.t('(no items)');
  },
  record: (n: number, total: number) => l10n.t('=== trace {0} of {1} ===', n, total),
  truncated: (more: number) => l10n.t('… ({0} more characters; open the file as JSON to read all)', more),

  // header
  get agent() {
    return l10n.t('agent');
  },
  get model() {
    return l10n.t('model');
  },
  get created() {
    return l10n.t('created');
  },
  get time() {
    return l10n.t('time');
  },
  get tokens() {
    return l10n.t('tokens');
  },
  get messages() {
    return l10n.t('messages');
  },
  get error() {
    return l10n.t('error');
  },
  get tags() {
    return l10n.t('tags');
  },
  get source() {
    return l10n.t('source');
  },
  get traceId() {
    return l10n.t('trace');
  },

  // CLI
  get usage() {
    return l10n.t('eval-lens trace show FILE [--json] [--full] [--sample ID]');
  },
  get sampleNeedsInspectLog() {
    return l10n.t('--sample picks one sample of an Inspect log (.eval, or an Inspect .json log); this file is not one.');
  },
  get oneFile() {
    return l10n.t('trace show takes one FILE (a .trace.json file, a JSON Trace or a .jsonl file of Traces).');
  },
  unknownOption: (arg: string) => l10n.t("unknown option '{0}'", arg),
  unknownSubcommand: (word: string) => l10n.t("unknown trace command '{0}' (try 'trace show FILE')", word),

  // editor
  get editorTitle() {
    return l10n.t('Trace');
  },
  get loading() {
    return l10n.t('Reading the trace…');
  },
  get openAsJson() {
    return l10n.t('Open as JSON');
  },
  get reload() {
    return l10n.t('Reload');
  },
  loadMore: (shown: number, total: number) => l10n.t('Show more ({0} of {1} items shown)', shown, total),
  get subAgents() {
    return l10n.t('Spans');
  },
  spanItems: (n: number) => (n === 1 ? l10n.t('{0} item', n) : l10n.t('{0} items', n)),
  get cannotOpen() {
    return l10n.t('This file cannot be shown as a Trace');
  },
  get cannotOpenHint() {
    return l10n.t('Fix the file, or open it as JSON to edit it.');
  },
  openTraceCommandNotTrace: (file: string) => l10n.t('{0} is not a Trace (a JSON object with an "items" array).', file),
} as const;

export const traceStrings = {
  messages: (count: number) => (count === 1 ? l10n.t('{0} message', count.toLocaleString('en-US')) : l10n.t('{0} messages', count.toLocaleString('en-US'))),
  toolCalls: (count: number) => (count === 1 ? l10n.t('{0} tool call', count.toLocaleString('en-US')) : l10n.t('{0} tool calls', count.toLocaleString('en-US'))),
  tokens: (count: number) => (count === 1 ? l10n.t('{0} token', count.toLocaleString('en-US')) : l10n.t('{0} tokens', count.toLocaleString('en-US'))),
  agents: (count: number) => (count === 1 ? l10n.t('{0} sub-agent', count.toLocaleString('en-US')) : l10n.t('{0} sub-agents', count.toLocaleString('en-US'))),
  get error() {
    return l10n.t('error');
  },
  separator: ' · ',
};
