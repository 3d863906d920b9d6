import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertDepth, boundDepth, exceedsDepth, findTooDeepJson, findTooDeepJsonBytes, findTooDeepYaml, lineOfOffset, MAX_NESTING_DEPTH, NestingTooDeepError, parseJsonBounded, TOO_DEEP_MARKER } from '../../../src/core/json/depthGuard';

const nest = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

describe('depth guard', () => {
  test('JSON: the offset of the first bracket past the limit; strings and escapes are skipped', () => {
    assert.equal(findTooDeepJson(nest(MAX_NESTING_DEPTH)), -1);
    assert.equal(findTooDeepJson(nest(MAX_NESTING_DEPTH + 1)), MAX_NESTING_DEPTH);
    const quoted = `{"a": "${'['.repeat(2000)}\\"${'{'.repeat(2000)}"}`;
    assert.equal(findTooDeepJson(quoted), -1);
    assert.equal(findTooDeepJsonBytes(Buffer.from(quoted)), -1);
    assert.equal(findTooDeepJsonBytes(Buffer.from(`xx${nest(600)}`), 512, 2), 2 + 512);
    assert.equal(findTooDeepJson(`${'[1],'.repeat(5000)}`), -1, 'long but shallow');
  });

  test('YAML: flow, block indentation and compact sequences count; quotes, comments and block scalars do not', () => {
    assert.equal(findTooDeepYaml(`a: ${nest(400)}`), -1);
    assert.ok(findTooDeepYaml(`a: ${nest(600)}`) > 0);
    assert.ok(findTooDeepYaml(`a:\n  ${'- '.repeat(600)}1\n`) > 0);
    let block = '';
    for (let i = 0; i < 600; i++) block += `${' '.repeat(i)}k${i}:\n`;
    assert.ok(findTooDeepYaml(block) > 0, 'a mapping nested by indentation');
    let shallow = '';
    for (let i = 0; i < 3000; i++) shallow += `key${i}:\n  - item\n  - {a: [1, 2]}\n`;
    assert.equal(findTooDeepYaml(shallow), -1, 'many siblings are not depth');
    const hidden = [
      `q: "${'['.repeat(2000)}"`,
      `s: '${'{'.repeat(2000)}'`,
      `# ${'['.repeat(2000)}`,
      'prompt: |',
      `  ${'['.repeat(2000)}`,
      `  ${'{'.repeat(2000)}`,
      'after: [1]',
      `plain: it's ${'{{ x }} '.repeat(1000)}`,
    ].join('\n');
    assert.equal(findTooDeepYaml(hidden), -1);
    // A quote inside a plain scalar is text: it must not hide deep nesting on the next lines.
    assert.ok(findTooDeepYaml(`x: a 'b\nz: ${nest(600)}\ny: c'd\n`) > 0);
    assert.ok(findTooDeepYaml(`x: it's\nz: ${nest(600)}\ny: 'q'\n`) > 0);
    assert.ok(findTooDeepYaml(`x: say "hi\nz: ${nest(600)}\ny: "\n`) > 0);
    assert.ok(findTooDeepYaml(`a: x |\n  b: ${nest(600)}\n`) > 0, 'a plain scalar ending in | is not a block scalar');
    assert.equal(findTooDeepYaml(`- >-\n  ${'['.repeat(600)}\n- |2\n   ${'{'.repeat(600)}\n`), -1);
    assert.equal(findTooDeepYaml(`x: "a\n  ${'['.repeat(600)}"\ny: [{"k": 'v'}]\n`), -1, 'a real quoted scalar over two lines');
  });

  test('assertDepth names the file and the 1-based line; parseJsonBounded parses what is shallow', () => {
    const text = `{\n"a": 1,\n"b": ${nest(1000)}\n}`;
    assert.throws(() => assertDepth(text, 'x.json'), (e: unknown) => e instanceof NestingTooDeepError && e.line === 3 && /^x\.json:3: nested more than 512 levels deep/.test(e.message));
    assert.throws(() => parseJsonBounded(text, 'y.json'), NestingTooDeepError);
    assert.deepEqual(parseJsonBounded('{"a": [[1]]}', 'z.json'), { a: [[1]] });
    assert.equal(lineOfOffset('a\nb\nc', 4), 3);
  });

  test('boundDepth keeps shallow values as they are and collapses the too-deep part of others', () => {
    const shallow = { a: [1, { b: 2 }] };
    assert.equal(boundDepth(shallow), shallow);
    const deep = JSON.parse(`{"keep": 1, "deep": ${nest(100_000)}}`) as Record<string, unknown>;
    assert.equal(exceedsDepth(deep), true);
    const bounded = boundDepth(deep, 3);
    assert.deepEqual(bounded, { keep: 1, deep: [[TOO_DEEP_MARKER]] });
    assert.equal(exceedsDepth(bounded, 3), false);
    JSON.stringify(boundDepth(deep));
    const proto = JSON.parse(`{"__proto__": ${nest(10)}}`) as Record<string, unknown>;
    const boundedProto = boundDepth(proto, 2);
    assert.equal(Object.getPrototypeOf(boundedProto), Object.prototype);
    assert.deepEqual(Object.keys(boundedProto), ['__proto__']);
  });

  test('exceedsDepth agrees with a recursive count of the deepest container on random values, at every limit', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    // A value of scalars, arrays and objects (some with null prototypes or non-enumerable keys) up to `depth` deep.
    const make = (depth: number): unknown => {
      const pick = random();
      if (depth === 0 || pick < 0.3) return [1, 'a', null, true, undefined][Math.floor(random() * 5)];
      const width = Math.floor(random() * 5);
      if (pick < 0.65) return Array.from({ length: width }, () => make(depth - 1));
      const object: Record<string, unknown> = random() < 0.2 ? Object.create(null) as Record<string, unknown> : {};
      for (let k = 0; k < width; k++) object[`k${k}`] = make(depth - 1);
      if (random() < 0.2) Object.defineProperty(object, 'hidden', { value: [[[[[]]]]], enumerable: false });
      return object;
    };
    const deepest = (value: unknown): number => {
      if (typeof value !== 'object' || value === null) return 0;
      const children = Array.isArray(value) ? value : Object.values(value);
      return 1 + children.reduce((most: number, child) => Math.max(most, deepest(child)), 0);
    };
    let exceeded = 0;
    let within = 0;
    for (let n = 0; n < 400; n++) {
      const value = make(1 + Math.floor(random() * 9));
      const depth = deepest(value);
      for (let limit = 0; limit <= 10; limit++) {
        assert.equal(exceedsDepth(value, limit), depth > limit, `limit ${limit}, deepest ${depth}: ${JSON.stringify(value)}`);
        if (depth > limit) exceeded++;
        else within++;
      }
    }
    assert.ok(exceeded > 500 && within > 500, `both answers are tried (${exceeded} over, ${within} within)`);
    assert.equal(exceedsDepth([[]], 2), false);
    assert.equal(exceedsDepth([1, {}, [{ a: [] }]], 4), false);
    assert.equal(exceedsDepth([1, {}, [{ a: [] }]], 3), true);
    assert.equal(exceedsDepth('text', 0), false);
    assert.equal(exceedsDepth({}, 0), true);
  });
});
