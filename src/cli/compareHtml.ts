/**
 * The comparison as ONE standalone HTML file, built like the log report's export: everything inline, the
 * theme variables of the report (light, or dark with `prefers-color-scheme`), a CSP that allows only the
 * inline style by its hash, and no script at all. Every text from a log is escaped.
 */
import { createHash } from 'node:crypto';
import type { CandidateComparison, CompareLogHeader, ComparisonSummary, MetricComparison, SampleChange } from '../core/compare/compareTypes';
import { compareStrings as S } from '../core/l10n/compareStrings';
import { STANDALONE_THEME_CSS } from '../core/report/standaloneHtml';
import { formatDuration } from '../../webview/logReport/format';
import { interval, metricDelta, metricLabel, metricSize, metricValue, num, pValue, signed, verdictText } from '../../webview/compare/compareFormat';

const PAGE_CSS = `body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); margin: 0; padding: 16px 24px; }
h1 { font-size: 1.4em; margin: 0 0 12px; } h2 { font-size: 1.15em; margin: 24px 0 8px; } h3 { font-size: 1em; margin: 16px 0 6px; }
.logs { display: flex; gap: 12px; flex-wrap: wrap; } .log { border: 1px solid var(--vscode-panel-border); background: var(--vscode-editorWidget-background); padding: 8px 12px; border-radius: 4px; }
.log .role { color: var(--vscode-descriptionForeground); font-size: 0.9em; }
table { border-collapse: collapse; margin: 4px 0 8px; } th, td { padding: 3px 10px; text-align: left; border-bottom: 1px solid var(--vscode-panel-border); }
td.n { text-align: right; font-family: var(--vscode-editor-font-family); white-space: nowrap; } th { color: var(--vscode-descriptionForeground); font-weight: 600; }
.badge { padding: 1px 8px; border-radius: 9px; font-size: 0.85em; background: var(--vscode-badge-background); color: var(--vscode-badge-foreground); white-space: nowrap; }
.badge.better { background: var(--vscode-charts-green); color: #fff; } .badge.worse { background: var(--vscode-charts-red); color: #fff; }
.note { color: var(--vscode-descriptionForeground); margin: 4px 0; } .warn { color: var(--vscode-editorWarning-foreground); }
svg.bar line.zero { stroke: var(--vscode-descriptionForeground); } svg.bar line.ci { stroke: var(--vscode-charts-blue); stroke-width: 3; } svg.bar circle { fill: var(--vscode-foreground); }`;

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The interval drawn as a bar around zero, on a scale shared by the metrics of one table. */
export function intervalBar(m: MetricComparison, scale: number): string {
  const width = 160;
  const x = (v: number): number => Math.max(2, Math.min(width - 2, width / 2 + (v / scale) * (width / 2 - 4)));
  const lo = m.estimate.ciLow;
  const hi = m.estimate.ciHigh;
  const ci = lo !== null && hi !== null ? `<line class="ci" x1="${x(lo).toFixed(1)}" x2="${x(hi).toFixed(1)}" y1="8" y2="8"/>` : '';
  const dot = Number.isFinite(m.estimate.delta) ? `<circle cx="${x(m.estimate.delta).toFixed(1)}" cy="8" r="3"/>` : '';
  return `<svg class="bar" width="${width}" height="16" role="img" aria-label="${esc(interval(m))}"><line class="zero" x1="${width / 2}" x2="${width / 2}" y1="1" y2="15"/>${ci}${dot}</svg>`;
}

function logCard(role: string, log: CompareLogHeader): string {
  const runtime = log.runtime !== undefined ? ` · ${esc(formatDuration(log.runtime))}` : '';
  return `<div class="log"><div class="role">${esc(role)}</div><strong>${esc(log.displayName)}</strong><div>${esc(log.fileName)} · ${esc(log.status)} · ${esc(S.view.sampleFacts(log.sampleCount, log.maxTrials))}${runtime}</div></div>`;
}

function metricRows(c: CandidateComparison): string {
  const scale = Math.max(1e-12, ...c.metrics.flatMap((m) => [m.estimate.ciLow, m.estimate.ciHigh, m.estimate.delta].filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).map(Math.abs)));
  return c.metrics.map((m) => `<tr data-metric="${esc(m.id)}"><td>${esc(metricLabel(m))}${m.lowerIsBetter ? ` <span class="note">(${esc(S.lowerIsBetter)})</span>` : ''}</td>
<td class="n">${m.estimate.n}</td><td class="n" title="${m.baselineMean}">${esc(metricValue(m, m.baselineMean))}</td><td class="n" title="${m.candidateMean}">${esc(metricValue(m, m.candidateMean))}</td><td class="n delta" title="${m.estimate.delta}">${esc(metricDelta(m, m.estimate.delta))}</td>
<td class="n">${esc(interval(m))}</td><td>${intervalBar(m, scale)}</td><td class="n p">${esc(pValue(m.estimate.p))}</td><td class="n">${esc(pValue(m.pHolm))}</td>
<td class="n" title="${m.estimate.mde}">${esc(metricSize(m, m.estimate.mde))}</td><td><span class="badge ${m.verdict}">${esc(verdictText(m))}</span></td></tr>`).join('\n');
}

