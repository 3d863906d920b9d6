/**
 * The sash between the samples table and the sample detail: drag it, or focus it and use the arrow keys
 * (Home/End for the narrowest and widest pane). The width is kept in the view state.
 */
import { logStrings as V } from '../../src/core/l10n/logStrings';
import { el } from '../shared/dom';

const MIN_PANE = 220;
const MIN_TABLE = 220;
const STEP = 24;

export class DetailSplitter {
  readonly element: HTMLElement;

  constructor(private readonly container: HTMLElement, private readonly pane: HTMLElement, width: number | undefined, private readonly changed: (width: number) => void) {
    this.element = el('div', { className: 'detail-splitter', attrs: { role: 'separator', 'aria-orientation': 'vertical', 'aria-label': V.resizeDetail, tabindex: 0, 'data-testid': 'detail-splitter' } });
    if (width !== undefined) this.apply(width, false);
    this.element.addEventListener('pointerdown', (event) => this.drag(event));
    // Dragging the sash selects no text on the way (a mouse press on it starts no selection).
    this.element.addEventListener('mousedown', (event) => {
      if (event.button === 0) event.preventDefault();
    });
    this.element.addEventListener('keydown', (event) => this.key(event));
    // A focusable separator announces its position: the pane's width within its limits, kept current as it changes.
    this.announce(width ?? MIN_PANE);
    if (typeof ResizeObserver === 'function') new ResizeObserver(() => this.announce(this.current())).observe(this.pane);
  }

  private announce(width: number): void {
    const { min, max } = this.container.clientWidth > 0 ? this.limits() : { min: MIN_PANE, max: Math.max(MIN_PANE, width) };
    this.element.setAttribute('aria-valuemin', String(min));
    this.element.setAttribute('aria-valuemax', String(max));
    this.element.setAttribute('aria-valuenow', String(Math.round(Math.min(max, Math.max(min, width)))));
  }

  private limits(): { min: number; max: number } {
    const total = this.container.clientWidth;
    return { min: MIN_PANE, max: Math.max(MIN_PANE, total - MIN_TABLE) };
  }

  private current(): number {
    return this.pane.getBoundingClientRect().width;
  }

  private apply(width: number, notify = true): void {
    const { min, max } = this.container.clientWidth > 0 ? this.limits() : { min: MIN_PANE, max: Number.MAX_SAFE_INTEGER };
    const clamped = Math.round(Math.min(max, Math.max(min, width)));
    this.container.style.setProperty('--detail-width', `${clamped}px`);
    this.announce(clamped);
    if (notify) this.changed(clamped);
  }

  private drag(event: PointerEvent): void {
    if (event.button !== 0) return;
    event.preventDefault();
    const startX = event.clientX;
    const startWidth = this.current();
    this.element.classList.add('dragging');
    this.element.setPointerCapture(event.pointerId);
    const move = (e: PointerEvent): void => this.apply(startWidth + (startX - e.clientX), false);
    const up = (e: PointerEvent): void => {
      this.element.releasePointerCapture(e.pointerId);
      this.element.classList.remove('dragging');
      this.element.removeEventListener('pointermove', move);
      this.element.removeEventListener('pointerup', up);
      this.apply(startWidth + (startX - e.clientX));
    };
    this.element.addEventListener('pointermove', move);
    this.element.addEventListener('pointerup', up);
  }

  private key(event: KeyboardEvent): void {
    const width = this.current();
    const { min, max } = this.limits();
    const next = event.key === 'ArrowLeft' ? width + STEP : event.key === 'ArrowRight' ? width - STEP : event.key === 'Home' ? min : event.key === 'End' ? max : undefined;
    if (next === undefined) return;
    event.preventDefault();
    this.apply(next);
  }
}
