import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { compileFilters } from '../../../src/core/filters/filterEvaluator';
import { RangeProcessor } from '../../../src/core/engine/scan/rangeProcessor';
import { scanFile } from '../../../src/core/engine/scan/fileScanner';
import { kernelSlots } from '../../../src/core/engine/scan/jsonlKernelPath';
import { parsedObject, pick, seededRandom as rng } from '../randomInput';
import { NESTED_DEPTH } from '../../../src/core/engine/kernels/jsonlKernel';
import { JsonlKernelRunner, SubKey, RECORD_ESCAPES, RECORD_LINE_FEED, RECORD_START, RECORD_STATUS, RECORD_VALUES } from '../../../src/core/engine/kernels/jsonlKernelRunner';



// Valid pieces, then (after the bar) pieces that make the value invalid, tried less often.
const STRING_PIECES = [['a', 'word ', 'é', '日本', '😀', '\\"', '\\\\', '\\/', '\\n', '\\t', '\\u00e9', '\u007f', ' '.repeat(20), 'long text '.repeat(4), 'a question of a few hundred bytes with an escaped\\nnewline '.repeat(6)], ['\\u12', '\\x', '\t', '\u0001']];
const NUMBERS = [['0', '-0', '7', '-12', '3.25', '1e5', '1E+2', '-2.5e-3', '12345678901234567890'], ['01', '1.', '.5', '-', '1e', '--1', '+1', '1.5e+']];
const LITERALS = [['true', 'false', 'null'], ['tru', 'nul', 'fals', 'falsey', 'True']];
const some = (next: () => number, [good, bad]: string[][]): string => pick(next, next() < 0.03 ? bad : good);
const NESTED = ['{}', '[]', '{"a":1}', '[1,"x",null]', '{"a":[1,{"b":"}"}]}', '[ ]', '{ }', '[[[]]]', '{"":{"":[{}]}}'];
// Pieces that make a nested value invalid (or nested too deep for the kernel), tried less often.
const BAD_NESTED = ['[1,]', '{"a":1,}', '{"a"}', '{a:1}', '[1 2]', '{"a":1 "b":2}', '[', '{"a":[}', '[}', '{"a":1]', '[01]', '["\\x"]', `${'['.repeat(40)}${']'.repeat(40)}`];

/**
 * Counts `buf` (JSONL) in chunks of `chunkBytes` with the fast paths and with plain parsing, asserts that both
 * give the same counts, warnings, kept rows and columns, and returns the plain result.
 */
function assertCountsLikePlainParsing(buf: Buffer, filters: ReturnType<typeof compileFilters>, need: number, chunkBytes: number) {
  const count = (fast: boolean) => {
    const processor = new RangeProcessor({ format: 'jsonl', file: 'rows.jsonl', filters, need, fast, atFileStart: true });
    for (let at = 0; at < buf.length; ) {
      const end = Math.min(buf.length, at + chunkBytes);
      at = processor.feed(buf, at, end, end === buf.length, 0);
      if (end === buf.length) break;
    }
    return { stats: processor.counter.stats, warnings: processor.counter.warnings, rows: processor.counter.rows, columns: processor.columns };
  };
  const fast = count(true);
  const plain = count(false);
  assert.deepEqual(fast.stats, plain.stats);
  assert.deepEqual(fast.warnings, plain.warnings);
  assert.deepEqual(fast.rows, plain.rows);
  assert.deepEqual(fast.columns, plain.columns);
  return plain;
}

/** A random valid JSON object or array (with blanks, escapes, every kind of value), or now and then a broken one. */
function randomNested(next: () => number, depth = 0): string {
  if (next() < 0.02) return pick(next, BAD_NESTED);
  if (depth > 3 || next() < 0.2) return pick(next, NESTED);
  const blank = () => (next() < 0.85 ? '' : pick(next, BLANKS));
  const n = Math.floor(next() * 4);
  const items: string[] = [];
  const isObject = next() < 0.5;
  for (let k = 0; k < n; k++) {
    const r = next();
    const value = r < 0.35 ? randomNested(next, depth + 1) : randomValue(next).value;
    items.push(isObject ? `${blank()}"${pick(next, ['k', 'role', 'é', 'a\\"b', '}', ']'])}"${blank()}:${blank()}${value}${blank()}` : `${blank()}${value}${blank()}`);
  }
  return isObject ? `{${items.join(',')}}` : `[${items.join(',')}]`;
}
const BLANKS = ['', ' ', '\t', ' \r', '  '];

