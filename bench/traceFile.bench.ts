/**
 * Trace files: a seeded multi-agent trace of about 60 MB (40,000 root items, 40 sub-agent spans of 400 items).
 * Measured: the Trace editor's first view (read, parse, build the model, serialise the `init` message with the
 * first page of turns) and `eval-lens trace show` (the whole transcript), each against a plain `JSON.parse` of
 * the same file; and the size of the `init` message (the webview never receives the whole file).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readTraceJson } from '../src/core/trace/traceFile';
import { TRACE_PAGE_SIZE, traceFileModel, turnsPage } from '../src/core/trace/traceFileModel';
import { spanOutline } from '../src/core/trace/spanConversation';
import { functionCallItem, functionCallOutputItem, messageItem, reasoningItem, TraceEvent } from '../src/core/trace/traceRecord';
import { traceTranscript } from '../src/cli/traceTranscript';
import { seededRandom } from './benchData';
import { BenchResult, warmFileCache } from './benchTypes';

const ROOT = path.resolve(__dirname, '../..');
const FILE = path.join(ROOT, 'bench/data/trace/multi-agent.trace.json');
const ROOT_ITEMS = 40_000;
const SPANS = 40;
const SPAN_ITEMS = 400;
const WORDS = ['the', 'parser', 'returns', 'a', 'date', 'when', 'input', 'is', 'valid', 'otherwise', 'error', 'file', 'test', 'call', 'result'];

function text(random: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(random() * WORDS.length)]);
  return out.join(' ');
}

function generate(): void {
  if (fs.existsSync(FILE)) return;
  fs.mkdirSync(path.dirname(FILE), { recursive: true });
  const random = seededRandom(7);
  const events: TraceEvent[] = [{ type: 'span_start', span_id: 'root', span_name: 'main', span_type: 'agent' }];
  const items: unknown[] = [];
  const push = (spanId: string, item: ReturnType<typeof messageItem>): void => {
    events.push({ type: 'item', span_id: spanId, item });
    if (spanId === 'root') items.push(item);
  };
  let call = 0;
  const turn = (spanId: string): void => {
    const r = random();
    if (r < 0.25) push(spanId, messageItem('user', text(random, 40)));
    else if (r < 0.5) push(spanId, messageItem('assistant', text(random, 120)));
    else if (r < 0.6) push(spanId, reasoningItem(text(random, 60)));
    else {
      const id = `call_${call++}`;
      push(spanId, functionCallItem(id, 'read_file', { path: `src/${text(random, 2).replace(' ', '/')}.ts` }));
      push(spanId, functionCallOutputItem(id, text(random, 150)));
    }
  };
  push('root', messageItem('system', 'You are a careful reviewer.'));
  push('root', messageItem('user', 'Review the repository.'));
  const spanEvery = Math.floor(ROOT_ITEMS / SPANS);
  for (let i = 0; items.length < ROOT_ITEMS; i++) {
    turn('root');
    if (i % spanEvery === spanEvery - 1 && i / spanEvery < SPANS) {
      const id = `sub_${i}`;
      events.push({ type: 'span_start', span_id: id, parent_span_id: 'root', span_name: `explorer ${i}`, span_type: 'agent' });
      for (let j = 0; j < SPAN_ITEMS; j++) turn(id);
      events.push({ type: 'span_end', span_id: id });
    }
  }
  events.push({ type: 'span_end', span_id: 'root' });
  fs.writeFileSync(FILE, JSON.stringify({ FORMAT: 'open_responses', items, metadata: { agent: 'bench', total_tokens: 1_000_000 }, events }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

function time(fn: () => void, runs = 5): number {
  fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  return median(samples);
}

export async function run(): Promise<BenchResult[]> {
  generate();
  warmFileCache(FILE);
  const sizeMB = fs.statSync(FILE).size / 1024 / 1024;
  const group = `Trace file (${sizeMB.toFixed(0)} MB, ${ROOT_ITEMS.toLocaleString('en')} items, ${SPANS} sub-agents)`;
  const parseOnly = time(() => JSON.parse(fs.readFileSync(FILE, 'utf8')));
  let initBytes = 0;
  const editor = time(() => {
    const read = readTraceJson(fs.readFileSync(FILE, 'utf8'), 'multi-agent.trace.json');
    if (!read.ok) throw new Error(read.failure.message);
    const model = traceFileModel(read.traces[0]);
    initBytes = JSON.stringify({ header: model.header, preamble: model.preamble, turns: turnsPage(model, 0, TRACE_PAGE_SIZE), subSpans: model.subSpans.map(spanOutline), metadata: model.metadata }).length;
  });
  let transcriptMB = 0;
  const show = time(() => {
    const read = readTraceJson(fs.readFileSync(FILE, 'utf8'), 'multi-agent.trace.json');
    if (!read.ok) throw new Error(read.failure.message);
    transcriptMB = traceTranscript(read.traces[0], { maxBlockChars: 20_000 }).length / 1024 / 1024;
  }, 3);
  const ratioGoal = 3;
  return [
    { group, metric: 'Trace editor: first view (read, parse, model, init message)', value: editor, unit: 'ms', peer: { name: 'JSON.parse', value: parseOnly }, goal: `≤ ${ratioGoal}× JSON.parse`, met: editor <= ratioGoal * parseOnly },
    { group, metric: 'Trace editor: init message', value: initBytes / 1024 / 1024, unit: 'MB', goal: '≤ 10% of the file', met: initBytes / 1024 / 1024 <= sizeMB * 0.1, note: 'header, preamble, the first 200 turns and the outline of the sub-agent spans; later turns and span items are sent on request' },
    { group, metric: 'trace show: whole transcript', value: show, unit: 'ms', peer: { name: 'JSON.parse', value: parseOnly }, goal: `≤ ${ratioGoal}× JSON.parse`, met: show <= ratioGoal * parseOnly, note: `${transcriptMB.toFixed(0)} MB of text` },
  ];
}
