import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { ALLOWED_URI_REGEXP, isAllowedAttribute, SANITIZE_CONFIG } from '../../../webview/shared/sanitizeConfig';

// DOMPurify itself needs a DOM: the rendered result of the hostile log is checked in the browser test
// (test/e2e/logReportJourney.e2e.ts). Here: the configuration it is given.
describe('markdown sanitisation settings', () => {
  test('no tag that runs, loads or embeds anything is allowed', () => {
    for (const tag of ['script', 'style', 'iframe', 'object', 'embed', 'img', 'svg', 'math', 'form', 'input', 'link', 'meta', 'base']) {
      assert.equal(SANITIZE_CONFIG.ALLOWED_TAGS.includes(tag as never), false, tag);
      assert.equal((SANITIZE_CONFIG.FORBID_TAGS as readonly string[]).includes(tag), true, tag);
    }
  });
  test('no event handler, style or data attribute is allowed', () => {
    for (const attribute of ['onerror', 'onclick', 'onload', 'ONMOUSEOVER', 'style', 'src', 'srcset', 'data-x', 'formaction']) assert.equal(isAllowedAttribute(attribute), false, attribute);
    assert.equal(SANITIZE_CONFIG.ALLOW_DATA_ATTR, false);
    assert.equal(SANITIZE_CONFIG.ALLOW_UNKNOWN_PROTOCOLS, false);
  });
  test('only absolute http(s) URLs survive', () => {
    for (const url of ['javascript:alert(1)', ' javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'vbscript:x', 'command:workbench.action.terminal.new', 'file:///etc/passwd', '//evil.example', '#top']) {
      assert.equal(ALLOWED_URI_REGEXP.test(url), false, url);
    }
    assert.equal(ALLOWED_URI_REGEXP.test('https://example.com/x'), true);
    assert.equal(ALLOWED_URI_REGEXP.test('http://example.com'), true);
  });
});
