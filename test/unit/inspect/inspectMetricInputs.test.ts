/**
 * The metrics of an Inspect archive read from what the reader took of each summary as it parsed it: opening the
 * report parses each summary once for the metrics (while reading) and once for the index, never a third time;
 * alike scores are held as one object; the metrics come out as when every summary is parsed again.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { openInspectLog, readInspectLog } from '../../../src/core/inspect/openInspectLog';
import { InspectLogSource } from '../../../src/core/inspect/inspectLogSource';
import { MetricInputReader } from '../../../src/core/inspect/inspectMetricInputs';
import { PackedSummaryList } from '../../../src/core/inspect/inspectSummaryList';
import { SummaryGroups } from '../../../src/core/inspect/inspectSamples';
import { PROBE_SAMPLES } from '../../../src/core/log/sampleSetBuilder';
import { logVerifyReport } from '../../../src/core/compare/logVerifyReport';
import { repoRoot, sharedFixture } from '../sharedFixtures';
import { buildZip, TestEntry } from '../archive/zipTestWriter';
import { temporaryFolder } from '../temporaryFolder';

const folder = temporaryFolder('eval-lens-inspect-metric-inputs-');
const IDS = 40;

function summary(id: number | string, epoch: number): Record<string, unknown> {
  const n = Number(id);
  const value = (n * 5 + epoch) % 3 === 0 ? 'I' : 'C';
  return { id, epoch, input: `question ${id}`, target: String(n * 2), scores: { match: { value, answer: String(n), explanation: 'compared' } }, metadata: { topic: ['a', 'b', 'c'][n % 3] } };
}

/** Two epochs per id, the second listed first, and one id written as text. */
function summaries(): Record<string, unknown>[] {
  const list: Record<string, unknown>[] = [];
  for (let id = 1; id <= IDS; id++) for (const epoch of [2, 1]) list.push(summary(id === 7 ? '7' : id, epoch));
  return list;
}

function header(clustered: boolean): Record<string, unknown> {
  const metrics: Record<string, unknown> = { accuracy: { name: 'accuracy', value: 0.5, params: {} } };
  if (clustered) metrics.stderr = { name: 'stderr', value: 0.1, params: { cluster: 'topic' } };
  const results = { total_samples: IDS * 2, completed_samples: IDS * 2, scores: [{ name: 'match', scorer: 'match', reducer: 'mean', params: {}, metrics }] };
  return { version: 2, status: 'success', eval: { task: 't', model: 'm', config: { epochs: 2 } }, plan: { steps: [] }, results };
}

function archive(name: string, withSummaries: boolean, clustered: boolean): string {
  const list = summaries();
  const entries: TestEntry[] = [{ name: 'header.json', data: JSON.stringify(header(clustered)) }];
  if (withSummaries) entries.push({ name: 'summaries.json', data: JSON.stringify(list) });
  for (const item of list) {
    entries.push({ name: `samples/${String(item.id)}_epoch_${String(item.epoch)}.json`, data: JSON.stringify({ ...item, messages: [{ role: 'user', content: 'q' }], events: [] }), method: 93 });
  }
  return folder.put(name, buildZip(entries));
}

/** Counts the summaries parsed from the packed list while `work` runs. */
async function countingParses<T>(work: () => Promise<T> | T): Promise<{ value: T; parses: number }> {
  const original = PackedSummaryList.prototype.at;
  let parses = 0;
  PackedSummaryList.prototype.at = function (this: PackedSummaryList, index: number) {
    parses++;
    return original.call(this, index);
  };
  try {
    return { value: await work(), parses };
  } finally {
    PackedSummaryList.prototype.at = original;
  }
}

