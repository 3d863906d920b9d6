import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { wordPreviewError } from '../../../src/core/sources/previewErrorWording';
import { failureFromError } from '../../../src/extension/preview/previewFailure';
import { PreviewError } from '../../../src/core/sources/previewError';
import { parseSpecDocuments } from '../../../src/core/yaml/specDocument';

describe('preview errors in plain words', () => {
  test('a name that does not resolve: the host, and advice about the URL and the network', () => {
    const worded = wordPreviewError('https://example.com/q.jsonl: getaddrinfo ENOTFOUND example.com', undefined, 'https://example.com/q.jsonl');
    assert.equal(worded?.message, 'Could not reach example.com: the name does not resolve.');
    assert.match(worded?.hint ?? '', /Check the URL/);
    assert.equal(worded?.detail, 'https://example.com/q.jsonl: getaddrinfo ENOTFOUND example.com', 'the raw message stays as the detail');
  });

  test('refused, reset and timed out connections each get their own advice', () => {
    const refused = wordPreviewError('http://localhost:9/x.csv: connect ECONNREFUSED 127.0.0.1:9');
    assert.equal(refused?.message, 'Could not reach localhost:9: the connection was refused.');
    assert.match(refused?.hint ?? '', /server is running/);
    const timeout = wordPreviewError('https://slow.example.org/x.csv: no answer within 30 s');
    assert.equal(timeout?.message, 'slow.example.org did not answer in time.');
    assert.match(timeout?.hint ?? '', /urlTimeoutSeconds/);
    assert.match(wordPreviewError('https://a.example/x.csv: read ECONNRESET')?.message ?? '', /was cut/);
  });

  test('HTTP statuses: 404 is not found, 403 is no access, 5xx is the server', () => {
    assert.equal(wordPreviewError('HTTP 404 Not Found for https://example.com/q.jsonl')?.message, 'Nothing was found at https://example.com/q.jsonl (HTTP 404).');
    const forbidden = wordPreviewError('HTTP 403 Forbidden for https://example.com/q.jsonl');
    assert.match(forbidden?.message ?? '', /refused access/);
    assert.match(forbidden?.hint ?? '', /public/);
    assert.match(wordPreviewError('HTTP 503 Service Unavailable for https://example.com/q.jsonl')?.message ?? '', /server of .* failed \(HTTP 503\)/);
  });

  test('local files: not found, permission, a folder; invalid JSON', () => {
    const missing = wordPreviewError("cannot read /w/data/q.csv: ENOENT: no such file or directory, open '/w/data/q.csv'");
    assert.equal(missing?.message, '/w/data/q.csv does not exist.');
    assert.equal(missing?.missingFile, true);
    assert.match(missing?.hint ?? '', /relative path/);
    assert.equal(wordPreviewError("cannot read /w/q.csv: EACCES: permission denied, open '/w/q.csv'")?.message, 'Eval Lens is not allowed to read /w/q.csv (permission denied).');
    assert.match(wordPreviewError('cannot read /w/data: EISDIR: illegal operation on a directory, read')?.message ?? '', /is a folder/);
    assert.equal(wordPreviewError('Unexpected token } in JSON at position 12', undefined, '/w/q.json')?.message, '/w/q.json is not valid JSON.');
  });

  test('an error of another kind is left as it is', () => {
    assert.equal(wordPreviewError('filter 2: unknown operator'), undefined);
  });
});

describe('failures a person can act on', () => {
  const specPath = '/w/datasets/q.dataset.yaml';
  const urlSpec = 'key: q\nsource:\n  type: url\n  url: https://example.com/q.jsonl\n';
  const localSpec = 'key: q\nsource:\n  type: local\n  file_path: ../data/q.csv\n';
  const context = (text: string) => ({ specPath, text, document: parseSpecDocuments(text)[0] });

  test('a failed fetch says it for people and points at the URL in the spec, not at a file that cannot open', () => {
    const error = new PreviewError('unreadableSource', 'https://example.com/q.jsonl: getaddrinfo ENOTFOUND example.com', { file: 'https://example.com/q.jsonl' });
    const failure = failureFromError(error, context(urlSpec));
    assert.equal(failure.message, 'Could not reach example.com: the name does not resolve.');
    assert.deepEqual(failure.location, { file: specPath, line: 4, column: 3 });
    assert.match(failure.detail ?? '', /ENOTFOUND/);
  });

  test('a missing data file points at its path in the spec', () => {
    const error = new PreviewError('unreadableSource', "cannot read /w/data/q.csv: ENOENT: no such file or directory, open '/w/data/q.csv'", { file: '/w/data/q.csv' });
    const failure = failureFromError(error, context(localSpec));
    assert.equal(failure.message, '/w/data/q.csv does not exist.');
    assert.deepEqual(failure.location, { file: specPath, line: 4, column: 3 });
  });
});
