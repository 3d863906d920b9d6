import * as path from 'node:path';
import { CliCommand, UsageError } from './cliTypes';
import { collectReleasedMemory } from '../core/engine/collectReleasedMemory';
import { logStrings } from '../core/l10n/logStrings';
import { LogLoadError, loadLogIndex } from '../core/log/logLoader';
import { isInspectLogFile, InspectLogError } from '../core/inspect/inspectLog';
import { openInspectLog } from '../core/inspect/openInspectLog';
import type { LogIndex } from '../core/log/logIndex';
import type { LogSummary } from '../core/model/logViewTypes';
import { LogVerification, MetricVerificationRow, SampleVerificationRow } from '../core/log/verifyLog';
import * as l10n from '@vscode/l10n';
import { LogVerifyReport, logVerifyJson, logVerifyReport } from '../core/compare/logVerifyReport';
import { verifyStatisticsText } from './verifyStatisticsText';

/** How many sample-level rows the human output lists (mismatches first); --json lists all. */
const SAMPLE_ROWS_SHOWN = 20;

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(10)));
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]): string => cells.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function metricTable(rows: readonly MetricVerificationRow[]): string {
  const withRuns = rows.some((r) => r.run_index !== undefined);
  const headers = [...(withRuns ? [l10n.t('run')] : []), l10n.t('scorer'), l10n.t('metric'), l10n.t('key'), l10n.t('reported'), l10n.t('recomputed'), l10n.t('verdict'), l10n.t('reason')];
  return table(headers, rows.map((r) => [
    ...(withRuns ? [r.run_index === undefined ? '' : String(r.run_index)] : []),
    r.scorer_key ?? '', r.metric_key, r.key, formatValue(r.reported), formatValue(r.recomputed), r.verdict, r.verdict === 'match' ? '' : r.reason ?? '',
  ]));
}

function sampleTable(rows: readonly SampleVerificationRow[]): string {
  return table([l10n.t('sample'), l10n.t('scorer'), l10n.t('key'), l10n.t('reported'), l10n.t('recomputed'), l10n.t('verdict'), l10n.t('reason')], rows.map((r) => [
    String(r.sample_id), r.scorer_key, r.key, formatValue(r.reported), formatValue(r.recomputed), r.verdict, r.verdict === 'match' ? '' : r.reason ?? '',
  ]));
}

function humanReport(file: string, result: LogVerification): string {
  const lines = [`${file} — ${logStrings.verifyStatus(result.status)}`, '', logStrings.verifyHeaderMetrics];
  lines.push(result.metrics.length ? metricTable(result.metrics) : logStrings.verifyNone, '');
  if (result.samples.length) {
    lines.push(logStrings.verifyHeaderSamples);
    const notMatching = result.samples.filter((r) => r.verdict !== 'match');
    const shown = notMatching.slice(0, SAMPLE_ROWS_SHOWN);
    if (shown.length) lines.push(sampleTable(shown));
    if (notMatching.length > shown.length) lines.push(logStrings.verifyMoreMismatches(notMatching.length - shown.length));
    lines.push(logStrings.verifyNoMismatchSamples(result.samples.length), '');
  }
  lines.push(logStrings.verifySummary(result.counts.match, result.counts.mismatch, result.counts.not_verifiable));
  return `${lines.join('\n')}\n`;
}

/**
 * The index of a task result log (the file's bytes it no longer needs given back first), or of an Inspect log with the
 * summary its reader makes (its metrics verified; its summaries stay held, so there is nothing to give back).
 */
async function indexOf(filePath: string): Promise<{ index: LogIndex; summary?: LogSummary }> {
  if (isInspectLogFile(filePath)) {
    try {
      const source = await openInspectLog(filePath, 1, 'verify');
      // Every sample summary is in memory once read: the archive is not read again.
      source.dispose();
      return { index: source.index, summary: source.getSummary() };
    } catch (error) {
      if (!(error instanceof InspectLogError && error.notInspect)) throw error;
    }
  }
  const index = await loadLogIndex({ filePath }, { mode: 'lazy', checkSyntax: true, requireLog: true });
  collectReleasedMemory();
  return { index };
}

/**
 * `eval-lens log verify LOG [--json] [--curves]`: exit 1 when any value mismatches, 2 when the log cannot be read.
 * `--curves` adds the unbiased pass@k and pass^k curves, which read every sample again (docs/semantics.md §12).
 */
export const runLogVerifyCommand: CliCommand = async (argv, io) => {
  let json = false;
  let withCurves = false;
  const files: string[] = [];
  for (const arg of argv) {
    if (arg === '--json') json = true;
    else if (arg === '--curves') withCurves = true;
    else if (arg.startsWith('-')) throw new UsageError(logStrings.verifyUnknownOption(arg));
    else files.push(arg);
  }
  if (files.length !== 1) throw new UsageError(logStrings.verifyOneFile);
  const file = files[0];
  let report: LogVerifyReport;
  try {
    const { index, summary } = await indexOf(path.resolve(io.cwd, file));
    report = logVerifyReport(index, withCurves, summary);
  } catch (error) {
    if (error instanceof LogLoadError || error instanceof InspectLogError) {
      io.stderr(`eval-lens log verify: ${error.message.split(path.resolve(io.cwd, file)).join(file)}\n`);
      return 2;
    }
    throw error;
  }
  const result = report.verification;
  if (json) {
    io.stdout(`${JSON.stringify(logVerifyJson(report), null, 2)}\n`);
  } else {
    const statistics = verifyStatisticsText(report.curves, report.intervals);
    io.stdout(statistics ? `${humanReport(file, result)}\n${statistics}` : humanReport(file, result));
  }
  return result.counts.mismatch > 0 ? 1 : 0;
};
