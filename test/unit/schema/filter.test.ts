import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { validateDataset } from '../../../src/core/schema/generated/validators';
import { assertError, assertInvalid, assertValid, errorMessageOf, schemaTitleOf, type JsonObject } from './schemaTestSupport';

function withFilters(filters: unknown): JsonObject {
  return { key: 'k', display_name: 'K', source: { type: 'local', file_path: 'a.jsonl', filters } };
}

const comparisonOps = ['equals', 'not_equals', 'greater_than', 'less_than', 'greater_or_equal', 'less_or_equal'];
const membershipOps = ['in', 'not_in'];
const unaryOps = ['exists', 'not_exists', 'is_true', 'is_false'];

describe('FilterComparison', () => {
  test('accepts every comparison op with a string, number, integer or boolean value', () => {
    for (const op of comparisonOps) {
      for (const value of ['en', 3.5, 3, true]) {
        assertValid(validateDataset, withFilters([{ expression: '{{ sample.score }}', op, value }]));
      }
    }
  });

  test('requires a value', () => {
    const error = assertError(validateDataset, withFilters([{ expression: '{{ sample.a }}', op: 'equals' }]), { path: '/source/filters/0', keyword: 'required' });
    assert.equal(error.params.missingProperty, 'value');
  });

  test('rejects a list or null as value', () => {
    const error = assertError(validateDataset, withFilters([{ expression: '{{ sample.a }}', op: 'equals', value: ['a'] }]), { path: '/source/filters/0/value', keyword: 'type' });
    assert.match(errorMessageOf(error) ?? '', /values/);
    assertError(validateDataset, withFilters([{ expression: '{{ sample.a }}', op: 'less_than', value: null }]), { path: '/source/filters/0/value', keyword: 'type' });
  });
});

describe('FilterMembership', () => {
  test('accepts in and not_in with a list of strings, numbers and booleans', () => {
    for (const op of membershipOps) {
      assertValid(validateDataset, withFilters([{ expression: '{{ sample["column name"] }}', op, values: ['a', 1, 2.5, false] }]));
      assertValid(validateDataset, withFilters([{ expression: '{{ sample.a }}', op, values: [] }]));
    }
  });

  test('rejects values that is not a list, or holds objects or null', () => {
    assertError(validateDataset, withFilters([{ expression: '{{ sample.a }}', op: 'in', values: 'a' }]), { path: '/source/filters/0/values', keyword: 'type' });
    assertError(validateDataset, withFilters([{ expression: '{{ sample.a }}', op: 'in', values: ['a', { b: 1 }] }]), { path: '/source/filters/0/values/1', keyword: 'type' });
    assertError(validateDataset, withFilters([{ expression: '{{ sample.a }}', op: 'not_in', values: [null] }]), { path: '/source/filters/0/values/0', keyword: 'type' });
  });

  test('with `value` instead of `values`, reports only errors of the membership branch', () => {
    const errors = assertInvalid(validateDataset, withFilters([{ expression: '{{ sample.a }}', op: 'in', value: 'a' }]));
    assert.equal(errors.length, 2);
    for (const error of errors) {
      assert.equal(error.instancePath, '/source/filters/0');
      assert.equal(schemaTitleOf(error), 'Membership filter');
    }
    assert.deepEqual(errors.map((e) => e.keyword).sort(), ['additionalProperties', 'required']);
    assert.ok(errors.some((e) => e.params.missingProperty === 'values'));
    assert.ok(errors.some((e) => e.params.additionalProperty === 'value'));
  });
});

describe('FilterUnary', () => {
  test('accepts every unary op with only an expression', () => {
    for (const op of unaryOps) assertValid(validateDataset, withFilters([{ expression: '{{ sample.flag }}', op }]));
  });

  test('rejects a value on a unary filter', () => {
    const errors = assertInvalid(validateDataset, withFilters([{ expression: '{{ sample.flag }}', op: 'is_true', value: true }]));
    assert.equal(errors.length, 1);
    assert.equal(errors[0].keyword, 'additionalProperties');
    assert.equal(schemaTitleOf(errors[0]), 'Unary filter');
  });
});

describe('Filter', () => {
  test('AND-combined list of several kinds is accepted; an empty list too', () => {
    assertValid(validateDataset, withFilters([
      { expression: '{{ sample.lang }}', op: 'equals', value: 'en' },
      { expression: '{{ sample.tag }}', op: 'not_in', values: ['spam'] },
      { expression: '{{ sample.answer }}', op: 'exists' },
    ]));
    assertValid(validateDataset, withFilters([]));
  });

  test('requires an expression of type string', () => {
    const missing = assertError(validateDataset, withFilters([{ op: 'exists' }]), { path: '/source/filters/0', keyword: 'required' });
    assert.equal(missing.params.missingProperty, 'expression');
    assertError(validateDataset, withFilters([{ expression: 3, op: 'exists' }]), { path: '/source/filters/0/expression', keyword: 'type' });
  });

  test('rejects an unknown op with the list of operators', () => {
    const errors = assertInvalid(validateDataset, withFilters([{ expression: '{{ sample.a }}', op: 'contains', value: 'x' }]));
    assert.ok(errors.some((e) => e.instancePath === '/source/filters/0/op' && e.keyword === 'enum'));
    for (const error of errors) assert.match(errorMessageOf(error) ?? '', /equals, not_equals/);
  });

  test('rejects a filter without op', () => {
    assertError(validateDataset, withFilters([{ expression: '{{ sample.a }}', value: 1 }]), { path: '/source/filters/0', keyword: 'discriminator' });
  });

  test('rejects filters that is not a list, or an entry that is not an object', () => {
    assertError(validateDataset, withFilters({ expression: '{{ sample.a }}', op: 'exists' }), { path: '/source/filters', keyword: 'type' });
    assertError(validateDataset, withFilters(['{{ sample.a }} == 1']), { path: '/source/filters/0', keyword: 'type' });
  });
});
