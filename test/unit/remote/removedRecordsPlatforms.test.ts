/** The funnel's drill-down on the trace platforms (LangSmith, Langfuse), against the replay servers of their tests. */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { preview } from '../../../src/core/sources/preview';
import { removedRecords } from '../../../src/core/sources/removedRows';
import type { PreviewOptions, RemovedRowsPage } from '../../../src/core/model/previewTypes';
import { LANGSMITH_TEST_KEY, LangsmithReplayState, langsmithData, langsmithRoute } from './langsmithReplay';
import { LANGFUSE_PUBLIC, LANGFUSE_SECRET, langfuseData, langfuseRoute } from './langfuseReplay';
import { ReplayServer, assertNoSecret, startReplay } from './replayServer';

let langsmith: ReplayServer;
let langfuse: ReplayServer;
const state: LangsmithReplayState = { runQueries: [] };
const runs = langsmithData(250);

before(async () => {
  langsmith = await startReplay(langsmithRoute(runs, state));
  langfuse = await startReplay(langfuseRoute(langfuseData(30)));
});
after(async () => {
  await langsmith.close();
  await langfuse.close();
});

const langsmithOptions = (): PreviewOptions => ({ limit: 0, env: { LANGSMITH_API_KEY: LANGSMITH_TEST_KEY } });
const langsmithDataset = (source: Record<string, unknown>) => ({ source: { type: 'trace_platform_a', api_url: langsmith.url, ...source } });
const sampleIds = (page: RemovedRowsPage) => page.rows.map((row) => row.values.sample_id);

describe('the runs a LangSmith funnel step removed', () => {
  const selection = () => ({ project: 'proj', from_time: String(runs.roots[10].start_time), to_time: String(runs.roots[20].start_time), tags: ['prod'] });

  test('tags: the runs in range without the tag, each with the tags it read and its run address', async () => {
    const funnel = await preview(langsmithDataset(selection()), langsmithOptions());
    assert.deepEqual(funnel.removedPerFilter.map((step) => [step.field, step.listable]), [['to_time', true], ['tags', true]]);
    const page = await removedRecords(langsmithDataset(selection()), 'tags', 1, 0, 50, langsmithOptions());
    assertNoSecret(JSON.stringify(page), [LANGSMITH_TEST_KEY]);
    assert.deepEqual(sampleIds(page), ['run-00019', 'run-00017', 'run-00015', 'run-00013', 'run-00011']);
    assert.equal(page.rows.length, funnel.removedPerFilter[1].removed);
    assert.deepEqual(page.rows.map((row) => row.value), ['[]', '[]', '[]', '[]', '[]']);
    assert.equal(page.rows[0].origin.file, `${langsmith.url}/runs/run-00019`);
    assert.equal(page.label, 'tagged prod');
  });

  test('to_time: a page stops the read early (one request for the runs), the next page goes on', async () => {
    state.runQueries.length = 0;
    const first = await removedRecords(langsmithDataset(selection()), 'to_time', 0, 0, 5, langsmithOptions());
    assert.deepEqual(sampleIds(first), ['run-00249', 'run-00248', 'run-00247', 'run-00246', 'run-00245']);
    assert.equal(first.more, true);
    assert.equal(first.rows[0].value, JSON.stringify(String(runs.roots[249].start_time)));
    assert.equal(state.runQueries.filter((q) => q.trace === undefined).length, 1, 'only the first page of runs was asked for');
    const second = await removedRecords(langsmithDataset(selection()), 'to_time', 0, 5, 5, langsmithOptions());
    assert.deepEqual(sampleIds(second), ['run-00244', 'run-00243', 'run-00242', 'run-00241', 'run-00240']);
  });

  test('limit on a dataset\'s examples: the older examples, the most recent first', async () => {
    const page = await removedRecords(langsmithDataset({ dataset: 'qa', limit: 3 }), 'limit', 0, 0, 50, langsmithOptions());
    assert.deepEqual(sampleIds(page), ['ex-1', 'ex-0']);
    assert.equal(page.label, 'kept by limit 3');
  });
});

describe('the traces a Langfuse funnel step removed', () => {
  test('metadata: the traces of the other team, each with the metadata it read', async () => {
    const env = { LANGFUSE_PUBLIC_KEY: LANGFUSE_PUBLIC, LANGFUSE_SECRET_KEY: LANGFUSE_SECRET, LANGFUSE_BASE_URL: langfuse.url };
    const dataset = { source: { type: 'trace_platform_b', project: 'agents', metadata: { team: 'a' } } };
    const funnel = await preview(dataset, { limit: 0, env });
    const step = funnel.removedPerFilter.find((s) => s.field === 'metadata');
    assert.equal(step?.listable, true);
    const page = await removedRecords(dataset, 'metadata', step!.index, 0, 100, { limit: 0, env });
    assertNoSecret(JSON.stringify(page), [LANGFUSE_SECRET, LANGFUSE_PUBLIC]);
    assert.equal(page.rows.length, step!.removed);
    assert.equal(page.rows.length, 20);
    for (const row of page.rows) {
      assert.match(String(row.value), /team.*b/);
      assert.equal(Number(String(row.values.sample_id).slice(2)) % 3 !== 0, true, String(row.values.sample_id));
    }
    assert.match(page.rows[0].origin.file, /\/api\/public\/traces\/t-/);
  });
});
