/** What Eval Lens prints or writes cannot leak a credential or drive a terminal or a spreadsheet (docs/security.md). */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../../../src/cli/runCli';
import { CliIo } from '../../../src/cli/cliTypes';
import { Redactor } from '../../../src/core/sources/remote/redaction';
import { maskSecrets } from '../../../src/core/text/secretMask';
import { preview } from '../../../src/core/sources/preview';
import { simpleSession } from '../sources/sessionFileWriter';
import { LANGSMITH_TEST_KEY, langsmithData, langsmithRoute } from '../remote/langsmithReplay';
import { ReplayServer, startReplay } from '../remote/replayServer';
import { logWithSampleData, tempDir, write } from './hostileCases';

/** A window title, a screen clear and an OSC 8 link. */
const ESCAPES = '\u001b]0;owned\u0007\u001b[2J\u001b]8;;http://example.invalid\u001b\\link\u001b]8;;\u001b\\';
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u001b\u0007\u009b]/;

function capture(cwd: string): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', cwd, stdout: (t: string) => { io.out += t; }, stderr: (t: string) => { io.err += t; } };
  return io;
}

async function cli(cwd: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = capture(cwd);
  const code = await runCli(args, io);
  return { code, out: io.out, err: io.err };
}

describe('masking credentials', () => {
  test('a key and any prefix of it of 8+ characters are masked; shorter pieces are not', () => {
    const key = 'sk-test-SECRET-0123456789abcdef';
    const redactor = new Redactor();
    redactor.add(key);
    assert.equal(redactor.redact(`echo ${key.slice(0, 17)}… and ${key}!`), 'echo ***… and ***!');
    assert.equal(redactor.redact(`short ${key.slice(0, 7)}`), `short ${key.slice(0, 7)}`);
    assert.equal(maskSecrets('a=fake-userinfo-pass-99&b', ['fake-userinfo-pass-99']), 'a=***&b');
  });

  describe('through the CLI', () => {
    let server: ReplayServer;
    let dir: string;
    const saved = process.env.LANGSMITH_API_KEY;
    before(async () => {
      const data = langsmithData(3);
      // A server that echoes half of the key in a run's name, and escapes in its output.
      data.roots[0].name = `run for ${LANGSMITH_TEST_KEY.slice(0, 14)}`;
      data.roots[1].name = `said ${ESCAPES}`;
      server = await startReplay(langsmithRoute(data));
      dir = tempDir('masking');
      write(dir, 'a.dataset.yaml', `key: a\ndisplay_name: A\nsource: { type: trace_platform_a, project: proj, api_url: "${server.url}" }\n`);
      const withUserinfo = server.url.replace('http://', 'http://user:fake-userinfo-pass-99@');
      write(dir, 'userinfo.dataset.yaml', `key: u\ndisplay_name: U\nsource: { type: trace_platform_a, project: proj, api_url: "${withUserinfo}" }\n`);
      process.env.LANGSMITH_API_KEY = LANGSMITH_TEST_KEY;
    });
    after(async () => {
      if (saved === undefined) delete process.env.LANGSMITH_API_KEY;
      else process.env.LANGSMITH_API_KEY = saved;
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    test('preview text and --json, and the export, hold no part of the key', async () => {
      const prefix = LANGSMITH_TEST_KEY.slice(0, 8);
      for (const extra of [[], ['--json']]) {
        const r = await cli(dir, ['preview', 'a.dataset.yaml', ...extra]);
        assert.equal(r.code, 0, r.err);
        assert.ok(r.out.includes('run for ***'), r.out.slice(0, 500));
        assert.ok(!(r.out + r.err).includes(prefix), 'a key prefix was printed');
      }
      for (const out of ['runs.jsonl', 'runs.csv']) {
        const r = await cli(dir, ['dataset', 'export', 'a.dataset.yaml', '-o', out]);
        assert.equal(r.code, 0, r.err);
        const written = fs.readFileSync(path.join(dir, out), 'utf8');
        assert.ok(written.includes('run for ***'), out);
        assert.ok(!written.includes(prefix), `${out} holds a key prefix`);
      }
    });

    test('the rows the editor shows are masked too', async () => {
      const result = await preview({ source: { type: 'trace_platform_a', project: 'proj', api_url: server.url } }, { limit: 10, env: { LANGSMITH_API_KEY: LANGSMITH_TEST_KEY } });
      const names = result.rows.map((row) => row.values.name);
      assert.ok(names.includes('run for ***'), JSON.stringify(names));
      assert.ok(!JSON.stringify(result).includes(LANGSMITH_TEST_KEY.slice(0, 8)));
    });

    test('a key in the address userinfo never reaches stderr', async () => {
      const r = await cli(dir, ['preview', 'userinfo.dataset.yaml']);
      assert.ok(r.code === 1 || r.code === 2, r.err);
      assert.match(r.err, /trace_platform_a/);
      assert.ok(!(r.out + r.err).includes('fake-userinfo'), r.err);
    });

    test('text preview shows the escapes visibly; --json keeps them exact', async () => {
      const text = await cli(dir, ['preview', 'a.dataset.yaml']);
      assert.doesNotMatch(text.out, RAW_CONTROL);
      assert.ok(text.out.includes('\\x1b]0;owned\\x07'), text.out.slice(0, 2000));
      const json = await cli(dir, ['preview', 'a.dataset.yaml', '--json']);
      assert.ok(JSON.stringify(JSON.parse(json.out)).includes(JSON.stringify(ESCAPES).slice(1, -1)));
    });
  });
});

describe('a credential set in the environment', () => {
  test('is masked in the output of a command that reads no network source', async () => {
    const dir = tempDir('env-mask');
    const saved = process.env.HF_TOKEN;
    const token = 'hf_fake_environment_token_123456';
    process.env.HF_TOKEN = token;
    try {
      write(dir, 'a.json', logWithSampleData('1').replaceAll('"judge"', JSON.stringify(`judge ${token.slice(0, 12)}`)));
      for (const extra of [[], ['--json']]) {
        const r = await cli(dir, ['log', 'verify', 'a.json', ...extra]);
        assert.equal(r.code, 0, r.err);
        assert.ok(r.out.includes('judge ***'), r.out.slice(0, 500));
        assert.ok(!r.out.includes(token.slice(0, 8)));
      }
    } finally {
      if (saved === undefined) delete process.env.HF_TOKEN;
      else process.env.HF_TOKEN = saved;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('terminal escapes in the text output of every command', () => {
  let dir: string;
  before(() => {
    dir = tempDir('escapes');
    const log = logWithSampleData(JSON.stringify(ESCAPES)).replace('"Hostile log"', JSON.stringify(`Hostile ${ESCAPES}`)).replace('"answer"', JSON.stringify(`answer ${ESCAPES}`)).replaceAll('"judge"', JSON.stringify(`judge ${ESCAPES}`));
    write(dir, 'a.tasklog.json', log);
    write(dir, 'b.tasklog.json', log.replace('"correct": 1}}]}', '"correct": 0}}]}'));
    write(dir, 'x.trace.json', JSON.stringify({ items: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: `hi ${ESCAPES}` }] }], metadata: { title: ESCAPES } }));
    write(dir, 'rows.jsonl', `${JSON.stringify({ text: ESCAPES, n: 1 })}\n`);
    write(dir, 'rows.dataset.yaml', 'key: r\ndisplay_name: "Rows \\e[2J \\e]0;t\\a"\nsource: { type: local, file_path: rows.jsonl }\n');
    const id = '11111111-2222-3333-4444-555555555555';
    const lines = simpleSession(id, '2026-01-01T10:00:00.000Z').map((line) => line.replace('prompt of ', `prompt ${JSON.stringify(ESCAPES).slice(1, -1)} `));
    write(dir, `sessions/${id}.jsonl`, `${lines.join('\n')}\n`);
    write(dir, 'sessions.dataset.yaml', 'key: s\ndisplay_name: S\nsource: {type: coding_agent_sessions, path: sessions}\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const commands: [string, string[]][] = [
    ['trace show', ['trace', 'show', 'x.trace.json']],
    ['log verify', ['log', 'verify', 'a.tasklog.json']],
    ['log compare', ['log', 'compare', 'a.tasklog.json', 'b.tasklog.json']],
    ['preview', ['preview', 'rows.dataset.yaml']],
    ['dataset list', ['dataset', 'list', '.']],
    ['sessions preview', ['preview', 'sessions.dataset.yaml']],
  ];
  for (const [name, args] of commands) {
    test(`${name}: control characters escaped in text, exact in --json`, async () => {
      const text = await cli(dir, args);
      assert.ok(text.code === 0 || text.code === 1, `${name}: exit ${text.code}\n${text.err}`);
      assert.doesNotMatch(text.out + text.err, RAW_CONTROL, name);
      assert.ok((text.out + text.err).includes('\\x1b'), `${name} shows the escape: ${text.out.slice(0, 1500)}`);
      const json = await cli(dir, [...args, '--json']);
      const parsed = JSON.stringify(JSON.parse(json.out));
      assert.ok(parsed.includes('\\u001b') || parsed.includes('\\u001b'.toUpperCase()), `${name} --json keeps the escape`);
    });
  }
});
