/**
 * Sessions benchmark: 2,000 generated session files (about 1 GB, sub-agents included), loading every session's
 * row (all columns; traces for the first page) against `ccusage session --json` on the same folder. Checks that
 * the token totals agree and that peak memory stays flat from 200 to 2,000 files. Each measurement runs in its
 * own child process, so its peak resident memory (VmHWM) is its own.
 */
import { execFile } from 'node:child_process';
import { chmodSync, constants, accessSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadSessions } from '../src/core/sources/sessions/sessionsSource';
import { peerBin } from './benchPeers';
import { BenchResult, peakRssMb } from './benchTypes';
import { ensureSessionSet, SessionSet } from './sessionBenchData';
import { startRun } from '../src/core/sources/previewDriver';

const FILES = 2000;
const SMALL_FILES = 200;
const MEAN_BYTES = 470_000;
const PAGE = 50;
const RUNS = 3;

interface Figures {
  seconds: number;
  /** CPU seconds (user + system) of the child process, all its threads: less sensitive to a busy machine. */
  cpuSeconds?: number;
  sessions: number;
  totalTokens: number;
  peakRssMb: number;
}

async function childEvalLens(projectsDir: string): Promise<Figures> {
  const start = performance.now();
  const { rows, result } = await loadSessions({ source: { type: 'coding_agent_sessions', path: projectsDir }, ...startRun({ limit: PAGE, env: {} }) });
  const seconds = (performance.now() - start) / 1000;
  if (result.rows.filter((row) => row.values.trace !== undefined).length !== Math.min(PAGE, rows.length)) throw new Error('first page without traces');
  const totalTokens = rows.reduce((sum, row) => sum + (row.values.total_tokens as number), 0);
  return { seconds, sessions: rows.length, totalTokens, peakRssMb: peakRssMb() };
}

/** CPU seconds used so far by this process's finished children (Linux: `cutime` + `cstime` of /proc/self/stat). */
function childrenCpuSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /s, '').split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}

function inChild(projectsDir: string): Promise<Figures> {
  return new Promise((resolvePromise, reject) => {
    const cpuBefore = childrenCpuSeconds();
    execFile(process.execPath, [__filename, '--child', projectsDir], { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`Eval Lens child failed: ${stderr || error.message}`));
      else resolvePromise({ ...(JSON.parse(stdout) as Figures), cpuSeconds: childrenCpuSeconds() - cpuBefore });
    });
  });
}

interface CcusageAnswer {
  session: { totalTokens: number }[];
  totals: { totalTokens: number };
}

/** ccusage's native binary itself when installed (no Node wrapper in the peer's time), else its `bin` through Node. */
function ccusageCommand(bin: string): [string, string[]] {
  const native = join(dirname(bin), '..', '..', '@ccusage', `ccusage-${process.platform}-${process.arch}`, 'bin', 'ccusage');
  if (!existsSync(native)) return [process.execPath, [bin]];
  try {
    accessSync(native, constants.X_OK);
  } catch {
    // npm may unpack a platform package's binary without its execute bit (it only marks `bin` entries).
    chmodSync(native, 0o755);
  }
  return [native, []];
}

function ccusage(bin: string, set: SessionSet): Promise<Figures> {
  return new Promise((resolvePromise, reject) => {
    const start = performance.now();
    const cpuBefore = childrenCpuSeconds();
    const [command, prefix] = ccusageCommand(bin);
    execFile(command, [...prefix, 'session', '--json', '--offline'], { maxBuffer: 256 << 20, env: { ...process.env, CLAUDE_CONFIG_DIR: set.configDir } }, (error, stdout, stderr) => {
      const seconds = (performance.now() - start) / 1000;
      if (error) {
        reject(new Error(`ccusage failed: ${stderr || error.message}`));
        return;
      }
      const answer = JSON.parse(stdout) as CcusageAnswer;
      resolvePromise({ seconds, cpuSeconds: childrenCpuSeconds() - cpuBefore, sessions: answer.session.length, totalTokens: answer.totals.totalTokens, peakRssMb: Number.NaN });
    });
  });
}

const faster = (a: Figures | undefined, b: Figures) => (!a || b.seconds < a.seconds ? b : a);
const round = (value: number, digits = 3) => Number(value.toFixed(digits));

/** The check that needs no unit: every session's tokens, summed, equal the peer's total. */
export function totalsMatch(ours: Figures, peer: Figures): boolean {
  return ours.totalTokens === peer.totalTokens && ours.totalTokens > 0;
}

export async function run(): Promise<BenchResult[]> {
  const root = resolve(__dirname, '..', '..');
  const big = ensureSessionSet(root, FILES, MEAN_BYTES);
  const small = ensureSessionSet(root, SMALL_FILES, MEAN_BYTES);
  const bin = peerBin('ccusage');
  const sizeMb = Math.round(big.bytes / 1024 / 1024);
  const group = `coding_agent_sessions (${big.files.toLocaleString('en-US')} files, ${sizeMb} MB)`;
  let ours: Figures | undefined;
  let peer: Figures | undefined;
  for (let k = 0; k < RUNS; k++) {
    ours = faster(ours, await inChild(big.projectsDir));
    if (bin) peer = faster(peer, await ccusage(bin, big));
  }
  const o = ours as Figures;
  const results: BenchResult[] = [{
    group,
    metric: `every session's row, traces for the first ${PAGE}`,
    value: round(o.seconds),
    unit: 's',
    ...(peer ? { peer: { name: 'ccusage session --json', value: round(peer.seconds) } } : {}),
    note: `best of ${RUNS} each, taking turns, files in the cache; ${o.sessions} sessions${peer ? ` (ccusage lists ${peer.sessions}: it leaves out sessions without usage)` : ''}${bin ? '' : '; ccusage not installed (npm install --prefix bench)'}`,
  }];
  if (peer) {
    const ratio = o.seconds / peer.seconds;
    results.push({ group, metric: 'ratio Eval Lens / ccusage', value: round(ratio, 2), unit: 'x', goal: '≤ 1.0', met: ratio <= 1.0 });
    const cpu = (f: Figures) => round(f.cpuSeconds ?? Number.NaN, 2);
    results.push({
      group, metric: 'CPU time (user + system)', value: cpu(o), unit: 's', peer: { name: 'ccusage', value: cpu(peer) },
      note: 'of the same best runs; the wall time above depends on how busy the machine is, this much less',
    });
    results.push({
      group, metric: 'token totals equal ccusage', value: o.totalTokens, unit: 'tokens', peer: { name: 'ccusage', value: peer.totalTokens },
      goal: 'equal', met: totalsMatch(o, peer),
    });
  }
  const smallOurs = await inChild(small.projectsDir);
  results.push({
    group,
    metric: 'peak RSS, whole process',
    value: round(o.peakRssMb, 0),
    unit: 'MB',
    goal: 'flat in the number of files',
    met: o.peakRssMb <= smallOurs.peakRssMb * 1.25 + 16,
    note: `with ${small.files} files (${Math.round(small.bytes / 1024 / 1024)} MB): ${round(smallOurs.peakRssMb, 0)} MB`,
  });
  return results;
}

if (require.main === module && process.argv[2] === '--child') {
  childEvalLens(process.argv[3]).then(
    (figures) => process.stdout.write(JSON.stringify(figures)),
    (error: unknown) => {
      process.stderr.write(String(error instanceof Error ? error.stack : error));
      process.exitCode = 1;
    },
  );
}
