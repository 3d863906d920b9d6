/** Trace platforms' exports saved as *.trace.json: shown as conversations, never a failed check or a cited section. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../../../src/cli/runCli';
import { CliIo } from '../../../src/cli/cliTypes';
import { validateText } from '../../../src/core/validation/validateText';
import { readTraceJson } from '../../../src/core/trace/traceFile';
import { sharedFixture } from '../sharedFixtures';

function capture(cwd: string): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', cwd, stdout: (t: string) => { io.out += t; }, stderr: (t: string) => { io.err += t; } };
  return io;
}

const LANGFUSE = sharedFixture('langfuse', 'openai-agents-2025-09-30.trace.json');
const LANGSMITH = sharedFixture('langsmith', 'langsmith_js_wrap_openai_default.json');

describe('a trace platform export named *.trace.json', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-platform-export-'));
    fs.copyFileSync(LANGFUSE, path.join(dir, 'agents.trace.json'));
    fs.copyFileSync(LANGSMITH, path.join(dir, 'wrapped.trace.json'));
    fs.writeFileSync(path.join(dir, 'other.trace.json'), '{"name": "not a trace"}\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('validate: a note on each export, no error, exit 0 for the folder', async () => {
    for (const name of ['agents.trace.json', 'wrapped.trace.json']) {
      const result = validateText(fs.readFileSync(path.join(dir, name), 'utf8'), name);
      assert.deepEqual(result.diagnostics.map((d) => d.severity), ['info'], name);
      assert.match(result.diagnostics[0].message, /^a trace exported from (LangSmith|Langfuse) \(not a Trace file\)/);
    }
    const io = capture(dir);
    assert.equal(await runCli(['validate', 'agents.trace.json', 'wrapped.trace.json'], io), 0, io.out + io.err);
    assert.match(io.out, /2 files checked, 0 with errors/);
  });

  test('trace show prints the conversation the export holds', async () => {
    const io = capture(dir);
    assert.equal(await runCli(['trace', 'show', 'agents.trace.json'], io), 0, io.err);
    assert.match(io.out, /USER\n {4}What's the weather in Tokyo\?/);
    assert.match(io.out, /TOOL CALL get_weather/);
    const smith = capture(dir);
    assert.equal(await runCli(['trace', 'show', 'wrapped.trace.json'], smith), 0, smith.err);
    assert.match(smith.out, /USER\n {2}howdy/);
  });

  test('a JSON file that is no Trace and no export is refused in words a person can follow, citing no section', () => {
    const read = readTraceJson(fs.readFileSync(path.join(dir, 'other.trace.json'), 'utf8'), 'other.trace.json');
    assert.equal(read.ok, false);
    if (read.ok) return;
    assert.match(read.failure.message, /^other\.trace\.json:1:1: not a Trace: the top level needs an "items" array/);
    assert.doesNotMatch(read.failure.message, /§|specification/);
  });
});
