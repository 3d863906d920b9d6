/**
 * Authoring latency on a generated 1,000-line multi-document dataset spec: the diagnostics pass
 * (validation core + the extra data-aware checks) and completion at several cursor positions, against
 * yaml-language-server (driven over stdio with LSP JSON-RPC) validating and completing the same file
 * with our dataset schema.
 */
import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { completionsAt } from '../src/core/authoring/completionEngine';
import { datasetChecks } from '../src/core/authoring/datasetChecks';
import { DataProfile } from '../src/core/authoring/dataProfile';
import { sampleSource } from '../src/core/authoring/sourceSample';
import { validateText } from '../src/core/validation/validateText';
import { IncrementalSpecParser } from '../src/core/yaml/incrementalSpecParser';
import type { BenchResult } from './benchTypes';

const ROOT = path.resolve(__dirname, '../..');
const DATA = path.join(ROOT, 'bench/data/authoring');
const LINES = 1000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function time(fn: () => unknown, runs: number, warmup = 5): number {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  return median(samples);
}

/** A multi-document spec of about `LINES` lines: local CSV sources with filters. */
function generateSpec(): string {
  const docs: string[] = [];
  let lines = 0;
  for (let i = 0; lines < LINES; i++) {
    const doc = [
      `key: dataset-${i}`,
      `display_name: Dataset ${i}`,
      `description: Generated dataset number ${i}`,
      'tags: [bench, generated]',
      'source:',
      '  type: local',
      '  file_path: questions.csv',
      '  filters:',
      '    - expression: "{{ sample.category }}"',
      '      op: in',
      '      values: [math, code]',
      '    - expression: "{{ sample.difficulty }}"',
      '      op: greater_or_equal',
      `      value: ${i % 5}`,
    ];
    docs.push(doc.join('\n'));
    lines += doc.length + 1;
  }
  return docs.join('\n---\n') + '\n';
}

function ensureData(): { specPath: string; text: string } {
  fs.mkdirSync(DATA, { recursive: true });
  const categories = ['math', 'code', 'science', 'history'];
  const csv = ['question,category,difficulty'];
  for (let i = 0; i < 500; i++) csv.push(`Question ${i},${categories[i % 4]},${i % 6}`);
  fs.writeFileSync(path.join(DATA, 'questions.csv'), csv.join('\n') + '\n');
  const specPath = path.join(DATA, 'bench.dataset.yaml');
  const text = generateSpec();
  fs.writeFileSync(specPath, text);
  return { specPath, text };
}

/** Cursor offsets where completion is measured, near the end of the file (the worst case for a scan). */
function completionOffsets(text: string): { name: string; offset: number; text: string }[] {
  const lastDoc = text.lastIndexOf('source:');
  const typeAt = text.indexOf('type: local', lastDoc) + 'type: '.length;
  const exprAt = text.lastIndexOf('{{ sample.category') + '{{ sample.'.length;
  const valuesAt = text.lastIndexOf('values: [math, ') + 'values: [math, '.length;
  const keyText = text;
  return [
    { name: 'source type value', offset: typeAt, text },
    { name: 'column in {{ sample. }}', offset: exprAt, text },
    { name: 'frequent values', offset: valuesAt, text },
    { name: 'keys at end of file', offset: keyText.length, text: keyText },
  ];
}