interface Member {
  key: string;
  value: string;
  scalar: boolean;
}

function randomValue(next: () => number): { value: string; scalar: boolean } {
  const r = next();
  if (r < 0.45) {
    let text = '';
    const n = Math.floor(next() * 6);
    for (let k = 0; k < n; k++) text += some(next, STRING_PIECES);
    return { value: `"${text}"`, scalar: true };
  }
  if (r < 0.7) return { value: some(next, NUMBERS), scalar: true };
  if (r < 0.93) return { value: some(next, LITERALS), scalar: true };
  return { value: randomNested(next), scalar: false };
}

const SHAPE = ['"id"', '"category"', '"text"', '"n"'];
const WANTED = [-1, 0, 1, 2]; // category, text, n are wanted (in that order)

function randomLine(next: () => number): { line: string; members: Member[] | undefined } {
  let keys = [...SHAPE];
  const r = next();
  if (r < 0.05) keys = keys.slice(0, 3);
  else if (r < 0.1) keys = [...keys, '"extra"'];
  else if (r < 0.13) keys[1] = '"categ\\u006fry"';
  else if (r < 0.16) keys[2] = '"texu"';
  else if (r < 0.18) keys = [];
  const members = keys.map((key) => ({ key, ...randomValue(next) }));
  const blank = () => (next() < 0.8 ? '' : pick(next, BLANKS));
  const body = members.map((m) => `${blank()}${m.key}${blank()}:${blank()}${m.value}${blank()}`).join(',');
  let line = `${blank()}{${body}}${blank()}`;
  if (next() < 0.05) return { line: pick(next, ['', '   ', '[1,2]', '"text"', '{"id":1,}', '{"id":1} x']), members: undefined };
  if (next() < 0.1) {
    // Break the line somewhere: the kernel must never accept what JSON.parse rejects.
    const at = Math.floor(next() * line.length);
    line = line.slice(0, at) + pick(next, ['', '"', ',', '}', '\\', 'x', ':', '{']) + line.slice(at + 1);
    return { line, members: undefined };
  }
  return { line, members };
}


function runner(shape: string[], wanted: number[], wantedCount: number, subKeys: (SubKey[] | undefined)[] = []): JsonlKernelRunner {
  const kernel = JsonlKernelRunner.create(wantedCount);
  assert.ok(kernel, 'WebAssembly SIMD is available in this Node');
  assert.ok(kernel.setShape(shape.map((key) => Buffer.from(key, 'utf8')), wanted, subKeys));
  return kernel;
}

// Lines with a nested object `meta` whose members `category` and `level` the kernel locates.
const NESTED_SHAPE = ['"id"', '"meta"', '"n"'];
const MEMBER_NAMES = ['category', 'level'];
const PLAIN_MEMBER_KEYS = ['"category"', '"level"', '"other"', '"categoryx"', '"c"', '"level "', '"Level"', '"é"', '""', '"__proto__"'];
const ESCAPED_MEMBER_KEYS = ['"categ\\u006fry"', '"le\\u0076el"', '"a\\"b"', '"category\\n"', '"\\\\level"'];

/** A `meta` value: usually an object of random members (repeated keys, blanks, nested values), now and then another value. */
function randomMeta(next: () => number): { value: string; escapedKey: boolean } {
  const r = next();
  if (r < 0.08) return { value: pick(next, ['null', '[]', '"category"', '7', '[{"category":"math"}]', 'true', '{}', '{ }']), escapedKey: false };
  const blank = () => (next() < 0.8 ? '' : pick(next, BLANKS));
  const n = 1 + Math.floor(next() * 5);
  const members: string[] = [];
  let escapedKey = false;
  for (let k = 0; k < n; k++) {
    let key = pick(next, PLAIN_MEMBER_KEYS);
    if (next() < 0.05) {
      key = pick(next, ESCAPED_MEMBER_KEYS);
      escapedKey = true;
    }
    const value = next() < 0.25 ? randomNested(next) : randomValue(next).value;
    members.push(`${blank()}${key}${blank()}:${blank()}${value}${blank()}`);
  }
  return { value: `{${members.join(',')}}`, escapedKey };
}

