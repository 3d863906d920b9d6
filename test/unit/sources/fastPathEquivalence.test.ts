import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview } from '../../../src/core/sources/preview';
import { findWorkerScript } from '../../../src/core/sources/parallelCount';
import { PreviewResult } from '../../../src/core/sources/previewTypes';

/** Files above the parallel threshold (8 MB) with rows that are hard for a fast path. */
let dir: string;
let jsonlFile: string;
let csvFile: string;
let csvSpanningFile: string;

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
});
after(() => rmSync(dir, { recursive: true, force: true }));

const filters = [
  { op: 'in', expression: '{{ sample.category }}', values: ['math', 'code'] },
  { op: 'greater_or_equal', expression: '{{ sample.difficulty }}', value: 3 },
  { op: 'is_true', expression: '{{ sample.is_hard }}' },
];

function run(file: string, workers: number, plainParsing: boolean, limit = 50): Promise<PreviewResult> {
  return preview({ source: { type: 'local', file_path: file, filters } }, { limit, workers, plainParsing });
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

  test('the tricky JSONL file has the warnings it should', async () => {
    const r = await run(jsonlFile, 2, false);
    assert.ok(r.warnings.some((w) => /not valid JSON/.test(w.message)));
    assert.ok(r.warnings.some((w) => /not a JSON object \(array\)/.test(w.message)));
    assert.ok(r.columns.includes('__proto__'));
    assert.ok(r.columns.includes('new_col_2'));
  });
});
