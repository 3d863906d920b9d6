/** A generator definition's preview in the terminal (docs/semantics.md §11.3): source samples, then each synthesizer. */
import { generatorRunStrings as S } from '../core/l10n/generatorStrings';
import type { GeneratorRunView, StageView } from '../core/generators/generatorRun';
import type { TemplateSample } from '../core/generators/templateExpansion';
import type { FilledText } from '../core/generators/generatorPlaceholders';

function indent(text: string, by = '    '): string {
  return text.replace(/\n+$/, '').split('\n').map((line) => (line.trim() === '' ? '' : `${by}${line}`)).join('\n');
}

function filled(lines: string[], label: string, text: FilledText | undefined): void {
  if (!text) return;
  lines.push(`  ${label}:`, indent(text.text));
  if (text.unresolved.length) lines.push(`  ${S.unresolved(text.unresolved)}`);
}

function sourceLines(view: GeneratorRunView): string[] {
  const source = view.source;
  const lines = [S.sourceHeading(source.type)];
  for (const dataset of source.datasets) if (dataset.file) lines.push(`  ${S.datasetFrom(dataset.key, dataset.file)}`);
  for (const problem of source.problems) lines.push(`  ${problem}`);
  if (source.known && source.problems.length === 0) lines.push(`  ${S.sourceCount(source.total, source.complete)}`);
  if (source.type !== 'empty') source.samples.forEach((sample, i) => lines.push(`  ${S.sourceSample(i)}: ${JSON.stringify(sample)}`));
  return lines;
}

function templateLines(stage: Extract<StageView, { kind: 'template' }>, page: readonly TemplateSample[], offset: number): string[] {
  const lines = [`  ${S.templateCount(stage.total, stage.perSource, stage.complete)}`];
  if (page.length) lines.push(`  ${S.pageRange(offset + 1, offset + page.length, stage.total)}`);
  page.forEach((sample, k) => {
    const fields = Object.entries(sample.fields).map(([name, value]) => `${name}=${value}`).join(', ');
    lines.push('', `  ${S.sample(offset + k)} · ${S.sourceSample(sample.sourceIndex)}${fields ? ` · ${fields}` : ''}`, indent(sample.text));
    if (sample.unresolved.length) lines.push(`  ${S.unresolved(sample.unresolved)}`);
  });
  return lines;
}

function stageLines(stage: StageView, templatePage: readonly TemplateSample[], offset: number): string[] {
  switch (stage.kind) {
    case 'template':
      return [S.stageHeading(stage.index, 'template'), ...templateLines(stage, templatePage, offset)];
    case 'llm': {
      const lines = [S.stageHeading(stage.index, 'llm'), `  ${S.model(stage.model)}`, `  ${S.columns(stage.columns.map((c) => (c.type ? `${c.name} (${c.type})` : c.name)))}`, `  ${S.neverCalled}`];
      for (const prompt of stage.prompts) {
        lines.push('', `  ${S.sourceSample(prompt.sourceIndex)}`);
        filled(lines, S.systemPrompt, prompt.system);
        filled(lines, S.userPrompt, prompt.user);
      }
      return lines;
    }
    case 'python':
      if (stage.includeMissing && stage.includedFrom) return [S.stageHeading(stage.index, 'python'), `  ${S.pythonNotRun}`, `  ${S.includeMissing(stage.includedFrom)}`];
      return [S.stageHeading(stage.index, 'python'), `  ${S.pythonNotRun}`, ...(stage.includedFrom ? [`  ${S.includedFrom(stage.includedFrom)}`] : []), indent(stage.snippet)];
    case 'claims': {
      const lines = [S.stageHeading(stage.index, stage.type), `  ${S.model(stage.model)}`, `  ${S.roles(stage.roles.map((r) => `${r.role} ← ${r.column}`))}`, `  ${S.claimInputs}`];
      for (const input of stage.inputs) lines.push(`  ${S.sourceSample(input.sourceIndex)}: ${JSON.stringify(input.values)}`);
      return lines;
    }
    default:
      return [S.stageHeading(stage.index, stage.type), `  ${S.unknownStage(stage.type)}`];
  }
}

/** `pages` holds, for each `template` stage, the samples of the page asked for (starting at `offset`). */
export function formatGeneratorRun(view: GeneratorRunView, file: string, pages: ReadonlyMap<number, readonly TemplateSample[]>, offset: number): string {
  const lines = [S.title(view.displayName ?? view.key), file];
  if (view.config.length) {
    lines.push('', `${S.configHeading}:`);
    for (const entry of view.config) lines.push(`  ${S.configValue(entry.key, entry.value, entry.from)}`);
  }
  lines.push('', ...sourceLines(view));
  if (view.stages.length === 0) lines.push('', S.noSynthesizers);
  for (const stage of view.stages) lines.push('', ...stageLines(stage, pages.get(stage.index) ?? [], offset));
  return `${lines.join('\n')}\n`;
}
