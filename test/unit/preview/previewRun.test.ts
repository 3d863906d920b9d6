import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PreviewFunction, runPreview } from '../../../src/extension/preview/previewRun';
import type { PreviewOptions, PreviewResult, PreviewRow } from '../../../src/core/model/previewTypes';

const row = (n: number): PreviewRow => ({ values: { n }, origin: { file: '/d.csv', line: n + 2 } });

function result(rows: number, complete: boolean): PreviewResult {
  return { columns: ['n'], rows: Array.from({ length: rows }, (_, i) => row(i)), total: rows, matched: rows, removedPerFilter: [], notComparable: 0, warnings: [], complete };
}

/** A fake core: the quick read (small limit) reports its page at once; the full count ends when released. */
function fakeCore() {
  const calls: PreviewOptions[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  const preview: PreviewFunction = async (_value, options) => {
    calls.push(options);
    if (options.limit <= 100) {
      options.onFirstPage?.(result(options.limit, true));
      return result(options.limit, true);
    }
    await released;
    return result(1000, true);
  };
  return { preview, calls, release };
}

const base = { datasetValue: {}, specPath: '/w/a.dataset.yaml', pageSize: 50, rowCap: 100_000 };

describe('preview run', () => {
  test('a local source shows its first page before the count ends', async () => {
    const core = fakeCore();
    const pages: PreviewResult[] = [];
    const run = runPreview(core.preview, { ...base, signal: new AbortController().signal, earlyFirstPage: true, onFirstPage: (p) => pages.push(p) });
    await Promise.resolve();
    assert.equal(pages.length, 1);
    assert.equal(pages[0].rows.length, 50);
    assert.equal(pages[0].complete, false);
    core.release();
    const final = await run;
    assert.equal(final.rows.length, 1000);
    assert.equal(pages.length, 1);
    assert.deepEqual(core.calls.map((c) => c.limit).sort((a, b) => a - b), [50, 100_000]);
    const quick = core.calls.find((c) => c.limit === 50);
    assert.equal(quick?.workers, 0);
    assert.equal(await quick?.confirmFetch?.('https://x/a.csv'), false);
  });

  test('a URL source is read once', async () => {
    const core = fakeCore();
    core.release();
    await runPreview(core.preview, { ...base, signal: new AbortController().signal, earlyFirstPage: false });
    assert.deepEqual(core.calls.map((c) => c.limit), [100_000]);
  });

  test('the first page is cut to the page size and never follows the final result', async () => {
    const pages: PreviewResult[] = [];
    const late: { fire?: () => void } = {};
    const preview: PreviewFunction = async (_value, options) => {
      if (options.limit > 100) {
        options.onFirstPage?.(result(500, false));
        return result(500, true);
      }
      await new Promise<void>((resolve) => { late.fire = resolve; });
      options.onFirstPage?.(result(50, false));
      return result(50, false);
    };
    await runPreview(preview, { ...base, signal: new AbortController().signal, earlyFirstPage: true, onFirstPage: (p) => pages.push(p) });
    late.fire?.();
    await Promise.resolve();
    assert.equal(pages.length, 1);
    assert.equal(pages[0].rows.length, 50);
  });

  test('cancelling aborts both reads', async () => {
    const signals: AbortSignal[] = [];
    const preview: PreviewFunction = (_value, options) => new Promise((resolve) => {
      signals.push(options.signal!);
      options.signal!.addEventListener('abort', () => resolve(result(0, false)));
    });
    const controller = new AbortController();
    const run = runPreview(preview, { ...base, signal: controller.signal, earlyFirstPage: true });
    controller.abort();
    const final = await run;
    assert.equal(final.complete, false);
    assert.equal(signals.length, 2);
    assert.ok(signals.every((s) => s.aborted));
  });
});
