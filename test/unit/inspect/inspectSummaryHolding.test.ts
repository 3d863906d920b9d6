/**
 * What an Inspect archive's report holds of its sample summaries: their JSON bytes with each id and epoch, each
 * summary parsed again when a page, a detail or the metrics ask for it — and the same report as before.
 */
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readInspectLog, openInspectLog } from '../../../src/core/inspect/openInspectLog';
import { verifyInspectMetrics } from '../../../src/core/inspect/metrics/verifyInspectMetrics';
import type { MetricGroup } from '../../../src/core/model/logViewTypes';
import { openZip } from '../../../src/core/archive/zipReader';
import { readEntryData, useEntryData } from '../../../src/core/archive/zipEntryData';
import { buildZip, TestEntry } from '../archive/zipTestWriter';
import { temporaryFolder } from '../temporaryFolder';

const folder = temporaryFolder('eval-lens-inspect-holding-');

const SAMPLES = 300;
const topics = ['algebra', 'geometry', 'logic'];

function summary(id: number, epoch: number): Record<string, unknown> {
  const value = (id * 7 + epoch) % 3 === 0 ? 'I' : 'C';
  return { id, epoch, input: `question ${id}`, target: String(id * 2), scores: { match: { value, answer: String(id), explanation: 'compared with the target' } }, metadata: { topic: topics[id % 3], note: 'x'.repeat(40) } };
}

function summaries(): Record<string, unknown>[] {
  const list: Record<string, unknown>[] = [];
  for (let id = 1; id <= SAMPLES / 2; id++) for (const epoch of [2, 1]) list.push(summary(id, epoch));
  return list;
}

/** The metrics as Inspect stores them: accuracy and a stderr clustered by the metadata's `topic`. */
function header(stderr: number): Record<string, unknown> {
  const metrics = { accuracy: { name: 'accuracy', value: 0.5, params: {} }, stderr: { name: 'stderr', value: stderr, params: { cluster: 'topic' } } };
  const results = { total_samples: SAMPLES, completed_samples: SAMPLES, scores: [{ name: 'match', scorer: 'match', reducer: 'mean', params: {}, metrics }] };
  return { version: 2, status: 'success', eval: { task: 'arith', model: 'openai/m', config: { epochs: 2 } }, plan: { steps: [] }, results };
}

function sampleEntry(item: Record<string, unknown>): TestEntry {
  const messages = [{ role: 'user', content: item.input }, { role: 'assistant', content: 'an answer' }];
  return { name: `samples/${String(item.id)}_epoch_${String(item.epoch)}.json`, data: JSON.stringify({ ...item, messages, events: [] }), method: 93 };
}

function archive(name: string, withSummaries: boolean, stderr = 0.1): string {
  const list = summaries();
  const entries: TestEntry[] = [{ name: 'header.json', data: JSON.stringify(header(stderr)) }];
  if (withSummaries) entries.push({ name: 'summaries.json', data: JSON.stringify(list) });
  for (const item of list) entries.push(sampleEntry(item));
  return folder.put(name, buildZip(entries));
}

function metric(groups: MetricGroup[] | null | undefined, key: string): MetricGroup['metrics'][number] {
  const found = groups?.flatMap((g) => g.metrics).find((m) => m.metricKey === key);
  assert.ok(found, key);
  return found;
}