function randomNestedLine(next: () => number): { line: string; expectAccepted: boolean } {
  const meta = randomMeta(next);
  let keys = NESTED_SHAPE;
  if (next() < 0.05) keys = ['"id"', '"n"'];
  const values: Record<string, string> = { '"id"': randomValue(next).value, '"meta"': meta.value, '"n"': randomValue(next).value };
  const blank = () => (next() < 0.85 ? '' : pick(next, BLANKS));
  let line = `{${keys.map((key) => `${blank()}${key}${blank()}:${blank()}${values[key]}`).join(',')}}`;
  if (next() < 0.08) {
    const at = Math.floor(next() * line.length);
    line = line.slice(0, at) + pick(next, ['', '"', ',', '}', '\\', 'x', ':', '{', ']']) + line.slice(at + 1);
  }
  const tooDeep = Object.values(values).some((value) => value.includes('['.repeat(NESTED_DEPTH)));
  const expectAccepted = keys === NESTED_SHAPE && parsedObject(line) !== undefined && !tooDeep && !meta.escapedKey;
  return { line, expectAccepted };
}

describe('JSONL kernel (WebAssembly)', () => {
  test('accepts exactly the valid lines of its shape, nested values included, and locates each wanted value, at every alignment', () => {
    const next = rng(3);
    const kernel = runner(SHAPE, WANTED, 3);
    const wantedKeys = ['category', 'text', 'n'];
    let accepted = 0;
    let leftOver = 0;
    let nestedAccepted = 0;
    for (let round = 0; round < 60; round++) {
      const lines = Array.from({ length: 50 }, () => randomLine(next));
      const text = lines.map((l) => l.line).join('\n') + '\n{"id":1,"cat';
      const shift = round % 16;
      const buf = Buffer.concat([Buffer.alloc(shift, 0x20), Buffer.from(text, 'utf8')]);
      const length = kernel.load(buf, shift, buf.length);
      assert.equal(length, buf.length - shift);
      const count = kernel.run(0, length);
      assert.equal(count, lines.length, 'every complete line has a record; the unfinished last one has none');
      let lineStart = 0;
      for (let r = 0; r < count; r++) {
        const at = kernel.record(r);
        const { line, members } = lines[r];
        const bytes = Buffer.byteLength(line);
        assert.equal(kernel.words[at + RECORD_START], lineStart);
        assert.equal(kernel.words[at + RECORD_LINE_FEED], lineStart + bytes);
        const parsed = parsedObject(line);
        const status = kernel.words[at + RECORD_STATUS];
        if (status === 0) {
          accepted++;
          if (members?.some((m) => !m.scalar)) nestedAccepted++;
          assert.ok(parsed, `accepted a line JSON.parse rejects: ${line}`);
          assert.deepEqual(Object.keys(parsed), ['id', 'category', 'text', 'n'], line);
          for (let w = 0; w < 3; w++) {
            const start = shift + kernel.words[at + RECORD_VALUES + 2 * w];
            const end = shift + kernel.words[at + RECORD_VALUES + 2 * w + 1];
            const raw = buf.toString('utf8', start, end);
            assert.deepEqual(JSON.parse(raw), parsed[wantedKeys[w]], `${wantedKeys[w]} in ${line}`);
            // The escape bit tells whether a string needs decoding (objects and arrays are always decoded).
            if (!raw.startsWith('{') && !raw.startsWith('[')) assert.equal((kernel.words[at + RECORD_ESCAPES] & (1 << w)) !== 0, raw.startsWith('"') && raw.includes('\\'), `escape bit of ${raw}`);
          }
        } else {
          leftOver++;
          // Left to JavaScript: only lines that are invalid, of another shape, or nested deeper than the kernel goes.
          const ofShape = members !== undefined && members.map((m) => m.key).join() === SHAPE.join();
          const tooDeep = members?.some((m) => m.value.includes('['.repeat(NESTED_DEPTH))) ?? false;
          assert.ok(!(ofShape && parsed && !tooDeep), `a valid line of the shape was left over: ${line}`);
        }
        lineStart += bytes + 1;
      }
    }
    assert.ok(accepted > 300 && leftOver > 300, `both kinds were tried (${accepted} accepted, ${leftOver} left over)`);
    assert.ok(nestedAccepted > 100, `lines with nested values were accepted (${nestedAccepted})`);
  });

  test('walks into a member object and locates the members named in its second-level table, as JSON.parse reads them, at every alignment', () => {
    const next = rng(29);
    const subKeys = [undefined, MEMBER_NAMES.map((name, w) => ({ key: Buffer.from(`"${name}"`, 'utf8'), wanted: w })), undefined];
    const kernel = runner(NESTED_SHAPE, [-1, -1, 2], 3, subKeys);
    let accepted = 0;
    let missing = 0;
    let repeated = 0;
    let escapedLeft = 0;
    for (let round = 0; round < 80; round++) {
      const lines = Array.from({ length: 60 }, () => randomNestedLine(next));
      const shift = round % 4;
      const buf = Buffer.concat([Buffer.alloc(shift, 0x20), Buffer.from(lines.map((l) => l.line).join('\n') + '\n', 'utf8')]);
      const length = kernel.load(buf, shift, buf.length);
      assert.equal(kernel.run(0, length), lines.length);
      for (let r = 0; r < lines.length; r++) {
        const at = kernel.record(r);
        const { line, expectAccepted } = lines[r];
        const parsed = parsedObject(line);
        if (kernel.words[at + RECORD_STATUS] !== 0) {
          assert.ok(!expectAccepted, `a valid line of the shape was left over: ${line}`);
          if (parsed && /\\/.test(line)) escapedLeft++;
          continue;
        }
        accepted++;
        assert.ok(parsed, `accepted a line JSON.parse rejects: ${line}`);
        assert.ok(expectAccepted, `accepted a line with an escaped member key or nested too deep: ${line}`);
        const meta = parsed.meta;
        const escapes = kernel.words[at + RECORD_ESCAPES];
        for (let w = 0; w < MEMBER_NAMES.length; w++) {
          const start = kernel.words[at + RECORD_VALUES + 2 * w];
          const holds = typeof meta === 'object' && meta !== null && !Array.isArray(meta) && Object.prototype.hasOwnProperty.call(meta, MEMBER_NAMES[w]);
          if (!holds) {
            assert.equal(start, -1, `${MEMBER_NAMES[w]} is missing in ${line}`);
            missing++;
            continue;
          }
          const raw = buf.toString('utf8', shift + start, shift + kernel.words[at + RECORD_VALUES + 2 * w + 1]);
          assert.deepEqual(JSON.parse(raw), (meta as Record<string, unknown>)[MEMBER_NAMES[w]], `${MEMBER_NAMES[w]} in ${line}`);
          if (line.split(`"${MEMBER_NAMES[w]}"`).length > 2) repeated++;
          if (raw.startsWith('"') && raw.includes('\\')) assert.ok((escapes & (1 << w)) !== 0, `escape bit of ${raw}`);
        }
        const n = buf.toString('utf8', shift + kernel.words[at + RECORD_VALUES + 4], shift + kernel.words[at + RECORD_VALUES + 5]);
        assert.deepEqual(JSON.parse(n), parsed.n, line);
      }
    }
    assert.ok(accepted > 2000 && missing > 500 && repeated > 100 && escapedLeft > 50, `every case was tried (${accepted} accepted, ${missing} missing, ${repeated} repeated, ${escapedLeft} escaped keys left over)`);
  });

  test('reads a window in batches, stops before the stop offset, and does not pass a line longer than the window', () => {
    const kernel = runner(['"a"'], [0], 1);
    const lines = Array.from({ length: 100_000 }, (_, k) => `{"a":${k}}`);
    const buf = Buffer.from(lines.join('\n') + '\n', 'utf8');
    const length = kernel.load(buf, 0, buf.length);
    let from = 0;
    const seen: number[] = [];
    let batches = 0;
    for (;;) {
      const count = kernel.run(from, length);
      batches++;
      for (let r = 0; r < count; r++) {
        const at = kernel.record(r);
        assert.equal(kernel.words[at + RECORD_STATUS], 0);
        seen.push(Number(buf.toString('utf8', kernel.words[at + RECORD_VALUES], kernel.words[at + RECORD_VALUES + 1])));
        from = kernel.words[at + RECORD_LINE_FEED] + 1;
      }
      if (count < kernel.maxLines) break;
    }
    assert.ok(batches > 1, 'more lines than one batch holds');
    assert.deepEqual(seen, lines.map((_, k) => k));

    const stop = buf.indexOf('{"a":500}');
    assert.equal(kernel.run(0, stop), 500, 'no line that starts at the stop offset');
    const oneLine = Buffer.from(`{"a":"${'x'.repeat(5 * 1024 * 1024)}"}\n{"a":1}\n`, 'utf8');
    const window = kernel.load(oneLine, 0, oneLine.length);
    assert.ok(window < oneLine.length);
    assert.equal(kernel.run(0, window), 0, 'a line longer than the window is left to JavaScript');
    // Read in place: bytes past the window's end (left from an earlier read) are never part of a line.
    const input = kernel.inputBuffer;
    const whole = Buffer.from('{"a":1}\n{"a":22}\n', 'utf8');
    whole.copy(input, 0);
    assert.equal(kernel.load(input, 0, whole.length - 3), whole.length - 3);
    assert.equal(kernel.run(0, whole.length), 1, 'the second line ends past the window');
    assert.equal(kernel.next, 8);
    whole.copy(input, 0); // the next read brings the rest of the line
    assert.equal(kernel.load(input, 8, whole.length), whole.length - 8);
    assert.equal(kernel.run(0, whole.length), 1);
    assert.equal(input.toString('utf8', kernel.words[kernel.record(0) + RECORD_VALUES], kernel.words[kernel.record(0) + RECORD_VALUES + 1]), '22', 'record offsets are in the input, where the window starts');
  });

  test('counting through the kernel gives what plain parsing gives, with shape changes, nested values and broken lines', () => {
    const next = rng(17);
    const out: string[] = [];
    for (let k = 0; k < 30_000; k++) {
      const category = pick(next, ['math', 'code', 'art', 'MATH']);
      const difficulty = pick(next, ['1', '3', '4', '"3"', '2.5', 'null', '"x"']);
      if (k < 10_000) out.push(`{"id":${k},"category":"${category}","difficulty":${difficulty},"is_hard":${pick(next, ['true', 'false', '"true"'])}}`);
      else if (k < 20_000) out.push(`{"category": "${category}", "extra": ${pick(next, ['1', '{"a":[1]}'])}, "difficulty": ${difficulty}, "is_hard": true}`);
      else out.push(pick(next, [`{"category":"${category}","meta":{"x":1},"difficulty":${difficulty},"is_hard":true}`, '{"category":"math",bad', '', `{"category":"co\\u0064e","difficulty":${difficulty},"is_hard":true}`]));
    }
    const buf = Buffer.from(out.join('\r\n') + '\n', 'utf8');
    const filters = compileFilters([
      { expression: '{{ sample.category }}', op: 'in', values: ['math', 'code'] },
      { expression: '{{ sample.difficulty }}', op: 'greater_or_equal', value: 3 },
      { expression: '{{ sample.is_hard }}', op: 'is_true' },
    ]);
    const plain = assertCountsLikePlainParsing(buf, filters, 20, 64 * 1024);
    assert.ok(plain.stats.matched > 100 && plain.warnings.length > 100, 'rows were kept and lines were broken');
  });
  test('counting with filters on nested paths through the kernel gives what plain parsing gives', () => {
    const next = rng(41);
    const lines: string[] = [];
    for (let k = 0; k < 20_000; k++) {
      // Mostly lines whose members the filters read, so the kernel keeps the shape; random ones in between.
      if (next() < 0.3) {
        lines.push(randomNestedLine(next).line);
        continue;
      }
      const category = pick(next, ['"math"', '"code"', '"art"', '"m\\u0061th"', 'null', '3', '["math"]']);
      const level = pick(next, ['1', '3', '4', '"4"', '" 5 "', '3.0', '1e1', 'null', 'true', '"x"', '{"a":1}']);
      const member = next() < 0.05 ? `"categ\\u006fry":${category}` : next() < 0.05 ? `"category":"art","category":${category}` : `"category":${category}`;
      lines.push(`{"id":${k},"meta":{${member},"other":[1,{"level":9}],"level":${level}},"n":${pick(next, ['true', 'false', '1', '"true"', 'null'])}}`);
    }
    const buf = Buffer.from(lines.join('\n') + '\n', 'utf8');
    const filters = compileFilters([
      { expression: '{{ sample.meta.category }}', op: 'in', values: ['math', 'code', 'art'] },
      { expression: '{{ sample.meta["level"] }}', op: 'greater_or_equal', value: 3 },
      { expression: '{{ sample.n }}', op: 'not_equals', value: false },
    ]);
    const plain = assertCountsLikePlainParsing(buf, filters, 20, 256 * 1024);
    assert.ok(plain.stats.matched > 1000 && plain.stats.removed.every((n) => n > 500) && plain.warnings.length > 100, `every filter removed rows and lines were broken: ${JSON.stringify(plain.stats)}`);
  });
  test('lines counted in the kernel by their values\' ids give what plain parsing gives, with full value tables, long strings read by their first characters, and broken lines between', () => {
    const next = rng(53);
    const SHORT = ['"math"', '"code"', '"art"', '"m\\u0061th"', '3', '3.0', '-0', '1e0', 'null', 'true', '{"a":1}', '[]', '"sixteen bytes.."', '"seventeen bytes.."', '"é"'];
    const STARTS = ['M', 'Ma', 'MZ', 'MZZ', '\\u004dZZ', '\\u004dA', '\\u0041', 'é', 'Z', 'L', '\\n', ' M', 'MY'];
    const lines: string[] = [];
    for (let k = 0; k < 30_000; k++) {
      const r = next();
      // Now and then a value seen once, so that a value table fills up and later values have no id.
      const c = next() < 0.05 ? `"u${k}"` : next() < 0.02 ? String(k) : pick(next, SHORT);
      const q = `"${pick(next, STARTS)}${'-words'.repeat(1 + Math.floor(next() * 5))}"`;
      const d = pick(next, ['{"e":true}', '{"e":"TRUE "}', '{"e":0}', '{"x":1}', 'null', '{"e":true,"e":false}']);
      if (r < 0.02) lines.push(`{"c":${c},"q":${q},"d":${d}`);
      else if (r < 0.04) lines.push(`{"q":${q},"c":${c}}`);
      else if (r < 0.05) lines.push('');
      else lines.push(`{"c":${c},"q":${q},"d":${d}}`);
    }
    const buf = Buffer.from(lines.join('\n') + '\n', 'utf8');
    const filters = compileFilters([
      { expression: '{{ sample.c }}', op: 'not_in', values: ['art', 3] },
      { expression: '{{ sample.q }}', op: 'greater_or_equal', value: 'MZ' },
      { expression: '{{ sample.d.e }}', op: 'is_true' },
    ]);
    const plain = assertCountsLikePlainParsing(buf, filters, 10, 100_000);
    assert.ok(plain.stats.matched > 1000 && plain.stats.removed.every((n) => n > 1000) && plain.warnings.length > 300, `every filter removed rows and lines were broken: ${JSON.stringify(plain.stats)}`);
  });
  test('a file read straight into the kernel\'s input counts as plain parsing does, across windows and past a line longer than a window', async () => {
    const next = rng(61);
    const lines: string[] = [];
    for (let k = 0; k < 60_000; k++) {
      if (k === 30_000) lines.push(`{"c":"math","q":"${'long '.repeat(1_100_000)}","d":{"e":true}}`);
      else if (next() < 0.2) lines.push(randomNestedLine(next).line);
      else lines.push(`{"c":${pick(next, ['"math"', '"code"', '"art"', '3', 'null'])},"q":"${pick(next, ['M', 'A', 'Z'])}${'text '.repeat(Math.floor(next() * 30))}","d":{"e":${pick(next, ['true', 'false', '"true"'])}}}`);
    }
    const dir = mkdtempSync(join(tmpdir(), 'eval-lens-kernel-'));
    const file = join(dir, 'rows.jsonl');
    writeFileSync(file, lines.join('\n') + '\n');
    try {
      const filters = compileFilters([
        { expression: '{{ sample.c }}', op: 'in', values: ['math', 'code'] },
        { expression: '{{ sample.q }}', op: 'greater_or_equal', value: 'M' },
        { expression: '{{ sample.d.e }}', op: 'is_true' },
      ]);
      const count = async (fast: boolean) => {
        const processor = new RangeProcessor({ format: 'jsonl', file, filters, need: 10, fast, atFileStart: true });
        const buffer = processor.readBuffer();
        assert.equal(buffer !== undefined, fast, 'only the fast path reads into the kernel');
        await scanFile(file, processor, { start: 0, align: false, chunkSize: 4 * 1024 * 1024, readOnThisThread: true, buffer });
        return { stats: processor.counter.stats, warnings: processor.counter.warnings, rows: processor.counter.rows, line: processor.line };
      };
      const fast = await count(true);
      const plain = await count(false);
      assert.deepEqual(fast, plain);
      assert.ok(plain.stats.total > 50_000 && plain.stats.matched > 1000 && plain.warnings.length > 100, JSON.stringify(plain.stats));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test('the kernel walks into a column only when every filter on it reads one plain member name', () => {
    const filters = compileFilters([
      { expression: '{{ sample.metadata.category }}', op: 'in', values: ['math'] },
      { expression: '{{ sample.metadata["difficulty"] }}', op: 'greater_than', value: 2 },
      { expression: '{{ sample.metadata.category }}', op: 'exists' },
      { expression: '{{ sample.tags[0] }}', op: 'equals', value: 'a' },
      { expression: '{{ sample.meta["é"] }}', op: 'is_true' },
      { expression: '{{ sample.odd["a\\"b"] }}', op: 'is_true' },
      { expression: '{{ sample.odd2["\uFFFD"] }}', op: 'is_true' },
      { expression: '{{ sample.deep.a.b }}', op: 'is_true' },
      { expression: '{{ sample.question }}', op: 'greater_or_equal', value: 'Ma' },
    ]);
    const columns = ['metadata', 'tags', 'meta', 'odd', 'odd2', 'deep', 'question'];
    const slots = kernelSlots(filters, columns);
    assert.ok(slots);
    assert.deepEqual(slots.slotOfColumn.map((slot) => slot >= 0), [false, true, false, true, true, true, true]);
    assert.deepEqual(slots.membersOfColumn[0]?.map((m) => m.key.toString()), ['"category"', '"difficulty"']);
    assert.deepEqual(slots.membersOfColumn[2]?.map((m) => m.key.toString()), ['"é"']);
    assert.equal(slots.slotOfFilter[0], slots.slotOfFilter[2], 'one slot per member name');
    assert.deepEqual(slots.slotOfFilter.map((slot) => slots.memberSlot[slot]), [true, true, true, false, true, false, false, false, false]);
    assert.equal(slots.prefixOfSlot[slots.slotOfFilter[8]], 3, 'an ordering filter against "Ma" reads three characters');
    assert.deepEqual(slots.slotOfFilter.filter((slot) => slots.prefixOfSlot[slot] > 0), [slots.slotOfFilter[8]]);
    assert.equal(kernelSlots(compileFilters([{ expression: '{{ sample }}', op: 'exists' }]), []), undefined, 'a filter on the whole row');
    const many = compileFilters(Array.from({ length: 31 }, (_, k) => ({ expression: `{{ sample.m.k${k} }}`, op: 'exists' })));
    assert.equal(kernelSlots(many, ['m']), undefined, 'more values than the kernel gives per line');
  });
});
