/** Seeded generation of the filter-preview benchmark files (bench/data/, git-ignored). */
import { createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const CATEGORIES = ['math', 'code', 'science', 'history', 'language', 'art'];
const WORDS = (
  'the of a to in is that for it as with was on be by this are from or an which at but not have has one all ' +
  'their can more also new other some these than into its two first would been may after most only such over ' +
  'between number value function equation proof variable integer matrix vector graph tree array string loop ' +
  'compile runtime memory thread energy atom cell planet river empire treaty grammar verb noun colour brush'
).split(' ');

/** mulberry32: a small, fast, seeded PRNG. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BenchRow {
  id: number;
  category: string;
  difficulty: number;
  score: number;
  is_hard: boolean;
  question: string;
  answer: string;
}

export function sentence(random: () => number, length: number): string {
  const words: string[] = [];
  let size = 0;
  while (size < length) {
    const word = WORDS[Math.floor(random() * WORDS.length)];
    words.push(word);
    size += word.length + 1;
  }
  return words.join(' ');
}

export function* benchRows(count: number, seed = 42): Generator<BenchRow> {
  const random = seededRandom(seed);
  for (let id = 1; id <= count; id++) {
    const category = CATEGORIES[Math.floor(random() * CATEGORIES.length)];
    const difficulty = 1 + Math.floor(random() * 5);
    const score = Math.round(random() * 1000) / 1000;
    const isHard = random() < 0.4;
    const question = `${sentence(random, 80)}, ${sentence(random, 22)}?`;
    const answer = `${sentence(random, 50)}, ${sentence(random, 14)}.`;
    yield { id, category, difficulty, score, is_hard: isHard, question, answer };
  }
}

function csvCell(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(row: BenchRow): string {
  return `${row.id},${row.category},${row.difficulty},${row.score},${row.is_hard},${csvCell(row.question)},${csvCell(row.answer)}\n`;
}

export async function writeLines(path: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(path);
  let batch = '';
  for (const line of lines) {
    batch += line;
    if (batch.length > 1 << 20) {
      if (!out.write(batch)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      batch = '';
    }
  }
  out.write(batch);
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

export interface BenchFiles {
  jsonl: string;
  csv: string;
}

/** Writes `rows`-row JSONL and CSV files into bench/data/ unless they exist already. */
export async function ensureBenchFiles(root: string, rows: number): Promise<BenchFiles> {
  const dir = join(root, 'bench', 'data');
  mkdirSync(dir, { recursive: true });
  const jsonl = join(dir, `questions-${rows}.jsonl`);
  const csv = join(dir, `questions-${rows}.csv`);
  if (!existsSync(jsonl) || statSync(jsonl).size === 0) {
    await writeLines(jsonl, (function* () {
      for (const row of benchRows(rows)) yield `${JSON.stringify(row)}\n`;
    })());
  }
  if (!existsSync(csv) || statSync(csv).size === 0) {
    await writeLines(csv, (function* () {
      yield 'id,category,difficulty,score,is_hard,question,answer\n';
      for (const row of benchRows(rows)) yield csvLine(row);
    })());
  }
  return { jsonl, csv };
}
