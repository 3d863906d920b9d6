/** User-visible strings of Trace files: the Trace editor, `eval-lens trace show` and their errors. */
export const traceFileStrings = {
  // reading
  invalidJson: (file: string, line: number, column: number, reason: string) =>
    `${file}:${line}:${column}: not valid JSON (${reason}). Fix the JSON at that place, or open the file as text.`,
  notATrace: (file: string, found: string) =>
    `${file}:1:1: not a Trace (specification §2.12): the top level needs an "items" array; found ${found}.`,
  langfuseExport: ' This looks like a trace exported from a trace platform ({trace, observations}); read it through a trace_platform_b dataset source instead.',
  itemsNotArray: (file: string) => `${file}:1:1: "items" must be an array of Open Responses items.`,
  jsonlLineNotTrace: (file: string, line: number) => `${file}:${line}: this line is not a Trace (an object with an "items" array); skipped.`,
  jsonlLineInvalid: (file: string, line: number, reason: string) => `${file}:${line}: not valid JSON (${reason}); skipped.`,
  jsonlEmpty: (file: string) => `${file}: no Trace records found (one JSON object with an "items" array per line).`,
  unreadable: (file: string, reason: string) => `${file}: cannot read the file (${reason}).`,
  tooDeep: (file: string) => `${file}: the value nests too deep to read. Open it as JSON instead.`,
  topLevelKinds: { array: 'an array', object: (keys: string) => `an object with ${keys || 'no keys'}`, other: (type: string) => `a ${type}` },

  // transcript
  roleLabel: (role: string) => role.toUpperCase(),
  reasoning: 'REASONING',
  toolCall: (name: string) => `TOOL CALL ${name}`,
  toolOutput: (name: string) => `TOOL OUTPUT ${name}`,
  toolOutputFailed: 'failed',
  unknownItem: (type: string | undefined) => `ITEM ${type ?? '(no type)'}`,
  span: (type: string | undefined, name: string) => `▸ ${type ? `${type} ` : ''}${name}`,
  spanError: (error: string) => `error: ${error}`,
  preamble: (n: number) => `— preamble: ${n} item${n === 1 ? '' : 's'} before the first user message —`,
  noItems: '(no items)',
  record: (n: number, total: number) => `=== trace ${n} of ${total} ===`,
  truncated: (more: number) => `… (${more} more characters; open the file as JSON to read all)`,

  // header
  agent: 'agent',
  model: 'model',
  created: 'created',
  time: 'time',
  tokens: 'tokens',
  messages: 'messages',
  error: 'error',
  tags: 'tags',
  source: 'source',
  traceId: 'trace',

  // CLI
  usage: 'eval-lens trace show FILE [--json]',
  oneFile: 'trace show takes one FILE (a .trace.json file, a JSON Trace or a .jsonl file of Traces).',
  unknownOption: (arg: string) => `unknown option '${arg}'`,
  unknownSubcommand: (word: string) => `unknown trace command '${word}' (try 'trace show FILE')`,

  // editor
  editorTitle: 'Trace',
  loading: 'Reading the trace…',
  openAsJson: 'Open as JSON',
  reload: 'Reload',
  loadMore: (shown: number, total: number) => `Show more (${shown} of ${total} items shown)`,
  subAgents: 'Spans',
  spanItems: (n: number) => `${n} item${n === 1 ? '' : 's'}`,
  cannotOpen: 'This file cannot be shown as a Trace',
  cannotOpenHint: 'Fix the file, or open it as JSON to edit it.',
  openTraceCommandNotTrace: (file: string) => `${file} is not a Trace (a JSON object with an "items" array).`,
} as const;
