import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compileFilters, CompiledFilter } from '../../../src/core/filters/filterEvaluator';
import { previewStrings } from '../../../src/core/l10n/previewStrings';
import { CsvKernelPath } from '../../../src/core/engine/scan/csvKernelPath';
import { CsvRecordSink, CsvScanner } from '../../../src/core/engine/scan/csvScanner';
import { RangeProcessor } from '../../../src/core/engine/scan/rangeProcessor';
import { RowCounter } from '../../../src/core/engine/scan/rowCounter';
import { MAX_IDS } from '../../../src/core/engine/kernels/csvKernel';
import { WINDOW_BYTES } from '../../../src/core/engine/kernels/csvKernelRunner';
import { pick, seededRandom as rng } from '../randomInput';

const HEADER = ['id', 'category', 'difficulty', 'is_hard', 'text'];
const FILTERS = [
  { op: 'in', expression: '{{ sample.category }}', values: ['math', 'code', 'a"b', 'long-category-a'] },
  { op: 'greater_or_equal', expression: '{{ sample.difficulty }}', value: 3 },
  { op: 'is_true', expression: '{{ sample.is_hard }}' },
];
/** A filter on a column the header lacks, one on the long text column, and one that orders values sharing their first bytes. */
const MORE_FILTERS = [
  { op: 'less_than', expression: '{{ sample.category }}', value: 'category-2' },
  ...FILTERS,
  { op: 'not_exists', expression: '{{ sample.absent }}' },
  { op: 'less_than', expression: '{{ sample.text }}', value: 'w' },
];

// Cells of each column, then (after the bar) cells a shortcut could get wrong, tried less often.
const CATEGORIES = [['math', 'code', 'art', 'MATH', '"math"', '"code"', '', '"a""b"', 'long-category-a', 'long-category-b'], ['a""b', '"ma""th"', '"co,de"', '" math"', 'ma"th', '"m\nath"', '"x"y', 'é', '日本', 'a\rb', 'math\u0000', '"math"\r', 'code\r']];
const LEVELS = [['1', '3', '4', '5', '"3"', ''], ['3.0', ' 4 ', '"4\r\n"', '1e1', '-2', 'x', '"""3"""', '12345678901234567']];
const FLAGS = [['true', 'false', '1', '0', 'TRUE', '"true"'], ['" true "', 'yes', '"tr\nue"', '', 'true\r']];
const TEXTS = [['a', 'long text beyond sixteen bytes', '"with, comma"', '"with ""quotes"" inside"', '"two\nlines"', '"crlf\r\ninside"', ''], ['"tail"after', '"open', '\u0000\u0000', '"😀 é"']];

const some = (next: () => number, [good, bad]: string[][]): string => (next() < 0.06 ? pick(next, bad) : pick(next, good));

/** Random CSV text: usual records, and now and then blank lines, ragged records, lone CRs, many distinct values. */
function randomCsv(next: () => number, records: number, distinctIds = false): string {
  const parts: string[] = [HEADER.join(','), '\n'];
  for (let r = 0; r < records; r++) {
    const cells = [
      String(r),
      distinctIds && r % 2 === 0 ? `category-${r % 4999}` : some(next, CATEGORIES),
      distinctIds && r % 2 === 0 ? String(r % 7919) : some(next, LEVELS),
      some(next, FLAGS),
      some(next, TEXTS),
    ];
    const x = next();
    if (x < 0.02) cells.pop();
    else if (x < 0.04) cells.push('extra');
    parts.push(cells.join(','));
    const y = next();
    parts.push(y < 0.7 ? '\n' : y < 0.95 ? '\r\n' : y < 0.97 ? '\n\n' : y < 0.985 ? '\r\n\r\n' : '\r');
  }
  return parts.join('');
}

interface Outcome {
  stats: RowCounter['stats'];
  warnings: RowCounter['warnings'];
  line: number;
  consumed: number[];
  stoppedAt: number;
}

/**
 * Feeds `buf` from `shift` in chunks of about `chunk` bytes as the file scanner does (the unread rest
 * carried over), once through the exact scanner alone and once through the kernel path.
 */
function countBoth(buf: Buffer, shift: number, chunk: number, filters: CompiledFilter[], stopAt = Number.POSITIVE_INFINITY): { exact: Outcome; kernel: Outcome; kernelRecords: number } {
  const width = HEADER.length;
  const cellOfFilter = filters.map((f) => HEADER.indexOf(f.column as string));
  let kernelRecords = 0;
  const run = (useKernel: boolean): Outcome => {
    const counter = new RowCounter(filters, 0, 'rows.csv');
    const scanner = new CsvScanner();
    scanner.setWidth(width);
    scanner.wanted = HEADER.map((_, k) => cellOfFilter.includes(k));
    scanner.stopAt = stopAt;
    const sink: CsvRecordSink = {
      record: (cells, count, line) => {
        if (count !== width) counter.warn(previewStrings.raggedRecord(count, width), line);
        else counter.testCells(cells, cellOfFilter);
      },
      unterminated: (line) => counter.warn(previewStrings.unterminatedQuote, line),
    };
    const path = useKernel ? CsvKernelPath.create(filters, cellOfFilter, width) : undefined;
    if (useKernel) assert.ok(path, 'WebAssembly SIMD is available in this Node');
    const consumed: number[] = [];
    let at = shift;
    let readTo = shift;
    for (;;) {
      readTo = Math.min(buf.length, Math.max(readTo, at) + chunk);
      const final = readTo === buf.length;
      const next = path ? path.scan(buf, at, readTo, final, 0, scanner, sink, counter) : scanner.scan(buf, at, readTo, final, 0, sink);
      consumed.push(next);
      at = next;
      if (final || scanner.stoppedAt >= 0) break;
    }
    if (path) kernelRecords = path.recordsTaken;
    return { stats: counter.stats, warnings: counter.warnings, line: scanner.line, consumed, stoppedAt: scanner.stoppedAt };
  };
  return { exact: run(false), kernel: run(true), kernelRecords };
}

