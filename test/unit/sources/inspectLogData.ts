/**
 * Inspect log content for tests, benchmarks and the example: samples shaped as Inspect writes them (messages with
 * tool calls, reasoning and an image, scores, model usage, attachments) and `.eval` archives in either layout.
 */
import { TestEntry, buildZip } from '../archive/zipTestWriter';

export const HEADER = {
  version: 2,
  status: 'success',
  eval: { eval_id: 'E1', run_id: 'R1', created: '2026-11-01T10:00:00+00:00', task: 'arith', task_id: 'T1', model: 'openai/gpt-test', dataset: { name: 'arith' } },
  plan: { name: 'plan', steps: [] },
  results: { total_samples: 3, completed_samples: 3 },
  stats: { started_at: '2026-11-01T10:00:00+00:00', completed_at: '2026-11-01T10:05:00+00:00' },
};

const PNG = `data:image/png;base64,${'A'.repeat(4096)}`;

/** Sample `i` (1-based): started `i` minutes after 10:00, a tool call (failed for even `i`), an attachment. */
export function inspectSample(i: number, epoch = 1, padding = 0): Record<string, unknown> {
  const question = `What is ${i} + ${i}?`;
  const started = new Date(Date.UTC(2026, 10, 1, 10, i, 0)).toISOString();
  const completed = new Date(Date.UTC(2026, 10, 1, 10, i, 30)).toISOString();
  return {
    id: i,
    epoch,
    input: 'attachment://q',
    target: String(2 * i),
    messages: [
      { id: 'm1', role: 'system', content: 'attachment://sys' },
      { id: 'm2', role: 'user', content: [{ type: 'text', text: 'attachment://q' }, { type: 'image', image: PNG }] },
      {
        id: 'm3',
        role: 'assistant',
        content: [{ type: 'reasoning', reasoning: 'Add the numbers.' }, { type: 'text', text: 'Let me compute.' }],
        tool_calls: [{ id: `call_${i}`, function: 'add', arguments: { a: i, b: i } }],
      },
      i % 2 === 0
        ? { id: 'm4', role: 'tool', tool_call_id: `call_${i}`, function: 'add', content: '', error: { type: 'timeout', message: 'tool timed out' } }
        : { id: 'm4', role: 'tool', tool_call_id: `call_${i}`, function: 'add', content: String(2 * i) },
      { id: 'm5', role: 'assistant', content: `The answer is ${2 * i}.`, model: 'gpt-test' },
    ],
    output: { model: 'gpt-test', choices: [{ message: { role: 'assistant', content: `The answer is ${2 * i}.` }, stop_reason: 'stop' }], completion: `The answer is ${2 * i}.`, usage: { input_tokens: 10 * i, output_tokens: i, total_tokens: 11 * i } },
    scores: { match: { value: i % 3 === 0 ? 'I' : 'C', answer: String(2 * i), explanation: 'compared' } },
    metadata: padding ? { category: i % 2 ? 'odd' : 'even', padding: 'p'.repeat(padding) } : { category: i % 2 ? 'odd' : 'even' },
    model_usage: { 'openai/gpt-test': { input_tokens: 10 * i, output_tokens: i, total_tokens: 11 * i }, 'openai/grader': { input_tokens: 5, output_tokens: 1, total_tokens: 6 } },
    started_at: started,
    completed_at: completed,
    total_time: 30,
    working_time: 25,
    uuid: `uuid-${i}-${epoch}`,
    attachments: { q: question, sys: 'You are a calculator.' },
    events: [{ event: 'sample_init', timestamp: started, sample: { input: 'attachment://q' } }],
  };
}

export interface EvalArchiveOptions {
  method?: number;
  frames?: number;
  /** Samples written in the chunked layout (the others plain). */
  chunked?: (sample: Record<string, unknown>) => boolean;
  /** No header.json (an unfinished log: only `_journal/start.json`). */
  unfinished?: boolean;
  zip64?: boolean;
  /** Extra entries (e.g. damaged ones), written after the samples. */
  extra?: TestEntry[];
  /** The log's header (default HEADER); its `eval` and `plan` start the journal. */
  header?: Record<string, unknown>;
}

/** The chunked layout's entries of one sample: sample.json, messages/{start}.json in two chunks, attachments/0.json. */
function chunkedEntries(sample: Record<string, unknown>, method: number, frames: number): TestEntry[] {
  const key = `samples/${String(sample.id)}_epoch_${String(sample.epoch)}`;
  const messages = sample.messages as unknown[];
  const attachments = sample.attachments as Record<string, string>;
  const body = { ...sample, messages: [], attachments: {}, input: 'attachment://0' };
  const renumber = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replace(/attachment:\/\/q/g, 'attachment://0').replace(/attachment:\/\/sys/g, 'attachment://1'));
  return [
    { name: `${key}/sample.json`, data: JSON.stringify(body), method, frames },
    { name: `${key}/messages/2.json`, data: JSON.stringify(renumber(messages.slice(2))), method, frames },
    { name: `${key}/messages/0.json`, data: JSON.stringify(renumber(messages.slice(0, 2))), method, frames },
    { name: `${key}/attachments/0.json`, data: JSON.stringify([attachments.q, attachments.sys]), method, frames },
  ];
}

export function buildEvalArchive(samples: Record<string, unknown>[], options: EvalArchiveOptions = {}): Buffer {
  const method = options.method ?? 93;
  const frames = options.frames ?? 1;
  const header = options.header ?? HEADER;
  const start = { version: 2, eval: header.eval, plan: header.plan };
  const entries: TestEntry[] = [{ name: '_journal/start.json', data: JSON.stringify(start), method, frames }];
  for (const sample of samples) {
    if (options.chunked?.(sample)) entries.push(...chunkedEntries(sample, method, frames));
    else entries.push({ name: `samples/${String(sample.id)}_epoch_${String(sample.epoch)}.json`, data: JSON.stringify(sample), method, frames });
  }
  entries.push(...(options.extra ?? []));
  if (!options.unfinished) entries.push({ name: 'header.json', data: JSON.stringify(header), method, frames });
  return buildZip(entries, { zip64: options.zip64 });
}
