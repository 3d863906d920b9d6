/**
 * Runs every benchmark (out/bench/*.bench.js), each in its own process so memory figures stay apart,
 * and prints one table with the named peers and ratios. Results also go to test-results/bench.json and .md.
 *   npm run bench [-- --only NAME]
 */
import { fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BenchResult } from './benchTypes';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;

function runOne(file: string): Promise<BenchResult[]> {
  return new Promise((resolve, reject) => {
    const child = fork(__filename, ['--child', file], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: ['--expose-gc'] });
    let results: BenchResult[] | undefined;
    child.on('message', (message) => { results = message as BenchResult[]; });
    child.on('exit', (code) => (results ? resolve(results) : reject(new Error(`${path.basename(file)} exited with ${code} and no results`))));
  });
}

function format(value: number, unit: string): string {
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

function table(results: BenchResult[]): string {
  const header = ['group', 'metric', 'Eval Lens', 'peer', 'ratio', 'goal', 'met'];
  const rows = results.map((r) => [
    r.group, r.metric, format(r.value, r.unit),
    r.peer ? `${r.peer.name}: ${format(r.peer.value, r.unit)}` : '',
    r.peer && r.peer.value > 0 ? `${(r.value / r.peer.value).toFixed(2)}×` : '',
    r.goal ?? '', r.met === undefined ? '' : r.met ? 'yes' : 'NO',
  ]);
  const lines = [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`);
  const notes = results.filter((r) => r.note).map((r) => `- ${r.group} / ${r.metric}: ${r.note}`);
  return lines.join('\n') + (notes.length ? `\n\n${notes.join('\n')}` : '');
}

async function main(): Promise<void> {
  if (process.argv[2] === '--child') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- each benchmark is loaded by its path at run time
    const mod = require(process.argv[3]) as { run(): Promise<BenchResult[]> };
    const results = await mod.run();
    process.send!(results, () => process.exit(0));
    return;
  }
  const files = fs.readdirSync(__dirname).filter((f) => f.endsWith('.bench.js') && (!only || f.includes(only))).sort();
  const all: BenchResult[] = [];
  for (const file of files) {
    console.log(`\n[bench] ${file}`);
    const started = Date.now();
    try {
      all.push(...(await runOne(path.join(__dirname, file))));
    } catch (error) {
      console.error(`[bench] ${file} failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    }
    console.log(`[bench] ${file} took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const md = table(all);
  console.log(`\n${md}\n`);
  const out = path.join(__dirname, '../../test-results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'bench.json'), JSON.stringify(all, null, 2));
  fs.writeFileSync(path.join(out, 'bench.md'), md + '\n');
}

void main();