function binaryTables(c: CandidateComparison): string {
  return c.metrics.filter((m) => m.binary).map((m) => {
    const b = m.binary as NonNullable<MetricComparison['binary']>;
    return `<h3>${esc(metricLabel(m))}</h3><table><tr><th></th><th>candidate pass</th><th>candidate fail</th></tr>
<tr><th>baseline pass</th><td class="n">${b.bothPass}</td><td class="n">${b.onlyBaseline}</td></tr>
<tr><th>baseline fail</th><td class="n">${b.onlyCandidate}</td><td class="n">${b.bothFail}</td></tr></table><div class="note">McNemar exact p = ${esc(pValue(b.mcnemarP))}</div>`;
  }).join('\n');
}

function changeRows(changes: readonly SampleChange[], c: CandidateComparison): string {
  const byId = new Map(c.metrics.map((m) => [m.id, m]));
  return changes.map((ch) => {
    const m = byId.get(ch.metricId);
    const notes = [ch.withinNoise ? `${S.withinNoise} (p ${pValue(ch.fisherP)})` : '', ch.inputChanged ? S.inputChanged : ''].filter(Boolean).join(', ');
    return `<tr><td>${esc(ch.sampleId)}</td><td>${esc(m ? metricLabel(m) : ch.metricId)}</td><td class="n">${esc(m ? metricValue(m, ch.baseline) : num(ch.baseline))}</td><td class="n">${esc(m ? metricValue(m, ch.candidate) : num(ch.candidate))}</td><td class="n">${esc(m ? metricDelta(m, ch.delta) : signed(ch.delta))}</td><td>${esc(S.kindLabel[ch.kind])}</td><td>${esc(notes)}</td></tr>`;
  }).join('\n');
}

function candidateSection(c: CandidateComparison, changes: readonly SampleChange[], shown: number): string {
  const a = c.alignment;
  const parts = [
    `<h2>${esc(S.candidateLabel(c.position))}: ${esc(c.log.displayName)}</h2>`,
    `<p class="note">${esc(S.alignmentLine(a.paired, a.onlyBaseline.length, a.onlyCandidate.length, a.duplicateBaseline.length, a.duplicateCandidate.length, a.inputChanged.length))}</p>`,
  ];
  if (c.unpaired) parts.push(`<p class="warn">${esc(S.unpairedNote)}</p>`);
  parts.push(`<h3>${esc(S.headingMetrics)}</h3>`);
  parts.push(c.metrics.length
    ? `<table class="metrics"><tr><th>metric</th><th>n</th><th>baseline</th><th>candidate</th><th>Δ</th><th>95% interval</th><th></th><th>p</th><th>p (Holm)</th><th>MDE</th><th></th></tr>\n${metricRows(c)}</table>`
    : `<p>${esc(S.noMetrics)}</p>`);
  for (const skipped of c.skipped) parts.push(`<div class="note">${esc(S.skippedLine(metricLabel(skipped), skipped.reason))}</div>`);
  const binary = binaryTables(c);
  if (binary) parts.push(`<h3>${esc(S.headingBinary)}</h3>`, binary);
  if (changes.length) {
    parts.push(`<h3>${esc(S.headingChanges)} (${Math.min(shown, changes.length)} / ${changes.length})</h3>`,
      `<table class="changes"><tr><th>sample</th><th>metric</th><th>baseline</th><th>candidate</th><th>Δ</th><th>change</th><th></th></tr>\n${changeRows(changes.slice(0, shown), c)}</table>`);
  }
  if (c.usage.length) {
    parts.push(`<h3>${esc(S.headingUsage)}</h3><table><tr><th>model</th><th>purpose</th><th>baseline</th><th>candidate</th><th>Δ</th></tr>${c.usage.map((u) =>
      `<tr><td>${u.modelId}</td><td>${esc(u.purpose)}</td><td class="n">${esc(num(u.baseline.promptTokens + u.baseline.completionTokens))}</td><td class="n">${esc(num(u.candidate.promptTokens + u.candidate.completionTokens))}</td><td class="n">${esc(signed(u.delta))}</td></tr>`).join('')}</table>`);
  }
  if (c.errors.length) {
    parts.push(`<h3>${esc(S.headingErrors)}</h3><table><tr><th>stage</th><th>baseline</th><th>candidate</th><th>Δ</th></tr>${c.errors.map((e) =>
      `<tr><td>${esc(e.stage)}</td><td class="n">${e.baseline}</td><td class="n">${e.candidate}</td><td class="n">${esc(signed(e.delta))}</td></tr>`).join('')}</table>`);
  }
  return parts.join('\n');
}

export function buildCompareHtml(summary: ComparisonSummary, changes: readonly SampleChange[][], shownChanges = 200): string {
  const css = `${STANDALONE_THEME_CSS}\n${PAGE_CSS}`.replace(/<\/style/gi, '<\\/style');
  const csp = ["default-src 'none'", `style-src ${sha256(css)}`, "img-src 'none'", "base-uri 'none'", "form-action 'none'"].join('; ');
  const body = [
    `<h1>${esc(S.htmlTitle(summary.baseline.displayName))}</h1>`,
    `<div class="logs">${logCard(S.baselineLabel, summary.baseline)}${summary.candidates.map((c) => logCard(S.candidateLabel(c.position), c.log)).join('')}</div>`,
    ...summary.candidates.map((c, i) => candidateSection(c, changes[i], shownChanges)),
  ].join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(S.htmlTitle(summary.baseline.displayName))} — Eval Lens</title>
<style>${css}</style>
</head>
<body>
${body}
</body>
</html>
`;
}