describe('Inspect summaries held as bytes', () => {
  for (const withSummaries of [true, false]) {
    const shape = withSummaries ? 'with summaries.json' : 'read lean from the samples';
    test(`${shape}: no parsed summary is held — each read parses it anew`, async () => {
      const log = await readInspectLog(archive(`held-${withSummaries}.eval`, withSummaries));
      try {
        assert.equal(log.summaryList.count, SAMPLES);
        const first = log.summaryList.at(0);
        assert.notEqual(log.summaryList.at(0), first, 'a new object on each read');
        first.scores = 'changed by whoever read it';
        assert.deepEqual(log.summaryList.at(0).scores, summary(1, 2).scores);
        assert.deepEqual(log.summaries[5], summaries()[5]);
        assert.deepEqual([log.summaryList.idAt(3), log.summaryList.epochAt(3)], [2, 1]);
      } finally {
        await log.close();
      }
    });

    test(`${shape}: the report lists, sorts, verifies and shows a sample as it did from parsed summaries`, async () => {
      const expected = verifyInspectMetrics(header(0).results, summaries().map((s) => ({ id: s.id as number, epoch: s.epoch as number, scores: s.scores as Record<string, unknown>, metadata: s.metadata })));
      const stderr = metric(expected, 'stderr').values[0].verification.recomputed;
      assert.equal(typeof stderr, 'number');
      const source = await openInspectLog(archive(`report-${withSummaries}.eval`, withSummaries, stderr), 1);
      try {
        const summary = source.getSummary();
        assert.equal(summary.samples.count, SAMPLES / 2);
        assert.equal(summary.samples.maxTrials, 2);
        const verification = metric(summary.metrics, 'stderr').values[0].verification;
        assert.equal(verification.verdict, 'match', 'the clustered stderr still reads each sample\'s topic');
        assert.equal(verification.recomputed, stderr);
        assert.equal(metric(summary.metrics, 'accuracy').values[0].verification.recomputed, metric(expected, 'accuracy').values[0].verification.recomputed);
        const page = await source.page({ offset: 0, limit: 3, sort: { column: 'sampleId', direction: 'desc' } });
        assert.deepEqual(page.rows.map((row) => row.sampleId), [150, 149, 148]);
        const detail = await source.detail(4);
        assert.equal(detail.sampleId, 5);
        assert.equal(detail.trials.length, 2);
      } finally {
        source.dispose();
      }
    });
  }

  test('a summaries.json with text after its list is not valid JSON: a note, and the samples are read lean', async () => {
    const list = summaries().slice(0, 4);
    const entries: TestEntry[] = [{ name: 'header.json', data: JSON.stringify(header(0)) }, { name: 'summaries.json', data: `${JSON.stringify(list)} ]` }, ...list.map(sampleEntry)];
    const log = await readInspectLog(folder.put('trailing.eval', buildZip(entries)));
    try {
      assert.ok(log.notes.some((n) => /summaries\.json.*not valid JSON/.test(n)), JSON.stringify(log.notes));
      assert.ok(log.notes.some((n) => /no sample summaries/.test(n)), JSON.stringify(log.notes));
      assert.equal(log.summaryList.count, 4);
    } finally {
      await log.close();
    }
  });
});

describe('archive entries read many at a time', () => {
  test('bytes read whole stay intact while later entries are decoded and the read window moves on', async () => {
    const big = (seed: number) => {
      const bytes = Buffer.alloc(300_000);
      for (let i = 0; i < bytes.length; i++) bytes[i] = 97 + ((i * seed) % 26);
      return bytes;
    };
    const entries: TestEntry[] = [];
    for (let i = 1; i <= 12; i++) entries.push({ name: `stored-${i}.txt`, data: big(i), method: 0 }, { name: `zstd-${i}.txt`, data: big(i + 1), method: 93 });
    const zip = await openZip(folder.put('windows.zip', buildZip(entries)));
    try {
      const kept = await readEntryData(zip, zip.entries[0], 1 << 24);
      const decoded: string[] = [];
      for (const entry of zip.entries.slice(1)) decoded.push(await useEntryData(zip, entry, 1 << 24, (data) => Buffer.from(data).toString('latin1', 0, 16)));
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(Buffer.from(kept).toString('latin1'), big(1).toString('latin1'), 'the stored bytes handed out are not a view of a window given up');
      assert.equal(decoded[0], big(2).toString('latin1', 0, 16));
      assert.equal(decoded[decoded.length - 1], big(13).toString('latin1', 0, 16));
    } finally {
      await zip.close();
    }
  });
});
