import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fetchDecision } from '../../../src/extension/preview/fetchPolicy';

describe('URL fetch decision', () => {
  test('follows the setting in a trusted workspace', () => {
    assert.equal(fetchDecision('always', true), 'allow');
    assert.equal(fetchDecision('ask', true), 'ask');
    assert.equal(fetchDecision('never', true), 'refuse');
  });

  test('always asks in an untrusted workspace, unless fetching is off', () => {
    assert.equal(fetchDecision('always', false), 'ask');
    assert.equal(fetchDecision('ask', false), 'ask');
    assert.equal(fetchDecision('never', false), 'refuse');
  });
});
