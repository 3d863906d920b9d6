/**
 * Evaluation-log benchmark: a generated Inspect `.eval` with 20,000 samples (zstd entries compressed by the `zstd`
 * command), loaded row by row by the `eval_logs` source, against the floor of getting the same entries' bytes out
 * with the command-line tools: `unzip -p` of a stored copy whose entries are the very same zstd frames, piped into
 * `zstd -d`. Also a deflate copy against `unzip -p`, and the decoders alone (fzstd, Node's zlib). Needs the `zstd`
 * and `unzip` commands (Debian: apt-get install -y zstd unzip); without them it prints a note and skips.
 */
import { execFileSync, execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { decompress } from 'fzstd';
import { ZSTDDecoder } from 'zstddec';
import { preview } from '../src/core/sources/preview';
import { crc32 } from '../src/core/archive/zipEntryData';
import { TestEntry, buildZip } from '../test/unit/archive/zipTestWriter';
import { HEADER, inspectSample } from '../test/unit/sources/inspectLogData';
import { seededRandom } from './benchData';
import { BenchResult, warmFileCache } from './benchTypes';

const SAMPLES = 20_000;
const RUNS = 3;
const WORDS = ['model', 'answer', 'tool', 'result', 'number', 'check', 'value', 'step', 'reason', 'output', 'input', 'score', 'plan', 'call', 'text', 'list'];

export function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

/** One sample as Inspect writes it, with model events of generated text (about 6 KB of JSON). */
function benchSample(i: number, random: () => number): Buffer {
  const sample = inspectSample(i, 1 + (i % 2));
  const sentence = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
  sample.events = Array.from({ length: 6 }, (_, k) => ({
    event: 'model',
    timestamp: sample.started_at,
    model: 'openai/gpt-test',
    input: [{ role: 'user', content: sentence(60) }],
    output: { choices: [{ message: { role: 'assistant', content: sentence(40) } }], usage: { input_tokens: 100 + k, output_tokens: 40 } },
  }));
  sample.metadata = { category: WORDS[i % WORDS.length], difficulty: i % 5, note: sentence(20) };
  return Buffer.from(JSON.stringify(sample));
}

export interface Archives {
  zstd: string;
  stored: string;
  deflate: string;
  uncompressedBytes: number;
}

/** Writes the three copies of the log (zstd, stored zstd frames, deflate) once into bench/data/. */
export function ensureArchives(root: string): Archives {
  const dir = join(root, 'bench', 'data', 'evallogs');
  const files: Archives = { zstd: join(dir, 'bench-20000.eval'), stored: join(dir, 'bench-20000-stored-frames.zip'), deflate: join(dir, 'bench-20000-deflate.eval'), uncompressedBytes: 0 };
  const sizeFile = join(dir, 'uncompressed-bytes.txt');
  if (existsSync(files.zstd) && existsSync(files.stored) && existsSync(files.deflate) && existsSync(sizeFile)) {
    return { ...files, uncompressedBytes: Number(readFileSync(sizeFile, 'utf8')) };
  }
  const work = join(dir, 'work');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const random = seededRandom(7);
  const names: string[] = [];
  let uncompressedBytes = 0;
  for (let i = 1; i <= SAMPLES; i++) {
    const data = benchSample(i, random);
    uncompressedBytes += data.length;
    writeFileSync(join(work, `${i}.json`), data);
    names.push(`${i}.json`);
  }
  for (let k = 0; k < names.length; k += 2000) execFileSync('zstd', ['-q', '-3', '-f', ...names.slice(k, k + 2000)], { cwd: work });
  const zstdEntries: TestEntry[] = [];
  const storedEntries: TestEntry[] = [];
  const deflateEntries: TestEntry[] = [];
  const header = Buffer.from(JSON.stringify(HEADER));
  deflateEntries.push({ name: 'header.json', data: header, method: 8 });
  zstdEntries.push({ name: 'header.json', data: header, method: 8 });
  for (let i = 1; i <= SAMPLES; i++) {
    const data = readFileSync(join(work, `${i}.json`));
    const frames = readFileSync(join(work, `${i}.json.zst`));
    const name = `samples/${i}_epoch_${1 + (i % 2)}.json`;
    zstdEntries.push({ name, method: 93, raw: { bytes: frames, crc: crc32(data), size: data.length } });
    storedEntries.push({ name: `${name}.zst`, data: frames, method: 0 });
    deflateEntries.push({ name, method: 8, raw: { bytes: deflateRawSync(data, { level: 6 }), crc: crc32(data), size: data.length } });
  }
  writeFileSync(files.zstd, buildZip(zstdEntries));
  writeFileSync(files.stored, buildZip(storedEntries));
  writeFileSync(files.deflate, buildZip(deflateEntries));
  rmSync(work, { recursive: true, force: true });
  writeFileSync(sizeFile, String(uncompressedBytes));
  return { ...files, uncompressedBytes };
}

interface LoadFigures {
  seconds: number;
  /** CPU time of the whole process, every thread. */
  cpuSeconds: number;
  firstPageMs: number;
  /** CPU time of the process (every thread) until the first page: a figure a busy machine changes less. */
  firstPageCpuMs: number;
  total: number;
  warnings: number;
}

async function load(file: string): Promise<LoadFigures> {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let firstPageMs = Number.NaN;
  let firstPageCpuMs = Number.NaN;
  const onFirstPage = () => {
    firstPageMs = performance.now() - start;
    const used = process.cpuUsage(cpuStart);
    firstPageCpuMs = (used.user + used.system) / 1000;
  };
  const result = await preview({ key: 'bench', source: { type: 'eval_logs', path: file } }, { limit: 100, onFirstPage });
  const cpu = process.cpuUsage(cpuStart);
  return { seconds: (performance.now() - start) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6, firstPageMs, firstPageCpuMs, total: result.total, warnings: result.warnings.length };
}

/** One load in a fresh process; `decoder: 'fzstd'` sends every zstd frame to fzstd (the decoder used before). */
function inChild(file: string, decoder?: 'fzstd'): LoadFigures {
  const env = decoder ? { ...process.env, EVAL_LENS_ZSTD_DECODER: decoder } : process.env;
  const out = execFileSync(process.execPath, [__filename, '--child', file], { maxBuffer: 1 << 20, env });
  return JSON.parse(out.toString()) as LoadFigures;
}

/** Wall-clock and CPU seconds (user + system of every process of the pipeline) of a shell command. */
export function timeShell(command: string): { seconds: number; cpuSeconds: number } {
  const start = performance.now();
  const out = execSync(`TIMEFORMAT='%3U %3S'; time ( ${command} ) 2>&1`, { shell: '/bin/bash', stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  const seconds = (performance.now() - start) / 1000;
  const [user, system] = out.trim().split(/\s+/).slice(-2).map(Number);
  return { seconds, cpuSeconds: user + system };
}

function best(times: number[]): number {
  return Math.min(...times);
}

/** The decoders alone, in memory, over 2,000 of the same samples (scaled to all of them). */
async function decoderSeconds(): Promise<{ fzstd: number; zstddec: number; zlib: number }> {
  const random = seededRandom(7);
  const samples = Array.from({ length: 2000 }, (_, k) => benchSample(k + 1, random));
  const frames = samples.map((data) => execFileSync('zstd', ['-q', '-3', '-c', `--stream-size=${data.length}`], { input: data }));
  const deflated = samples.map((data) => deflateRawSync(data, { level: 6 }));
  const wasm = new ZSTDDecoder();
  await wasm.init();
  const time = (work: () => void) => {
    const runs: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const start = process.cpuUsage();
      work();
      const cpu = process.cpuUsage(start);
      runs.push((cpu.user + cpu.system) / 1e6);
    }
    return (best(runs) * SAMPLES) / samples.length;
  };
  return {
    fzstd: time(() => frames.forEach((f) => decompress(f))),
    zstddec: time(() => frames.forEach((f, k) => wasm.decode(f, samples[k].length))),
    zlib: time(() => deflated.forEach((d) => inflateRawSync(d))),
  };
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

export async function run(): Promise<BenchResult[]> {
  if (!hasCommand('zstd') || !hasCommand('unzip')) {
    console.log('[bench] evalLogs: skipped — needs the zstd and unzip commands (Debian: apt-get install -y zstd unzip)');
    return [];
  }
  const root = resolve(__dirname, '..', '..');
  const archives = ensureArchives(root);
  for (const file of [archives.zstd, archives.stored, archives.deflate]) warmFileCache(file);
  const sizeMb = (file: string) => Math.round(statSync(file).size / 1048576);
  const group = `eval_logs (.eval, ${SAMPLES.toLocaleString('en-US')} samples, ${sizeMb(archives.zstd)} MB zstd, ${Math.round(archives.uncompressedBytes / 1048576)} MB of JSON)`;
  const ours: LoadFigures[] = [];
  const oursFzstd: LoadFigures[] = [];
  const oursDeflate: LoadFigures[] = [];
  const floor: { seconds: number; cpuSeconds: number }[] = [];
  const floorDeflate: { seconds: number; cpuSeconds: number }[] = [];
  for (let r = 0; r < RUNS; r++) {
    ours.push(inChild(archives.zstd));
    oursFzstd.push(inChild(archives.zstd, 'fzstd'));
    floor.push(timeShell(`unzip -p '${archives.stored}' | zstd -d -q -c > /dev/null`));
    oursDeflate.push(inChild(archives.deflate));
    floorDeflate.push(timeShell(`unzip -p '${archives.deflate}' > /dev/null`));
  }
  const fastest = (list: LoadFigures[]) => list.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  const o = fastest(ours);
  const od = fastest(oursDeflate);
  const f = best(floor.map((t) => t.seconds));
  const fd = best(floorDeflate.map((t) => t.seconds));
  const fCpu = best(floor.map((t) => t.cpuSeconds));
  const fdCpu = best(floorDeflate.map((t) => t.cpuSeconds));
  const ofz = fastest(oursFzstd);
  const decoders = await decoderSeconds();
  const rowsOk = o.total === SAMPLES && o.warnings === 0;
  return [
    {
      group,
      metric: 'load every row (zstd)',
      value: round(o.seconds),
      unit: 's',
      peer: { name: 'unzip -p | zstd -d', value: round(f) },
      goal: '≤ 1.5× floor',
      met: o.seconds <= 1.5 * f,
      note: `best of ${RUNS}, archives in the cache; ${o.total} rows, ${o.warnings} warnings${rowsOk ? '' : ' (EXPECTED 20000 rows, 0 warnings)'}. The floor only gets the bytes out (a stored copy holding the same zstd frames, so unzip can read it); Eval Lens also checks CRCs, parses each sample's JSON and builds its row`,
    },
    {
      group,
      metric: 'CPU time, every row (zstd)',
      value: round(Math.min(...ours.map((r) => r.cpuSeconds))),
      unit: 's',
      peer: { name: 'unzip -p | zstd -d', value: round(fCpu) },
      note: 'user + system seconds of every thread (Eval Lens) or process (the pipeline): a figure that a busy machine changes less than wall-clock time',
    },
    {
      group,
      metric: 'load every row (zstd), fzstd only',
      value: round(ofz.seconds),
      unit: 's',
      peer: { name: 'unzip -p | zstd -d', value: round(f) },
      note: `best of ${RUNS}, EVAL_LENS_ZSTD_DECODER=fzstd (the decoder before zstddec); CPU ${round(Math.min(...oursFzstd.map((r) => r.cpuSeconds)))} s; first page ${round(ofz.firstPageMs, 1)} ms; ${ofz.total} rows, ${ofz.warnings} warnings`,
    },
    { group, metric: 'time to first page (100 rows)', value: round(o.firstPageMs, 1), unit: 'ms', goal: '≤ 100 ms', met: o.firstPageMs <= 100, note: `CPU until then ${round(Math.min(...ours.map((r) => r.firstPageCpuMs)), 1)} ms (best of ${RUNS}); wall ${ours.map((r) => round(r.firstPageMs, 0)).join(', ')} ms` },
    {
      group,
      metric: 'load every row (deflate copy)',
      value: round(od.seconds),
      unit: 's',
      peer: { name: 'unzip -p', value: round(fd) },
      note: `best of ${RUNS}; same samples, deflate level 6 (${sizeMb(archives.deflate)} MB); CPU ${round(Math.min(...oursDeflate.map((r) => r.cpuSeconds)))} s vs ${round(fdCpu)} s`,
    },
    { group, metric: 'decoder: fzstd, all samples', value: round(decoders.fzstd), unit: 's', note: 'CPU seconds, extrapolated from 2,000 of the samples decoded in memory' },
    { group, metric: 'decoder: zstddec (WebAssembly), all samples', value: round(decoders.zstddec), unit: 's', note: 'CPU seconds, extrapolated from 2,000 of the samples decoded in memory, each with its size' },
    { group, metric: 'decoder: node zlib inflateRaw, all samples', value: round(decoders.zlib), unit: 's', note: 'CPU seconds, extrapolated from 2,000 of the samples decoded in memory' },
  ];
}

if (require.main === module && process.argv[2] === '--child') {
  load(process.argv[3]).then(
    (figures) => process.stdout.write(JSON.stringify(figures)),
    (error: unknown) => {
      process.stderr.write(String(error instanceof Error ? error.stack : error));
      process.exitCode = 1;
    },
  );
}
