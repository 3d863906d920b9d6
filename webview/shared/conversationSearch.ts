/**
 * Search inside one rendered conversation: every match highlighted, "n of m", Enter / Shift+Enter or F3 / Shift+F3 to
 * move, Escape to clear. Collapsed sections are built to be searched, and those holding a match are opened.
 */
import { searchStrings as S } from '../../src/core/l10n/searchStrings';
import { buildCollapsedBody, el, icon } from './dom';

/** Matches highlighted at most (a one-letter query on a huge conversation must stay responsive). */
const MAX_MATCHES = 5000;
/** Collapsed sections built at most for one search. */
const MAX_BUILT_SECTIONS = 5000;

/** Builds every collapsed section under `root` (and those they reveal), within the limit. */
function buildAll(root: HTMLElement): void {
  let built = 0;
  for (let again = true; again && built < MAX_BUILT_SECTIONS;) {
    again = false;
    for (const details of Array.from(root.querySelectorAll('details'))) {
      if (built >= MAX_BUILT_SECTIONS) break;
      if (buildCollapsedBody(details)) {
        built += 1;
        again = true;
      }
    }
  }
}

function clearMarks(root: HTMLElement): void {
  for (const mark of Array.from(root.querySelectorAll('mark.search-hit'))) {
    const parent = mark.parentNode;
    if (!parent) continue;
    parent.replaceChild(document.createTextNode(mark.textContent ?? ''), mark);
    parent.normalize();
  }
}

/** Wraps each occurrence of `query` (case-insensitive) in the text under `root` in a mark; returns the marks in order. */
export function markMatches(root: HTMLElement, query: string): HTMLElement[] {
  clearMarks(root);
  if (query === '') return [];
  const needle = query.toLocaleLowerCase();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  const marks: HTMLElement[] = [];
  for (const text of texts) {
    const value = text.data;
    const lower = value.toLocaleLowerCase();
    let at = lower.indexOf(needle);
    if (at < 0 || lower.length !== value.length) continue;
    const pieces: Node[] = [];
    let from = 0;
    while (at >= 0 && marks.length < MAX_MATCHES) {
      if (at > from) pieces.push(document.createTextNode(value.slice(from, at)));
      const mark = el('mark', { className: 'search-hit', text: value.slice(at, at + query.length) });
      marks.push(mark);
      pieces.push(mark);
      from = at + query.length;
      at = lower.indexOf(needle, from);
    }
    if (from < value.length) pieces.push(document.createTextNode(value.slice(from)));
    text.replaceWith(...pieces);
    if (marks.length >= MAX_MATCHES) break;
  }
  return marks;
}

/** Opens every collapsed section that holds `mark`. */
function reveal(mark: HTMLElement, root: HTMLElement): void {
  for (let node = mark.parentElement; node && node !== root; node = node.parentElement) {
    if (node instanceof HTMLDetailsElement && !node.open) node.open = true;
  }
}

export class ConversationSearch {
  readonly element: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly count = el('span', { className: 'search-count muted', attrs: { 'aria-live': 'polite', 'data-testid': 'search-count' } });
  private marks: HTMLElement[] = [];
  private current = -1;

  constructor(private readonly root: HTMLElement) {
    this.input = el('input', { className: 'search-input', attrs: { type: 'search', placeholder: S.placeholder, 'aria-label': S.label, 'data-testid': 'conversation-search' } });
    const previous = el('button', { className: 'icon-button', title: S.previous, attrs: { 'aria-label': S.previous, type: 'button' } }, icon('arrow-up'));
    const next = el('button', { className: 'icon-button', title: S.next, attrs: { 'aria-label': S.next, type: 'button' } }, icon('arrow-down'));
    previous.addEventListener('click', () => this.move(-1));
    next.addEventListener('click', () => this.move(1));
    this.input.addEventListener('input', () => this.search());
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        this.move(event.shiftKey ? -1 : 1);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        this.clear();
      }
    });
    this.element = el('div', { className: 'conversation-search', attrs: { role: 'search', 'aria-label': S.label } }, icon('search'), this.input, this.count, previous, next);
  }

  /** F3 / Shift+F3 anywhere on the page move; Ctrl+F (Cmd+F) goes to the box. */
  bindKeys(target: Document): void {
    target.addEventListener('keydown', (event) => {
      if (event.key === 'F3') {
        event.preventDefault();
        this.move(event.shiftKey ? -1 : 1);
      } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        this.input.focus();
        this.input.select();
      }
    });
  }

  get matchCount(): number {
    return this.marks.length;
  }

  search(query = this.input.value): void {
    if (query !== '') buildAll(this.root);
    this.marks = markMatches(this.root, query);
    for (const mark of this.marks) reveal(mark, this.root);
    this.current = this.marks.length ? 0 : -1;
    this.show();
  }

  clear(): void {
    this.input.value = '';
    this.search('');
  }

  private move(step: number): void {
    if (!this.marks.length) return;
    this.current = (this.current + step + this.marks.length) % this.marks.length;
    this.show();
  }

  private show(): void {
    this.marks.forEach((mark, i) => mark.classList.toggle('current', i === this.current));
    const mark = this.marks[this.current];
    this.count.textContent = this.input.value === '' ? '' : this.marks.length === 0 ? S.noMatches : S.position(this.current + 1, this.marks.length, this.marks.length >= MAX_MATCHES);
    if (mark) mark.scrollIntoView({ block: 'center' });
  }
}
