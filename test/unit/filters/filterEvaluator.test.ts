import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compareCodePoints, compileFilter, compileFilters, evaluateFilter, FilterCompileError, FilterOutcome, MISSING, resolveSegments } from '../../../src/core/filters/filterEvaluator';
import { parseExpression } from '../../../src/core/filters/expressionParser';
import { FilterSpec } from '../../../src/core/filters/filterSpec';

const E = '{{ sample.v }}';
type Bare = FilterSpec extends infer T ? (T extends FilterSpec ? Omit<T, 'expression'> : never) : never;
const passes = (spec: Bare, v: unknown) =>
  evaluateFilter({ ...spec, expression: E } as FilterSpec, v) === FilterOutcome.Pass;
const outcome = (spec: Bare, v: unknown) => evaluateFilter({ ...spec, expression: E } as FilterSpec, v);

describe('equality coercion (docs/semantics.md §5)', () => {
  test('number x: numbers and trimmed decimal text', () => {
    const eq = { op: 'equals', value: 3 } as const;
    assert.ok(passes(eq, 3));
    assert.ok(passes(eq, '3'));
    assert.ok(passes(eq, ' 3.0 '));
    assert.ok(passes(eq, '3e0'));
    assert.ok(!passes(eq, '3 apples'));
    assert.ok(!passes(eq, ''));
    assert.ok(!passes(eq, '0x3'));
    assert.ok(!passes(eq, true));
    assert.ok(!passes(eq, [3]));
    assert.ok(passes({ op: 'equals', value: 0 }, '-0'));
  });

  test('boolean x: booleans and true/false text in any case', () => {
    assert.ok(passes({ op: 'equals', value: true }, true));
    assert.ok(passes({ op: 'equals', value: true }, 'TRUE'));
    assert.ok(passes({ op: 'equals', value: false }, 'False'));
    assert.ok(!passes({ op: 'equals', value: true }, 1));
    assert.ok(!passes({ op: 'equals', value: true }, 'yes'));
    assert.ok(!passes({ op: 'equals', value: false }, true));
  });

  test('string x: same text, or a number/boolean whose JSON text matches', () => {
    assert.ok(passes({ op: 'equals', value: 'math' }, 'math'));
    assert.ok(!passes({ op: 'equals', value: 'math' }, 'Math'));
    assert.ok(passes({ op: 'equals', value: '3' }, 3));
    assert.ok(!passes({ op: 'equals', value: '3.0' }, 3));
    assert.ok(passes({ op: 'equals', value: 'true' }, true));
    assert.ok(!passes({ op: 'equals', value: '{}' }, {}));
  });

  test('missing or null never equal; not_equals / not_in pass them', () => {
    for (const v of [MISSING, null]) {
      assert.ok(!passes({ op: 'equals', value: 'x' }, v));
      assert.ok(!passes({ op: 'in', values: ['x', 1, true] }, v));
      assert.ok(passes({ op: 'not_equals', value: 'x' }, v));
      assert.ok(passes({ op: 'not_in', values: ['x'] }, v));
    }
  });

  test('in / not_in use equality on each element', () => {
    assert.ok(passes({ op: 'in', values: ['math', 'code'] }, 'code'));
    assert.ok(passes({ op: 'in', values: [1, 2] }, '2'));
    assert.ok(!passes({ op: 'in', values: [] }, 'x'));
    assert.ok(!passes({ op: 'not_in', values: ['math', 3] }, 3));
    assert.ok(passes({ op: 'not_in', values: ['math'] }, 'art'));
  });
});

describe('ordering (docs/semantics.md §5)', () => {
  test('number x compares numerically after conversion', () => {
    assert.ok(passes({ op: 'greater_or_equal', value: 3 }, 3));
    assert.ok(passes({ op: 'greater_or_equal', value: 3 }, ' 10 '));
    assert.ok(!passes({ op: 'greater_than', value: 3 }, '3'));
    assert.ok(passes({ op: 'less_than', value: 3 }, 2.5));
    assert.ok(passes({ op: 'less_or_equal', value: 3 }, '3'));
  });

  test('not comparable: missing, null, non-numeric for a number x, objects', () => {
    for (const v of [MISSING, null, 'abc', true, {}, []]) {
      assert.equal(outcome({ op: 'greater_than', value: 1 }, v), FilterOutcome.NotComparable, String(v));
    }
    assert.equal(outcome({ op: 'less_than', value: 'b' }, MISSING), FilterOutcome.NotComparable);
    assert.equal(outcome({ op: 'less_than', value: 'b' }, { a: 1 }), FilterOutcome.NotComparable);
  });

  test('string x: numerically when both are numeric text, else by code point', () => {
    assert.ok(passes({ op: 'greater_than', value: '9' }, '10'));
    assert.ok(passes({ op: 'greater_than', value: '9' }, 10));
    assert.ok(passes({ op: 'less_than', value: 'b' }, 'a'));
    assert.ok(passes({ op: 'less_than', value: 'a' }, 'B'));
    assert.ok(passes({ op: 'greater_than', value: '10' }, 'abc'));
    assert.ok(passes({ op: 'greater_than', value: '\uffff' }, '\u{1F600}') === true);
    assert.ok(compareCodePoints('\uff01', '\u{1F600}') < 0);
    assert.ok(compareCodePoints('\u{1F600}', '\uff01') > 0);
    assert.equal(compareCodePoints('ab', 'ab'), 0);
    assert.ok(compareCodePoints('a', 'ab') < 0);
  });

  test('a boolean value with an ordering op is an invalid filter', () => {
    assert.throws(() => compileFilter({ op: 'greater_than', expression: E, value: true }, 0), FilterCompileError);
  });
});

