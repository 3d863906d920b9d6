/**
 * The comparison of log files that `eval-lens log compare` prints and the Node API returns (docs/semantics.md §10):
 * the logs indexed in worker threads, the paired statistics, optionally the bootstrap and permutation figures
 * (docs/semantics.md §12) and each metric key's plan for a difference, and every candidate's per-sample changes.
 */
import type { CandidateComparison, ChangePage, ComparisonSummary, SampleChange } from '../model/compareTypes';
import { LogComparison } from './logComparison';
import { comparisonPlan } from './metricPlans';
import type { ComparableLog } from './comparableLog';
import { CompareLoadOptions, loadComparableLogs } from './parallelLoad';
import { runResampling } from './resamplingRunner';

export interface LogFileComparisonOptions {
  clusterKey?: string;
  lowerIsBetter?: readonly string[];
  /** A difference to plan for: the samples needed per metric key beside the MDE. */
  delta?: number;
  /** Run the paired bootstrap and the sign-flip permutation test. */
  resampling?: boolean;
  seed?: number;
  /** dist/worker/compareLoad.js: the logs are indexed in worker threads (in this thread when absent). */
  loadWorker?: string;
  /** dist/worker/resampling.js (in this thread when absent). */
  resamplingWorker?: string;
  load?: CompareLoadOptions;
}

export interface LogFileComparison {
  logs: ComparableLog[];
  comparison: LogComparison;
  summary: ComparisonSummary;
  /** Every paired sample's change, per candidate (in the order of `summary.candidates`), built on first use. */
  changes: SampleChange[][];
}

/** With a `delta`, each paired metric key's plan (docs/semantics.md §12) beside its MDE. */
function withPlans(summary: ComparisonSummary, delta: number | undefined): ComparisonSummary {
  if (delta === undefined) return summary;
  const candidates = summary.candidates.map((c) => ({
    ...c,
    metrics: c.metrics.map((m) => {
      const plan = comparisonPlan(m, { delta });
      return plan ? { ...m, plan } : m;
    }),
  }));
  return { ...summary, candidates };
}

/** Compares the first file (the baseline) with each other; throws a LogLoadError naming a file that cannot be read. */
export async function compareLogFiles(filePaths: readonly string[], options: LogFileComparisonOptions): Promise<LogFileComparison> {
  const logs = await loadComparableLogs(filePaths, options.loadWorker, options.load ?? {});
  const comparison = new LogComparison(logs, { clusterKey: options.clusterKey, lowerIsBetter: options.lowerIsBetter });
  if (options.resampling === true || options.seed !== undefined) {
    // In two worker threads side by side (in this thread when the worker file is missing).
    const run = runResampling(comparison.resamplingJobs(), options.seed, options.resamplingWorker, (result) => comparison.applyResampling(result));
    await run.done;
    comparison.resamplingProgress = 'complete';
  }
  // The workers that indexed the logs hashed each sample's data: "input changed" is decided from those
  // hashes, without reading every sample again (read only when a log has none).
  if (!(await comparison.checkInputsByFingerprints())) comparison.checkInputs();
  // Every pair's input is known now: the hashes (8 bytes a sample, 16 MB for two logs of a million) are let go
  // before the output is written (docs/performance.md).
  for (const log of logs) log.releaseDataHashes?.();
  const summary = withPlans(comparison.summary(), options.delta);
  let changes: SampleChange[][] | undefined;
  return {
    logs,
    comparison,
    summary,
    // Built when asked for: `log compare` writes them page by page (comparisonJsonWriter.ts) instead.
    get changes(): SampleChange[][] {
      return (changes ??= summary.candidates.map((c) => {
        const first = comparison.page({ candidate: c.position, offset: 0, limit: 0 });
        return comparison.page({ candidate: c.position, offset: 0, limit: first.total }).rows;
      }));
    },
  };
}

/** The first `limit` changes of each candidate with their number (what the terminal lists). */
export function firstChanges(result: Pick<LogFileComparison, 'summary' | 'comparison'>, limit: number): ChangePage[] {
  return result.summary.candidates.map((c) => result.comparison.page({ candidate: c.position, offset: 0, limit }));
}

/** The comparison as `log compare --json` prints it: the summary with each candidate's per-sample changes. */
export function comparisonJson(result: Pick<LogFileComparison, 'summary' | 'changes'>): Omit<ComparisonSummary, 'candidates'> & { candidates: (CandidateComparison & { sampleChanges: SampleChange[] })[] } {
  const { summary, changes } = result;
  return { ...summary, candidates: summary.candidates.map((c, i) => ({ ...c, sampleChanges: changes[i] })) };
}
