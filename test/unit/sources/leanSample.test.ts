import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview } from '../../../src/core/sources/preview';
import { PreviewOptions, PreviewResult } from '../../../src/core/model/previewTypes';
import { parseLeanSample } from '../../../src/core/sources/evalLogs/leanSample';
import { logContext, sampleRow } from '../../../src/core/sources/evalLogs/sampleRow';
import { HEADER, buildEvalArchive, inspectSample } from './inspectLogData';

let dir: string;
before(() => (dir = mkdtempSync(join(tmpdir(), 'eval-lens-lean-sample-'))));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A sample with large events whose texts hold quotes, brackets, escapes and non-ASCII text. */
function bigSample(i: number): Record<string, unknown> {
  const sample = inspectSample(i);
  sample.events = Array.from({ length: 20 }, (_, k) => ({
    event: 'model',
    input: [{ role: 'user', content: `say "}" then ] and \\ and { [ "${k}" — café ✓ \n\t` }],
    output: { choices: [{ message: { role: 'assistant', content: 'x'.repeat(200) } }], usage: { input_tokens: k } },
    nested: { messages: [1, 2, { events: [] }] },
  }));
  sample.metadata = { messages: 'kept: not top-level', events: ['kept too'], note: 'ü'.repeat(10) };
  return sample;
}

const bytes = (value: unknown, space?: number) => Buffer.from(JSON.stringify(value, null, space));

describe('lean sample parse (events and messages skipped)', () => {
  test('equals the whole parse with the top-level events and messages as null, in compact and indented JSON', () => {
    for (const space of [undefined, 2]) {
      const sample = bigSample(3);
      const lean = parseLeanSample(bytes(sample, space));
      assert.deepEqual(lean, { ...sample, events: null, messages: null });
      assert.deepEqual(parseLeanSample(bytes(sample, space), 'events'), { ...sample, events: null });
      assert.deepEqual((lean as Record<string, unknown>).metadata, sample.metadata, 'nested keys of the same names are kept');
    }
  });

  test('a sample that is only counted keeps its id, epoch and start time', () => {
    const sample = bigSample(6);
    const counted = parseLeanSample(bytes(sample, 2), 'allButCount');
    const expected = Object.fromEntries(Object.keys(sample).map((key) => [key, ['id', 'epoch', 'started_at'].includes(key) ? sample[key] : null]));
    assert.deepEqual(counted, expected);
    const escaped = Buffer.from(JSON.stringify(sample).replace('"id":6', '"\\u0069d":6'));
    assert.equal(parseLeanSample(escaped, 'allButCount'), undefined, 'a key with escapes is left to the whole parse');
    assert.ok(escaped.includes('"\\u0069d":6'));
    assert.equal(JSON.parse(escaped.toString()).id, 6);
  });

  test('anything but one well-formed object is left to the whole parse', () => {
    const good = bytes(bigSample(4));
    assert.equal(parseLeanSample(bytes({ id: 1, events: ['e'.repeat(1000)], messages: [] })), undefined, 'a small entry');
    assert.equal(parseLeanSample(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), good])), undefined, 'a BOM');
    assert.equal(parseLeanSample(Buffer.concat([good, Buffer.from(' x')])), undefined, 'text after the object');
    assert.equal(parseLeanSample(good.subarray(0, good.length - 40)), undefined, 'truncated');
    const broken = Buffer.from(good.toString().replace('"target"', '"target" 1,'));
    assert.equal(parseLeanSample(broken), undefined, 'a syntax error outside the skipped members');
    assert.equal(parseLeanSample(Buffer.from(`[${good.toString()}]`)), undefined, 'not an object');
    const noneSkipped = { ...bigSample(5) } as Record<string, unknown>;
    delete noneSkipped.events;
    delete noneSkipped.messages;
    assert.equal(parseLeanSample(bytes(noneSkipped)), undefined, 'nothing to skip');
  });

  test('the rows of large samples are the same whether their events are skipped or not', async () => {
    const file = join(dir, 'big.eval');
    writeFileSync(file, buildEvalArchive(Array.from({ length: 6 }, (_, k) => bigSample(k + 1)), { method: 93, chunked: (s) => Number(s.id) === 4 }));
    const run = (options: Partial<PreviewOptions> = {}): Promise<PreviewResult> => preview({ key: 'k', source: { type: 'eval_logs', path: file } }, { limit: 50, ...options });
    const plain = await run();
    const lean = await run({ traceRows: 1 });
    assert.equal(lean.total, 6);
    assert.deepEqual(lean.rows.map((row) => ({ ...row.values, trace: null })), plain.rows.map((row) => ({ ...row.values, trace: null })));
    assert.deepEqual((await lean.fillTraces!(lean.rows)).map((row) => row.values), plain.rows.map((row) => row.values));
    const limited = await preview({ key: 'k', source: { type: 'eval_logs', path: file, limit: 4 } }, { limit: 50 });
    assert.deepEqual(limited.rows.map((row) => row.values.sample_id), ['3', '4', '5', '6']);
    assert.match(limited.countedBy ?? '', /limit \(the 4 most recent\) reads every sample before the first page$/);
    assert.doesNotMatch(plain.countedBy ?? '', /limit/);
    assert.deepEqual(limited.rows.map((row) => row.values), plain.rows.slice(2).map((row) => row.values));
  });

  test('rows and traces equal the plain path (the whole sample parsed and its row built)', async () => {
    const file = join(dir, 'plain.eval');
    const originals = Array.from({ length: 5 }, (_, k) => bigSample(k + 1));
    writeFileSync(file, buildEvalArchive(originals, { method: 93, frames: 2 }));
    const result = await preview({ key: 'k', source: { type: 'eval_logs', path: file } }, { limit: 50 });
    const context = logContext({ eval: HEADER.eval }, 'plain.eval', file);
    const expected = originals.map((sample) => sampleRow(JSON.parse(JSON.stringify(sample)) as Record<string, unknown>, context, true));
    assert.deepEqual(result.rows.map((row) => row.values), expected);
  });
});
