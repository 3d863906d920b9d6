import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SchemaProblem } from '../../../src/core/model/logViewTypes';
import { StreamedLogValidation } from '../../../src/core/report/streamedLogValidation';
import { logSchemaProblems } from '../../../src/core/report/logSchemaProblems';
import { openLogSource } from '../../../src/core/report/openLogSource';
import { examplesDir, log, repoRoot, trial } from '../log/logTestHelpers';

/** The worker bundle and, beside it, the lazily loaded validation (built by `node esbuild.js`). */
const workerScript = path.join(repoRoot, 'dist', 'worker', 'logParse.js');

function sample(id: string | number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { sample_id: id, errors: [], trials: [trial(0, { correct: true })], ...extra };
}

/**
 * A log with mistakes in the skeleton (before and after the samples) and inside samples of the top level
 * and of a run, with non-ASCII text before them so that columns count characters, not bytes.
 */
function invalidLog(): Record<string, unknown> {
  const value = log({
    metrics: [],
    samples: [sample('ä-1', { sample: { data: { q: 'größer 😀' } } }), sample(2.5), sample('s-3', { trials: [{ index: 'first' }] })],
    runs: [{ index: 0, metrics: null, samples: [sample('r-1'), sample('r-2', { errors: 'none' })] }],
  }, {}, { format_version: 'v2' });
  (value.execution as Record<string, unknown>).runtime = 'slow';
  return value;
}

function streamed(text: string, options: ConstructorParameters<typeof StreamedLogValidation>[1] = {}): SchemaProblem[] {
  const validation = new StreamedLogValidation({ text }, options);
  try {
    return validation.run();
  } finally {
    validation.dispose();
  }
}

function inFileOrder(problems: SchemaProblem[]): SchemaProblem[] {
  return [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || a.path.localeCompare(b.path));
}

describe('schema validation of a large log, skeleton and samples apart', () => {
  test('finds the same problems, at the same paths, lines and columns, as validating the whole log', () => {
    const value = invalidLog();
    const layouts = {
      pretty: JSON.stringify(value, null, 2),
      minified: JSON.stringify(value),
      crlf: JSON.stringify(value, null, 1).replace(/\n/g, '\r\n'),
    };
    for (const [layout, text] of Object.entries(layouts)) {
      const whole = inFileOrder(logSchemaProblems(text, 'invalid.tasklog.json'));
      assert.ok(whole.length >= 6, `${layout}: the log has mistakes everywhere (${whole.length})`);
      // Tiny chunks put chunk boundaries inside keys, strings, multi-byte characters and line breaks.
      for (const chunkBytes of [1, 7, 64, 1 << 20]) {
        assert.deepEqual(streamed(text, { chunkBytes }), whole, `${layout}, chunks of ${chunkBytes} bytes`);
      }
    }
  });

  test('places problems inside samples and in the skeleton by their full JSON path', () => {
    const problems = streamed(JSON.stringify(invalidLog(), null, 2));
    const paths = problems.map((p) => p.path);
    for (const expected of ['/format_version', '/evidence/samples/1/sample_id', '/evidence/samples/2/trials/0/index', '/evidence/runs/0/samples/1/errors', '/execution/runtime']) {
      assert.ok(paths.includes(expected), `${expected} is reported (got ${paths.join(', ')})`);
    }
    const text = JSON.stringify(invalidLog(), null, 2);
    const lines = text.split('\n');
    const sampleId = problems.find((p) => p.path === '/evidence/samples/1/sample_id');
    assert.ok(sampleId?.line !== undefined && sampleId.column !== undefined);
    assert.equal(lines[sampleId.line - 1].slice(sampleId.column - 1), '2.5,', 'a wrong value is placed on the value');
  });

  test('every example log validates without problems', () => {
    for (const name of fs.readdirSync(examplesDir).filter((f) => f.endsWith('.json'))) {
      assert.deepEqual(streamed(fs.readFileSync(path.join(examplesDir, name), 'utf8'), { chunkBytes: 333 }), [], name);
    }
  });

  test('stops validating samples after the problem limit; skeleton problems still count', () => {
    const value = log({ metrics: [], samples: Array.from({ length: 50 }, (_, i) => sample(i + 0.5)) }, {}, { format_version: 'v2' });
    const problems = streamed(JSON.stringify(value, null, 2), { maxProblems: 5 });
    assert.deepEqual(problems.map((p) => p.path), ['/format_version', '/evidence/samples/0/sample_id', '/evidence/samples/1/sample_id', '/evidence/samples/2/sample_id', '/evidence/samples/3/sample_id']);
  });

  test('a sample that is not valid JSON is one problem at the place of the error', () => {
    const text = '{"format_version": "v1", "evidence": {"metrics": [], "samples": [\n{"sample_id": 1, "errors": []},\n{"sample_id": 2, "errors": [], "solver": {"output": 01}}\n]}}';
    const problems = streamed(text).filter((p) => p.path.startsWith('/evidence'));
    assert.equal(problems.length, 1);
    assert.equal(problems[0].path, '/evidence/samples/1');
    assert.match(problems[0].message, /not valid JSON/);
    assert.equal(problems[0].line, 3);
  });

  test('works in slices: each step returns, the result is the same', () => {
    const text = JSON.stringify(invalidLog(), null, 2);
    const validation = new StreamedLogValidation({ text }, { chunkBytes: 16 });
    let steps = 0;
    while (!validation.step(0)) steps++;
    assert.ok(steps > 10, `many small steps (${steps})`);
    assert.deepEqual(validation.problems(), inFileOrder(logSchemaProblems(text, 'invalid.tasklog.json')));
  });
});

describe('large logs in the worker thread get the schema banner', () => {
  test('the first summary comes without waiting; the problems of a sample and of the skeleton follow', async () => {
    assert.ok(fs.existsSync(workerScript) && fs.existsSync(path.join(path.dirname(workerScript), 'streamedLogValidation.js')), 'build first: node esbuild.js');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-schema-')), 'large.tasklog.json');
    const value = log({ metrics: [], samples: [sample('a'), sample('b'), sample('c', { trials: [trial(0, {}, { scores: 'none' })] })] });
    value.status = 'done';
    fs.writeFileSync(file, JSON.stringify(value, null, 2));
    const outcome = await openLogSource(file, { generation: 3, plan: { kind: 'worker', script: workerScript, aboveBytes: 10 } });
    assert.ok(outcome.ok);
    try {
      assert.ok(outcome.source.laterSchemaProblems, 'the worker source validates in the background');
      assert.deepEqual((await outcome.source.summary()).schemaProblems, [], 'the summary does not wait for the validation');
      const problems = await outcome.source.laterSchemaProblems();
      assert.deepEqual(problems.map((p) => p.path), ['/status', '/evidence/samples/2/trials/0/scores']);
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      assert.equal(lines[(problems[0].line ?? 0) - 1].trim(), '"status": "done",');
      assert.equal(lines[(problems[1].line ?? 0) - 1].trim(), '"scores": "none",');
      const inThread = await openLogSource(file, { generation: 3, plan: { kind: 'whole' } });
      assert.ok(inThread.ok);
      assert.deepEqual(problems, inFileOrder((await inThread.source.summary()).schemaProblems), 'the same problems as for a small log');
      assert.equal(inThread.source.laterSchemaProblems, undefined);
    } finally {
      outcome.source.dispose();
    }
  });
});
