import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readLogFacts } from '../../../src/core/logCatalog/readLogFacts';
import { HEAD_BYTES } from '../../../src/core/logCatalog/boundedRead';
import { LogFacts, LogFactsResult, isLogFactsProblem } from '../../../src/core/logCatalog/logFacts';
import { readInspectLog } from '../../../src/core/inspect/openInspectLog';
import { repoRoot, sharedFixture } from '../sharedFixtures';
import { temporaryFolder } from '../temporaryFolder';
import { HEADER, buildEvalArchive, inspectSample } from '../sources/inspectLogData';
import { DEEP_LOG_VALUE, binaryBytes, deepObject } from '../hostile/hostileCases';

const examples = path.join(repoRoot, 'examples', 'logs');

function factsOf(result: LogFactsResult): LogFacts {
  assert.ok(!isLogFactsProblem(result), `facts were read (${JSON.stringify(result)})`);
  return result;
}

describe('facts of the example task result logs', () => {
  test('task, model, status, first metric, samples and start time of a successful run', async () => {
    const facts = factsOf(await readLogFacts(path.join(examples, 'compare-baseline.tasklog.json')));
    assert.equal(facts.format, 'taskResultLog');
    assert.equal(facts.task, 'Capital and arithmetic QA');
    assert.equal(facts.displayName, 'Capital QA — qa-model-small (baseline)');
    assert.equal(facts.model, 'qa-model-small');
    assert.equal(facts.status, 'success');
    assert.equal(facts.outcome, 'success');
    assert.deepEqual(facts.mainMetric, { name: 'accuracy/correct', value: 0.5416666666666667, rate: true });
    assert.equal(facts.date, 1767344400 * 1000);
  });

  test('a log larger than the head: specification and time come from the tail, samples are not counted', async () => {
    const file = path.join(examples, 'compare-candidate.tasklog.json');
    assert.ok(fs.statSync(file).size > HEAD_BYTES, 'the example is larger than the head read');
    const facts = factsOf(await readLogFacts(file));
    assert.equal(facts.model, 'qa-model-medium');
    assert.equal(facts.task, 'Capital and arithmetic QA');
    assert.equal(facts.date, 1767344400 * 1000);
    assert.equal(facts.samples, undefined, 'unknown rather than reading the whole file');
    assert.equal(facts.mainMetric?.value, 0.7249999999999999);
  });

  test('every example log: samples counted when the whole list is in the head', async () => {
    const expected: Record<string, { samples?: number; status: string; metric?: string }> = {
      'failure.tasklog.json': { samples: 4, status: 'failure' },
      'legacy.tasklog.json': { samples: 8, status: 'success', metric: 'accuracy' },
      'mismatch.tasklog.json': { samples: 12, status: 'success', metric: 'accuracy/correct' },
      'repeatability.tasklog.json': { samples: 6, status: 'success', metric: 'accuracy' },
      'success-trials.tasklog.json': { samples: 12, status: 'success', metric: 'accuracy/correct' },
    };
    for (const [name, want] of Object.entries(expected)) {
      const facts = factsOf(await readLogFacts(path.join(examples, name)));
      assert.equal(facts.samples, want.samples, name);
      assert.equal(facts.status, want.status, name);
      assert.equal(facts.mainMetric?.name, want.metric, name);
      assert.equal(facts.task, 'Capital and arithmetic QA', name);
    }
    const failed = factsOf(await readLogFacts(path.join(examples, 'failure.tasklog.json')));
    assert.equal(failed.outcome, 'error');
    assert.equal(failed.mainMetric, undefined, 'metrics are null when the run failed');
  });

  test('the example Inspect archives: samples counted as the report counts them, not their epochs', async () => {
    for (const name of ['arith-inspect.eval', 'arith-inspect-candidate.eval']) {
      const file = path.join(examples, name);
      const facts = factsOf(await readLogFacts(file));
      assert.equal(facts.format, 'inspectEval');
      assert.ok(facts.task && facts.model, JSON.stringify(facts));
      assert.equal(facts.outcome, 'success');
      // The report's Samples tab: one row per sample id, whatever the epochs.
      const log = await readInspectLog(file);
      await log.close();
      assert.equal(facts.samples, new Set(log.summaries.map((s) => String(s.id))).size, name);
      assert.ok(log.summaries.length > (facts.samples ?? 0), `${name} has several epochs per sample`);
    }
  });

  test('a real log of one sample run four times is one sample', async () => {
    const facts = factsOf(await readLogFacts(sharedFixture('inspect-ai', '2025-12-11T18-00-43+00-00_gpqa-diamond_NL3aygdanSgqAJfzoMFuH6.eval')));
    assert.equal(facts.samples, 1);
  });
});

