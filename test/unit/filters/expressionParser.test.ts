import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { displayPath, parseExpression, referencedColumn, TASK_ACTION_ROOTS } from '../../../src/core/filters/expressionParser';

function ok(text: string, roots?: readonly string[]) {
  const result = parseExpression(text, roots);
  assert.ok(result.ok, `expected ${text} to parse: ${result.ok ? '' : result.error.message}`);
  return result.expression;
}

function fail(text: string, roots?: readonly string[]) {
  const result = parseExpression(text, roots);
  assert.ok(!result.ok, `expected ${text} to be invalid`);
  return result.error;
}

describe('expression grammar (docs/semantics.md §4)', () => {
  test('root with names, quoted keys and indexes, with positions', () => {
    const e = ok(`{{ sample.meta["my col"]['x y'][2].z }}`);
    assert.equal(e.root, 'sample');
    assert.deepEqual(e.segments.map((s) => (s.kind === 'index' ? s.index : s.name)), ['meta', 'my col', 'x y', 2, 'z']);
    assert.deepEqual(e.segments.map((s) => s.kind), ['name', 'key', 'key', 'index', 'name']);
    assert.equal(e.rootStart, 3);
    assert.equal(e.segments[0].start, 9);
    assert.equal(e.segments[0].end, 14);
  });

  test('spaces inside the braces are optional', () => {
    assert.equal(ok('{{sample.a}}').segments.length, 1);
    assert.equal(ok('{{   sample.a   }}').segments.length, 1);
    assert.equal(ok('{{ sample }}').segments.length, 0);
  });

  test('escapes inside quoted names', () => {
    const e = ok(String.raw`{{ sample["a \"b\" \\ \'c\'"] }}`);
    assert.equal(e.segments[0].kind === 'key' && e.segments[0].name, `a "b" \\ 'c'`);
    const single = ok(String.raw`{{ sample['it\'s'] }}`);
    assert.equal(single.segments[0].kind === 'key' && single.segments[0].name, "it's");
  });

  test('names start with a letter or underscore', () => {
    ok('{{ sample._x1 }}');
    assert.match(fail('{{ sample.1x }}').message, /expected a name/);
  });

  test('unknown root is an error at the root', () => {
    const error = fail('{{ row.a }}');
    assert.equal(error.column, 4);
    assert.match(error.message, /unknown root 'row'/);
    ok('{{ scores.accuracy }}', TASK_ACTION_ROOTS);
    ok('{{ solver_output }}', TASK_ACTION_ROOTS);
  });

  test('a pipe is refused at its column', () => {
    const error = fail('{{ sample.a | upper }}');
    assert.equal(error.column, 13);
    assert.match(error.message, /pipe/);
  });

  test('missing braces', () => {
    assert.equal(fail('sample.a').column, 1);
    assert.match(fail('{{ sample.a }').message, /missing closing/);
    assert.match(fail('{{ sample.a').message, /missing closing/);
    assert.match(fail('{ sample.a }}').message, /starts with/);
  });

  test('operators and other text are invalid', () => {
    const error = fail('{{ sample.a == 1 }}');
    assert.equal(error.column, 13);
    assert.match(fail('{{ sample.a }} tail').message, /after the closing/);
    assert.match(fail('{{ sample . a }}').message, /unexpected/);
  });

  test('index and bracket errors', () => {
    assert.match(fail('{{ sample[-1] }}').message, /inside '\[ \]'/);
    assert.match(fail('{{ sample[1 }}').message, /expected '\]'/);
    assert.match(fail('{{ sample["a" }}').message, /expected '\]'/);
    assert.match(fail('{{ sample["a }}').message, /unterminated/);
    const bad = fail(String.raw`{{ sample["a\n"] }}`);
    assert.match(bad.message, /unknown escape/);
    assert.equal(bad.column, 13);
    assert.match(fail('{{ sample.a[x] }}').message, /inside '\[ \]'/);
  });

  test('referenced column: first segment after sample', () => {
    assert.equal(referencedColumn('{{ sample.category }}'), 'category');
    assert.equal(referencedColumn('{{ sample["source file"].x }}'), 'source file');
    assert.equal(referencedColumn('{{ sample[0] }}'), undefined);
    assert.equal(referencedColumn('{{ sample }}'), undefined);
    assert.equal(referencedColumn('{{ scores.a }}'), undefined);
    assert.equal(referencedColumn('{{ sample.a | b }}'), undefined);
  });

  test('display path', () => {
    assert.equal(displayPath(ok(`{{ sample['meta'].tags[0] }}`)), 'meta.tags[0]');
    assert.equal(displayPath(ok(`{{ sample["my col"]["a b"] }}`)), 'my col["a b"]');
  });
});
