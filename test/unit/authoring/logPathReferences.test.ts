import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { findLogPathReferences, logPathAt } from '../../../src/core/authoring/logPathReferences';
import { pathItems } from '../../../src/core/authoring/pathCompletion';
import { checkLogPath } from '../../../src/core/report/logPathCheck';
import { repoRoot } from '../sharedFixtures';

const examplesLogs = path.join(repoRoot, 'examples', 'logs');

describe('task_result_log_path: references in any YAML or JSON text', () => {
  test('YAML plain, quoted and nested values, JSON values; ranges exclude quotes', () => {
    const yaml = 'task:\n  task_result_log_path: logs/run 1.json  # uploaded\n  other: 1\n- task_result_log_path: "a\\"b.json"\nx: {task_result_log_path: \'it\'\'s.json\', y: 2}\n';
    const refs = findLogPathReferences(yaml);
    assert.deepEqual(refs.map((r) => r.value), ['logs/run 1.json', 'a"b.json', "it's.json"]);
    assert.equal(yaml.slice(refs[0].range.start, refs[0].range.end), 'logs/run 1.json');
    assert.equal(yaml.slice(refs[1].range.start, refs[1].range.end), 'a\\"b.json');
    assert.equal(yaml.slice(refs[0].keyRange.start, refs[0].keyRange.end), 'task_result_log_path');
    const json = '{\n  "task": { "task_result_log_path": "out/log.json", "n": 1 }\n}';
    const [ref] = findLogPathReferences(json);
    assert.equal(ref.value, 'out/log.json');
    assert.equal(json.slice(ref.range.start, ref.range.end), 'out/log.json');
    assert.equal(json.slice(ref.keyRange.start, ref.keyRange.end), '"task_result_log_path"');
  });

  test('other keys that merely contain the name are not references; an empty value is one (for completion)', () => {
    assert.deepEqual(findLogPathReferences('my_task_result_log_path: x\ntask_result_log_paths: y\n'), []);
    const text = 'task_result_log_path: \n';
    const at = logPathAt(text, text.indexOf('\n'));
    assert.ok(at);
    assert.equal(at.prefix, '');
    const quoted = 'task_result_log_path: "logs/su"';
    assert.equal(logPathAt(quoted, quoted.length - 1)?.prefix, 'logs/su');
    assert.equal(logPathAt('other: x', 7), undefined);
  });

  test('completion lists the folder the typed path is in', () => {
    const text = 'task_result_log_path: logs/';
    const at = logPathAt(text, text.length);
    assert.ok(at);
    const specPath = path.join(repoRoot, 'examples', 'task.yaml');
    const items = pathItems(text, text.length, { prefix: at.prefix }, { specPath, listDirectory: (dir) => fs.readdirSync(dir, { withFileTypes: true }).map((e) => ({ name: e.name, isDirectory: e.isDirectory() })) }, 'file', false);
    assert.ok(items.some((i) => i.label === 'mismatch.tasklog.json'));
    assert.ok(items.every((i) => i.range.start === text.length && i.range.end === text.length));
  });
});

describe('task_result_log_path: checking the named log', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-logpath-'));
    fs.writeFileSync(path.join(dir, 'broken.json'), '{"format_version": "1", "evidence": {\n  "samples": [,]\n}}');
    fs.writeFileSync(path.join(dir, 'other.json'), '{"name": "not a log"}');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('counts verified metrics and mismatches as log verify does', async () => {
    assert.deepEqual(await checkLogPath(path.join(examplesLogs, 'mismatch.tasklog.json'), { workerThresholdBytes: 1e9 }), { kind: 'log', status: 'success', verified: 4, mismatches: 1, notVerifiable: 1 });
    const ok = await checkLogPath(path.join(examplesLogs, 'success-trials.tasklog.json'), { workerThresholdBytes: 1e9 });
    assert.ok(ok.kind === 'log' && ok.verified === 5 && ok.mismatches === 0);
  });

  test('a missing file, a folder, JSON that is not a log, and broken JSON with its line', async () => {
    assert.deepEqual(await checkLogPath(path.join(dir, 'nope.json'), { workerThresholdBytes: 1e9 }), { kind: 'missing' });
    assert.deepEqual(await checkLogPath(dir, { workerThresholdBytes: 1e9 }), { kind: 'folder' });
    const other = await checkLogPath(path.join(dir, 'other.json'), { workerThresholdBytes: 1e9 });
    assert.ok(other.kind === 'invalid' && /format_version/.test(other.reason));
    const broken = await checkLogPath(path.join(dir, 'broken.json'), { workerThresholdBytes: 1e9 });
    assert.ok(broken.kind === 'invalid');
    assert.equal(broken.line, 2);
  });

  test('a large log is read in the worker thread and gives the same counts', async () => {
    const workerScript = path.join(repoRoot, 'dist', 'worker', 'logParse.js');
    const status = await checkLogPath(path.join(examplesLogs, 'mismatch.tasklog.json'), { workerThresholdBytes: 0, workerScript });
    assert.deepEqual(status, { kind: 'log', status: 'success', verified: 4, mismatches: 1, notVerifiable: 1 });
    const log = JSON.parse(fs.readFileSync(path.join(examplesLogs, 'mismatch.tasklog.json'), 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(path.join(dir, 'bad-status.json'), JSON.stringify({ ...log, status: 42 }, null, 2));
    for (const workerThresholdBytes of [1e9, 0]) {
      const invalid = await checkLogPath(path.join(dir, 'bad-status.json'), { workerThresholdBytes, workerScript });
      assert.ok(invalid.kind === 'invalid' && /schema problem/.test(invalid.reason) && /\/status/.test(invalid.reason), JSON.stringify(invalid));
    }
  });
});
