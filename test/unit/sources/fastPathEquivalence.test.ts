import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview } from '../../../src/core/sources/preview';
import { findWorkerScript } from '../../../src/core/engine/pool/parallelCount';
import { PreviewResult } from '../../../src/core/model/previewTypes';

/** Files above the parallel threshold (8 MB) with rows that are hard for a fast path. */
let dir: string;
let jsonlFile: string;
let csvFile: string;
let csvSpanningFile: string;
let nestedFile: string;
let longTextFile: string;

function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function trickyJsonl(): string {
  const random = lcg(7);
  const cats = ['math', 'code', 'art', 'MATH', ' code'];
  const out: string[] = [];
  for (let i = 0; i < 60000; i++) {
    const r = random();
    const base = { id: i, category: cats[i % cats.length], difficulty: i % 7 === 0 ? String(i % 5) : i % 5, is_hard: i % 3 === 0, text: 'x'.repeat(100 + (i % 50)) };
    if (r < 0.01) out.push('{"category": "math", bad json');
    else if (r < 0.02) out.push('[1, 2, 3]');
    else if (r < 0.03) out.push('   ');
    else if (r < 0.04) out.push(`{"category":"code","difficulty":3,"is_hard":true,"category":"art","2":1,"1":0,"t":"tab\there"}`);
    else if (r < 0.05) out.push(`{"__proto__":{"x":1},"category":"math","difficulty":"4","is_hard":"True","u":"\\u00e9\\"\\\\ é 😀"}`);
    else if (r < 0.06) out.push(`{"category":"math","difficulty":1e1,"is_hard":1,"nested":{"a":[1,{"b":"}"}]},"num":-0.5E-3}\r`);
    else if (r < 0.07) out.push(`{"categ\\u006fry":"code","difficulty":3.5,"is_hard":true}`);
    else if (r < 0.075) out.push(`{"category":"math","difficulty":01,"is_hard":true}`);
    else if (r < 0.08) out.push(`{"category":"code","difficulty":3,"is_hard":true} trailing`);
    else if (r < 0.085) out.push(`{"category":"code","difficulty":null,"is_hard":true,"new_col_${i % 3}":1}`);
    else out.push(JSON.stringify(base));
  }
  return out.join('\n') + '\n';
}

/** Chat-format rows read through nested paths, with the values and keys that a shortcut could get wrong. */
function trickyNestedJsonl(): string {
  const random = lcg(23);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const cats = ['"math"', '"code"', '"art"', '"m\\u0061th"', '"MATH"', 'null', '3', '{"x":"math"}', '["math"]'];
  const levels = ['1', '3', '4', '"4"', '" 5 "', '3.0', '1e1', '-2', 'null', 'true', '"x"'];
  const flags = ['true', 'false', '1', '0', '"true"', '" TRUE "', 'null', '"yes"', '{}'];
  const blank = () => (random() < 0.9 ? '' : pick([' ', '\t', '  ', ' \r ']));
  const messages = () => {
    const deep = random() < 0.02 ? `${'['.repeat(40)}"deep"${']'.repeat(40)}` : '[]';
    return `[{"role":"system","content":"be \\"brief\\"\\n"},{"role":"user","content":"é 😀 { [ \\u00e9"},{"role":"assistant","content":"x","tool_calls":[{"id":"c1","type":"function","function":{"name":"calc","arguments":"{\\"a\\": [1, 2]}"}}],"extra":${deep}}]`;
  };
  const metadata = () => {
    const r = random();
    const category = pick(cats);
    const difficulty = pick(levels);
    if (r < 0.03) return pick(['null', '[]', '"math"', '7', '[{"category":"math"}]']);
    if (r < 0.06) return `{"category":"art","difficulty":1,"category":${category},"difficulty":${difficulty}}`;
    if (r < 0.09) return `{"c\\u0061tegory":${category},"difficult\\u0079":${difficulty}}`;
    if (r < 0.11) return `{"__proto__":{"category":"math"},"difficulty":${difficulty}}`;
    if (r < 0.13) return `{"difficulty":${difficulty}}`;
    return `{${blank()}"category"${blank()}:${blank()}${category}${blank()},"source":"s","difficulty":${difficulty},"tags":[${category},{"a":[]}]${blank()}}`;
  };
  const scores = () => (random() < 0.03 ? pick(['null', '[]', '{}', '{"correct":true,"correct":false}']) : `{"correct":${pick(flags)},"similarity":${random().toFixed(3)}}`);
  const out: string[] = [];
  for (let i = 0; i < 40000; i++) {
    const r = random();
    let line = `{"id":"chat-${i}","messages":${messages()},"metadata":${metadata()},"scores":${scores()},"flagged":${random() < 0.5}}`;
    if (r < 0.01) line = line.slice(0, Math.floor(random() * line.length));
    else if (r < 0.02) line = line.replace('"metadata":{', '"metadata":{,');
    else if (r < 0.03) line = line.replace(/\]\}$/, ']');
    else if (r < 0.04) line = `{"metadata":${metadata()},"scores":${scores()}}`;
    out.push(line);
  }
  return out.join('\n') + '\n';
}

