import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPreviewCommand } from '../../../src/cli/previewCommand';
import { CliIo } from '../../../src/cli/cliTypes';
import { HF_TEST_TOKEN, hubParquet, hubRoute, hubRows } from './hubReplay';
import { LANGFUSE_PUBLIC, LANGFUSE_SECRET, langfuseData, langfuseRoute } from './langfuseReplay';
import { LANGSMITH_TEST_KEY, langsmithData, langsmithRoute } from './langsmithReplay';
import { ReplayServer, assertNoSecret, startReplay } from './replayServer';

const SECRETS = [HF_TEST_TOKEN, LANGFUSE_PUBLIC, LANGFUSE_SECRET, LANGSMITH_TEST_KEY];
let dir: string;
let hub: ReplayServer;
let smith: ReplayServer;
let fuse: ReplayServer;
const saved: Record<string, string | undefined> = {};
const ENV_NAMES = ['HF_TOKEN', 'EVAL_LENS_HUB_URL', 'LANGSMITH_API_KEY', 'LANGFUSE_PUBLIC_KEY', 'LANGFUSE_SECRET_KEY'];

before(async () => {
  const rows = hubRows(400);
  let hubUrl = '';
  hub = await startReplay(hubRoute({ rows, parquet: hubParquet(rows, 100) }, () => hubUrl));
  hubUrl = hub.url;
  smith = await startReplay(langsmithRoute(langsmithData(12)));
  fuse = await startReplay(langfuseRoute(langfuseData(6)));
  for (const name of ENV_NAMES) saved[name] = process.env[name];
  Object.assign(process.env, { HF_TOKEN: HF_TEST_TOKEN, EVAL_LENS_HUB_URL: hub.url, LANGSMITH_API_KEY: LANGSMITH_TEST_KEY, LANGFUSE_PUBLIC_KEY: LANGFUSE_PUBLIC, LANGFUSE_SECRET_KEY: LANGFUSE_SECRET });
  dir = mkdtempSync(join(tmpdir(), 'eval-lens-remote-cli-'));
  writeFileSync(join(dir, 'hub.dataset.yaml'), 'key: h\ndisplay_name: H\nsource:\n  type: dataset_hub\n  path: owner/reviews\n  split: train\n  filters:\n    - { op: equals, expression: "{{ sample.note }}", value: 3 }\n');
  writeFileSync(join(dir, 'smith.dataset.yaml'), `key: a\ndisplay_name: A\nsource: { type: trace_platform_a, project: proj, limit: 4, api_url: "${smith.url}" }\n`);
  writeFileSync(join(dir, 'fuse.dataset.yaml'), `key: b\ndisplay_name: B\nsource: { type: trace_platform_b, project: agents, base_url: "${fuse.url}" }\n`);
  writeFileSync(join(dir, 'fuse-badkey.dataset.yaml'), `key: b\ndisplay_name: B\nsource: { type: trace_platform_b, project: agents, base_url: "${fuse.url}", api_key: "${LANGFUSE_PUBLIC}:sk-lf-not-the-key" }\n`);
});

after(async () => {
  for (const name of ENV_NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  rmSync(dir, { recursive: true, force: true });
  await Promise.all([hub.close(), smith.close(), fuse.close()]);
});

function capture(): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', cwd: '', stdout: (t: string) => (io.out += t), stderr: (t: string) => (io.err += t) };
  io.cwd = dir;
  return io;
}

describe('eval-lens preview of network sources', () => {
  test('the hub: rows, funnel and how it counted; no credential in any output', async () => {
    const io = capture();
    assert.equal(await runPreviewCommand(['hub.dataset.yaml'], io), 0, io.err);
    assert.match(io.out, /400 rows → .* kept/);
    assert.match(io.out, /\(counted here from 1 of 5 columns, [\d.]+ KB read\)/);
    assertNoSecret(io.out + io.err, SECRETS);
  });

  test('trace platform A and B: rows in text and JSON; no credential in any output', async () => {
    for (const spec of ['smith.dataset.yaml', 'fuse.dataset.yaml']) {
      for (const args of [[spec], [spec, '--json']]) {
        const io = capture();
        assert.equal(await runPreviewCommand(args, io), 0, io.err);
        assertNoSecret(io.out + io.err, SECRETS);
        if (args.length === 2) {
          const parsed = JSON.parse(io.out) as { matched: number; rows: unknown[]; countedBy: string };
          assert.equal(parsed.matched, spec.startsWith('smith') ? 4 : 6);
          assert.match(parsed.countedBy, /selected by (LangSmith \(trace_platform_a\)|Langfuse \(trace_platform_b\))/);
        }
      }
    }
  });

  test('a refused key: the error on stderr says where to check, without the key', async () => {
    const io = capture();
    assert.equal(await runPreviewCommand(['fuse-badkey.dataset.yaml'], io), 1);
    assert.match(io.err, /check the key in 'api_key'/);
    assertNoSecret(io.out + io.err, [...SECRETS, 'sk-lf-not-the-key']);
  });
});