describe('Inspect metric inputs taken while reading', () => {
  for (const withSummaries of [true, false]) {
    for (const clustered of [false, true]) {
      const shape = `${withSummaries ? 'summaries.json' : 'samples read lean'}${clustered ? ', clustered stderr' : ''}`;
      test(`${shape}: the report parses each summary once for its index, and the metrics none again`, async () => {
        const log = await readInspectLog(archive(`once-${withSummaries}-${clustered}.eval`, withSummaries, clustered));
        try {
          // The index reads every sample once, and its first samples once more to choose its settings.
          const indexParses = IDS * 2 + Math.min(PROBE_SAMPLES, IDS) * 2;
          const first = await countingParses(() => new InspectLogSource(log, 1, 'x.eval'));
          assert.equal(first.parses, indexParses, 'the index parses; the metrics read what was taken while reading');
          // The inputs are given up to the first source: a second one parses the summaries for its metrics.
          const second = await countingParses(() => new InspectLogSource(log, 1, 'x.eval'));
          assert.equal(second.parses, indexParses + IDS * 2);
          assert.deepEqual(first.value.getSummary().metrics, second.value.getSummary().metrics);
          const metrics = first.value.getSummary().metrics ?? [];
          assert.equal(metrics.flatMap((g) => g.metrics).length, clustered ? 2 : 1);
          for (const view of metrics.flatMap((g) => g.metrics)) assert.notEqual(view.values[0].verification.verdict, 'not_verifiable');
        } finally {
          await log.close();
        }
      });
    }
  }

  test('alike scores are held as one object; other values, metadata and key orders are not shared', () => {
    const reader = new MetricInputReader(new Set());
    const held = (id: unknown, scores: unknown, extra: Record<string, unknown> = {}) => reader.hold({ id, epoch: 1, scores, ...extra });
    const a = held(1, { match: { value: 'C', answer: '1', explanation: 'e' } });
    assert.equal(held(2, { match: { value: 'C', answer: '2' } }), a);
    assert.deepEqual(a, { match: { value: 'C' } });
    assert.notEqual(held(3, { match: { value: 'I' } }), a);
    assert.notEqual(held(4, { match: { value: 0 } }), held(5, { match: { value: -0 } }));
    assert.notEqual(held(6, { a: { value: 1 }, b: { value: 1 } }), held(7, { b: { value: 1 }, a: { value: 1 } }));
    const withMetadata = held(8, { match: { value: 'C', metadata: { k: 1 } } });
    assert.notEqual(held(9, { match: { value: 'C', metadata: { k: 1 } } }), withMetadata);
    // An id the list does not keep (not text or a number) is held with the rest of the input.
    assert.notEqual(held({ odd: true }, { match: { value: 'C' } }), a);
  });

  test('a list cut short drops what was taken of the summaries it drops, and gives it up once', () => {
    const list = new PackedSummaryList((s) => s.id);
    for (let id = 1; id <= 3; id++) list.addValue({ id, epoch: 1 });
    list.truncate(1);
    list.addValue({ id: 9, epoch: 1 });
    assert.deepEqual(list.finish().takeAlong(), [1, 9]);
    assert.deepEqual(list.takeAlong(), []);
    assert.equal(new PackedSummaryList().takeAlong(), undefined);
  });

  test('summary groups: by id in first-seen order, a number id apart from the same text, epochs ascending', () => {
    const list = new PackedSummaryList();
    for (const [id, epoch] of [[1, 2], ['1', 1], [2, 1], [1, 1], [3, 3], [3, 1], [3, 2]] as const) list.addValue({ id, epoch });
    const groups = new SummaryGroups(list.finish());
    assert.deepEqual(Array.from({ length: groups.count }, (_, g) => groups.idAt(g)), [1, '1', 2, 3]);
    assert.deepEqual(Array.from({ length: groups.count }, (_, g) => Array.from(groups.membersOf(g))), [[3, 0], [1], [2], [5, 6, 4]]);
  });
});