/** Long question and answer texts with escaped newlines, quotes and other escapes. */
function longTextJsonl(): string {
  const random = lcg(31);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const starts = ['Natalia', 'Weng', 'M', 'Ma', 'L', 'Z', 'm', 'T', 'Tom', 'S', 'é', '"', ' ', '\n', '10', ''];
  const out: string[] = [];
  for (let i = 0; i < 60000; i++) {
    const body = Array.from({ length: 8 + Math.floor(random() * 30) }, () => pick(['word', 'the', 'clips', '\n', '"', '\\', '\u00e9', '😀', '<<48/2=24>>', '#### 72'])).join(' ');
    const question = JSON.stringify(`${pick(starts)}${body}`);
    const answer = JSON.stringify(`${pick(starts)}${body}\n#### ${i}`);
    out.push(random() < 0.01 ? `{"question":${question},"answer":${answer.slice(0, -2)}` : random() < 0.03 ? `{"answer":${answer}}` : `{"question":${question},"answer":${answer}}`);
  }
  return out.join('\n') + '\n';
}

function trickyCsv(): string {
  const random = lcg(11);
  const out: string[] = ['id,category,difficulty,is_hard,text'];
  for (let i = 0; i < 70000; i++) {
    const r = random();
    const cat = ['math', 'code', 'art'][i % 3];
    if (r < 0.01) out.push(`${i},${cat},3`);
    else if (r < 0.03) out.push(`${i},"${cat}",${i % 5},true,"multi\nline\n${i},math,5,true,looks like a row"`);
    else if (r < 0.04) out.push(`${i},${cat},${i % 5},TRUE,"quote "" inside, comma"`);
    else if (r < 0.05) out.push('');
    else if (r < 0.06) out.push(`${i},${cat},${i % 5},true,tail"after\r`);
    else out.push(`${i},${cat},${i % 5},${i % 2 === 0},${'y'.repeat(100 + (i % 40))}`);
  }
  return out.join('\n') + '\n';
}

/** A quoted field of several MB with lines that look like records, across the middle of the file. */
function spanningCsv(): string {
  const row = (i: number) => `${i},math,${i % 5},true,${'z'.repeat(120)}`;
  const head: string[] = ['id,category,difficulty,is_hard,text'];
  for (let i = 0; i < 25000; i++) head.push(row(i));
  const fake: string[] = [];
  for (let i = 0; i < 40000; i++) fake.push(`${i},code,4,true,fake`);
  const tail: string[] = [];
  for (let i = 0; i < 25000; i++) tail.push(row(i));
  return `${head.join('\n')}\n1,code,4,true,"${fake.join('\n')}"\n${tail.join('\n')}\n`;
}

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'eval-lens-fast-'));
  jsonlFile = join(dir, 'tricky.jsonl');
  csvFile = join(dir, 'tricky.csv');
  csvSpanningFile = join(dir, 'spanning.csv');
  writeFileSync(jsonlFile, trickyJsonl().repeat(1));
  writeFileSync(csvFile, trickyCsv());
  writeFileSync(csvSpanningFile, spanningCsv());
  nestedFile = join(dir, 'nested.jsonl');
  writeFileSync(nestedFile, trickyNestedJsonl());
  longTextFile = join(dir, 'long-text.jsonl');
  writeFileSync(longTextFile, longTextJsonl());
});
after(() => rmSync(dir, { recursive: true, force: true }));