/** The records after the header line of `text`, placed at `shift` in a buffer. */
function body(text: string, shift: number): Buffer {
  const bytes = Buffer.from(text.slice(text.indexOf('\n') + 1), 'utf8');
  return Buffer.concat([Buffer.alloc(shift, 0x78), bytes]);
}

describe('CSV kernel (WebAssembly)', () => {
  test('counts random CSV exactly as the scanner does: quotes, doubled quotes, CR/LF/CRLF, line feeds in quotes, ragged rows, every byte alignment', () => {
    const next = rng(11);
    const filters = compileFilters(FILTERS);
    let taken = 0;
    let records = 0;
    for (let round = 0; round < 24; round++) {
      const shift = round % 4;
      const buf = body(randomCsv(next, 3000), shift);
      const chunk = pick(next, [1000, 4096, 65536, 1 << 20]);
      const { exact, kernel, kernelRecords } = countBoth(buf, shift, chunk, filters);
      assert.deepEqual(kernel, exact, `round ${round} (shift ${shift}, chunks of ${chunk})`);
      taken += kernelRecords;
      records += exact.stats.total;
    }
    assert.ok(records > 60_000 && taken > records * 0.6, `the kernel took most records (${taken} of ${records})`);
  });

  test('exact with long cells, an absent column, more distinct values than the dictionary holds, and a BOM and header read by the processor', () => {
    const next = rng(5);
    const filters = compileFilters(MORE_FILTERS);
    const text = randomCsv(next, 20_000, true);
    const { exact, kernel, kernelRecords } = countBoth(body(text, 1), 1, 256 * 1024, filters);
    assert.deepEqual(kernel, exact);
    assert.ok(kernelRecords > 15_000, `the kernel took most records (${kernelRecords})`);
    assert.ok(new Set(text.split('\n').map((line) => line.split(',')[2])).size > MAX_IDS, 'more distinct values than ids');

    const file = Buffer.from(`\ufeff${text}`, 'utf8');
    const count = (fast: boolean) => {
      const processor = new RangeProcessor({ format: 'csv', file: 'rows.csv', filters, need: 20, fast, atFileStart: true });
      for (let at = 0; at < file.length; ) {
        const end = Math.min(file.length, at + 100_000);
        at = processor.feed(file, at, end, end === file.length, 0);
        if (end === file.length) break;
      }
      return { stats: processor.counter.stats, warnings: processor.counter.warnings, rows: processor.counter.rows, columns: processor.columns, line: processor.line };
    };
    const fast = count(true);
    assert.deepEqual(fast, count(false));
    assert.deepEqual(fast.columns, HEADER);
    assert.ok(fast.stats.matched > 100 && fast.warnings.length > 100, 'rows were kept and records were skipped');
  });

  test('stops before the stop offset like the scanner, reads a single column, and a record longer than the window', () => {
    const next = rng(29);
    const filters = compileFilters(FILTERS);
    const buf = body(randomCsv(next, 5000), 0);
    for (const stopAt of [0, 1, buf.indexOf('\n', 50_000) + 1, buf.indexOf('\n', 100_000) + 2, buf.length - 1]) {
      const { exact, kernel } = countBoth(buf, 0, 1 << 20, filters, stopAt);
      assert.deepEqual(kernel, exact, `stop at ${stopAt}`);
    }
    // One column: a blank line is skipped, a quoted empty cell is a record.
    const single = compileFilters([{ op: 'not_equals', expression: '{{ sample.a }}', value: 'x' }]);
    const oneColumn = Buffer.from(`a\n${Array.from({ length: 3000 }, () => pick(next, ['x', '', '""', '"x"', 'y', '"\n"', '\r'])).join(pick(next, ['\n', '\r\n']))}\n`, 'utf8');
    const counts = (fast: boolean) => {
      const processor = new RangeProcessor({ format: 'csv', file: 'one.csv', filters: single, need: 5, fast, atFileStart: true });
      processor.feed(oneColumn, 0, oneColumn.length, true, 0);
      return { stats: processor.counter.stats, warnings: processor.counter.warnings, line: processor.line };
    };
    assert.deepEqual(counts(true), counts(false));
    assert.ok(counts(false).stats.total > 1500);

    const lines = Math.ceil(WINDOW_BYTES / 10) + 100;
    const long = Buffer.from(`1,math,4,true,"${'long text\n'.repeat(lines)}"\r\n2,code,3,true,x\n3,code,3,true,"a""b"\n`, 'utf8');
    const { exact, kernel } = countBoth(long, 0, long.length, filters);
    assert.deepEqual(kernel, exact);
    assert.equal(exact.stats.matched, 3);
    assert.equal(exact.line, lines + 4);
  });
});
