import type { CandidateComparison, ChangePage, ComparisonSummary, MetricComparison, SampleChange } from '../core/model/compareTypes';
import { compareStrings as S } from '../core/l10n/compareStrings';
import { formatDuration } from '../core/format/displayFormat';
import { compareStatisticsText } from './compareStatisticsText';
import { textTable } from './textTable';
import { comparedMetricLabel, interval, metricDelta, metricLabel, metricSize, metricValue, num, pValue, reportedValues, signed, verdictText } from '../core/format/compareFormat';
import * as l10n from '@vscode/l10n';

export { textTable };

function metricsTable(c: CandidateComparison): string {
  return textTable(
    [l10n.t('metric'), 'n', l10n.t('baseline'), l10n.t('candidate'), 'Δ', l10n.t('95% interval'), 'p', l10n.t('p (Holm)'), 'MDE', l10n.t('verdict')],
    c.metrics.map((m) => [
      comparedMetricLabel(m), String(m.estimate.n), metricValue(m, m.baselineMean), metricValue(m, m.candidateMean), metricDelta(m, m.estimate.delta), interval(m),
      pValue(m.estimate.p), pValue(m.pHolm), metricSize(m, m.estimate.mde), verdictText(m),
    ]),
  );
}

function binaryTable(c: CandidateComparison): string | undefined {
  const rows = c.metrics.filter((m) => m.binary).map((m) => {
    const b = m.binary as NonNullable<MetricComparison['binary']>;
    return [metricLabel(m), String(b.bothPass), String(b.bothFail), String(b.onlyBaseline), String(b.onlyCandidate), pValue(b.mcnemarP)];
  });
  return rows.length ? textTable([l10n.t('metric'), l10n.t('both pass'), l10n.t('both fail'), l10n.t('only baseline'), l10n.t('only candidate'), l10n.t('McNemar p')], rows) : undefined;
}

function changesTable(changes: readonly SampleChange[], metrics: readonly MetricComparison[]): string {
  const byId = new Map(metrics.map((m) => [m.id, m]));
  return textTable([l10n.t('sample'), l10n.t('metric'), l10n.t('baseline'), l10n.t('candidate'), 'Δ', l10n.t('change'), l10n.t('note')], changes.map((ch) => {
    const m = byId.get(ch.metricId);
    const notes = [ch.withinNoise ? l10n.t('{0} (Fisher p {1})', S.withinNoise, pValue(ch.fisherP)) : '', ch.inputChanged ? S.inputChanged : ''].filter(Boolean).join(', ');
    return [ch.sampleId, m ? metricLabel(m) : ch.metricId, m ? metricValue(m, ch.baseline) : num(ch.baseline), m ? metricValue(m, ch.candidate) : num(ch.candidate), m ? metricDelta(m, ch.delta) : signed(ch.delta), S.kindLabel[ch.kind], notes];
  }));
}

/** The comparison as the terminal prints it: per candidate, the samples, the metric table, 0/1 counts, changes, usage, errors. */
export function compareText(summary: ComparisonSummary, changes: readonly Pick<ChangePage, 'rows' | 'total'>[], shownChanges: number): string {
  const lines: string[] = [S.logLine(S.baselineLabel, summary.baseline.fileName, summary.baseline.displayName, summary.baseline.sampleCount)];
  summary.candidates.forEach((c, i) => {
    lines.push('', S.logLine(S.candidateLabel(c.position), c.log.fileName, c.log.displayName, c.log.sampleCount), '');
    const a = c.alignment;
    lines.push(`${S.headingAlignment}: ${S.alignmentLine(a.paired, a.onlyBaseline.length, a.onlyCandidate.length, a.duplicateBaseline.length, a.duplicateCandidate.length, a.inputChanged.length)}`);
    if (c.unpaired) lines.push(S.unpairedNote);
    const clustered = c.metrics.find((m) => m.estimate.clusters !== undefined);
    if (clustered && summary.clusterKey) lines.push(S.clusteredBy(summary.clusterKey, clustered.estimate.clusters ?? 0));
    lines.push('', S.headingMetrics, c.metrics.length ? metricsTable(c) : S.noMetrics);
    for (const m of c.metrics) {
      const reported = reportedValues(m);
      if (reported) lines.push(`${metricLabel(m)}: ${reported}`);
    }
    for (const skipped of c.skipped) lines.push(S.skippedLine(metricLabel(skipped), skipped.reason));
    const binary = binaryTable(c);
    if (binary) lines.push('', S.headingBinary, binary);
    lines.push(...compareStatisticsText(c));
    const shown = changes[i].rows.slice(0, shownChanges);
    if (shown.length) lines.push('', `${S.headingChanges} (${shown.length} / ${changes[i].total})`, changesTable(shown, c.metrics));
    if (c.usage.length) {
      lines.push('', S.headingUsage, textTable([l10n.t('purpose'), l10n.t('baseline models'), l10n.t('candidate models'), l10n.t('baseline'), l10n.t('candidate'), 'Δ'], c.usage.map((u) => [
        u.purpose, u.baselineModels.join(', ') || '—', u.candidateModels.join(', ') || '—', num(u.baseline.promptTokens + u.baseline.completionTokens), num(u.candidate.promptTokens + u.candidate.completionTokens), signed(u.delta),
      ])));
    }
    if (c.errors.length) {
      lines.push('', S.headingErrors, textTable([l10n.t('stage'), l10n.t('baseline'), l10n.t('candidate'), 'Δ'], c.errors.map((e) => [e.stage, String(e.baseline), String(e.candidate), signed(e.delta)])));
    }
    if (c.runs.length) {
      lines.push('', S.headingRuns, textTable([l10n.t('metric'), l10n.t('baseline'), l10n.t('candidate'), 'Δ'], c.runs.map((r) => [
        metricLabel(r), `${num(r.baseline.mean)} ± ${num(r.baseline.std)} (${r.baseline.runs})`, `${num(r.candidate.mean)} ± ${num(r.candidate.std)} (${r.candidate.runs})`, signed(r.delta),
      ])));
    }
    const rt = c.runtime;
    if (rt.baseline !== undefined && rt.candidate !== undefined && rt.delta !== undefined) {
      lines.push('', S.runtimeLine(formatDuration(rt.baseline), formatDuration(rt.candidate), `${rt.delta > 0 ? '+' : rt.delta < 0 ? '−' : ''}${formatDuration(Math.abs(rt.delta))}`));
    }
  });
  const worse = summary.candidates.reduce((n, c) => n + c.metrics.filter((m) => m.verdict === 'worse').length, 0);
  lines.push('', worse ? S.regressionFound(worse) : S.noRegression);
  return `${lines.join('\n')}\n`;
}
