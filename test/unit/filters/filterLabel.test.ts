import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFilter, filterLabel } from '../../../src/core/filters/filterLabel';

describe('filter labels and explanations', () => {
  test('labels', () => {
    assert.equal(filterLabel({ op: 'in', expression: '{{ sample.category }}', values: ['math', 'code'] }), 'category in [math, code]');
    assert.equal(filterLabel({ op: 'greater_or_equal', expression: '{{ sample.difficulty }}', value: 3 }), 'difficulty >= 3');
    assert.equal(filterLabel({ op: 'is_true', expression: '{{ sample.is_hard }}' }), 'is_hard is true');
    assert.equal(filterLabel({ op: 'not_in', expression: '{{ sample["my col"] }}', values: ['a b', 1, false] }), 'my col not in ["a b", 1, false]');
    assert.equal(filterLabel({ op: 'equals', expression: '{{ sample.x }}', value: '' }), 'x = ""');
    assert.equal(filterLabel({ op: 'bogus', expression: '{{ sample.x }}' }), '{{ sample.x }} (invalid filter)');
  });

  test('explanations in plain words', () => {
    assert.equal(describeFilter({ op: 'in', expression: '{{ sample.category }}', values: ['math', 'code'] }), 'keeps rows where category is math or code');
    assert.equal(describeFilter({ op: 'in', expression: '{{ sample.c }}', values: ['a', 'b', 'c'] }), 'keeps rows where c is a, b or c');
    assert.match(describeFilter({ op: 'greater_or_equal', expression: '{{ sample.difficulty }}', value: 3 }), /^keeps rows where difficulty is 3 or more; .*not a number/);
    assert.match(describeFilter({ op: 'not_equals', expression: '{{ sample.a }}', value: 'x' }), /rows without a are kept/);
    assert.match(describeFilter({ op: 'exists', expression: '{{ sample.a }}' }), /present and not null/);
    assert.match(describeFilter({ op: 'equals', expression: '{{ sample.a }}' }), /needs a 'value'/);
  });
});
