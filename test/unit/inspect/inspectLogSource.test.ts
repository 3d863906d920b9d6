/** Inspect logs (every real log of the shared fixtures and the example archive) opened as reports. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { openLogSource } from '../../../src/core/report/openLogSource';
import type { LogSource } from '../../../src/core/log/logSource';
import type { SampleDetail, TraceItemView } from '../../../src/core/model/logViewTypes';
import { readInspectLog } from '../../../src/core/inspect/openInspectLog';
import { repoRoot, sharedFixture } from '../sharedFixtures';
import { temporaryFolder } from '../temporaryFolder';
import { buildEvalArchive, inspectSample } from '../sources/inspectLogData';

const fixtures = fs.readdirSync(sharedFixture('inspect-ai')).filter((name) => /\.(eval|json)$/.test(name)).map((name) => sharedFixture('inspect-ai', name));
const arith = path.join(repoRoot, 'examples', 'logs', 'arith-inspect.eval');
const gpqa = fixtures.find((file) => file.includes('gpqa-diamond'))!;
const folder = temporaryFolder('eval-lens-inspect-');

async function open(file: string): Promise<LogSource> {
  const outcome = await openLogSource(file, { generation: 1, plan: { kind: 'whole' } });
  assert.ok(outcome.ok, `${file}: ${outcome.ok ? '' : outcome.failure.message}`);
  return outcome.source;
}

/** Every item of a detail's first trial's conversation (preamble and turns). */
function items(detail: SampleDetail, trial = 0): TraceItemView[] {
  const output = detail.trials[trial].output;
  assert.equal(output.kind, 'trace', JSON.stringify(output).slice(0, 200));
  return output.kind === 'trace' ? [...output.trace.preamble, ...output.trace.turns] : [];
}

function texts(list: readonly TraceItemView[]): string[] {
  return list.flatMap((item) => (item.kind === 'message' ? item.parts.map((p) => p.text) : []));
}

