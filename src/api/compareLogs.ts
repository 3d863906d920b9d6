/** `compareLogs`: the figures of `eval-lens log compare --json`, from the same comparison (docs/semantics.md §10). */
import * as path from 'node:path';
import { compareLogFiles, comparisonJson } from '../core/compare/logFileComparison';
import { findWorkerScript } from '../core/engine/pool/parallelCount';
import { compareStrings } from '../core/l10n/compareStrings';
import { statisticsStrings } from '../core/l10n/statisticsStrings';
import { LogLoadError as CoreLogLoadError } from '../core/log/logLoadError';
import { ArgumentError, LogLoadError } from './errors';
import type { CompareLogsOptions, ComparisonReport } from './types';

function checkedSeed(seed: number | undefined): number | undefined {
  if (seed === undefined || (Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff)) return seed;
  throw new ArgumentError(statisticsStrings.seedInteger(String(seed)));
}

function checkedDelta(delta: number | undefined): number | undefined {
  if (delta === undefined || (Number.isFinite(delta) && delta > 0)) return delta;
  throw new ArgumentError(statisticsStrings.deltaPositive(String(delta)));
}

/**
 * Compares the first log (the baseline) with each of the others, sample by sample: paired differences, intervals,
 * p-values (Holm) and per-sample changes, as `eval-lens log compare --json` prints them.
 * @throws {@link ArgumentError} with fewer than two logs; {@link LogLoadError} naming a log that cannot be read.
 */
export async function compareLogs(paths: readonly string[], options: CompareLogsOptions = {}): Promise<ComparisonReport> {
  if (paths.length < 2) throw new ArgumentError(compareStrings.needTwoLogs);
  const full = paths.map((file) => path.resolve(file));
  try {
    const result = await compareLogFiles(full, {
      clusterKey: options.cluster,
      lowerIsBetter: options.lowerIsBetter ?? [],
      delta: checkedDelta(options.delta),
      resampling: options.resampling,
      seed: checkedSeed(options.seed),
      loadWorker: findWorkerScript('compareLoad.js'),
      resamplingWorker: findWorkerScript('resampling.js'),
    });
    return comparisonJson(result);
  } catch (error) {
    if (!(error instanceof CoreLogLoadError)) throw error;
    const at = full.indexOf(error.file);
    const shown = at >= 0 ? paths[at] : error.file;
    throw new LogLoadError(error.message.split(error.file).join(shown), shown, { line: error.line, column: error.column });
  }
}
