import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clampRow, pagesCovering, resizedWidth, rowsPerViewport, scrollToReveal, visibleWindow } from '../../../webview/preview/grid/virtualWindow';

describe('visible window', () => {
  test('renders only the rows in view plus overscan', () => {
    // 100,000 rows of 24px, viewport 480px scrolled to row 1000.
    const w = visibleWindow(24_000, 480, 24, 100_000, 5);
    assert.deepEqual(w, { first: 995, end: 1025, offsetTop: 995 * 24 });
  });

  test('is clamped at the top and bottom', () => {
    assert.deepEqual(visibleWindow(-50, 100, 20, 3, 2), { first: 0, end: 3, offsetTop: 0 });
    const bottom = visibleWindow(10_000_000, 200, 20, 50, 2);
    assert.equal(bottom.end, 50);
    assert.ok(bottom.first < 50);
  });

  test('an empty table has an empty window', () => {
    assert.deepEqual(visibleWindow(0, 500, 24, 0), { first: 0, end: 0, offsetTop: 0 });
  });

  test('a partial row at the bottom is rendered', () => {
    const w = visibleWindow(0, 50, 24, 100, 0);
    assert.deepEqual([w.first, w.end], [0, 3]);
  });
});

describe('scroll to reveal', () => {
  test('does not move when the row is visible', () => {
    assert.equal(scrollToReveal(5, 0, 300, 24, 26), undefined);
  });

  test('scrolls up to a row above the view', () => {
    assert.equal(scrollToReveal(2, 240, 300, 24, 26), 48);
  });

  test('scrolls down just enough, accounting for the sticky header', () => {
    // Viewport 300px with a 26px header shows 274px of rows: row 20 ends at 504px.
    assert.equal(scrollToReveal(20, 0, 300, 24, 26), 504 - 274);
  });

  test('a page step is the number of whole rows in view', () => {
    assert.equal(rowsPerViewport(300, 24, 26), 11);
    assert.equal(rowsPerViewport(10, 24), 1);
  });
});

describe('paging and limits', () => {
  test('pages covering a window', () => {
    assert.deepEqual(pagesCovering(480, 530, 500), [0, 1]);
    assert.deepEqual(pagesCovering(0, 500, 500), [0]);
    assert.deepEqual(pagesCovering(10, 10, 500), []);
  });

  test('selection stays inside the table', () => {
    assert.equal(clampRow(-3, 10), 0);
    assert.equal(clampRow(12, 10), 9);
    assert.equal(clampRow(0, 0), -1);
  });

  test('column widths keep to their bounds', () => {
    assert.equal(resizedWidth(100, 37.6), 138);
    assert.equal(resizedWidth(100, -500), 48);
    assert.equal(resizedWidth(100, 5000, 48, 800), 800);
  });
});