function lineCharacter(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

/** A minimal LSP client over stdio (Content-Length framing). */
class LspClient {
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, (result: unknown) => void>();
  private readonly listeners: ((method: string, params: unknown) => void)[] = [];

  constructor(private readonly child: ChildProcessWithoutNullStreams, private readonly workspaceSettings: unknown) {
    child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
  }

  private send(message: Record<string, unknown>): void {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.slice(0, headerEnd).toString())?.[1] ?? 0);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(this.buffer.slice(headerEnd + 4, headerEnd + 4 + length).toString('utf8')) as {
        id?: number; method?: string; params?: unknown; result?: unknown;
      };
      this.buffer = this.buffer.slice(headerEnd + 4 + length);
      if (message.method && message.id !== undefined) this.answer(message.id, message.method, message.params);
      else if (message.method) for (const l of this.listeners) l(message.method, message.params);
      else if (message.id !== undefined) this.pending.get(message.id)?.(message.result);
    }
  }

  /** Requests from the server: configuration is answered with the yaml settings, the rest with null. */
  private answer(id: number, method: string, params: unknown): void {
    if (method === 'workspace/configuration') {
      const items = (params as { items?: { section?: string }[] }).items ?? [];
      this.send({ id, result: items.map((item) => (item.section === 'yaml' ? this.workspaceSettings : null)) });
    } else {
      this.send({ id, result: null });
    }
  }

  request(method: string, params: unknown): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.send({ id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.send({ method, params });
  }

  /** Resolves with the params of the next notification that satisfies `match`. */
  next(match: (method: string, params: unknown) => boolean, timeoutMs = 30_000): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for the language server')), timeoutMs);
      const listener = (method: string, params: unknown) => {
        if (!match(method, params)) return;
        clearTimeout(timer);
        this.listeners.splice(this.listeners.indexOf(listener), 1);
        resolve(params);
      };
      this.listeners.push(listener);
    });
  }
}

interface PeerFigures {
  diagnosticsMs: number;
  completionMs: number;
  diagnosticCount: number;
}

async function measurePeer(specPath: string, text: string, runs: number): Promise<PeerFigures> {
  const server = path.join(ROOT, 'node_modules/yaml-language-server/bin/yaml-language-server');
  const child = spawn(process.execPath, [server, '--stdio'], { stdio: 'pipe' });
  child.stderr.resume();
  const uri = pathToFileURL(specPath).toString();
  const schemaUrl = pathToFileURL(path.join(ROOT, 'schemas/dataset.schema.json')).toString();
  const settings = { schemas: { [schemaUrl]: uri }, validate: true, completion: true, hover: true, schemaStore: { enable: false } };
  const client = new LspClient(child, settings);
  try {
    await client.request('initialize', {
      processId: process.pid, rootUri: pathToFileURL(DATA).toString(),
      capabilities: { textDocument: { completion: { completionItem: { snippetSupport: true } }, publishDiagnostics: {} }, workspace: { configuration: true } },
    });
    client.notify('initialized', {});
    client.notify('workspace/didChangeConfiguration', { settings: { yaml: settings } });
    const forDoc = (method: string, params: unknown) => method === 'textDocument/publishDiagnostics' && (params as { uri: string }).uri === uri;
    let first = client.next(forDoc);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    let published = (await first) as { diagnostics: unknown[] };
    // Warm up: the schema is loaded with the first validation.
    const samples: number[] = [];
    for (let version = 2; version < runs + 4; version++) {
      const edited = text.replace('display_name: Dataset 0', `display_name: Dataset 0 v${version}`);
      first = client.next(forDoc);
      const t = performance.now();
      client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text: edited }] });
      published = (await first) as { diagnostics: unknown[] };
      if (version > 3) samples.push(performance.now() - t);
    }
    const completionSamples: number[] = [];
    const last = text.replace('display_name: Dataset 0', `display_name: Dataset 0 v${runs + 3}`);
    const positions = completionOffsets(last).filter((p) => p.text === last);
    for (let i = 0; i < runs; i++) {
      for (const p of positions) {
        const t = performance.now();
        await client.request('textDocument/completion', { textDocument: { uri }, position: lineCharacter(last, p.offset) });
        if (i > 0) completionSamples.push(performance.now() - t);
      }
    }
    await client.request('shutdown', null);
    client.notify('exit', null);
    return { diagnosticsMs: median(samples), completionMs: median(completionSamples), diagnosticCount: published.diagnostics.length };
  } finally {
    child.kill();
  }
}

