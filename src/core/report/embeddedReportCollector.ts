/**
 * Gathers everything a standalone report needs from a LogSource: the summary (with the schema problems
 * of a log validated in the background), every sample row (top level and per run) and every sample detail.
 */
import type { LogSource } from '../log/logSource';
import type { SampleDetail, SampleRow } from '../model/logViewTypes';
import type { EmbeddedReport, EmbeddedSamples } from '../protocol/embeddedReport';
import * as l10n from '@vscode/l10n';

const PAGE = 1000;

async function collectSamples(source: LogSource, generation: number, runIndex: number | undefined, onSample?: () => void): Promise<EmbeddedSamples> {
  const rows: SampleRow[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await source.page({ offset, limit: PAGE, runIndex });
    if (page.generation !== generation) throw new Error(l10n.t('The log changed while the report was being written.'));
    rows.push(...page.rows);
    if (page.rows.length === 0 || rows.length >= page.total) break;
  }
  const details: SampleDetail[] = [];
  for (const row of rows) {
    details[row.index] = await source.detail(row.index, runIndex);
    onSample?.();
  }
  return { rows, details };
}

export async function collectEmbeddedReport(source: LogSource, onSample?: () => void): Promise<EmbeddedReport> {
  const summary = await source.summary();
  const laterProblems = source.laterSchemaProblems?.().catch(() => undefined);
  const samples = summary.samples.count > 0 ? await collectSamples(source, summary.generation, undefined, onSample) : { rows: [], details: [] };
  const runs: Record<string, EmbeddedSamples> = {};
  for (const run of summary.runs?.runs ?? []) {
    if (run.sampleCount > 0) runs[String(run.index)] = await collectSamples(source, summary.generation, run.index, onSample);
  }
  const schemaProblems = (await laterProblems) ?? summary.schemaProblems;
  return { kind: 'eval-lens-log-report', version: 1, summary: { ...summary, schemaProblems }, samples, runs };
}
