/**
 * Seeded generation of the real-shaped filter-preview files (bench/data/, git-ignored): chat-format rows
 * (a `messages` array of three messages, one with tool calls, a `metadata` object, a `scores` object and
 * a flag), and long question/answer texts with escaped newlines shaped like GSM8K's rows.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORIES, seededRandom, sentence, writeLines } from './benchData';

const TOOLS = ['calculator', 'python', 'search', 'unit_converter'];
const NAMES = ['Natalia', 'Weng', 'Betty', 'Julie', 'James', 'Albert', 'Tina', 'Randy', 'Joy', 'Mark'];
const THINGS = ['clips', 'apples', 'pages', 'marbles', 'cookies', 'stamps', 'books', 'dollars', 'miles', 'eggs'];

function chatRow(random: () => number, id: number): string {
  const category = CATEGORIES[Math.floor(random() * CATEGORIES.length)];
  const difficulty = 1 + Math.floor(random() * 5);
  const a = 2 + Math.floor(random() * 90);
  const b = 2 + Math.floor(random() * 90);
  const tool = TOOLS[Math.floor(random() * TOOLS.length)];
  const row = {
    id: `chat-${id.toString().padStart(7, '0')}`,
    messages: [
      { role: 'system', content: `You are a careful assistant for ${category} questions. ${sentence(random, 20)}.` },
      { role: 'user', content: `${sentence(random, 45)}: what is ${a} times ${b}?\nShow your steps.` },
      {
        role: 'assistant',
        content: `${sentence(random, 40)}. The answer is ${a * b}.`,
        tool_calls: [{ id: `call_${id}`, type: 'function', function: { name: tool, arguments: JSON.stringify({ expression: `${a} * ${b}` }) } }],
      },
    ],
    metadata: { category, difficulty, source: random() < 0.5 ? 'synthetic' : 'curated', language: 'en', tags: [category, `level-${difficulty}`] },
    scores: { correct: random() < 0.6, similarity: Math.round(random() * 1000) / 1000, tokens: 100 + Math.floor(random() * 900) },
    flagged: random() < 0.05,
  };
  return `${JSON.stringify(row)}\n`;
}

function gsmRow(random: () => number): string {
  const name = NAMES[Math.floor(random() * NAMES.length)];
  const thing = THINGS[Math.floor(random() * THINGS.length)];
  const a = 2 + Math.floor(random() * 200);
  const b = 2 + Math.floor(random() * 50);
  const opening = random() < 0.5 ? `${name} sold ${thing} to ${a} of her friends` : `In ${sentence(random, 12)}, ${name} has ${a} ${thing}`;
  const question = `${opening} in April, and then ${sentence(random, 120)} ${b} ${thing} in May. How many ${thing} did ${name} have altogether in April and May?`;
  const steps = [
    `${name} had ${a} ${thing} at first, ${sentence(random, 70)}.`,
    `In May ${name} got ${a} * ${b} = <<${a}*${b}=${a * b}>>${a * b} ${thing}.`,
    `Altogether ${name} has ${a} + ${a * b} = <<${a}+${a * b}=${a + a * b}>>${a + a * b} ${thing}, ${sentence(random, 50)}.`,
  ];
  const answer = `${steps.join('\n')}\n#### ${a + a * b}`;
  return `${JSON.stringify({ question, answer })}\n`;
}

export interface ShapedBenchFiles {
  nested: string;
  longText: string;
}

/** Writes the chat-format file (`chatRows` rows) and the long-text file (`textRows` rows) unless they exist. */
export async function ensureShapedBenchFiles(root: string, chatRows: number, textRows: number): Promise<ShapedBenchFiles> {
  const dir = join(root, 'bench', 'data');
  mkdirSync(dir, { recursive: true });
  const nested = join(dir, `chat-${chatRows}.jsonl`);
  const longText = join(dir, `gsm-like-${textRows}.jsonl`);
  const missing = (file: string) => !existsSync(file) || statSync(file).size === 0;
  if (missing(nested)) {
    const random = seededRandom(7);
    await writeLines(nested, (function* () {
      for (let id = 1; id <= chatRows; id++) yield chatRow(random, id);
    })());
  }
  if (missing(longText)) {
    const random = seededRandom(8);
    await writeLines(longText, (function* () {
      for (let k = 0; k < textRows; k++) yield gsmRow(random);
    })());
  }
  return { nested, longText };
}
