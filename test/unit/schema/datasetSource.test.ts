import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { validateDataset } from '../../../src/core/schema/generated/validators';
import { assertError, assertInvalid, assertValid, errorMessageOf, schemaTitleOf, type JsonObject } from './schemaTestSupport';

function withSource(source: unknown): JsonObject {
  return { key: 'k', display_name: 'K', source };
}

const filters = [{ expression: '{{ sample.lang }}', op: 'equals', value: 'en' }];

/** A complete valid source of every type, and the required fields of each. */
const sources: { type: string; full: JsonObject; required: string[] }[] = [
  { type: 'local', full: { type: 'local', file_path: 'data/a.csv', filters }, required: ['file_path'] },
  { type: 'folder', full: { type: 'folder', directory_path: 'docs', extension: 'md', filters }, required: ['directory_path'] },
  { type: 'url', full: { type: 'url', url: 'https://example.com/a.jsonl', filters }, required: ['url'] },
  {
    type: 'dataset_hub',
    full: { type: 'dataset_hub', path: 'owner/dataset', split: 'test', load_dataset_kwargs: { name: 'main' }, filters },
    required: ['path', 'split'],
  },
  {
    type: 'coding_agent_sessions',
    full: { type: 'coding_agent_sessions', path: '~/projects/app', session_id: 'abc', from_time: '2025-01-01T00:00:00Z', to_time: '2025-02-01T00:00:00Z', limit: 20 },
    required: [],
  },
  {
    type: 'trace_platform_a',
    full: {
      type: 'trace_platform_a',
      project: 'p',
      dataset: 'd',
      api_key: { env: 'LANGSMITH_API_KEY' },
      api_url: 'https://api.example.com',
      from_time: '2025-01-01',
      to_time: '2025-01-02',
      tags: ['prod'],
      filter: 'eq(status, "error")',
      limit: 5,
    },
    required: [],
  },
  {
    type: 'trace_platform_b',
    full: {
      type: 'trace_platform_b',
      project: 'p',
      from_time: '2025-01-01',
      to_time: '2025-01-02',
      trace_id: ['t1', 't2'],
      session_id: 's1',
      tags: ['x'],
      metadata: { env: 'prod' },
      limit: 3,
      api_key: { secret: 'TRACE_B_KEY' },
      base_url: 'https://cloud.example.com',
    },
    required: ['project'],
  },
  { type: 'eval_logs', full: { type: 'eval_logs', path: 'logs/run.eval', limit: 10 }, required: ['path'] },
];