describe('Inspect logs as reports', () => {
  test('the fixtures are there', () => {
    assert.ok(fixtures.length >= 9, fixtures.join(', '));
    assert.ok(gpqa);
  });

  for (const file of [...fixtures, arith]) {
    test(`${path.basename(file)}: summary, one row per sample id with its epochs as trials, a detail with its conversation`, async () => {
      const log = await readInspectLog(file);
      await log.close();
      const ids = new Set(log.summaries.map((s) => `${typeof s.id}:${String(s.id)}`));
      const evalPart = log.header.eval as Record<string, unknown>;
      const source = await open(file);
      try {
        const summary = await source.summary();
        assert.equal(summary.displayName, evalPart.task_display_name ?? evalPart.task);
        assert.equal(summary.status, log.header.status);
        assert.match(summary.formatVersion, /^Inspect/);
        assert.deepEqual((summary.evaluatedEntity as { name?: unknown }).name, evalPart.model);
        assert.equal(summary.samples.count, ids.size);
        const epochsPerId = new Map<string, number>();
        for (const s of log.summaries) epochsPerId.set(String(s.id), (epochsPerId.get(String(s.id)) ?? 0) + 1);
        assert.equal(summary.samples.maxTrials, Math.max(...epochsPerId.values()));
        const usage = (log.header.stats as Record<string, unknown> | undefined)?.model_usage as Record<string, { input_tokens: number }> | undefined;
        assert.deepEqual(summary.tokenUsage.map((r) => [r.modelName, r.promptTokens]), Object.entries(usage ?? {}).map(([model, u]) => [model, u.input_tokens]));
        assert.ok(summary.samples.scoreColumns.length > 0, 'a score column per scorer');
        // Each metric names the column it was recomputed from (what a comparison and the intervals read).
        const columnIds = new Set(summary.samples.scoreColumns.map((c) => c.id));
        for (const metric of (summary.metrics ?? []).flatMap((group) => group.metrics)) {
          assert.ok(metric.column !== undefined && columnIds.has(metric.column), `${metric.metricKey} reads ${String(metric.column)}, not one of ${[...columnIds].join(', ')}`);
        }
        const stored = ((log.header.results as { scores?: { metrics: Record<string, unknown> }[] } | undefined)?.scores ?? []).flatMap((score) => Object.keys(score.metrics));
        const verdicts = (summary.metrics ?? []).flatMap((group) => group.metrics.flatMap((metric) => metric.values.map((value) => `${metric.metricKey}:${value.verification.verdict}`)));
        assert.deepEqual(verdicts, stored.map((name) => `${name}:match`), 'each stored metric recomputed from the samples');
        assert.ok(summary.samples.dataColumns.includes('input'));

        const page = await source.page({ offset: 0, limit: 5 });
        assert.equal(page.total, ids.size);
        const first = page.rows[0];
        assert.equal(first.trials.length, epochsPerId.get(String(first.sampleId)));
        assert.ok(first.trials.every((t) => t.outcome === 'pass' || t.outcome === 'fail'), JSON.stringify(first.trials));

        const detail = await source.detail(first.index);
        assert.equal(detail.sampleId, first.sampleId);
        assert.equal(detail.trials.length, first.trials.length);
        assert.deepEqual(detail.notes, []);
        const conversation = items(detail);
        assert.ok(conversation.some((item) => item.kind === 'message' && item.role === 'user'), 'the user message');
        // The reply of a reasoning model may be reasoning alone (mmlu: no completion tokens).
        assert.ok(conversation.some((item) => (item.kind === 'message' && item.role === 'assistant') || item.kind === 'reasoning'), 'the model reply');
        assert.ok(!texts(conversation).some((text) => text.startsWith('attachment://')), 'attachments resolved');
      } finally {
        source.dispose();
      }
    });
  }

  test('gpqa: four epochs of one sample are four trials, letter grades C/I read as pass/fail', async () => {
    const source = await open(gpqa);
    try {
      const [row] = (await source.page({ offset: 0, limit: 10 })).rows;
      assert.equal(row.sampleId, 'rec06pnAkLOr2t2mp');
      // Epochs 1–4 are the trials of index 0–3, shown as Trial 1–4.
      assert.deepEqual(row.trials.map((t) => t.index), [0, 1, 2, 3]);
      assert.deepEqual(row.trials.map((t) => t.outcome), ['pass', 'pass', 'pass', 'pass']);
      const summary = await source.summary();
      assert.deepEqual(summary.samples.scoreColumns.map((c) => [c.id, c.binary]), [['choice/choice', true]]);
      assert.equal(summary.trials?.numTrials, 4);
      const detail = await source.detail(0);
      const score = detail.trials[0].scores[0];
      assert.equal(score.scorerKey, 'choice');
      assert.equal((score.metadata as { value: unknown }).value, 'C');
      assert.equal(detail.target?.value, 'B');
    } finally {
      source.dispose();
    }
  });

  test('the example archive is a finished run: nothing noted as missing, the page read from its summaries', async () => {
    const source = await open(arith);
    try {
      const summary = await source.summary();
      assert.deepEqual(summary.notes ?? [], []);
      assert.equal(summary.samples.count, 5);
      const page = await source.page({ offset: 0, limit: 10, sort: { column: 'sampleId', direction: 'asc' } });
      assert.deepEqual(page.rows.map((r) => [String(r.sampleId), r.data.input]), [1, 2, 3, 4, 5].map((i) => [String(i), `What is ${i} + ${i}?`]));
    } finally {
      source.dispose();
    }
  });

  test('an archive without summaries: samples read lean, attachments resolved, tool calls and reasoning in the detail', async () => {
    const samples = [1, 2].flatMap((epoch) => [1, 2, 3, 4, 5].map((id) => inspectSample(id, epoch)));
    const source = await open(folder.put('no-summaries.eval', buildEvalArchive(samples, { method: 93, frames: 2, chunked: (sample) => sample.id === 4 })));
    try {
      const summary = await source.summary();
      assert.ok(summary.notes?.some((note) => /no sample summaries/.test(note)), JSON.stringify(summary.notes));
      const page = await source.page({ offset: 0, limit: 10, sort: { column: 'sampleId', direction: 'asc' } });
      const row = page.rows.find((r) => String(r.sampleId) === '4')!;
      assert.equal(row.data.input, 'What is 4 + 4?');
      const detail = await source.detail(row.index);
      const conversation = items(detail);
      assert.deepEqual(texts(detail.trials[0].output.kind === 'trace' ? detail.trials[0].output.trace.preamble : []), ['You are a calculator.']);
      assert.ok(texts(conversation).some((text) => text.startsWith('What is 4 + 4?')), texts(conversation).join(' | '));
      assert.ok(conversation.some((item) => item.kind === 'reasoning' && item.text === 'Add the numbers.'));
      assert.ok(conversation.some((item) => item.kind === 'function_call' && item.name === 'add'));
      const searched = await source.page({ offset: 0, limit: 10, search: '4 + 4' });
      assert.deepEqual(searched.rows.map((r) => String(r.sampleId)), ['4']);
    } finally {
      source.dispose();
    }
  });

  test('an Inspect .json log is recognised by its content, whatever its name; a task result log opens as before', async () => {
    const renamed = folder.put('results.json', fs.readFileSync(sharedFixture('inspect-ai', 'completed-eval.json')));
    const inspect = await open(renamed);
    assert.match((await inspect.summary()).formatVersion, /^Inspect/);
    inspect.dispose();
    const taskLog = await open(path.join(repoRoot, 'examples', 'logs', 'success-trials.tasklog.json'));
    assert.equal((await taskLog.summary()).formatVersion, 'v1');
    taskLog.dispose();
  });

  test('a JSON file that starts like an Inspect log but is not one falls to the task result log reader', async () => {
    const file = folder.put('almost.json', '{"version": 2, "status": "success"}');
    const outcome = await openLogSource(file, { generation: 1, plan: { kind: 'whole' } });
    assert.ok(outcome.ok);
    const summary = await outcome.source.summary();
    assert.equal(summary.formatVersion, '');
    assert.ok(summary.schemaProblems.length > 0, 'shown as a task result log that misses its parts');
  });
});