/** The archive's summaries.json cut in the middle of its 50th summary (a log still being written). */
function damagedArchive(name: string): string {
  const list = summaries();
  const text = JSON.stringify(list);
  const cut = text.indexOf(JSON.stringify(list[49])) + 10;
  const entries: TestEntry[] = [{ name: 'header.json', data: JSON.stringify(header(false)) }, { name: 'summaries.json', data: text.slice(0, cut) }];
  return folder.put(name, buildZip(entries));
}

describe('summaries held parsed (log verify)', () => {
  const shapes: [string, () => string][] = [
    ['summaries.json', () => archive('held-summaries.eval', true, true)],
    ['samples read lean', () => archive('held-lean.eval', false, false)],
    ['a summaries.json cut short', () => damagedArchive('held-damaged.eval')],
  ];
  for (const [shape, make] of shapes) {
    test(`${shape}: the same summary, notes and pages as summaries held as bytes`, async () => {
      const file = make();
      const held = new InspectLogSource(await readInspectLog(file, { holdSummaries: true }), 1, path.basename(file));
      const packed = await openInspectLog(file, 1);
      try {
        assert.deepEqual(held.getSummary(), packed.getSummary());
        const query = { offset: 0, limit: 200, sort: { column: 'sampleId', direction: 'desc' as const } };
        assert.deepEqual(await held.page(query), await packed.page(query));
        // A sample's detail, or the same error where the archive has no samples.
        const detailOf = (source: typeof held): Promise<unknown> => Promise.resolve().then(() => source.detail(3)).then((d) => d, (e: unknown) => String(e));
        assert.deepEqual(await detailOf(held), await detailOf(packed));
      } finally {
        held.dispose();
        packed.dispose();
      }
    });
  }

  test('a held summary is the object parsed when it was read, never parsed again', async () => {
    const file = archive('held-identity.eval', true, false);
    const held = await readInspectLog(file, { holdSummaries: true });
    const packed = await readInspectLog(file);
    try {
      assert.equal(held.summaryList.count, IDS * 2);
      assert.equal(held.summaryList.at(5), held.summaryList.at(5), 'the same object each time');
      assert.notEqual(packed.summaryList.at(5), packed.summaryList.at(5), 'parsed anew each time');
      assert.deepEqual(held.summaryList.at(5), packed.summaryList.at(5));
      const parse = JSON.parse;
      let parses = 0;
      JSON.parse = ((text: string, reviver?: (key: string, value: unknown) => unknown) => {
        parses++;
        return parse(text, reviver) as unknown;
      }) as typeof JSON.parse;
      try {
        new InspectLogSource(held, 1, 'x.eval').dispose();
      } finally {
        JSON.parse = parse;
      }
      assert.ok(parses < IDS, `the index parses no summary (${parses} parses)`);
    } finally {
      await held.close();
      await packed.close();
    }
  });

  /** Every Inspect log of the examples and the shared fixtures, and the archives above. */
  const realLogs = (): string[] => [
    path.join(repoRoot, 'examples', 'logs', 'arith-inspect.eval'),
    ...fs.readdirSync(sharedFixture('inspect-ai')).map((name) => sharedFixture('inspect-ai', name)),
  ];

  test('the verify plan verifies as the report does, without the table data it never reads', async () => {
    const files = [...shapes.map(([, make]) => make()), ...realLogs()];
    for (const file of files) {
      const verify = await openInspectLog(file, 1, 'verify');
      const report = await openInspectLog(file, 1);
      try {
        const name = path.basename(file);
        assert.deepEqual(logVerifyReport(verify.index, true, verify.getSummary()), logVerifyReport(report.index, true, report.getSummary()), name);
        assert.deepEqual(verify.getSummary().metrics, report.getSummary().metrics, name);
        assert.deepEqual(verify.getSummary().samples.dataColumns, [], name);
        if (report.getSummary().samples.count) assert.ok(report.getSummary().samples.dataColumns.length > 0, `${name}: the report has data columns`);
      } finally {
        verify.dispose();
        report.dispose();
      }
    }
  });
});
