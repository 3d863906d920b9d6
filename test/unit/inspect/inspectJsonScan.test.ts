/**
 * A large Inspect `.json` log is scanned sample by sample instead of parsed whole: the same header, summaries,
 * notes, details and verification as the whole parse on every `.json` log of the fixtures, and on logs built here
 * (damaged, duplicated, deeply nested, above the size parsed whole).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { InspectLog, InspectLogError, looksLikeInspectJson, readInspectJson } from '../../../src/core/inspect/inspectLog';
import { readScannedInspectJson } from '../../../src/core/inspect/inspectJsonScan';
import { InspectLogSource } from '../../../src/core/inspect/inspectLogSource';
import { readInspectLog, WHOLE_JSON_LOG_BYTES } from '../../../src/core/inspect/openInspectLog';
import { PackedSummaryList, allSummaries } from '../../../src/core/inspect/inspectSummaryList';
import { logVerifyReport } from '../../../src/core/compare/logVerifyReport';
import { sharedFixture } from '../sharedFixtures';
import { temporaryFolder } from '../temporaryFolder';

const folder = temporaryFolder('eval-lens-inspect-json-scan-');

const results = { total_samples: 4, completed_samples: 4, scores: [{ name: 'match', scorer: 'match', reducer: 'mean', metrics: { accuracy: { name: 'accuracy', value: 0.75 } } }] };
const header = { version: 2, status: 'success', eval: { task: 't', model: 'm', dataset: { name: 'd' }, config: { epochs: 1 } }, results };

function sample(id: number | string, value: string, padding = 0): Record<string, unknown> {
  return { id, epoch: 1, input: `question ${id}`, target: 'a', messages: [{ role: 'user', content: `question ${id}${' '.repeat(padding)}` }, { role: 'assistant', content: 'a' }], scores: { match: { value, answer: 'a' } } };
}

/** What a reader made of a log, as the report and `log verify` see it. */
async function reading(log: InspectLog): Promise<unknown> {
  const source = new InspectLogSource(log, 1, path.basename(log.filePath));
  try {
    const details = [];
    for (let i = 0; i < Math.min(3, source.getSummary().samples.count); i++) details.push(await source.detail(i));
    return { header: log.header, notes: log.notes, summaries: allSummaries(log.summaryList), summary: source.getSummary(), details, verify: logVerifyReport(source.index, true, source.getSummary()) };
  } finally {
    source.dispose();
  }
}

async function bothReadings(file: string): Promise<[unknown, unknown]> {
  const size = fs.statSync(file).size;
  return [await reading(await readScannedInspectJson(file, size)), await reading(await readInspectJson(file, size))];
}

async function failure(read: () => Promise<unknown>): Promise<InspectLogError> {
  try {
    await read();
  } catch (error) {
    assert.ok(error instanceof InspectLogError, String(error));
    return error;
  }
  assert.fail('the log was read');
}

describe('Inspect .json logs scanned sample by sample', () => {
  const fixtures = fs.readdirSync(sharedFixture('inspect-ai')).filter((name) => name.endsWith('.json')).map((name) => sharedFixture('inspect-ai', name));

  test('every .json log of the fixtures: the same header, summaries, notes, details and verification as parsed whole', async () => {
    assert.ok(fixtures.length >= 3, fixtures.join(', '));
    for (const file of fixtures) {
      const [scanned, whole] = await bothReadings(file);
      assert.deepEqual(scanned, whole, path.basename(file));
    }
  });

  test('entries that are not samples are left out with a note; the first of two samples of an id and epoch is shown', async () => {
    const samples: unknown[] = [sample(1, 'C'), 'not a sample', { epoch: 1 }, sample(2, 'I'), sample(3, 'C'), { ...sample(3, 'I'), input: 'the second' }];
    const file = folder.put('odd-entries.json', JSON.stringify({ ...header, samples }, null, 1));
    const [scanned, whole] = await bothReadings(file);
    assert.deepEqual(scanned, whole);
    const log = await readScannedInspectJson(file, fs.statSync(file).size);
    assert.deepEqual(log.notes, ['2 sample entries are not valid samples (no id) and are left out.']);
    assert.equal((await log.fullSample(3, 1))?.input, 'question 3');
  });

  test('a second samples member replaces the first, as a parser has it; a sample nested past the parser is left out', async () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const text = `{"version": 2, "status": "success", "eval": {"task": "t", "model": "m"}, "samples": [${JSON.stringify(sample(9, 'I'))}], "results": ${JSON.stringify(results)}, "samples": [${JSON.stringify(sample(1, 'C'))}, {"id": 2, "epoch": 1, "scores": ${deep}}]}`;
    const file = folder.put('duplicate-members.json', text);
    const log = await readScannedInspectJson(file, fs.statSync(file).size);
    assert.deepEqual(allSummaries(log.summaryList).map((s) => s.id), [1]);
    assert.equal(log.notes.length, 1);
    assert.match(log.notes[0], /^1 sample could not be read and is left out \(Maximum call stack size exceeded\)\.$/);
    assert.equal('samples' in log.header, false);
    assert.deepEqual(log.header.results, results);
  });

  test('text that is not an Inspect log, or not JSON, is a message naming the file, left for the task log reader', async () => {
    const cut = folder.put('cut.json', JSON.stringify({ ...header, samples: [sample(1, 'C'), sample(2, 'C')] }).slice(0, -40));
    const cutError = await failure(() => readScannedInspectJson(cut, fs.statSync(cut).size));
    assert.equal(cutError.notInspect, true);
    assert.match(cutError.message, /cut\.json is not valid JSON/);
    const trailing = folder.put('trailing.json', `${JSON.stringify({ ...header, samples: [] })} and more`);
    assert.match((await failure(() => readScannedInspectJson(trailing, fs.statSync(trailing).size))).message, /trailing\.json is not valid JSON/);
    const other = folder.put('other.json', JSON.stringify({ version: 2, status: 'success', samples: [] }));
    const otherError = await failure(() => readScannedInspectJson(other, fs.statSync(other).size));
    assert.equal(otherError.notInspect, true);
    assert.match(otherError.message, /other\.json is not an Inspect log/);
    const list = folder.put('list.json', '[1, 2]');
    assert.equal((await failure(() => readScannedInspectJson(list, fs.statSync(list).size))).notInspect, true);
  });

  test(`a log above ${WHOLE_JSON_LOG_BYTES / 1048576} MB is scanned, its summaries held as bytes, and reads as when parsed whole`, async () => {
    const padding = 6000;
    const count = Math.ceil(WHOLE_JSON_LOG_BYTES / padding) + 50;
    const samples = Array.from({ length: count }, (_, i) => sample(i + 1, i % 4 === 0 ? 'I' : 'C', padding));
    const file = folder.put('large.json', JSON.stringify({ ...header, results: { ...results, total_samples: count, completed_samples: count }, samples }));
    assert.ok(fs.statSync(file).size > WHOLE_JSON_LOG_BYTES);
    assert.ok(looksLikeInspectJson(file));
    const log = await readInspectLog(file);
    assert.ok(log.summaryList instanceof PackedSummaryList, 'read by the scan');
    assert.equal(log.summaryList.count, count);
    const full = await log.fullSample(count, 1);
    assert.equal((full?.messages as { content: string }[])[0].content.length, `question ${count}`.length + padding);
    const [scanned, whole] = await bothReadings(file);
    assert.deepEqual(scanned, whole);
  });
});
