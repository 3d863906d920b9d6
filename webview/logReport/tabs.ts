/** The tab strip: ARIA tabs with roving focus (Left/Right/Home/End), panels built on first show. */
import { el } from '../shared/dom';
import type { TabId } from './viewState';

export interface TabSpec {
  id: TabId;
  label: string;
  badge?: string;
  render(): HTMLElement;
}

export class Tabs {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private readonly buttons = new Map<TabId, HTMLButtonElement>();
  private readonly panels = new Map<TabId, HTMLElement>();
  private current: TabId | undefined;

  constructor(private readonly specs: TabSpec[], private readonly onChange: (id: TabId) => void) {
    this.list = el('div', { className: 'tab-list', attrs: { role: 'tablist' } });
    this.element = el('div', { className: 'tabs' }, this.list);
    specs.forEach((spec, i) => {
      const button = el('button', { className: 'tab', attrs: { role: 'tab', id: `tab-${spec.id}`, 'aria-controls': `panel-${spec.id}`, 'aria-selected': 'false', tabindex: -1, 'data-tab': spec.id } }, spec.label);
      if (spec.badge) button.appendChild(el('span', { className: 'tab-badge', text: spec.badge }));
      button.addEventListener('click', () => this.select(spec.id));
      button.addEventListener('keydown', (event) => {
        const last = specs.length - 1;
        const target = event.key === 'ArrowRight' ? (i === last ? 0 : i + 1) : event.key === 'ArrowLeft' ? (i === 0 ? last : i - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : -1;
        if (target < 0) return;
        event.preventDefault();
        this.select(specs[target].id);
        this.buttons.get(specs[target].id)?.focus();
      });
      this.buttons.set(spec.id, button);
      this.list.appendChild(button);
    });
  }

  has(id: TabId): boolean {
    return this.buttons.has(id);
  }

  get selected(): TabId | undefined {
    return this.current;
  }

  select(id: TabId): void {
    if (!this.has(id)) id = this.specs[0].id;
    if (this.current === id) return;
    this.current = id;
    for (const [tab, button] of this.buttons) {
      button.setAttribute('aria-selected', tab === id ? 'true' : 'false');
      button.tabIndex = tab === id ? 0 : -1;
    }
    let panel = this.panels.get(id);
    if (!panel) {
      const spec = this.specs.find((s) => s.id === id);
      panel = el('div', { className: 'tab-panel', attrs: { role: 'tabpanel', id: `panel-${id}`, 'aria-labelledby': `tab-${id}`, tabindex: 0 } });
      if (spec) panel.appendChild(spec.render());
      this.panels.set(id, panel);
      this.element.appendChild(panel);
    }
    for (const [tab, p] of this.panels) p.hidden = tab !== id;
    this.onChange(id);
  }
}
