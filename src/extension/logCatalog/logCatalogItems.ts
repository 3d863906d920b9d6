/** The tree items of the Evaluation Logs view: a folder of logs, and one log with its facts (or its problem). */
import * as vscode from 'vscode';
import { formatNumber, formatValue } from '../../core/format/displayFormat';
import type { CatalogEntry } from '../../core/logCatalog/catalogOrder';
import { LogFacts, LogOutcome, isLogFactsProblem } from '../../core/logCatalog/logFacts';

/** The custom editor that opens a log as a report. */
export const LOG_REPORT_EDITOR = 'evalLens.taskLog';

const OUTCOME_ICONS: Record<LogOutcome, vscode.ThemeIcon> = {
  success: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  error: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')),
  started: new vscode.ThemeIcon('sync'),
  cancelled: new vscode.ThemeIcon('circle-slash'),
  unknown: new vscode.ThemeIcon('circle-outline'),
};

function metricText(facts: LogFacts): string | undefined {
  const metric = facts.mainMetric;
  return metric ? `${metric.name} ${formatValue(metric.value, metric.rate)}` : undefined;
}

function samplesText(facts: LogFacts): string {
  return facts.samples === undefined ? vscode.l10n.t('samples unknown') : facts.samples === 1 ? vscode.l10n.t('{0} sample', formatNumber(facts.samples)) : vscode.l10n.t('{0} samples', formatNumber(facts.samples));
}

function dateText(facts: LogFacts): string | undefined {
  return facts.date === undefined ? undefined : new Date(facts.date).toLocaleString();
}

/** model · main metric · samples · status */
export function logDescription(facts: LogFacts): string {
  return [facts.model, metricText(facts), samplesText(facts), facts.status || undefined].filter(Boolean).join(' · ');
}

function logTooltip(entry: CatalogEntry, facts: LogFacts): vscode.MarkdownString {
  const rows: [string, string | undefined][] = [
    [vscode.l10n.t('Task'), facts.task],
    [vscode.l10n.t('Run'), facts.displayName],
    [vscode.l10n.t('Model'), facts.model],
    [vscode.l10n.t('Status'), facts.status],
    [vscode.l10n.t('Main metric'), metricText(facts)],
    [vscode.l10n.t('Samples'), samplesText(facts)],
    [vscode.l10n.t('Date'), dateText(facts)],
    [vscode.l10n.t('File'), entry.file],
  ];
  const tooltip = new vscode.MarkdownString();
  for (const [label, value] of rows) {
    if (!value) continue;
    tooltip.appendMarkdown(`**${label}:** `);
    tooltip.appendText(value);
    tooltip.appendMarkdown('  \n');
  }
  return tooltip;
}

/** A log: its task as label (else its file name), its facts as description and tooltip, click opens the report. */
export function logTreeItem(entry: CatalogEntry): vscode.TreeItem {
  const uri = vscode.Uri.file(entry.file);
  const facts = entry.facts;
  const item = new vscode.TreeItem(isLogFactsProblem(facts) ? entry.name : facts.task ?? entry.name, vscode.TreeItemCollapsibleState.None);
  item.resourceUri = uri;
  item.id = entry.file;
  item.command = { command: 'vscode.openWith', title: vscode.l10n.t('Open Report'), arguments: [uri, LOG_REPORT_EDITOR] };
  if (isLogFactsProblem(facts)) {
    item.description = facts.problem;
    item.tooltip = `${facts.problem}\n${entry.file}`;
    item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
    item.contextValue = 'evalLens.logWithProblem';
    return item;
  }
  item.description = logDescription(facts);
  item.tooltip = logTooltip(entry, facts);
  item.iconPath = OUTCOME_ICONS[facts.outcome];
  item.contextValue = 'evalLens.log';
  return item;
}

export function folderTreeItem(folder: string, count: number): vscode.TreeItem {
  const item = new vscode.TreeItem(folder || vscode.l10n.t('(workspace root)'), vscode.TreeItemCollapsibleState.Expanded);
  item.id = `folder:${folder}`;
  item.description = count === 1 ? vscode.l10n.t('{0} log', count) : vscode.l10n.t('{0} logs', count);
  item.iconPath = vscode.ThemeIcon.Folder;
  item.contextValue = 'evalLens.logFolder';
  return item;
}