describe('facts of real Inspect logs', () => {
  test('a .eval archive: header.json read from the zip', async () => {
    const facts = factsOf(await readLogFacts(sharedFixture('inspect-ai', '2025-09-15T15-02-26-04-00_popularity_L8g2GLGDDfsiXvdJ8LyZNJ.eval')));
    assert.deepEqual(facts, {
      format: 'inspectEval', task: 'popularity', model: 'openai/gpt-5', status: 'success', outcome: 'success',
      mainMetric: { name: 'accuracy', value: 0.52, rate: true }, samples: 100, date: Date.parse('2025-09-15T15:02:26-04:00'),
    });
  });

  test('every .eval fixture gives facts', async () => {
    const dir = sharedFixture('inspect-ai');
    for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.eval'))) {
      const facts = factsOf(await readLogFacts(path.join(dir, name)));
      assert.ok(facts.task, name);
      assert.ok(facts.model, name);
    }
  });

  test('an Inspect .json log, recognised by its content, read up to its results', async () => {
    const facts = factsOf(await readLogFacts(sharedFixture('inspect-ai', '2025-05-12T20-28-26-04-00_security-guide.json')));
    assert.deepEqual(facts, {
      format: 'inspectJson', task: 'security_guide', model: 'openai/gpt-4o-mini', status: 'success', outcome: 'success',
      mainMetric: { name: 'accuracy', value: 1, rate: true }, samples: 3, date: Date.parse('2025-05-12T20:28:26-04:00'),
    });
    for (const name of ['completed-eval.json', 'log_read_sample.json']) assert.equal(factsOf(await readLogFacts(sharedFixture('inspect-ai', name))).format, 'inspectJson');
  });
});

describe('facts of generated logs', () => {
  const folder = temporaryFolder('eval-lens-catalog-');

  test('an Inspect .json log whose samples run far past the head', async () => {
    const header = { ...HEADER, results: { ...HEADER.results, total_samples: 400, scores: [{ name: 'match', metrics: { mean: { name: 'mean', value: 3.5 } } }] } };
    const samples = Array.from({ length: 400 }, (_, i) => inspectSample(i + 1));
    const file = folder.put('logs/big.json', JSON.stringify({ ...header, samples }));
    assert.ok(fs.statSync(file).size > HEAD_BYTES);
    const facts = factsOf(await readLogFacts(file));
    assert.deepEqual(facts.mainMetric, { name: 'mean', value: 3.5, rate: false });
    assert.equal(facts.samples, 400);
  });

  test('an unfinished archive (only _journal/start.json) is a started run', async () => {
    const file = folder.put('run.eval', buildEvalArchive([inspectSample(1)], { unfinished: true }));
    const facts = factsOf(await readLogFacts(file));
    assert.equal(facts.status, 'started');
    assert.equal(facts.outcome, 'started');
    assert.equal(facts.task, 'arith');
    assert.equal(facts.mainMetric, undefined);
  });

  test('a task result log with a large sample list: head cut inside the samples, the rest from the tail', async () => {
    const sample = (i: number) => ({ sample_id: `s${i}`, sample: { data: { text: 'x'.repeat(2000) } }, solver: { output: null }, scores: [], errors: [] });
    const log = {
      format_version: 'v1', app_version: '1', status: 'success',
      evidence: { metrics: [{ metric_key: 'score', metric_type: 'max', values: { score: 7 } }], samples: Array.from({ length: 300 }, (_, i) => sample(i)) },
      specification: { display_name: 'Big', task: { key: 'big-task' }, config: {}, evaluated_entity: { type: 'model', key: 'm-1', model_id: 1 }, run_config: null },
      execution: { started_at: 100 }, errors: [],
    };
    const file = folder.put('big.tasklog.json', JSON.stringify(log));
    const facts = factsOf(await readLogFacts(file));
    assert.deepEqual({ task: facts.task, model: facts.model, samples: facts.samples, date: facts.date, metric: facts.mainMetric }, {
      task: 'big-task', model: 'm-1', samples: undefined, date: 100_000, metric: { name: 'score', value: 7, rate: false },
    });
  });

  test('metrics longer than the first read, a specification longer than the first tail read', async () => {
    const filler = Array.from({ length: 2000 }, (_, i) => ({ metric_key: `m${i}`, values: { v: i } }));
    const log = {
      format_version: 'v1', status: 'success',
      evidence: { metrics: [{ metric_key: 'first', values: { first: 0.25 } }, ...filler], samples: Array.from({ length: 500 }, (_, i) => ({ sample_id: i, text: 'y'.repeat(1000) })) },
      specification: { task: { name: 'long-spec' }, config: { notes: 'z'.repeat(200_000) }, evaluated_entity: { type: 'model', name: 'named-model' } },
      execution: { started_at: 5 }, errors: [],
    };
    const facts = factsOf(await readLogFacts(folder.put('long.tasklog.json', JSON.stringify(log))));
    assert.deepEqual({ task: facts.task, model: facts.model, metric: facts.mainMetric?.value, date: facts.date }, { task: 'long-spec', model: 'named-model', metric: 0.25, date: 5000 });
  });
});

