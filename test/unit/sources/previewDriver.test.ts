/** The driver's part of every run: the signal, progress in order, one first page, a cancelled run incomplete, the funnel. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PreviewProgress, PreviewResult } from '../../../src/core/model/previewTypes';
import { runSource, startRun } from '../../../src/core/sources/previewDriver';
import type { SourceContext, SourceDefinition } from '../../../src/core/sources/sourceDefinition';

function result(complete: boolean, matched = 0): PreviewResult {
  return { columns: [], rows: [], total: matched, matched, removedPerFilter: [], notComparable: 0, warnings: [], complete };
}

/** A definition whose preview is `read`, with nothing else to say. */
function definitionOf(read: (context: SourceContext) => Promise<PreviewResult>): SourceDefinition {
  return {
    identifiers: ['test_source'],
    recordNoun: () => undefined,
    fields: [],
    columns: [],
    selection: 'own fields',
    authoring: { factsFields: [], factsNeedPreview: false },
    preview: read,
  };
}

test('a source always has a signal, and a whole-number limit', async () => {
  let seen: SourceContext | undefined;
  await runSource(definitionOf(async (context) => ((seen = context), result(true))), { type: 'test_source' }, { limit: 7.9 });
  assert.ok(seen);
  assert.equal(seen.options.limit, 7);
  assert.equal(seen.options.signal.aborted, false);
  assert.equal(seen.run.cancelled(), false);
});

test('progress reaches the caller in order: an update behind the last of its unit is dropped', async () => {
  const progress: PreviewProgress[] = [];
  await runSource(
    definitionOf(async ({ run }) => {
      run.progress({ done: 5, unit: 'files', rowsSeen: 5, rowsKept: 5 });
      run.progress({ done: 3, unit: 'files', rowsSeen: 3, rowsKept: 3 });
      run.progress({ done: 2, unit: 'records', rowsSeen: 2, rowsKept: 1 });
      run.progress({ done: 9, unit: 'files', rowsSeen: 9, rowsKept: 9 });
      return result(true);
    }),
    { type: 'test_source' },
    { limit: 1, onProgress: (update) => progress.push(update) },
  );
  assert.deepEqual(progress.map((update) => `${update.unit}:${update.done}`), ['files:5', 'records:2', 'files:9']);
});

test('the first page is announced once: the source\'s early page, built once, and not the final result', async () => {
  const pages: PreviewResult[] = [];
  let built = 0;
  const early = result(false, 1);
  const final = await runSource(
    definitionOf(async ({ run }) => {
      run.firstPage(() => (built++, early));
      run.firstPage(() => (built++, result(false, 2)));
      return result(true, 3);
    }),
    { type: 'test_source' },
    { limit: 1, onFirstPage: (page) => pages.push(page) },
  );
  assert.equal(built, 1);
  assert.deepEqual(pages, [early]);
  assert.equal(final.matched, 3);
});

test('without an early page, the final result is the first page', async () => {
  const pages: PreviewResult[] = [];
  const final = await runSource(definitionOf(async () => result(true, 4)), { type: 'test_source' }, { limit: 1, onFirstPage: (page) => pages.push(page) });
  assert.deepEqual(pages, [final]);
});

test('a run cancelled while reading is incomplete, whatever the source says', async () => {
  const controller = new AbortController();
  const final = await runSource(
    definitionOf(async ({ run }) => {
      controller.abort();
      assert.equal(run.cancelled(), true);
      return result(true, 2);
    }),
    { type: 'test_source' },
    { limit: 1, signal: controller.signal },
  );
  assert.equal(final.complete, false);
  assert.equal(final.matched, 2);
});

test('the funnel: one step per check, limit keeping the most recent (the later of equal times), rows oldest first', () => {
  const progress: PreviewProgress[] = [];
  const { run } = startRun({ limit: 10, onProgress: (update) => progress.push(update) });
  const selection = run.selection<{ id: string; t: number }>([{ field: 'from_time', label: 'from 2', test: (r) => r.t >= 2 }], 2);
  for (const record of [{ id: 'a', t: 1 }, { id: 'b', t: 3 }, { id: 'c', t: 2 }, { id: 'd', t: 3 }]) selection.offer(record, record.t);
  selection.applyLimit();
  assert.deepEqual(selection.oldestFirst().map((r) => r.id), ['b', 'd']);
  assert.deepEqual(selection.steps().map((step) => [step.field, step.removed]), [['from_time', 1], ['limit', 1]]);
  assert.equal(progress.length, 4);
  const quiet = startRun({ limit: 10, onProgress: (update) => progress.push(update) }).run.selection<number>([], undefined, { progress: false });
  quiet.offer(1, 1);
  assert.equal(progress.length, 4);
});
