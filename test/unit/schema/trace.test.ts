import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { validateTrace } from '../../../src/core/schema/generated/validators';
import { assertError, assertValid, copy, readFixture, type JsonObject } from './schemaTestSupport';

const validTrace = readFixture('trace.valid.json');

function traceWith(edit: (trace: JsonObject) => void): JsonObject {
  const trace = copy(validTrace);
  edit(trace);
  return trace;
}

const metadata = (trace: JsonObject): JsonObject => trace.metadata as JsonObject;

describe('Trace', () => {
  test('accepts a complete trace', () => {
    assertValid(validateTrace, validTrace);
  });

  test('accepts the minimal trace and null optional fields', () => {
    assertValid(validateTrace, { items: [] });
    assertValid(validateTrace, { items: [], metadata: null, events: null, span_id: null, span_name: null, span_type: null });
  });

  test('requires items, a list of objects of any shape', () => {
    const error = assertError(validateTrace, traceWith((trace) => delete trace.items), { path: '', keyword: 'required' });
    assert.equal(error.params.missingProperty, 'items');
    assertError(validateTrace, traceWith((trace) => (trace.items = {})), { path: '/items', keyword: 'type' });
    assertError(validateTrace, traceWith((trace) => (trace.items = ['hello'])), { path: '/items/0', keyword: 'type' });
    assertValid(validateTrace, traceWith((trace) => (trace.items = [{ type: 'unknown_kind', payload: [1, 2] }, { role: 'user', content: 'hi' }])));
  });

  test('FORMAT and span fields are strings', () => {
    assertError(validateTrace, traceWith((trace) => (trace.FORMAT = 1)), { path: '/FORMAT', keyword: 'type' });
    assertError(validateTrace, traceWith((trace) => (trace.span_id = 7)), { path: '/span_id', keyword: 'type' });
    assertError(validateTrace, traceWith((trace) => (trace.span_type = {})), { path: '/span_type', keyword: 'type' });
  });

  test('events accept any value, and the trace stays open to extra fields', () => {
    assertValid(validateTrace, traceWith((trace) => {
      trace.events = 'opaque';
      trace.extra = { a: 1 };
    }));
  });
});

describe('TraceMetadata', () => {
  test('accepts an empty metadata object', () => {
    assertValid(validateTrace, traceWith((trace) => (trace.metadata = {})));
  });

  test('checks the type of every field', () => {
    const wrong: JsonObject = {
      trace_id: 1, source_type: 1, source_uri: 1, agent: 1, model: 1, tags: 'prod', created_at: 1,
      total_time: '1s', total_tokens: 1.5, message_count: '3', error: 1, extra: 'x',
    };
    for (const [field, value] of Object.entries(wrong)) {
      assertError(validateTrace, traceWith((trace) => (metadata(trace)[field] = value)), { path: `/metadata/${field}`, keyword: 'type' });
    }
    assertError(validateTrace, traceWith((trace) => (metadata(trace).tags = ['ok', 1])), { path: '/metadata/tags/1', keyword: 'type' });
  });

  test('rejects metadata that is not an object', () => {
    assertError(validateTrace, traceWith((trace) => (trace.metadata = 'meta')), { path: '/metadata', keyword: 'type' });
  });
});
