import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compareForOrdering, compileFilter, resolveSegments } from '../../../src/core/filters/filterEvaluator';
import { JsonObjectScanner } from '../../../src/core/engine/scan/jsonObjectScanner';
import { memberTree, pickMembers, stringPrefix } from '../../../src/core/engine/scan/memberPicker';
import { pick, seededRandom } from '../randomInput';

const PIECES = ['a', 'M', 'T', 'm', 'Ma', 'Z', ' ', '0', '9', '.', '\n', '\t', '"', '\\', '/', '\u0001', 'é', '日', '😀', '\ud800', '\u2028', '\u00ff', '\u007f'];

/** A JSON string of random text, written with escapes chosen at random where JSON allows them. */
function randomJsonString(next: () => number): { json: string; text: string } {
  let text = '';
  const n = Math.floor(next() * 12);
  for (let k = 0; k < n; k++) text += pick(next, PIECES);
  let json = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (ch === '"' || ch === '\\' || code < 0x20 || (next() < 0.2 && code < 0xffff)) json += `\\u${code.toString(16).padStart(4, '0')[next() < 0.5 ? 'toUpperCase' : 'toLowerCase']()}`;
    else if (ch === '/' && next() < 0.5) json += '\\/';
    else json += ch;
  }
  return { json: `${json}"`, text: JSON.parse(`${json}"`) as string };
}

describe('decoding only what filters read', () => {
  test('a string prefix orders against short text exactly as the whole string does', () => {
    const next = seededRandom(5);
    let prefixes = 0;
    for (let round = 0; round < 5000; round++) {
      const { json, text } = randomJsonString(next);
      const x = randomJsonString(next).text;
      const units = x.length + 1;
      const buf = Buffer.from(`  ${json}  `, 'utf8');
      const prefix = stringPrefix(buf, 2, units);
      if (prefix === undefined) continue;
      prefixes++;
      assert.equal(prefix, text.slice(0, units), json);
      assert.equal(Math.sign(compareForOrdering(prefix, x) ?? 9), Math.sign(compareForOrdering(text, x) ?? 9), `${json} against ${JSON.stringify(x)}`);
    }
    assert.ok(prefixes > 1000, `prefixes were decoded (${prefixes})`);
  });

  test('ordering filters against non-numeric text read a prefix; numeric text, numbers and other ops do not', () => {
    const filter = (spec: object) => compileFilter(spec, 0);
    assert.equal(filter({ op: 'greater_or_equal', expression: '{{ sample.q }}', value: 'M' }).stringPrefix, 2);
    assert.equal(filter({ op: 'less_than', expression: '{{ sample["q"] }}', value: 'Tom' }).stringPrefix, 4);
    assert.equal(filter({ op: 'less_than', expression: '{{ sample.q }}', value: '10' }).stringPrefix, undefined);
    assert.equal(filter({ op: 'less_than', expression: '{{ sample.q }}', value: 10 }).stringPrefix, undefined);
    assert.equal(filter({ op: 'equals', expression: '{{ sample.q }}', value: 'M' }).stringPrefix, undefined);
    assert.equal(filter({ op: 'less_than', expression: '{{ sample.q.r }}', value: 'M' }).stringPrefix, undefined);
    assert.deepEqual(filter({ op: 'is_true', expression: '{{ sample.scores["correct"] }}' }).memberPath, ['correct']);
    assert.equal(filter({ op: 'is_true', expression: '{{ sample.scores[0] }}' }).memberPath, undefined);
  });

  test('picked members resolve every path as the whole parsed value does', () => {
    const next = seededRandom(9);
    const names = ['a', 'b', 'é', '__proto__', 'a"b', ''];
    const paths = [['a'], ['b', 'a'], ['é', '__proto__'], ['a"b'], ['', 'b', 'a']];
    const tree = memberTree(paths);
    assert.ok(tree);
    const scanner = new JsonObjectScanner(['v']);
    const randomValue = (depth: number): string => {
      const r = next();
      if (depth > 3 || r < 0.4) return pick(next, ['1', '-2.5e3', '"x"', '"\\u00e9\\n"', 'true', 'null', '[]', '{}', '[{"a":1}]']);
      const members = Array.from({ length: Math.floor(next() * 5) }, () => {
        const name = pick(next, names);
        const key = next() < 0.3 ? `"${[...name].map((ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"` : JSON.stringify(name);
        return `${pick(next, ['', ' '])}${key} : ${randomValue(depth + 1)}`;
      });
      return next() < 0.1 ? `[${members.length}]` : `{${members.join(',')}}`;
    };
    for (let round = 0; round < 3000; round++) {
      const json = randomValue(0);
      const buf = Buffer.from(`{"v":${json}}`, 'utf8');
      assert.ok(scanner.scanValues(buf, 0, buf.length), json);
      const picked = pickMembers(tree, scanner, buf, 5, buf.length - 1);
      const whole = JSON.parse(json) as unknown;
      for (const path of paths) {
        const segments = path.map((name) => ({ kind: 'name' as const, name, start: 0, end: 0 }));
        assert.deepEqual(resolveSegments(picked, segments), resolveSegments(whole, segments), `${path.join('.')} in ${json}`);
      }
    }
    assert.equal(memberTree([['\uFFFD']]), undefined, 'a name a plain key could spell in more than one way');
  });
});