export async function run(): Promise<BenchResult[]> {
  const { specPath, text } = ensureData();
  const profile = (await sampleSource({ type: 'local', file_path: 'questions.csv' }, specPath, 200)) as DataProfile;
  const pathKind = (p: string) => {
    try {
      return fs.statSync(p).isDirectory() ? ('directory' as const) : ('file' as const);
    } catch {
      return undefined;
    }
  };
  const facts = { specPath, profileFor: () => profile, pathKind, generatorOptions: () => undefined, otherFilesWithKey: () => [] };
  let diagnosticCount = 0;
  const coldMs = time(() => {
    const result = validateText(text, specPath);
    diagnosticCount = result.diagnostics.length + datasetChecks(text, result.documents, facts).length;
  }, 40);
  // As the user types (and as the peer is measured): an edit in the first document, then the whole pass.
  const parser = new IncrementalSpecParser();
  validateText(text, specPath, { parser });
  let version = 0;
  let reused = 0;
  const diagnosticsMs = time(() => {
    const edited = text.replace('display_name: Dataset 0', `display_name: Dataset 0 v${++version}`);
    const result = validateText(edited, specPath, { parser });
    reused = parser.reused;
    diagnosticCount = result.diagnostics.length + datasetChecks(edited, result.documents, facts).length;
  }, 40);
  const ctx = { kind: 'dataset' as const, json: false, specPath, profileFor: () => profile, listDirectory: () => [] };
  const positions = completionOffsets(text);
  const perPosition = positions.map((p) => ({ name: p.name, ms: time(() => completionsAt(p.text, p.offset, ctx), 40) }));
  const completionMs = median(perPosition.map((p) => p.ms));
  const itemCounts = positions.map((p) => completionsAt(p.text, p.offset, ctx).length);

  let peer: PeerFigures | undefined;
  let peerError = '';
  try {
    peer = await measurePeer(specPath, text, 12);
  } catch (error) {
    peerError = error instanceof Error ? error.message : String(error);
  }
  const group = `authoring (${text.split('\n').length}-line spec, ${text.split('\n---\n').length} documents)`;
  const results: BenchResult[] = [
    {
      group, metric: 'diagnostics after an edit (validation + data-aware checks)', value: diagnosticsMs, unit: 'ms',
      peer: peer ? { name: 'yaml-language-server', value: peer.diagnosticsMs } : undefined,
      goal: '≤ 15 ms and ≥ 3× faster', met: diagnosticsMs <= 15 && (!peer || peer.diagnosticsMs / diagnosticsMs >= 3),
      note: `${diagnosticCount} diagnostics; the edited document is parsed again, the ${reused} others are reused${peer ? `; peer: ${peer.diagnosticCount}, time from didChange to publishDiagnostics (includes JSON-RPC)` : `; peer failed: ${peerError}`}`,
    },
    {
      group, metric: 'diagnostics on opening (whole file parsed)', value: coldMs, unit: 'ms', goal: '≤ 15 ms', met: coldMs <= 15,
      note: 'most of the time is the YAML parse',
    },
    {
      group, metric: 'completion (median of positions)', value: completionMs, unit: 'ms',
      peer: peer ? { name: 'yaml-language-server', value: peer.completionMs } : undefined,
      goal: '≤ 10 ms and ≥ 3× faster', met: completionMs <= 10 && (!peer || peer.completionMs / completionMs >= 3),
      note: perPosition.map((p, i) => `${p.name}: ${p.ms.toFixed(2)} ms (${itemCounts[i]} items)`).join('; '),
    },
  ];
  if (peer) {
    results.push({ group, metric: 'speed-up diagnostics', value: peer.diagnosticsMs / diagnosticsMs, unit: '×', goal: '≥ 3×', met: peer.diagnosticsMs / diagnosticsMs >= 3 });
    results.push({ group, metric: 'speed-up completion', value: peer.completionMs / completionMs, unit: '×', goal: '≥ 3×', met: peer.completionMs / completionMs >= 3 });
  }
  return results;
}

if (require.main === module) {
  void run().then((results) => {
    for (const r of results) {
      const peerText = r.peer ? ` | ${r.peer.name}: ${r.peer.value.toFixed(2)} ${r.unit} | ratio ${(r.peer.value / r.value).toFixed(1)}×` : '';
      process.stdout.write(`${r.group} | ${r.metric}: ${r.value.toFixed(2)} ${r.unit}${peerText}${r.note ? ` (${r.note})` : ''}\n`);
    }
  });
}
