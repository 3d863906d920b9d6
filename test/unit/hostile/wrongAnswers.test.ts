/** Values that used to give a wrong answer: usage counts that are no counts, and files that are no logs. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../../../src/cli/runCli';
import { CliIo } from '../../../src/cli/cliTypes';
import { simpleSession } from '../sources/sessionFileWriter';
import { logWithSampleData, tempDir, write } from './hostileCases';

function capture(cwd: string): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', cwd, stdout: (t: string) => { io.out += t; }, stderr: (t: string) => { io.err += t; } };
  return io;
}

const ID = '11111111-2222-3333-4444-555555555555';
const TOKEN_COLUMNS = ['input_tokens', 'output_tokens', 'cache_creation_tokens', 'cache_read_tokens', 'total_tokens'];

describe('session usage fields that are not counts', () => {
  let dir: string;
  before(() => {
    dir = tempDir('usage');
    const hostile = ['"many"', '-5', '1.5', '1e308', '1e308', '-1e308'];
    let k = 0;
    // Each response line gets a hostile input_tokens and output_tokens (1e308 twice would overflow to Infinity).
    const lines = simpleSession(ID, '2026-01-01T10:00:00.000Z').map((line) => line.replace(/"(input|output)_tokens":\d+/g, (_m, which: string) => `"${which}_tokens":${hostile[k++ % hostile.length]}`));
    write(dir, `sessions/${ID}.jsonl`, `${lines.join('\n')}\n`);
    write(dir, 'sessions.dataset.yaml', 'key: s\ndisplay_name: S\nsource: {type: coding_agent_sessions, path: sessions}\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('only whole numbers ≥ 0 are counted, the rest is one warning, and no total is null, NaN or Infinity', async () => {
    const io = capture(dir);
    assert.equal(await runCli(['preview', 'sessions.dataset.yaml', '--json'], io), 0, io.err);
    const result = JSON.parse(io.out) as { rows: { values: Record<string, unknown> }[]; warnings?: { message: string }[] };
    const values = result.rows[0].values;
    for (const column of TOKEN_COLUMNS) {
      const value = values[column];
      assert.ok(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0, `${column} = ${String(value)}`);
    }
    assert.equal(values.total_tokens, (values.input_tokens as number) + (values.output_tokens as number) + (values.cache_creation_tokens as number) + (values.cache_read_tokens as number));
    const warnings = JSON.stringify(result.warnings ?? []);
    assert.match(warnings, /usage counts .*are not whole numbers ≥ 0/, warnings);
    const text = capture(dir);
    await runCli(['preview', 'sessions.dataset.yaml'], text);
    assert.doesNotMatch(text.out + text.err, /NaN|Infinity/);
  });
});

describe('files that are not task result logs', () => {
  let dir: string;
  before(() => {
    dir = tempDir('not-logs');
    write(dir, 'empty.json', '{}\n');
    write(dir, 'x.trace.json', JSON.stringify({ items: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }] }));
    write(dir, 'ok.json', logWithSampleData('1'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const [file, pattern] of [['empty.json', /empty\.json is not a task result log/], ['x.trace.json', /x\.trace\.json is a Trace, not a task result log/]] as const) {
    test(`log verify ${file}: exit 2 with a message saying what it is`, async () => {
      for (const extra of [[], ['--json']]) {
        const io = capture(dir);
        assert.equal(await runCli(['log', 'verify', file, ...extra], io), 2, io.out);
        assert.match(io.err, pattern);
      }
    });

    test(`log compare --fail-on-regression with ${file}: exit 2`, async () => {
      for (const args of [['ok.json', file], [file, 'ok.json']]) {
        const io = capture(dir);
        assert.equal(await runCli(['log', 'compare', ...args, '--fail-on-regression'], io), 2, io.out);
        assert.match(io.err, pattern);
      }
    });
  }

  test('a real log still verifies and compares', async () => {
    assert.equal(await runCli(['log', 'verify', 'ok.json'], capture(dir)), 0);
    assert.equal(await runCli(['log', 'compare', 'ok.json', 'ok.json', '--fail-on-regression'], capture(dir)), 0);
  });
});