describe('Dataset sources', () => {
  for (const { type, full, required } of sources) {
    describe(`${type} source`, () => {
      test('accepts every field', () => {
        assertValid(validateDataset, withSource(full));
      });

      test('accepts the minimal form', () => {
        const minimal: JsonObject = { type };
        for (const field of required) minimal[field] = full[field];
        assertValid(validateDataset, withSource(minimal));
      });

      for (const field of required) {
        test(`requires ${field}`, () => {
          const source: JsonObject = { ...full };
          delete source[field];
          const errors = assertInvalid(validateDataset, withSource(source));
          assert.ok(errors.some((e) => e.keyword === 'required' && e.params.missingProperty === field && e.instancePath === '/source'));
        });
      }

      test('rejects an unknown property, reporting only this source type', () => {
        const errors = assertInvalid(validateDataset, withSource({ ...full, unknown_field: 1 }));
        assert.equal(errors.length, 1);
        assert.equal(errors[0].keyword, 'additionalProperties');
        assert.equal(errors[0].instancePath, '/source');
        assert.equal(errors[0].params.additionalProperty, 'unknown_field');
      });
    });
  }

  test('rejects wrongly typed fields', () => {
    assertError(validateDataset, withSource({ type: 'local', file_path: 3 }), { path: '/source/file_path', keyword: 'type' });
    assertError(validateDataset, withSource({ type: 'folder', directory_path: 'd', extension: ['md'] }), { path: '/source/extension', keyword: 'type' });
    assertError(validateDataset, withSource({ type: 'dataset_hub', path: 'o/d', split: 'train', load_dataset_kwargs: 'x' }), { path: '/source/load_dataset_kwargs', keyword: 'type' });
    assertError(validateDataset, withSource({ type: 'coding_agent_sessions', limit: 'ten' }), { path: '/source/limit', keyword: 'type' });
    assertError(validateDataset, withSource({ type: 'trace_platform_a', tags: 'prod' }), { path: '/source/tags', keyword: 'type' });
    assertError(validateDataset, withSource({ type: 'trace_platform_b', project: 'p', trace_id: 5 }), { path: '/source/trace_id', keyword: 'type' });
    assertError(validateDataset, withSource({ type: 'trace_platform_b', project: 'p', session_id: ['ok', 2] }), { path: '/source/session_id/1', keyword: 'type' });
    assertError(validateDataset, withSource({ type: 'trace_platform_b', project: 'p', metadata: [] }), { path: '/source/metadata', keyword: 'type' });
    assertError(validateDataset, withSource({ type: 'eval_logs', path: 'logs', limit: 1.5 }), { path: '/source/limit', keyword: 'type' });
  });

  test('takes filters only on the source types that define them', () => {
    assertError(validateDataset, withSource({ type: 'eval_logs', path: 'logs', filters }), { path: '/source', keyword: 'additionalProperties' });
    assertError(validateDataset, withSource({ type: 'trace_platform_b', project: 'p', filters }), { path: '/source', keyword: 'additionalProperties' });
  });

  test('rejects an unknown source type with a readable message', () => {
    const errors = assertInvalid(validateDataset, withSource({ type: 'ftp', file_path: 'x' }));
    assert.ok(errors.some((e) => e.instancePath === '/source/type' && e.keyword === 'enum'));
    for (const error of errors) assert.match(errorMessageOf(error) ?? '', /local, folder, url/);
  });

  test('rejects a source without type', () => {
    const error = assertError(validateDataset, withSource({ file_path: 'a.csv' }), { path: '/source', keyword: 'discriminator' });
    assert.match(errorMessageOf(error) ?? '', /`type`/);
  });

  test('rejects a source that is not an object', () => {
    assertError(validateDataset, withSource('data.csv'), { path: '/source', keyword: 'type' });
  });

  test('reports only the chosen source type on an error', () => {
    const errors = assertInvalid(validateDataset, withSource({ type: 'dataset_hub', path: 'o/d' }));
    assert.equal(errors.length, 1);
    assert.equal(schemaTitleOf(errors[0]), 'Dataset hub source');
  });
});

describe('URL source url', () => {
  const message = 'url must end with .csv or .jsonl (no query string)';

  test('accepts URLs ending with .csv or .jsonl', () => {
    assertValid(validateDataset, withSource({ type: 'url', url: 'https://example.com/data/a.csv' }));
    assertValid(validateDataset, withSource({ type: 'url', url: 'http://example.com/a.jsonl' }));
  });

  test('rejects other endings, including a query string after the extension', () => {
    for (const url of ['https://example.com/a.json', 'https://example.com/a.csv?raw=1', 'https://example.com/a.jsonl#top', 'https://example.com/csv', 'https://example.com/a.csv.gz']) {
      const error = assertError(validateDataset, withSource({ type: 'url', url }), { path: '/source/url', keyword: 'pattern' });
      assert.equal(errorMessageOf(error), message);
    }
  });
});

describe('Credential fields of trace sources', () => {
  test('accept a raw string, a secret reference and an environment reference', () => {
    for (const apiKey of ['raw-key', { secret: 'TRACE_KEY' }, { env: 'TRACE_KEY' }]) {
      assertValid(validateDataset, withSource({ type: 'trace_platform_a', api_key: apiKey }));
      assertValid(validateDataset, withSource({ type: 'trace_platform_b', project: 'p', api_key: apiKey }));
    }
  });

  test('reject a malformed reference', () => {
    for (const apiKey of [{}, { secret: 'A', env: 'B' }, { vault: 'A' }, { secret: '' }, { env: 3 }, 42, null]) {
      const errors = assertInvalid(validateDataset, withSource({ type: 'trace_platform_a', api_key: apiKey }));
      assert.ok(errors.every((e) => e.instancePath.startsWith('/source/api_key')), JSON.stringify(apiKey));
    }
  });
});
