import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview, PreviewError } from '../../../src/core/sources/preview';
import { PreviewOptions, PreviewResult } from '../../../src/core/model/previewTypes';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'eval-lens-local-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

function run(file: string, filters: unknown[] = [], options: Partial<PreviewOptions> = {}): Promise<PreviewResult> {
  return preview({ key: 'k', display_name: 'k', source: { type: 'local', file_path: file, filters } }, { limit: 100, workers: 0, ...options });
}

describe('local CSV', () => {
  test('BOM, CRLF, quoted comma, quote and newline; values are text', async () => {
    const file = write('a.csv', '\ufeffid,text,n\r\n1,"a, b",2\r\n2,"say ""hi""",3\r\n3,"line1\r\nline2",4\r\n4,plain,\r\n');
    const r = await run(file);
    assert.deepEqual(r.columns, ['id', 'text', 'n']);
    assert.equal(r.total, 4);
    assert.deepEqual(r.rows.map((row) => row.values), [
      { id: '1', text: 'a, b', n: '2' },
      { id: '2', text: 'say "hi"', n: '3' },
      { id: '3', text: 'line1\r\nline2', n: '4' },
      { id: '4', text: 'plain', n: '' },
    ]);
    assert.deepEqual(r.rows.map((row) => row.origin.line), [2, 3, 4, 6]);
    assert.equal(r.rows[0].origin.file, file);
    assert.deepEqual(r.warnings, []);
  });

  test('ragged records are reported with their line and skipped; blank lines skipped', async () => {
    const file = write('b.csv', 'a,b\n1,2\n\n3\n4,5,6\n"x\ny",7\n8,9');
    const r = await run(file);
    assert.equal(r.total, 3);
    assert.deepEqual(r.rows.map((row) => row.values.a), ['1', 'x\ny', '8']);
    assert.deepEqual(r.warnings.map((w) => w.line), [4, 5]);
    assert.match(r.warnings[0].message, /1 cells where the header has 2/);
    assert.equal(r.warnings[0].file, file);
  });

  test('an unterminated quote at the end is reported', async () => {
    const r = await run(write('c.csv', 'a,b\n1,2\n3,"open\nrest'));
    assert.equal(r.total, 1);
    assert.equal(r.warnings.length, 1);
    assert.equal(r.warnings[0].line, 3);
    assert.match(r.warnings[0].message, /not closed/);
  });

  test('extension is case-insensitive; others are an error naming both', async () => {
    const r = await run(write('upper.CSV', 'a\n1\n'));
    assert.equal(r.total, 1);
    await assert.rejects(run(write('data.tsv', 'a\n1\n')), (error: unknown) => error instanceof PreviewError && /\.csv or \.jsonl/.test(error.message));
  });

  test('a missing file is an unreadable-source error naming the path', async () => {
    await assert.rejects(run(join(dir, 'nope.csv')), (error: unknown) => error instanceof PreviewError && error.kind === 'unreadableSource' && error.message.includes('nope.csv'));
  });
});

describe('local JSONL', () => {
  test('types kept; bad JSON, non-object and blank lines', async () => {
    const file = write('a.jsonl', '\ufeff{"a":1,"b":{"c":[true]}}\r\n\n   \n{bad json}\n[1,2]\n"text"\nnull\n{"a":"2","d":null}\n');
    const r = await run(file);
    assert.equal(r.total, 2);
    assert.deepEqual(r.rows.map((row) => row.values), [{ a: 1, b: { c: [true] } }, { a: '2', d: null }]);
    assert.deepEqual(r.rows.map((row) => row.origin.line), [1, 8]);
    assert.deepEqual(r.columns, ['a', 'b', 'd']);
    assert.deepEqual(r.warnings.map((w) => w.line), [4, 5, 6, 7]);
    assert.match(r.warnings[0].message, /not valid JSON/);
    assert.match(r.warnings[1].message, /not a JSON object \(array\)/);
    assert.match(r.warnings[3].message, /not a JSON object \(null\)/);
  });

  test('the last line may lack a newline; extension case-insensitive', async () => {
    const r = await run(write('b.JSONL', '{"a":1}\n{"a":2}'));
    assert.equal(r.total, 2);
  });
});

describe('filters over a file', () => {
  test('AND-combination, removedPerFilter in spec order, notComparable', async () => {
    const lines = [
      { c: 'math', d: 3, h: true },
      { c: 'math', d: 1, h: true },
      { c: 'code', d: 'hard', h: true },
      { c: 'code', h: true },
      { c: 'art', d: 5, h: true },
      { c: 'code', d: 4, h: 'false' },
      { c: 'code', d: '5', h: 'TRUE' },
    ];
    const file = write('f.jsonl', lines.map((l) => JSON.stringify(l)).join('\n'));
    const r = await run(file, [
      { op: 'in', expression: '{{ sample.c }}', values: ['math', 'code'] },
      { op: 'greater_or_equal', expression: '{{ sample.d }}', value: 3 },
      { op: 'is_true', expression: '{{ sample.h }}' },
    ]);
    assert.equal(r.total, 7);
    assert.equal(r.matched, 2);
    assert.deepEqual(r.removedPerFilter.map((s) => [s.index, s.label, s.removed, s.notComparable]), [
      [0, 'c in [math, code]', 1, 0],
      [1, 'd >= 3', 3, 2],
      [2, 'h is true', 1, 0],
    ]);
    assert.equal(r.notComparable, 2);
    assert.deepEqual(r.rows.map((row) => row.origin.line), [1, 7]);
  });

  test('an invalid expression refuses to run, naming the filter and why', async () => {
    const file = write('g.jsonl', '{"a":1}\n');
    await assert.rejects(
      preview({ source: { type: 'local', file_path: file, filters: [{ op: 'exists', expression: '{{ sample.a }}' }, { op: 'exists', expression: '{{ item.a }}' }] } }, { limit: 5, specPath: join(dir, 'x.dataset.yaml') }),
      (error: unknown) => error instanceof PreviewError && error.kind === 'invalidFilter' && error.details.filterIndex === 1 && /x\.dataset\.yaml: filter 2 .*unknown root 'item'/.test(error.message),
    );
  });
});