const filters = [
  { op: 'in', expression: '{{ sample.category }}', values: ['math', 'code'] },
  { op: 'greater_or_equal', expression: '{{ sample.difficulty }}', value: 3 },
  { op: 'is_true', expression: '{{ sample.is_hard }}' },
];

const nestedFilters = [
  { op: 'in', expression: '{{ sample.metadata.category }}', values: ['math', 'code'] },
  { op: 'greater_or_equal', expression: '{{ sample.metadata["difficulty"] }}', value: 3 },
  { op: 'is_true', expression: '{{ sample.scores.correct }}' },
];
const longTextFilters = [
  { op: 'greater_or_equal', expression: '{{ sample.question }}', value: 'M' },
  { op: 'less_than', expression: '{{ sample["answer"] }}', value: 'T' },
];

function run(file: string, workers: number, plainParsing: boolean, limit = 50, withFilters: readonly object[] = filters): Promise<PreviewResult> {
  return preview({ source: { type: 'local', file_path: file, filters: withFilters } }, { limit, workers, plainParsing });
}

function assertSame(actual: PreviewResult, expected: PreviewResult, what: string): void {
  assert.equal(actual.total, expected.total, `${what}: total`);
  assert.equal(actual.matched, expected.matched, `${what}: matched`);
  assert.deepEqual(actual.removedPerFilter, expected.removedPerFilter, `${what}: removedPerFilter`);
  assert.equal(actual.notComparable, expected.notComparable, `${what}: notComparable`);
  assert.deepEqual(actual.columns, expected.columns, `${what}: columns`);
  assert.deepEqual(actual.rows, expected.rows, `${what}: rows`);
  assert.deepEqual(actual.warnings, expected.warnings, `${what}: warnings`);
  assert.equal(actual.complete, true);
}

describe('fast path and worker threads give exactly the plain results', () => {
  test('the worker script is built', () => {
    assert.ok(findWorkerScript(), 'run node esbuild.js first: dist/worker/rangeCount.worker.js');
  });

  for (const [name, file] of [['JSONL', () => jsonlFile], ['CSV', () => csvFile], ['CSV with a quoted field across the split', () => csvSpanningFile]] as const) {
    test(name, async () => {
      const plain = await run(file(), 0, true);
      assert.ok(plain.total > 20000);
      assert.ok(plain.matched > 100);
      assertSame(await run(file(), 0, false), plain, 'fast, one thread');
      assertSame(await run(file(), 2, false), plain, 'fast, 2 workers');
      assertSame(await run(file(), 3, false), plain, 'fast, 3 workers');
      assertSame(await run(file(), 2, true), plain, 'plain, 2 workers');
      const many = await run(file(), 0, true, 100000);
      assertSame(await run(file(), 2, false, 100000), many, 'all kept rows from workers');
    });
  }

  for (const [name, file, withFilters] of [
    ['chat-format JSONL filtered on nested paths', () => nestedFile, nestedFilters],
    ['chat-format JSONL, an index in one path and a whole object in another', () => nestedFile, [...nestedFilters, { op: 'in', expression: '{{ sample.metadata.tags[0] }}', values: ['math', 'code'] }, { op: 'not_equals', expression: '{{ sample.scores }}', value: 'x' }]],
    ['long-text JSONL', () => longTextFile, longTextFilters],
  ] as const) {
    test(name, async () => {
      const plain = await run(file(), 0, true, 50, withFilters);
      assert.ok(plain.total > 20000);
      assert.ok(plain.matched > 100 && plain.matched < plain.total / 2, `${plain.matched} of ${plain.total} kept`);
      assertSame(await run(file(), 0, false, 50, withFilters), plain, 'fast, one thread');
      assertSame(await run(file(), 2, false, 50, withFilters), plain, 'fast, 2 workers');
      const many = await run(file(), 0, true, 100000, withFilters);
      assertSame(await run(file(), 2, false, 100000, withFilters), many, 'all kept rows from workers');
    });
  }

  test('the tricky JSONL file has the warnings it should', async () => {
    const r = await run(jsonlFile, 2, false);
    assert.ok(r.warnings.some((w) => /not valid JSON/.test(w.message)));
    assert.ok(r.warnings.some((w) => /not a JSON object \(array\)/.test(w.message)));
    assert.ok(r.columns.includes('__proto__'));
    assert.ok(r.columns.includes('new_col_2'));
  });
});
