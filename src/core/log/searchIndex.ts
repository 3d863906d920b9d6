import { readSample } from './sampleReading';
import type { SampleStore } from './sampleReading';

/**
 * Case-insensitive text search over samples. Each sample contributes a compact lowercase text (its id,
 * error messages, data values and the string values of its outputs, in that order, capped at
 * SEARCH_CHARS_PER_SAMPLE characters).
 */
const SEARCH_CHARS_PER_SAMPLE = 2000;

/** Keys whose string values are structure, not content. */
const STRUCTURAL_KEYS = new Set(['type', 'role', 'id', 'call_id', 'status', 'format', 'FORMAT', 'scorer_key', 'scorer_purpose']);

class TextBudget {
  readonly parts: string[] = [];
  private left: number;
  constructor(max: number) {
    this.left = max;
  }
  get full(): boolean {
    return this.left <= 0;
  }
  push(text: string): void {
    if (this.left <= 0 || text.length === 0) return;
    const piece = text.length > this.left ? text.slice(0, this.left) : text;
    this.parts.push(piece);
    this.left -= piece.length + 1;
  }
}

function collectStrings(value: unknown, budget: TextBudget, depth = 0): void {
  if (budget.full || depth > 40) return;
  if (typeof value === 'string') budget.push(value);
  else if (typeof value === 'number' || typeof value === 'boolean') budget.push(String(value));
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, budget, depth + 1);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) if (!STRUCTURAL_KEYS.has(key)) collectStrings(item, budget, depth + 1);
  }
}

/** The lowercase search text of one complete sample. */
export function sampleSearchText(raw: unknown, position: number): string {
  const shape = readSample(raw, position);
  const budget = new TextBudget(SEARCH_CHARS_PER_SAMPLE);
  budget.push(String(shape.sampleId));
  for (const error of [...shape.errors, ...shape.trials.flatMap((t) => t.errors)]) budget.push(`${error.errorType} ${error.message}`);
  collectStrings(shape.data, budget);
  collectStrings(shape.solver, budget);
  for (const trial of shape.trials) collectStrings(trial.solver, budget);
  return budget.parts.join(' ').toLowerCase();
}

/**
 * Search texts of one sample set, built in chunks so a worker stays responsive. Each sample keeps its own
 * string (one non-ASCII character then widens only that string, not all of them).
 */
export class SearchIndex {
  private readonly texts: string[] = [];

  constructor(private readonly store: SampleStore) {}

  get ready(): boolean {
    return this.texts.length >= this.store.count;
  }

  /** Indexes up to `count` more samples; returns true when complete. */
  step(count: number): boolean {
    const end = Math.min(this.store.count, this.texts.length + count);
    for (let i = this.texts.length; i < end; i++) {
      let text: string;
      try {
        text = sampleSearchText(this.store.full(i), i);
      } catch {
        text = '';
      }
      this.texts.push(text);
    }
    return this.ready;
  }

  /**
   * Positions of the samples whose text contains `needle`, among the first `searched` samples: the texts
   * still missing are built first, for at most `budgetMs` (all of them when no budget is given).
   */
  matches(needle: string, budgetMs?: number): { found: Set<number>; searched: number } {
    const deadline = budgetMs === undefined ? Infinity : performance.now() + budgetMs;
    while (!this.ready && performance.now() < deadline) this.step(budgetMs === undefined ? 1000 : 25);
    const found = new Set<number>();
    const lower = needle.toLowerCase();
    if (lower) for (let i = 0; i < this.texts.length; i++) if (this.texts[i].includes(lower)) found.add(i);
    return { found, searched: this.texts.length };
  }
}
