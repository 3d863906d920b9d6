import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isWebviewToHost } from '../../../src/core/protocol/previewProtocol';

describe('preview protocol: the export message', () => {
  test('"exportRows" from the webview is accepted; unknown types still refused', () => {
    assert.equal(isWebviewToHost({ type: 'exportRows' }), true);
    assert.equal(isWebviewToHost({ type: 'exportRowsNow' }), false);
    assert.equal(isWebviewToHost('exportRows'), false);
  });
});
