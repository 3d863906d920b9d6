/**
 * What a generator definition produces for its first source samples (docs/semantics.md §11.3): the source samples,
 * then each synthesizer — `template` samples page by page (asked from the host), `llm` prompts per source sample,
 * `python` snippets, claim inputs.
 */
import { generatorRunStrings as S } from '../../src/core/l10n/generatorStrings';
import type { GeneratorRunView, StageView } from '../../src/core/generators/generatorRun';
import type { FilledText } from '../../src/core/generators/generatorPlaceholders';
import type { TemplateSample } from '../../src/core/generators/templateExpansion';
import { codicon, el } from './dom';

export type RequestTemplatePage = (stage: number, offset: number, count: number) => void;

const PAGE = 50;

function note(text: string, icon?: string): HTMLElement {
  return el('p', { class: 'generator-note' }, icon ? codicon(icon) : undefined, icon ? ' ' : undefined, text);
}

function block(caption: string, text: FilledText | string | undefined, testId: string): HTMLElement | undefined {
  if (text === undefined) return undefined;
  const filled = typeof text === 'string' ? { text, unresolved: [] } : text;
  return el('figure', { class: 'generator-prompt' }, el('figcaption', {}, caption), el('pre', { 'data-testid': testId }, filled.text),
    filled.unresolved.length ? note(S.unresolved(filled.unresolved), 'warning') : undefined);
}

function sourceSection(run: GeneratorRunView): HTMLElement {
  const source = run.source;
  const section = el('section', { class: 'generator-section', 'data-testid': 'generator-source' }, el('h3', {}, S.sourceHeading(source.type)));
  for (const dataset of source.datasets) if (dataset.file) section.append(note(S.datasetFrom(dataset.key, dataset.file), 'database'));
  for (const problem of source.problems) section.append(note(problem, 'warning'));
  if (source.known && source.problems.length === 0) section.append(el('p', {}, el('strong', {}, S.sourceCount(source.total, source.complete))));
  if (source.type !== 'empty' && source.samples.length) {
    const table = el('table', { class: 'generator-table' }, el('thead', {}, el('tr', {}, el('th', {}, '#'), ...source.columns.map((c) => el('th', {}, c)))));
    const body = el('tbody');
    source.samples.forEach((sample, i) => body.append(el('tr', {}, el('td', {}, String(i + 1)), ...source.columns.map((c) => el('td', {}, typeof sample[c] === 'string' ? (sample[c] as string) : JSON.stringify(sample[c]) ?? '')))));
    table.append(body);
    section.append(table);
  }
  return section;
}

export class GeneratorRunSections {
  /** The list of each `template` stage's samples, with its pager, by stage index. */
  private readonly templates = new Map<number, { list: HTMLElement; range: HTMLElement; previous: HTMLButtonElement; next: HTMLButtonElement; total: number; offset: number }>();

  constructor(private readonly requestPage: RequestTemplatePage) {}

  render(run: GeneratorRunView): HTMLElement[] {
    this.templates.clear();
    const sections: HTMLElement[] = [sourceSection(run)];
    if (run.stages.length === 0) sections.push(note(S.noSynthesizers));
    for (const stage of run.stages) sections.push(this.stageSection(stage));
    return sections;
  }

  /** A page the host sent for a `template` stage. */
  showPage(stage: number, offset: number, samples: readonly TemplateSample[]): void {
    const view = this.templates.get(stage);
    if (!view) return;
    view.offset = offset;
    view.list.replaceChildren(...samples.map((sample, k) => this.sampleItem(sample, offset + k)));
    view.range.textContent = samples.length ? S.pageRange(offset + 1, offset + samples.length, view.total) : '';
    view.previous.disabled = offset === 0;
    view.next.disabled = offset + PAGE >= view.total;
  }

  private sampleItem(sample: TemplateSample, index: number): HTMLElement {
    const fields = Object.entries(sample.fields).map(([name, value]) => `${name}=${value}`).join(', ');
    return el('li', { class: 'generator-sample', 'data-testid': 'generator-sample' },
      el('div', { class: 'generator-sample-head' }, `${S.sample(index)} · ${S.sourceSample(sample.sourceIndex)}${fields ? ` · ${fields}` : ''}`),
      el('pre', {}, sample.text), sample.unresolved.length ? note(S.unresolved(sample.unresolved), 'warning') : undefined);
  }

  private templateSection(section: HTMLElement, stage: Extract<StageView, { kind: 'template' }>): void {
    section.append(el('p', {}, el('strong', { 'data-testid': 'generator-template-count' }, S.templateCount(stage.total, stage.perSource, stage.complete))));
    const previous = el('button', { type: 'button', class: 'link' }, codicon('chevron-left'));
    const next = el('button', { type: 'button', class: 'link' }, codicon('chevron-right'));
    const range = el('span', { class: 'generator-range', 'aria-live': 'polite' });
    const list = el('ol', { class: 'generator-samples' });
    const view = { list, range, previous, next, total: stage.total, offset: 0 };
    previous.setAttribute('aria-label', S.previousPage);
    next.setAttribute('aria-label', S.nextPage);
    previous.addEventListener('click', () => this.requestPage(stage.index, Math.max(0, view.offset - PAGE), PAGE));
    next.addEventListener('click', () => this.requestPage(stage.index, view.offset + PAGE, PAGE));
    this.templates.set(stage.index, view);
    section.append(el('div', { class: 'generator-pager' }, previous, range, next), list);
    this.showPage(stage.index, 0, stage.firstPage.slice(0, PAGE));
  }

  private stageSection(stage: StageView): HTMLElement {
    const type = stage.kind === 'claims' || stage.kind === 'unknown' ? stage.type : stage.kind;
    const section = el('section', { class: 'generator-section', 'data-testid': `generator-stage-${stage.kind}` }, el('h3', {}, S.stageHeading(stage.index, type)));
    switch (stage.kind) {
      case 'template':
        this.templateSection(section, stage);
        break;
      case 'llm':
        section.append(el('p', {}, S.model(stage.model), ' · ', S.columns(stage.columns.map((c) => (c.type ? `${c.name} (${c.type})` : c.name)))), note(S.neverCalled, 'info'));
        for (const prompt of stage.prompts) {
          section.append(el('h4', {}, S.sourceSample(prompt.sourceIndex)), block(S.systemPrompt, prompt.system, 'generator-prompt') ?? '', block(S.userPrompt, prompt.user, 'generator-prompt') ?? '');
        }
        break;
      case 'python':
        section.append(note(S.pythonNotRun, 'info'));
        if (stage.includeMissing && stage.includedFrom) section.append(note(S.includeMissing(stage.includedFrom), 'warning'));
        else section.append(block(stage.includedFrom ? S.includedFrom(stage.includedFrom) : 'synthesize_snippet', stage.snippet, 'generator-snippet') ?? '');
        break;
      case 'claims':
        section.append(el('p', {}, S.model(stage.model), ' · ', S.roles(stage.roles.map((r) => `${r.role} ← ${r.column}`))), note(S.claimInputs, 'info'));
        for (const input of stage.inputs) section.append(block(S.sourceSample(input.sourceIndex), JSON.stringify(input.values, null, 2), 'generator-claim-input') ?? '');
        break;
      default:
        section.append(note(S.unknownStage(stage.type), 'info'));
    }
    return section;
  }
}
