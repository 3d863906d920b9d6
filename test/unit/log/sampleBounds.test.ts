import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachElement, JsonSyntaxError, valueEnd } from '../../../src/core/log/jsonScanner';
import { forEachElementBounds } from '../../../src/core/log/sampleBounds';
import { pick, seededRandom as rng } from '../randomInput';


const CUT_KEYS = ['solver', 'direct_ios'].map((key) => new TextEncoder().encode(key));
const TEXT = ['plain', 'with "quotes"', 'back\\slash', 'brackets ] } [ {', 'solver', 'é日本😀', 'tab\there', 'x'.repeat(300), '\\', '"'];

function randomJson(next: () => number, depth: number): string {
  const r = next();
  if (depth > 3 || r < 0.35) return pick(next, [JSON.stringify(pick(next, TEXT)), '12', '-3.5e2', 'true', 'null', '"solver"']);
  const blank = () => pick(next, ['', '', ' ', '\n  ', '\t']);
  const n = Math.floor(next() * 5);
  if (r < 0.65) {
    const members = Array.from({ length: n }, () => {
      const key = pick(next, ['"a"', '"solver"', '"direct_ios"', '"sample"', '"solver_x"', '"so\\u006cver"', '"data"']);
      return `${blank()}${key}${blank()}:${blank()}${randomJson(next, depth + 1)}${blank()}`;
    });
    return `{${members.join(',')}}`;
  }
  return `[${Array.from({ length: n }, () => `${blank()}${randomJson(next, depth + 1)}${blank()}`).join(',')}]`;
}

type Bounds = { elements: [number, number, number[]][]; end: number } | { error: string; offset: number };

let slowCalls = 0;

/** Each element's bounds and cuts, or the error: from the JavaScript scanner alone, or through the kernel. */
function bounds(buf: Buffer, through: 'javascript' | 'kernel'): Bounds {
  const elements: [number, number, number[]][] = [];
  slowCalls = 0;
  const slow = (start: number) => {
    slowCalls++;
    const cuts: number[] = [];
    const elementEnd = valueEnd(buf, start, CUT_KEYS, cuts);
    elements.push([start, elementEnd, cuts]);
    return elementEnd;
  };
  try {
    const end = through === 'javascript'
      ? forEachElement(buf, 0, slow)
      : forEachElementBounds(buf, 0, CUT_KEYS, (start, elementEnd, cuts) => elements.push([start, elementEnd, cuts]), slow);
    return { elements, end };
  } catch (error) {
    assert.ok(error instanceof JsonSyntaxError);
    return { error: error.message, offset: error.offset };
  }
}

describe('sample bounds through the WebAssembly kernel', () => {
  test('give the elements, ends and cut values the JavaScript scanner gives, and its errors', () => {
    const next = rng(5);
    let broken = 0;
    let cuts = 0;
    for (let round = 0; round < 400; round++) {
      const elements = Array.from({ length: 1 + Math.floor(next() * 12) }, () => randomJson(next, 0));
      let text = `[${elements.join(pick(next, [',', ' ,\n', ',\t']))}]`;
      if (next() < 0.25) {
        const at = Math.floor(next() * text.length);
        text = text.slice(0, at) + pick(next, ['', '"', ']', '}', '{', '\\', ',', 'x']) + text.slice(at + 1);
        broken++;
      }
      const buf = Buffer.from(text, 'utf8');
      const expected = bounds(buf, 'javascript');
      assert.deepEqual(bounds(buf, 'kernel'), expected, text.slice(0, 400));
      if ('elements' in expected) cuts += expected.elements.reduce((sum, [, , c]) => sum + c.length, 0);
    }
    assert.ok(broken > 50 && cuts > 100, `broken arrays (${broken}) and cut values (${cuts}) were tried`);
  });

  test('go over windows, and read an element longer than a window with the JavaScript scanner, then go on', () => {
    const sample = (k: number) => JSON.stringify({ sample_id: k, trials: [{ solver: { output: 'y'.repeat(5000) }, scores: [k] }], direct_ios: [k] });
    const many = Buffer.from(`[${Array.from({ length: 3000 }, (_, k) => sample(k)).join(',')}]`, 'utf8');
    assert.ok(many.length > 8 * 1024 * 1024, 'more than two windows');
    const windows = bounds(many, 'kernel');
    assert.equal(slowCalls, 0, 'the kernel read every element');
    assert.deepEqual(windows, bounds(many, 'javascript'));
    const huge = Buffer.from(`[${sample(1)},{"solver":"${'z'.repeat(5 * 1024 * 1024)}"},${Array.from({ length: 500 }, (_, k) => sample(k)).join(',')}]`, 'utf8');
    const result = bounds(huge, 'kernel');
    assert.equal(slowCalls, 1, 'only the long element is read by the JavaScript scanner');
    assert.deepEqual(result, bounds(huge, 'javascript'));
    assert.ok('elements' in result && result.elements.length === 502);
    const brokenAfterHuge = Buffer.from(`[{"solver":"${'z'.repeat(5 * 1024 * 1024)}"} x, ${sample(1)}]`, 'utf8');
    assert.deepEqual(bounds(brokenAfterHuge, 'kernel'), bounds(brokenAfterHuge, 'javascript'));
    assert.ok('error' in bounds(brokenAfterHuge, 'kernel'));
  });
});
