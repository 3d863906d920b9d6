import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { runCli } from '../../../src/cli/runCli';
import { CliIo } from '../../../src/cli/cliTypes';
import { repoRoot, sharedFixture } from '../sharedFixtures';

function capture(cwd: string): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', cwd, stdout: (t: string) => { io.out += t; }, stderr: (t: string) => { io.err += t; } };
  return io;
}

interface Cassette { interactions: { request: { parsed_body: { input: unknown[] } }; response: { parsed_body: { output: unknown[]; model: string; usage: { total_tokens: number } } } }[] }

/** A Trace made of the real Open Responses items of a recorded /v1/responses exchange: the last request's input and its output. */
function traceFromCassette(): Record<string, unknown> {
  const cassette = parseYaml(fs.readFileSync(sharedFixture('openai-responses', 'test_openai_responses_model_simple_response_with_tool_call.yaml'), 'utf8')) as Cassette;
  const last = cassette.interactions[cassette.interactions.length - 1];
  return {
    FORMAT: 'open_responses',
    items: [...last.request.parsed_body.input, ...last.response.parsed_body.output],
    metadata: { model: last.response.parsed_body.model, total_tokens: last.response.parsed_body.usage.total_tokens },
  };
}

const multiAgent = {
  items: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Find the bug' }] }],
  metadata: { agent: 'claude-code', total_time: 75.5, tags: ['ci'], error: 'sub-agent failed' },
  events: [
    { type: 'span_start', span_id: 'root', span_name: 'main', span_type: 'agent' },
    { type: 'item', span_id: 'root', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Find the bug' }] } },
    { type: 'span_start', span_id: 'sub', parent_span_id: 'root', span_name: 'Explore', span_type: 'agent' },
    { type: 'item', span_id: 'sub', item: { type: 'reasoning', summary: [{ type: 'summary_text', text: 'grep first' }] } },
    { type: 'item', span_id: 'sub', item: { type: 'function_call', call_id: 'g1', name: 'Grep', arguments: '{"pattern":"TODO"}' } },
    { type: 'item', span_id: 'sub', item: { type: 'function_call_output', call_id: 'g1', output: 'src/a.ts:3' } },
    { type: 'span_end', span_id: 'sub', error: 'timed out' },
    { type: 'item', span_id: 'root', item: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'It is in a.ts' }] } },
    { type: 'span_end', span_id: 'root' },
  ],
};

