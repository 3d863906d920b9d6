import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { isHostToWebview, isOpenableLink, isSampleQuery, isWebviewToHost } from '../../../src/core/protocol/logReportProtocol';

describe('webview → host guard', () => {
  test('accepts the well-formed messages', () => {
    assert.equal(isWebviewToHost({ type: 'ready' }), true);
    assert.equal(isWebviewToHost({ type: 'page', id: 1, generation: 2, query: { offset: 0, limit: 100 } }), true);
    assert.equal(isWebviewToHost({ type: 'page', id: 3, generation: 1, query: { offset: 100, limit: 100, sort: { column: 'index', direction: 'desc' }, search: 'x', scoreFilter: { column: 'a/b', value: 'pass' }, errorStage: 'any', runIndex: 0, metric: { valueKey: 'correct' } } }), true);
    assert.equal(isWebviewToHost({ type: 'detail', id: 4, generation: 1, index: 7 }), true);
    assert.equal(isWebviewToHost({ type: 'detail', id: 4, generation: 1, index: 7, runIndex: 2 }), true);
    assert.equal(isWebviewToHost({ type: 'openLink', href: 'https://example.com' }), true);
    assert.equal(isWebviewToHost({ type: 'command', command: 'openAsJson' }), true);
  });
  test('rejects unknown types and malformed fields', () => {
    assert.equal(isWebviewToHost(null), false);
    assert.equal(isWebviewToHost('ready'), false);
    assert.equal(isWebviewToHost({ type: 'eval', code: '1' }), false);
    assert.equal(isWebviewToHost({ type: 'page', id: -1, generation: 1, query: { offset: 0, limit: 1 } }), false);
    assert.equal(isWebviewToHost({ type: 'page', id: 1, generation: 1, query: { offset: 0 } }), false);
    assert.equal(isWebviewToHost({ type: 'page', id: 1, generation: 1, query: { offset: 0, limit: 1, sort: { column: 'x', direction: 'up' } } }), false);
    assert.equal(isWebviewToHost({ type: 'detail', id: 1, generation: 1, index: 1.5 }), false);
    assert.equal(isWebviewToHost({ type: 'detail', id: 1, generation: 1, index: 1, runIndex: 'a' }), false);
    assert.equal(isWebviewToHost({ type: 'command', command: 'runShell' }), false);
    assert.equal(isWebviewToHost({ type: 'openLink', href: 42 }), false);
  });
  test('query filters are checked field by field', () => {
    assert.equal(isSampleQuery({ offset: 0, limit: 10, scoreFilter: { column: 'c', value: { nested: true } } }), false);
    assert.equal(isSampleQuery({ offset: 0, limit: 10, metric: { scorerKey: 3, valueKey: 'v' } }), false);
    assert.equal(isSampleQuery({ offset: 0, limit: 10, search: 5 }), false);
  });
});

describe('host → webview guard', () => {
  test('accepts replies and init', () => {
    assert.equal(isHostToWebview({ type: 'init', summary: {}, hostCommands: true }), true);
    assert.equal(isHostToWebview({ type: 'pageResult', id: 1, page: { rows: [], total: 0, offset: 0, generation: 1 } }), true);
    assert.equal(isHostToWebview({ type: 'detailResult', id: 1, detail: {} }), true);
    assert.equal(isHostToWebview({ type: 'error', id: 1, error: 'stale' }), true);
    assert.equal(isHostToWebview({ type: 'progress', label: 'Reading' }), true);
    assert.equal(isHostToWebview({ type: 'loadError', fileName: 'a.json', message: 'bad', hint: 'fix', line: 3, column: 4 }), true);
    assert.equal(isHostToWebview({ type: 'reveal', target: { sampleIndex: 2 } }), true);
    assert.equal(isHostToWebview({ type: 'schemaProblems', generation: 2, problems: [{ path: '/evidence/samples/3/sample_id', message: 'wrong type', line: 9, column: 5 }] }), true);
    assert.equal(isHostToWebview({ type: 'schemaProblems', generation: 2, problems: [] }), true);
  });
  test('rejects messages of other origins', () => {
    assert.equal(isHostToWebview({ type: 'init', summary: 'x', hostCommands: true }), false);
    assert.equal(isHostToWebview({ type: 'pageResult', id: 1, page: {} }), false);
    assert.equal(isHostToWebview({ type: 'error', id: 'x', error: 'e' }), false);
    assert.equal(isHostToWebview({ vscodeScheduleAsyncWork: true }), false);
    assert.equal(isHostToWebview({ type: 'schemaProblems', generation: 2 }), false);
    assert.equal(isHostToWebview({ type: 'schemaProblems', generation: 2, problems: [{ path: 3, message: 'm' }] }), false);
  });
});

describe('links from log content', () => {
  test('only http and https may be opened', () => {
    assert.equal(isOpenableLink('https://example.com/a?b=1'), true);
    assert.equal(isOpenableLink('http://example.com'), true);
    assert.equal(isOpenableLink('javascript:alert(1)'), false);
    assert.equal(isOpenableLink('JaVaScRiPt:alert(1)'), false);
    assert.equal(isOpenableLink('data:text/html,<script>1</script>'), false);
    assert.equal(isOpenableLink('command:workbench.action.terminal.new'), false);
    assert.equal(isOpenableLink('file:///etc/passwd'), false);
    assert.equal(isOpenableLink('/relative'), false);
  });
});
