/**
 * The shipped `url` example: a valid spec whose URL names a real public host (no placeholder domain) and whose
 * filters read the fields that file's rows have. Offline: the file is not downloaded here.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { validateText } from '../../../src/core/validation/validateText';

const file = path.join(__dirname, '../../../../examples/datasets/url-remote.dataset.yaml');

test('the url example is valid and points at a public file, not a placeholder host', () => {
  const text = fs.readFileSync(file, 'utf8');
  const result = validateText(text, file);
  assert.deepEqual(result.diagnostics.map((d) => d.message), []);
  const spec = result.values[0] as { source: { url: string; filters: { expression: string }[] } };
  const url = new URL(spec.source.url);
  assert.equal(url.protocol, 'https:');
  assert.doesNotMatch(url.hostname, /(^|\.)(example\.(com|org|net)|localhost|test|invalid|local)$/, `a host that answers: ${url.hostname}`);
  assert.equal(url.hostname, 'raw.githubusercontent.com', 'a raw file of a public repository');
  // The rows of GSM8K's test.jsonl are { "question": ..., "answer": ... }.
  assert.deepEqual(spec.source.filters.map((f) => f.expression), ['{{ sample.question }}', '{{ sample.answer }}']);
});
