/** A generated dataset in the preview: the generator definition, its prompts with the config put in, the columns to expect. */
import { previewGeneratorStrings as S } from '../../src/core/l10n/previewStrings';
import type { PreviewLocation } from '../../src/core/protocol/previewProtocol';
import type { GeneratorPreviewView } from '../../src/core/sources/generatorPreview';
import { clear, codicon, el } from './dom';
import { baseName } from './funnelView';
import { generatorRunStrings } from '../../src/core/l10n/generatorStrings';
import type { GeneratorRunView } from '../../src/core/generators/generatorRun';
import type { TemplateSample } from '../../src/core/generators/templateExpansion';
import { GeneratorRunSections, RequestTemplatePage } from './generatorRunView';

export class GeneratorView {
  readonly element = el('section', { class: 'generator', 'aria-label': S.aria, 'data-testid': 'generator' });

  private readonly runSections: GeneratorRunSections;

  constructor(private readonly openLocation: (location: PreviewLocation) => void, requestPage: RequestTemplatePage) {
    this.element.hidden = true;
    this.runSections = new GeneratorRunSections(requestPage);
  }

  /** A page of a `template` stage's samples, from the host. */
  showPage(stage: number, offset: number, samples: readonly TemplateSample[]): void {
    this.runSections.showPage(stage, offset, samples);
  }

  /** A generator definition file itself: its name, then what it produces. */
  private renderDefinition(view: GeneratorPreviewView, run: GeneratorRunView): void {
    const definition = view.definition;
    const name = run.displayName ? `${run.displayName} (${run.key})` : run.key;
    this.element.append(el('h2', { class: 'generator-title' }, codicon('sparkle'), ' ', generatorRunStrings.title(name || '?')),
      el('p', { class: 'generator-intro' }, generatorRunStrings.definitionIntro));
    if (run.description) this.element.append(el('p', { class: 'generator-description' }, run.description));
    if (definition) this.element.append(el('p', {}, codicon('go-to-file'), ' ', this.openButton(definition.file, definition.line)));
    if (run.config.length) {
      const list = el('dl', { class: 'generator-config' });
      for (const entry of run.config) list.append(el('dt', {}, entry.key), el('dd', {}, generatorRunStrings.configValue(entry.key, entry.value, entry.from).replace(`${entry.key}: `, '')));
      this.element.append(el('section', { class: 'generator-section' }, el('h3', {}, generatorRunStrings.configHeading), list));
    }
  }

  private openButton(file: string, line: number | undefined): HTMLElement {
    const open = el('button', { class: 'link', type: 'button', title: file }, S.openDefinition(baseName(file), line));
    open.addEventListener('click', () => this.openLocation({ file, line }));
    return open;
  }

  hide(): void {
    this.element.hidden = true;
    clear(this.element);
  }

  render(view: GeneratorPreviewView, run?: GeneratorRunView, definitionFile = false): void {
    clear(this.element);
    this.element.hidden = false;
    if (run && definitionFile) {
      this.renderDefinition(view, run);
      this.element.append(...this.runSections.render(run));
      return;
    }
    this.renderDataset(view, run === undefined);
    if (run) this.element.append(...this.runSections.render(run));
  }

  /** A dataset that names a generator; its prompts are shown here only when the run (which renders them) is absent. */
  private renderDataset(view: GeneratorPreviewView, withPrompts: boolean): void {
    const definition = view.definition;
    const name = definition?.displayName ? `${definition.displayName} (${view.generatorKey})` : view.generatorKey;
    this.element.append(el('h2', { class: 'generator-title' }, codicon('sparkle'), ' ', S.title(name || '?')));
    const facts = el('p', { class: 'generator-facts' }, el('strong', { 'data-testid': 'generator-samples' }, S.samples(view.numSamples)));
    if (definition?.type) facts.append(' · ', S.definitionType(definition.type));
    if (definition?.dataSource) facts.append(' · ', S.dataSource(definition.dataSource));
    if (definition?.models.length) facts.append(' · ', S.models(definition.models));
    this.element.append(facts, el('p', { class: 'generator-intro' }, S.intro));
    if (!view.generatorKey) this.element.append(this.note(S.noKey, undefined));
    else if (!definition) {
      this.element.append(el('div', { class: 'generator-missing', role: 'note', 'data-testid': 'generator-missing' },
        el('h3', {}, codicon('info'), ' ', S.notFoundTitle(view.generatorKey)),
        el('p', {}, S.notFound(view.generatorKey)),
        el('p', { class: 'generator-hint' }, S.notFoundHint)));
    } else {
      if (definition.description) this.element.append(el('p', { class: 'generator-description' }, definition.description));
      this.element.append(el('p', {}, codicon('go-to-file'), ' ', this.openButton(definition.file, definition.line)));
    }
    this.element.append(this.configSection(view));
    if (definition) {
      this.element.append(this.columnsSection(view));
      if (withPrompts) this.element.append(this.promptsSection(view));
    }
  }

  private note(text: string, icon: string | undefined): HTMLElement {
    return el('p', { class: 'generator-note' }, icon ? codicon(icon) : undefined, icon ? ' ' : undefined, text);
  }

  private configSection(view: GeneratorPreviewView): HTMLElement {
    const section = el('section', { class: 'generator-section' }, el('h3', {}, S.configHeading));
    if (view.config.length === 0) section.append(this.note(S.noConfig, undefined));
    else {
      const list = el('dl', { class: 'generator-config' });
      for (const { key, value } of view.config) list.append(el('dt', {}, key), el('dd', {}, value));
      section.append(list);
    }
    if (view.missingConfig.length) section.append(this.note(S.missingConfig(view.missingConfig), 'warning'));
    return section;
  }

  private columnsSection(view: GeneratorPreviewView): HTMLElement {
    const section = el('section', { class: 'generator-section' }, el('h3', {}, S.columnsHeading));
    if (view.columns.length === 0) section.append(this.note(S.noColumns, undefined));
    else {
      const list = el('ul', { class: 'generator-columns', 'data-testid': 'generator-columns' });
      for (const column of view.columns) list.append(el('li', {}, el('code', {}, column.name), column.type ? el('span', { class: 'column-type' }, ` ${column.type}`) : undefined));
      section.append(list);
    }
    return section;
  }

  private promptsSection(view: GeneratorPreviewView): HTMLElement {
    const section = el('section', { class: 'generator-section' }, el('h3', {}, S.promptsHeading));
    if (view.prompts.length === 0) section.append(this.note(S.noPrompts, undefined));
    for (const prompt of view.prompts) {
      section.append(el('figure', { class: 'generator-prompt' },
        el('figcaption', {}, S.promptLabel(prompt.synthesizer, prompt.field)),
        el('pre', { 'data-testid': 'generator-prompt' }, prompt.text),
        prompt.unresolved.length ? this.note(S.unresolved(prompt.unresolved), 'warning') : undefined));
    }
    return section;
  }
}