describe('hostile files give a problem naming the file, never a throw', () => {
  const folder = temporaryFolder('eval-lens-catalog-hostile-');

  async function problemOf(file: string): Promise<{ problem: string; notALog?: boolean }> {
    const result = await readLogFacts(file);
    assert.ok(isLogFactsProblem(result), `a problem for ${path.basename(file)}: ${JSON.stringify(result)}`);
    assert.ok(result.problem.includes(path.basename(file)), `the problem names the file: ${result.problem}`);
    return result;
  }

  test('missing, empty, a folder, binary', async () => {
    await problemOf(path.join(folder.path, 'absent.tasklog.json'));
    await problemOf(folder.put('empty.tasklog.json', ''));
    fs.mkdirSync(path.join(folder.path, 'dir.tasklog.json'));
    await problemOf(path.join(folder.path, 'dir.tasklog.json'));
    const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256));
    assert.match((await problemOf(folder.put('binary.tasklog.json', binary))).problem, /not JSON/);
    await problemOf(folder.put('binary.eval', binary));
  });

  test('truncated logs: a small one is damaged, a zip cut short is not an archive', async () => {
    const text = fs.readFileSync(path.join(examples, 'legacy.tasklog.json'), 'utf8');
    assert.match((await problemOf(folder.put('cut.tasklog.json', text.slice(0, text.length / 2)))).problem, /damaged/);
    const archive = fs.readFileSync(path.join(examples, 'arith-inspect.eval'));
    await problemOf(folder.put('cut.eval', archive.subarray(0, archive.length - 100)));
  });

  test('one huge line of a string never closed, and a deeply nested head, end promptly', async () => {
    const huge = `{"format_version":"v1","status":"success","evidence":{"metrics":"${'a'.repeat(8 * 1024 * 1024)}`;
    const started = Date.now();
    const facts = factsOf(await readLogFacts(folder.put('huge.tasklog.json', huge)));
    assert.equal(facts.mainMetric, undefined);
    assert.equal(facts.status, 'success');
    const deep = `{"format_version":"v1","evidence":{"metrics":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    await readLogFacts(folder.put('deep.tasklog.json', deep));
    assert.ok(Date.now() - started < 2000, 'bounded reads end quickly');
  });

  test('values nested 200,000 deep in the metrics and the specification, and random bytes in a logs folder', async () => {
    const deep = deepObject(DEEP_LOG_VALUE);
    const small = `{"format_version":"v1","status":"success","evidence":{"metrics":[{"metric_key":"m","values":${deep}}],"samples":[]},"specification":${deep}}`;
    const facts = factsOf(await readLogFacts(folder.put('deep-values.tasklog.json', small)));
    assert.equal(facts.mainMetric, undefined, 'no numeric first value');
    const large = `{"format_version":"v1","status":"success","evidence":{"samples":["${'s'.repeat(HEAD_BYTES)}"]},"specification":${deep}}`;
    assert.equal(factsOf(await readLogFacts(folder.put('deep-tail.tasklog.json', large))).task, undefined);
    const random = await readLogFacts(folder.put('logs/noise.json', binaryBytes(100_000)));
    assert.ok(isLogFactsProblem(random) && random.notALog, JSON.stringify(random));
  });

  test('a .json in a logs folder that is no log is marked as such', async () => {
    const other = await problemOf(folder.put('logs/settings.json', '{"editor.fontSize": 12}'));
    assert.equal(other.notALog, true);
    const named = await problemOf(folder.put('other.tasklog.json', '{"editor.fontSize": 12}'));
    assert.notEqual(named.notALog, true, 'a file named as a log that is none is a problem to show');
  });
});