describe('eval-lens trace show', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-trace-'));
    fs.writeFileSync(path.join(dir, 'tool.trace.json'), JSON.stringify(traceFromCassette(), null, 2));
    fs.writeFileSync(path.join(dir, 'agents.trace.json'), JSON.stringify(multiAgent));
    fs.writeFileSync(path.join(dir, 'broken.trace.json'), '{\n  "items": [\n    {"type": "message",, "role": "user"}\n  ]\n}\n');
    fs.writeFileSync(path.join(dir, 'many.jsonl'), `${JSON.stringify(traceFromCassette())}\nnot json\n{"no":"items"}\n\n${JSON.stringify(multiAgent)}\n`);
    fs.writeFileSync(path.join(dir, 'deep.trace.json'), `{"items":[{"type":"custom_item","payload":${'{"d":'.repeat(100_000)}1${'}'.repeat(100_000)}}]}`);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('prints the recorded tool-call exchange in order: user, the call with its arguments, its output, the answer', async () => {
    const io = capture(dir);
    assert.equal(await runCli(['trace', 'show', 'tool.trace.json'], io), 0);
    assert.equal(io.err, '');
    assert.match(io.out, /^model gpt-4o-2024-08-06 · tokens 78$/m);
    const order = ['USER\n  What is the capital of PotatoLand?', 'TOOL CALL get_capital  (call_YfwRsW8sUxDKipwyhWTzOXCA)\n  {\n    "country": "PotatoLand"\n  }', 'TOOL OUTPUT get_capital  (call_YfwRsW8sUxDKipwyhWTzOXCA)\n  Potato City', 'ASSISTANT\n  The capital of PotatoLand is Potato City.'];
    let at = -1;
    for (const piece of order) {
      const next = io.out.indexOf(piece);
      assert.ok(next > at, `${JSON.stringify(piece)} after the previous block in:\n${io.out}`);
      at = next;
    }
  });

  test('sub-agent spans are indented under their parent, with reasoning marked and the span error', async () => {
    const io = capture(dir);
    assert.equal(await runCli(['trace', 'show', 'agents.trace.json'], io), 0);
    const lines = io.out.split('\n');
    assert.equal(lines[0], 'agent claude-code · time 1 min 16 s');
    assert.ok(lines.includes('tags: ci') && lines.includes('error: sub-agent failed'));
    const expectLine = (line: string): number => {
      const at = lines.indexOf(line);
      assert.ok(at >= 0, `line ${JSON.stringify(line)} in:\n${io.out}`);
      return at;
    };
    const main = expectLine('▸ agent main');
    const sub = expectLine('  ▸ agent Explore');
    expectLine('    error: timed out');
    const reasoning = expectLine('    REASONING');
    assert.equal(lines[reasoning + 1], '      grep first');
    const call = expectLine('    TOOL CALL Grep  (g1)');
    const output = expectLine('    TOOL OUTPUT Grep  (g1)');
    assert.equal(lines[output + 1], '      src/a.ts:3');
    const answer = expectLine('  ASSISTANT');
    assert.ok(main < sub && sub < reasoning && reasoning < call && call < output && output < answer);
  });

  test('a platform export named .trace.json is shown as the conversation it holds (exit 0)', async () => {
    const file = sharedFixture('langfuse', 'openai-agents-2025-09-30.trace.json');
    const io = capture(dir);
    assert.equal(await runCli(['trace', 'show', file], io), 0, io.err);
    assert.equal(io.err, '');
    assert.match(io.out, /source trace_platform_b /);
    assert.match(io.out, /What's the weather in Tokyo\?/);
  });

  test('invalid JSON names the line and column', async () => {
    const io = capture(dir);
    assert.equal(await runCli(['trace', 'show', 'broken.trace.json'], io), 1);
    assert.match(io.err, /broken\.trace\.json:3:24: not valid JSON/);
  });

  test('a .jsonl file shows every Trace line and warns about the others with their line numbers', async () => {
    const io = capture(dir);
    assert.equal(await runCli(['trace', 'show', 'many.jsonl'], io), 0);
    assert.match(io.out, /=== trace 1 of 2 ===[\s\S]*Potato City[\s\S]*=== trace 2 of 2 ===[\s\S]*▸ agent Explore/);
    assert.match(io.err, /many\.jsonl:2: not valid JSON/);
    assert.match(io.err, /many\.jsonl:3: this line is not a Trace/);
  });

  test('--json gives the header, the conversation (preamble, turns) and the sub-agent spans', async () => {
    const io = capture(dir);
    assert.equal(await runCli(['trace', 'show', '--json', 'agents.trace.json'], io), 0);
    const printed = JSON.parse(io.out) as { header: { agent: string; tags: string[] }; preamble: unknown[]; turns: { kind: string }[]; subSpans: { name: string; error: string; items: { kind: string; output?: string }[] }[] };
    assert.equal(printed.header.agent, 'claude-code');
    assert.deepEqual(printed.header.tags, ['ci']);
    assert.deepEqual(printed.preamble, []);
    assert.deepEqual(printed.turns.map((t) => t.kind), ['message']);
    const [sub] = printed.subSpans;
    assert.equal(sub.name, 'Explore');
    assert.equal(sub.error, 'timed out');
    assert.deepEqual(sub.items.map((i) => i.kind), ['reasoning', 'function_call']);
    assert.equal(sub.items[1].output, 'src/a.ts:3');
    const deep = capture(dir);
    assert.equal(await runCli(['trace', 'show', '--json', 'deep.trace.json'], deep), 0);
    assert.deepEqual((JSON.parse(deep.out) as { preamble: unknown[] }).preamble, [{ kind: 'unknown', itemType: 'custom_item', value: '[nested too deep to show]' }]);
  });

  test('an item nested 100,000 levels deep is shown as a note, not a crash', async () => {
    const io = capture(dir);
    assert.equal(await runCli(['trace', 'show', 'deep.trace.json'], io), 0);
    assert.match(io.out, /ITEM custom_item\n {2}\[nested too deep to show\]/);
  });

  test('a missing file is exit 2 with its name; usage errors are exit 2', async () => {
    const io = capture(dir);
    assert.equal(await runCli(['trace', 'show', 'nope.trace.json'], io), 2);
    assert.match(io.err, /nope\.trace\.json: cannot read the file \(ENOENT\)/);
    assert.equal(await runCli(['trace', 'show'], capture(dir)), 2);
    assert.equal(await runCli(['trace', 'show', '--color', 'tool.trace.json'], capture(dir)), 2);
  });

  test('the built command line prints the transcript as a child process', () => {
    const cli = path.join(repoRoot, 'dist', 'cli.js');
    const run = spawnSync(process.execPath, [cli, 'trace', 'show', path.join(dir, 'tool.trace.json')], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /TOOL OUTPUT get_capital {2}\(call_YfwRsW8sUxDKipwyhWTzOXCA\)\n {2}Potato City/);
    fs.writeFileSync(path.join(dir, 'plain.trace.json'), '{"name": "no items"}');
    const refused = spawnSync(process.execPath, [cli, 'trace', 'show', path.join(dir, 'plain.trace.json')], { encoding: 'utf8' });
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /not a Trace/);
  });
});
