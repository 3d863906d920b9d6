/**
 * `eval-lens log compare EXPORT_A EXPORT_B`: two folders written by the service's export (docs/semantics.md §11.6).
 * The task specifications present in both are paired by key; one table gives every compared metric of every pair,
 * then each pair's full comparison follows. `--fail-on-regression` holds over all of them.
 */
import * as path from 'node:path';
import type { CliIo } from './cliTypes';
import { pairExportedLogs } from '../core/compare/exportFolders';
import { compareLogFiles, comparisonJson, firstChanges, LogFileComparison, LogFileComparisonOptions } from '../core/compare/logFileComparison';
import { LogLoadError } from '../core/log/logLoader';
import { compareStrings as S } from '../core/l10n/compareStrings';
import { interval, metricDelta, metricLabel, pValue, verdictText } from '../core/format/compareFormat';
import { compareText } from './compareText';
import { textTable } from './textTable';
import * as l10n from '@vscode/l10n';

/** How many per-sample changes the terminal lists per pair (--json lists all). */
const CHANGES_SHOWN = 10;

interface FolderCompareArgs {
  folders: [string, string];
  json: boolean;
  failOnRegression: boolean;
}

function overviewTable(results: { key: string; result: LogFileComparison }[]): string {
  const rows = results.flatMap(({ key, result }) => result.summary.candidates[0].metrics.map((m) => [
    key, metricLabel(m), String(m.estimate.n), metricDelta(m, m.estimate.delta), interval(m), pValue(m.pHolm), verdictText(m),
  ]));
  return textTable([l10n.t('task'), l10n.t('metric'), 'n', 'Δ', l10n.t('95% interval'), l10n.t('p (Holm)'), l10n.t('verdict')], rows);
}

/** Compares two export folders; the exit code as `log compare` gives it (2 when a log cannot be read or no task is in both). */
export async function compareExportFolders(args: FolderCompareArgs, options: LogFileComparisonOptions, io: CliIo): Promise<number> {
  const [a, b] = args.folders.map((folder) => path.resolve(io.cwd, folder));
  const paired = pairExportedLogs(a, b);
  if (paired.pairs.length === 0) {
    io.stderr(`eval-lens log compare: ${S.noExportPairs(args.folders[0], args.folders[1])}\n`);
    return 2;
  }
  const results: { key: string; result: LogFileComparison }[] = [];
  for (const pair of paired.pairs) {
    try {
      results.push({ key: pair.key, result: await compareLogFiles([pair.baseline, pair.candidate], options) });
    } catch (error) {
      if (!(error instanceof LogLoadError)) throw error;
      io.stderr(`eval-lens log compare: ${error.message}\n`);
      return 2;
    }
  }
  const anyRegression = results.some(({ result }) => result.summary.anyRegression);
  if (args.json) {
    const json = { anyRegression, onlyBaseline: paired.onlyBaseline, onlyCandidate: paired.onlyCandidate, pairs: results.map(({ key, result }) => ({ key, ...comparisonJson(result) })) };
    io.stdout(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    const lines = [S.exportPairsHeading(results.length), overviewTable(results)];
    if (paired.onlyBaseline.length) lines.push(S.exportOnlyIn(args.folders[0], paired.onlyBaseline.join(', ')));
    if (paired.onlyCandidate.length) lines.push(S.exportOnlyIn(args.folders[1], paired.onlyCandidate.join(', ')));
    for (const { key, result } of results) lines.push('', `== ${key} ==`, compareText(result.summary, firstChanges(result, CHANGES_SHOWN), CHANGES_SHOWN));
    io.stdout(`${lines.join('\n')}\n`);
  }
  return args.failOnRegression && anyRegression ? 1 : 0;
}
