import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { failureBeforeRun, failureFromError } from '../../../src/extension/preview/previewFailure';
import { PreviewError } from '../../../src/core/sources/previewError';
import { parseSpecDocuments } from '../../../src/core/yaml/specDocument';

const specPath = '/w/datasets/q.dataset.yaml';

function context(text: string, index = 0) {
  return { specPath, text, document: parseSpecDocuments(text)[index] };
}

describe('preview failures', () => {
  const text = [
    'key: q',
    'source:',
    '  type: local',
    '  file_path: q.csv',
    '  filters:',
    '    - op: equals',
    '      expression: "{{ sample.a }}"',
    '      value: 1',
    '    - op: exists',
    '      expression: "{{ sample | x }}"',
    '',
  ].join('\n');

  test('an invalid filter points at its expression in the spec, without repeating the spec path', () => {
    const error = new PreviewError('invalidFilter', `${specPath}: filter 2: invalid expression`, { file: specPath, filterIndex: 1 });
    const failure = failureFromError(error, context(text));
    assert.equal(failure.message, 'filter 2: invalid expression');
    assert.deepEqual(failure.location, { file: specPath, line: 10, column: 7 });
    assert.ok(failure.hint);
  });

  test('an unreadable data file points at the data file', () => {
    const error = new PreviewError('unreadableSource', 'cannot read /w/datasets/q.csv: EACCES: permission denied', { file: '/w/datasets/q.csv' });
    assert.deepEqual(failureFromError(error, context(text)).location, { file: '/w/datasets/q.csv', line: undefined });
  });

  test('any other error points at the source key', () => {
    const failure = failureFromError(new Error('boom'), context(text));
    assert.equal(failure.message, 'boom');
    assert.deepEqual(failure.location, { file: specPath, line: 2, column: 1 });
  });

  test('a YAML error is reported before running, at its line', () => {
    const broken = 'key: q\nsource:\n  type: local\n  file_path: [unclosed\n';
    const failure = failureBeforeRun(context(broken));
    assert.ok(failure);
    assert.match(failure.message, /cannot be read/);
    assert.equal(failure.location?.file, specPath);
    assert.ok((failure.location?.line ?? 0) >= 4);
  });

  test('a dataset with neither source nor generator has nothing to preview', () => {
    const failure = failureBeforeRun(context('key: gen\ndisplay_name: x\n'));
    assert.match(failure?.message ?? '', /"gen" has no "source"/);
    assert.equal(failure?.location?.line, 1);
  });

  test('a valid spec has no failure before running', () => {
    assert.equal(failureBeforeRun(context(text)), undefined);
  });
});
