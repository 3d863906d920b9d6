import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildZip } from '../archive/zipTestWriter';
import { HEADER } from '../sources/inspectLogData';
import { simpleSession } from '../sources/sessionFileWriter';
import { assertClean, CASE_MS, run } from './cliRun';
import { binaryBytes, DEEP_JSONL_LINE, DEEP_LOG_VALUE, deepFlow, logWithSampleData, tempDir, write } from './hostileCases';

const SESSION = '11111111-2222-3333-4444-555555555555';
const message = (role: string, text: string) => ({ type: 'message', role, content: [{ type: role === 'user' ? 'input_text' : 'output_text', text }] });
const goodTrace = (text: string) => JSON.stringify({ items: [message('user', text), message('assistant', 'answer')] });
const deepTrace = (levels: number) =>
  `{"items":[${JSON.stringify(message('user', 'deep one'))},{"type":"function_call","call_id":"c","name":"f","arguments":"{}","extra":${deepFlow(levels)}},` +
  `{"type":"message","role":"assistant","content":${deepFlow(levels)}}],"metadata":{"x":${deepFlow(levels)}}}`;

describe('hostile input through trace show, log compare and dataset export of the new sources (child processes)', () => {
  let dir: string;
  before(() => {
    dir = tempDir('commands');
    write(dir, 'deep.trace.json', deepTrace(DEEP_LOG_VALUE));
    write(dir, 'deep.jsonl', [goodTrace('first'), deepTrace(DEEP_JSONL_LINE), goodTrace('third')].join('\n'));
    write(dir, 'proto.trace.json', '{"__proto__":{"polluted":true},"items":[{"type":"message","role":"user","content":"hi","__proto__":{"hostile":1},"constructor":{"prototype":{"x":1}}}],"metadata":{"constructor":{"prototype":{"x":1}}}}');
    write(dir, 'huge.trace.json', goodTrace('y'.repeat(30 * 1024 * 1024)));
    write(dir, 'bin.trace.json', binaryBytes(100_000));
    write(dir, 'bin.jsonl', binaryBytes(100_000));
    write(dir, 'empty.trace.json', '');
    fs.mkdirSync(path.join(dir, 'dir.trace.json'));
    write(dir, 'deep.tasklog.json', logWithSampleData(deepFlow(DEEP_LOG_VALUE)));
    write(dir, 'ok.tasklog.json', logWithSampleData('1'));
    write(dir, 'proto.tasklog.json', logWithSampleData('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"hostile": 1}}}'));
    write(dir, 'bin.tasklog.json', binaryBytes(100_000));
    write(dir, 'empty.tasklog.json', '');
    fs.mkdirSync(path.join(dir, 'dir.tasklog.json'));
    const sessionLines = simpleSession(SESSION, '2026-01-01T10:00:00.000Z');
    sessionLines.splice(1, 0, `{"type":"user","deep":${deepFlow(DEEP_JSONL_LINE)}`);
    write(dir, `sessions/${SESSION}.jsonl`, `${sessionLines.join('\n')}\n`);
    fs.symlinkSync(path.join(dir, 'sessions'), path.join(dir, 'sessions', 'loop'));
    write(dir, 'sessions.dataset.yaml', 'key: s\ndisplay_name: S\nsource: {type: coding_agent_sessions, path: sessions}\n');
    const sample = (id: number, input: string) => ({ name: `samples/${id}_epoch_1.json`, data: `{"id":${id},"epoch":1,"input":${input},"target":"t","messages":[]}` });
    write(dir, 'logs/deep.eval', buildZip([sample(1, '"q"'), sample(2, deepFlow(DEEP_JSONL_LINE)), { name: 'header.json', data: JSON.stringify(HEADER) }]));
    write(dir, 'logs/bin.eval', binaryBytes(10_000));
    write(dir, 'evals.dataset.yaml', 'key: e\ndisplay_name: E\nsource: {type: eval_logs, path: logs}\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('trace show: a Trace nesting 200,000 levels and a .jsonl line nesting 300,000 levels are shown, not a stack overflow', { timeout: 4 * CASE_MS }, async () => {
    for (const extra of [[], ['--json']]) {
      const single = await run(dir, ['trace', 'show', 'deep.trace.json', ...extra]);
      assertClean(single, `trace show deep.trace.json ${extra.join(' ')}`);
      assert.equal(single.code, 0, single.err);
      assert.ok(single.out.includes('deep one'));
      const lines = await run(dir, ['trace', 'show', 'deep.jsonl', ...extra]);
      assertClean(lines, `trace show deep.jsonl ${extra.join(' ')}`);
      assert.equal(lines.code, 0, lines.err);
      assert.ok(lines.out.includes('first') && lines.out.includes('third'));
    }
  });

  test('trace show: binary, empty, a directory, a huge line and __proto__ keys', { timeout: 8 * CASE_MS }, async () => {
    for (const name of ['bin.trace.json', 'bin.jsonl', 'empty.trace.json', 'dir.trace.json']) {
      const r = await run(dir, ['trace', 'show', name]);
      assertClean(r, `trace show ${name}`);
      assert.notEqual(r.code, 0, `trace show ${name} must fail`);
      assert.ok(r.err.includes(name), `trace show ${name} names the file:\n${r.err}`);
    }
    const huge = await run(dir, ['trace', 'show', 'huge.trace.json']);
    assertClean(huge, 'trace show huge.trace.json');
    assert.equal(huge.code, 0);
    const proto = await run(dir, ['trace', 'show', 'proto.trace.json', '--json']);
    assertClean(proto, 'trace show proto.trace.json');
    assert.equal(proto.code, 0, proto.err);
  });

  test('log compare: a deep value and __proto__ keys compare; binary, empty and a directory fail with the name', { timeout: 8 * CASE_MS }, async () => {
    for (const pair of [['deep.tasklog.json', 'ok.tasklog.json'], ['ok.tasklog.json', 'proto.tasklog.json'], ['deep.tasklog.json', 'deep.tasklog.json']]) {
      for (const extra of [[], ['--json']]) {
        const r = await run(dir, ['log', 'compare', ...pair, ...extra]);
        assertClean(r, `log compare ${pair.join(' ')} ${extra.join(' ')}`);
        assert.equal(r.code, 0, r.err);
        assert.ok(r.out.length > 0);
      }
    }
    for (const name of ['bin.tasklog.json', 'empty.tasklog.json', 'dir.tasklog.json']) {
      const r = await run(dir, ['log', 'compare', 'ok.tasklog.json', name]);
      assertClean(r, `log compare ${name}`);
      assert.notEqual(r.code, 0, `log compare ${name} must fail`);
      assert.ok(r.err.includes(name), `log compare ${name} names the file:\n${r.err}`);
    }
  });

  test('dataset export and list of coding_agent_sessions and eval_logs sources with a deep unclosed line, a loop and a broken archive', { timeout: 6 * CASE_MS }, async () => {
    const sessions = await run(dir, ['dataset', 'export', 'sessions.dataset.yaml', '-o', 'sessions.jsonl']);
    assertClean(sessions, 'export sessions');
    assert.equal(sessions.code, 0, sessions.err);
    assert.equal(fs.readFileSync(path.join(dir, 'sessions.jsonl'), 'utf8').trimEnd().split('\n').length, 1);
    const exported = JSON.parse(fs.readFileSync(path.join(dir, 'sessions.jsonl'), 'utf8')) as Record<string, unknown>;
    assert.equal(exported.session_id, SESSION);
    assert.equal(exported.message_count, 3);
    const shown = await run(dir, ['preview', 'sessions.dataset.yaml', '--json']);
    assertClean(shown, 'preview sessions');
    const warnings = (JSON.parse(shown.out) as { warnings: { file: string; line: number; message: string }[] }).warnings;
    assert.deepEqual(warnings.map((w) => [path.basename(w.file), w.line]), [['loop', undefined], [`${SESSION}.jsonl`, 2]]);
    assert.match(warnings[1].message, /^not valid JSON/);
    const evals = await run(dir, ['dataset', 'export', 'evals.dataset.yaml', '-o', 'evals.jsonl']);
    assertClean(evals, 'export eval_logs');
    assert.equal(evals.code, 0, evals.err);
    const rows = fs.readFileSync(path.join(dir, 'evals.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(rows.map((row) => row.sample_id).sort(), ['1', '2']);
    const list = await run(dir, ['dataset', 'list', '--json']);
    assertClean(list, 'dataset list');
    assert.equal(list.code, 0, list.err);
  });

  test('a named pipe where a Trace, a log, a session file or an Inspect log is expected is refused by name, not read forever', { timeout: 6 * CASE_MS }, async () => {
    fs.mkdirSync(path.join(dir, 'pipes', 'sessions'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'pipes', 'logs'), { recursive: true });
    execFileSync('mkfifo', ['pipe.trace.json', 'pipe.tasklog.json', `sessions/${SESSION}.jsonl`, 'logs/pipe.eval', 'logs/pipe.json'].map((p) => path.join(dir, 'pipes', p)));
    write(dir, 'pipes/sessions.dataset.yaml', 'key: s\ndisplay_name: S\nsource: {type: coding_agent_sessions, path: sessions}\n');
    write(dir, 'pipes/evals.dataset.yaml', 'key: e\ndisplay_name: E\nsource: {type: eval_logs, path: logs}\n');
    const cwd = path.join(dir, 'pipes');
    for (const args of [['trace', 'show', 'pipe.trace.json'], ['log', 'compare', 'pipe.tasklog.json', path.join(dir, 'ok.tasklog.json')]]) {
      const r = await run(cwd, args);
      assertClean(r, args.join(' '));
      assert.notEqual(r.code, 0, `${args.join(' ')} must fail`);
      assert.match(r.err, /pipe\.(trace|tasklog)\.json is not a regular file/, args.join(' '));
    }
    // A folder source lists regular files only: the pipe is not a session file.
    const sessions = await run(cwd, ['preview', 'sessions.dataset.yaml', '--json']);
    assertClean(sessions, 'preview sessions.dataset.yaml');
    assert.equal((JSON.parse(sessions.out) as { total: number }).total, 0);
    const evals = await run(cwd, ['preview', 'evals.dataset.yaml', '--json']);
    assertClean(evals, 'preview evals.dataset.yaml');
    assert.match(evals.err, /logs holds no \.eval or \.json logs/);
    // Named directly, the pipe is refused by name.
    write(dir, 'pipes/session-pipe.dataset.yaml', `key: s\ndisplay_name: S\nsource: {type: coding_agent_sessions, path: sessions/${SESSION}.jsonl}\n`);
    write(dir, 'pipes/eval-pipe.dataset.yaml', 'key: e\ndisplay_name: E\nsource: {type: eval_logs, path: logs/pipe.eval}\n');
    for (const spec of ['session-pipe.dataset.yaml', 'eval-pipe.dataset.yaml']) {
      const r = await run(cwd, ['preview', spec]);
      assertClean(r, `preview ${spec}`);
      assert.equal(r.code, 1, `preview ${spec}`);
      assert.match(r.err, /\.jsonl is not a session file \(\.jsonl\) or a folder|pipe\.eval: an eval_logs path is a \.eval file/, r.err);
    }
  });
});
