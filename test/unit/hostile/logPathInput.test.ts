import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { checkLogPath } from '../../../src/core/report/logPathCheck';
import { findLogPathReferences } from '../../../src/core/authoring/logPathReferences';
import { repoRoot } from '../sharedFixtures';
import { binaryBytes, DEEP_LOG_VALUE, deepFlow, logWithSampleData, prototypeIsClean, tempDir, write } from './hostileCases';

const TIMEOUT = { timeout: 30_000 };
const workerScript = path.join(repoRoot, 'dist', 'worker', 'logParse.js');

describe('hostile input: task_result_log_path checks and references', () => {
  let dir: string;
  before(() => {
    dir = tempDir('logpath');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('a log nesting 200,000 levels and one with __proto__ keys are checked like the plain log, in this thread and in the worker', TIMEOUT, async () => {
    const scores = '"scores": [{"scorer_key": "judge", "values": {"correct": 1}}]';
    const complete = (extra: string) => logWithSampleData(extra).split(scores).join(`${scores}, "errors": []`);
    const plain = write(dir, 'plain.tasklog.json', complete('1'));
    const deep = write(dir, 'deep.tasklog.json', complete(deepFlow(DEEP_LOG_VALUE)));
    const proto = write(dir, 'proto.tasklog.json', complete('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"hostile": 1}}}'));
    for (const workerThresholdBytes of [Number.POSITIVE_INFINITY, 0]) {
      const expected = await checkLogPath(plain, { workerThresholdBytes, workerScript });
      assert.deepEqual(expected, { kind: 'log', status: 'success', verified: 1, mismatches: 0, notVerifiable: 0 });
      for (const file of [deep, proto]) assert.deepEqual(await checkLogPath(file, { workerThresholdBytes, workerScript }), expected, file);
    }
    assert.ok(prototypeIsClean());
  });

  test('binary, empty, a directory, a symbolic link loop and a named pipe: a status, never a hang', TIMEOUT, async () => {
    const options = { workerThresholdBytes: Number.POSITIVE_INFINITY };
    const bin = await checkLogPath(write(dir, 'bin.tasklog.json', binaryBytes(100_000)), options);
    assert.equal(bin.kind, 'invalid');
    const empty = await checkLogPath(write(dir, 'empty.tasklog.json', ''), options);
    assert.equal(empty.kind, 'invalid');
    fs.mkdirSync(path.join(dir, 'adir.tasklog.json'));
    assert.deepEqual(await checkLogPath(path.join(dir, 'adir.tasklog.json'), options), { kind: 'folder' });
    fs.symlinkSync('loop-b.json', path.join(dir, 'loop-a.json'));
    fs.symlinkSync('loop-a.json', path.join(dir, 'loop-b.json'));
    assert.equal((await checkLogPath(path.join(dir, 'loop-a.json'), options)).kind, 'missing');
    const pipe = path.join(dir, 'pipe.tasklog.json');
    execFileSync('mkfifo', [pipe]);
    const status = await checkLogPath(pipe, options);
    assert.equal(status.kind, 'invalid');
    assert.match(status.kind === 'invalid' ? status.reason : '', /pipe\.tasklog\.json is not a regular file/);
  });

  test('references are found in a 30 MB line, binary text and a deep document in linear time', TIMEOUT, () => {
    const huge = `task_result_log_path: ${'a'.repeat(30 * 1024 * 1024)}\nother: {task_result_log_path: "x\\"y", k: [${deepFlow(DEEP_LOG_VALUE)}]}\n`;
    const started = Date.now();
    const found = findLogPathReferences(huge);
    assert.deepEqual(found.map((r) => r.value.length), [30 * 1024 * 1024, 3]);
    assert.equal(found[1].value, 'x"y');
    const spaces = findLogPathReferences(`task_result_log_path:${' '.repeat(5_000_000)}#`);
    assert.deepEqual(spaces.map((r) => r.value), ['']);
    findLogPathReferences(binaryBytes(2_000_000).toString('latin1'));
    assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
  });
});