describe('unary ops (docs/semantics.md §5)', () => {
  test('exists / not_exists', () => {
    assert.ok(passes({ op: 'exists' }, ''));
    assert.ok(passes({ op: 'exists' }, 0));
    assert.ok(!passes({ op: 'exists' }, null));
    assert.ok(!passes({ op: 'exists' }, MISSING));
    assert.ok(passes({ op: 'not_exists' }, null));
    assert.ok(passes({ op: 'not_exists' }, MISSING));
    assert.ok(!passes({ op: 'not_exists' }, false));
  });

  test('is_true / is_false', () => {
    for (const v of [true, 1, 'true', ' TRUE ']) assert.ok(passes({ op: 'is_true' }, v), String(v));
    for (const v of [false, 0, 'false', 'False ']) assert.ok(passes({ op: 'is_false' }, v), String(v));
    for (const v of ['yes', 2, null, MISSING, '1', [true]]) {
      assert.ok(!passes({ op: 'is_true' }, v), String(v));
      assert.ok(!passes({ op: 'is_false' }, v), String(v));
    }
  });
});

describe('paths and compiling', () => {
  test('missing: absent key, index out of range, stepping into a non-object', () => {
    const parse = (text: string) => {
      const r = parseExpression(text);
      assert.ok(r.ok);
      return r.expression.segments;
    };
    const row = { a: { b: [10, { c: null }] }, s: 'text', 'my col': 1 };
    assert.equal(resolveSegments(row, parse('{{ sample.a.b[0] }}')), 10);
    assert.equal(resolveSegments(row, parse('{{ sample.a.b[1].c }}')), null);
    assert.equal(resolveSegments(row, parse('{{ sample["my col"] }}')), 1);
    assert.equal(resolveSegments(row, parse('{{ sample.a.b[2] }}')), MISSING);
    assert.equal(resolveSegments(row, parse('{{ sample.x }}')), MISSING);
    assert.equal(resolveSegments(row, parse('{{ sample.s.length }}')), MISSING);
    assert.equal(resolveSegments(row, parse('{{ sample.a.b.length }}')), MISSING);
    assert.equal(resolveSegments(row, parse('{{ sample.a[0] }}')), MISSING);
    assert.equal(resolveSegments(row, parse('{{ sample.constructor }}')), MISSING);
  });

  test('compile errors name the filter, its text and the column', () => {
    assert.throws(
      () => compileFilters([{ op: 'exists', expression: '{{ sample.a }}' }, { op: 'exists', expression: '{{ sample.a | b }}' }]),
      (error: unknown) =>
        error instanceof FilterCompileError &&
        error.index === 1 &&
        error.column === 13 &&
        /filter 2 \("\{\{ sample\.a \| b \}\}"\): invalid expression at column 13/.test(error.message),
    );
    assert.throws(() => compileFilters([{ op: 'between', expression: E }]), /unknown op "between"/);
    assert.throws(() => compileFilters([{ op: 'in', expression: E, values: 'x' }]), /needs 'values'/);
    assert.throws(() => compileFilters([{ op: 'equals', expression: E }]), /needs a 'value'/);
    assert.throws(() => compileFilters([{ op: 'equals', value: 1 }]), /expression is missing/);
    assert.deepEqual(compileFilters(undefined), []);
  });

  test('compiled test reads the row', () => {
    const filter = compileFilter({ op: 'in', expression: '{{ sample["source file"] }}', values: ['a'] }, 0);
    assert.equal(filter.column, 'source file');
    assert.equal(filter.test({ 'source file': 'a' }), FilterOutcome.Pass);
    assert.equal(filter.test({}), FilterOutcome.Fail);
  });
});
