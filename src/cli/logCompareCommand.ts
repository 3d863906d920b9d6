import * as fs from 'node:fs';
import * as path from 'node:path';
import { CliCommand, CliIo, UsageError } from './cliTypes';
import { LogWindowCompression } from '../core/compare/logWindowCompression';
import { compareStrings as S } from '../core/l10n/compareStrings';
import { compareLogFiles, firstChanges, LogFileComparison } from '../core/compare/logFileComparison';
import { writeComparisonJson } from '../core/compare/comparisonJsonWriter';
import { LogLoadError } from '../core/log/logLoader';
import { compareText } from './compareText';
import { writeCompareFile } from './compareFile';
import { planNumber } from './planArguments';
import { statisticsStrings } from '../core/l10n/statisticsStrings';
import { compareExportFolders } from './exportFolderCompare';
import { collectReleasedMemory } from '../core/engine/collectReleasedMemory';

function isFolder(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/** How many per-sample changes the terminal lists per candidate (--json lists all). */
const CHANGES_SHOWN = 10;

interface CompareArgs {
  files: string[];
  json: boolean;
  out?: string;
  cluster?: string;
  failOnRegression: boolean;
  lowerIsBetter: string[];
  /** A difference to plan for: the samples needed per metric key beside the MDE. */
  delta?: number;
  /** Run the paired bootstrap and the sign-flip permutation test (`--resampling`, or a `--seed`). */
  resampling?: boolean;
  seed?: number;
}

function seedValue(text: string | undefined): number {
  const seed = Number(text);
  if (text === undefined || text.trim() === '' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new UsageError(statisticsStrings.seedInteger(String(text)));
  return seed;
}

function parseArgs(argv: readonly string[], cwd: string): CompareArgs {
  const args: CompareArgs = { files: [], json: false, failOnRegression: false, lowerIsBetter: [] };
  const value = (i: number, option: string): string => {
    const next = argv[i];
    if (next === undefined || next.startsWith('-')) throw new UsageError(S.optionNeedsValue(option));
    return next;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') args.json = true;
    else if (arg === '--fail-on-regression') args.failOnRegression = true;
    else if (arg === '-o' || arg === '--output') args.out = value(++i, arg);
    else if (arg === '--cluster') args.cluster = value(++i, arg);
    else if (arg === '--delta') args.delta = planNumber(arg, argv[++i]);
    else if (arg === '--seed') args.seed = seedValue(argv[++i]);
    else if (arg === '--resampling') args.resampling = true;
    else if (arg === '--lower-is-better') {
      // One or more keys (or a comma-separated list): every following argument that is not an option or a file.
      args.lowerIsBetter.push(...value(++i, arg).split(',').filter(Boolean));
      while (i + 1 < argv.length && !argv[i + 1].startsWith('-') && !fs.existsSync(path.resolve(cwd, argv[i + 1]))) args.lowerIsBetter.push(...argv[++i].split(',').filter(Boolean));
    } else if (arg.startsWith('-')) throw new UsageError(S.unknownOption(arg));
    else args.files.push(arg);
  }
  if (args.files.length < 2) throw new UsageError(S.needTwoLogs);
  return args;
}

/**
 * `eval-lens log compare BASE CAND [CAND…]`: the paired comparison of docs/semantics.md §10 as a table, JSON or a
 * standalone HTML page. Exit 1 with --fail-on-regression when a metric is significantly worse after Holm,
 * 2 when a log cannot be read.
 */
export const runLogCompareCommand: CliCommand = async (argv, io) => {
  const args = parseArgs(argv, io.cwd);
  const full = args.files.map((file) => path.resolve(io.cwd, file));
  // Two folders written by the service's export: their task specifications paired by key (docs/semantics.md §11.6).
  if (full.length === 2 && full.every(isFolder)) {
    if (args.out) throw new UsageError(S.exportFolderNoPage);
    const options = { clusterKey: args.cluster, lowerIsBetter: args.lowerIsBetter, delta: args.delta, resampling: args.resampling, seed: args.seed, loadWorker: path.join(__dirname, 'worker', 'compareLoad.js'), resamplingWorker: path.join(__dirname, 'worker', 'resampling.js') };
    return compareExportFolders({ folders: [args.files[0], args.files[1]], json: args.json, failOnRegression: args.failOnRegression }, options, io);
  }
  // With -o, the log files are compressed for the page while they are indexed.
  const windows = args.out ? new LogWindowCompression(full, `${path.resolve(io.cwd, args.out)}.windows.partial`) : undefined;
  try {
    return await compareLogs(args, full, io, windows);
  } finally {
    await windows?.dispose();
  }
};

async function compareLogs(args: CompareArgs, full: string[], io: CliIo, windows: LogWindowCompression | undefined): Promise<number> {
  let result: LogFileComparison;
  try {
    result = await compareLogFiles(full, {
      clusterKey: args.cluster,
      lowerIsBetter: args.lowerIsBetter,
      delta: args.delta,
      // The page (-o) always carries the bootstrap and permutation figures: it cannot compute them later off its UI thread.
      resampling: args.resampling === true || args.out !== undefined,
      seed: args.seed,
      loadWorker: path.join(__dirname, 'worker', 'compareLoad.js'),
      resamplingWorker: path.join(__dirname, 'worker', 'resampling.js'),
      // This process is the comparison's own: its indexing workers may collect their garbage before posting.
      load: { collectInWorkers: true, ...(args.out ? { clusterNumbersOf: 0 } : {}) },
    });
  } catch (error) {
    if (error instanceof LogLoadError) {
      const at = full.indexOf(error.file);
      io.stderr(`eval-lens log compare: ${at >= 0 ? error.message.split(error.file).join(args.files[at]) : error.message}\n`);
      return 2;
    }
    throw error;
  }
  const { logs, comparison, summary } = result;
  // What loading and aligning the logs left behind (the indexes' scratch, the id tables) is returned before the page or the JSON is written.
  collectReleasedMemory();
  if (args.cluster !== undefined && !summary.clusterKeys.includes(args.cluster)) io.stderr(`eval-lens log compare: ${S.clusterKeyNotFound(args.cluster, summary.clusterKeys.join(', '))}\n`);
  if (args.out) {
    const outPath = path.resolve(io.cwd, args.out);
    try {
      await writeCompareFile(logs, comparison, outPath, windows);
    } catch (error) {
      io.stderr(`eval-lens log compare: ${S.cannotWrite(args.out, error instanceof Error ? error.message : String(error))}\n`);
      return 2;
    }
    if (!args.json) io.stderr(`${S.wrote(args.out)}\n`);
  }
  if (args.json) {
    writeComparisonJson(result, (text) => io.stdout(text));
  } else {
    io.stdout(compareText(summary, firstChanges(result, CHANGES_SHOWN), CHANGES_SHOWN));
  }
  return args.failOnRegression && summary.anyRegression ? 1 : 0;
}
