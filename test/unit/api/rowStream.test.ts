/**
 * `previewDataset(spec, { limit: 'all' })`: every kept row of the source, read as the rows are pulled, with the
 * funnel once the iteration ended; the same rows `eval-lens dataset export` writes.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { DatasetError, exportDataset, ExportError, PreviewError, previewDataset } from '../../../src/api/index';
import type { PreviewProgress, PreviewRow } from '../../../src/api/index';
import { repoRoot } from '../sharedFixtures';
import { temporaryFolder } from '../temporaryFolder';
import { asJson, cli } from './cliOutput';

const SPEC = path.join(repoRoot, 'examples', 'datasets', 'local-csv.dataset.yaml');
const folder = temporaryFolder('eval-lens-api-stream-');

async function collect(rows: AsyncIterable<PreviewRow>): Promise<PreviewRow[]> {
  const all: PreviewRow[] = [];
  for await (const row of rows) all.push(row);
  return all;
}

/** Whether this process holds `file` open (Linux: a link in /proc/self/fd). */
function holdsOpen(file: string): boolean {
  const fds = '/proc/self/fd';
  return fs.readdirSync(fds).some((fd) => {
    try {
      return fs.readlinkSync(path.join(fds, fd)) === file;
    } catch {
      return false;
    }
  });
}

/** A JSON Lines file of `count` rows, `n` 0…count-1, with a padding field so that it spans several read chunks. */
function bigJsonl(name: string, count: number): { spec: string; file: string } {
  const pad = 'x'.repeat(90);
  const lines: string[] = [];
  for (let n = 0; n < count; n++) lines.push(JSON.stringify({ n, even: n % 2 === 0, pad }));
  const file = folder.put(`${name}.jsonl`, lines.join('\n') + '\n');
  const spec = folder.put(`${name}.dataset.yaml`, `key: ${name}\ndisplay_name: Big\nsource:\n  type: local\n  file_path: ${name}.jsonl\n  filters:\n    - { expression: "{{ sample.even }}", op: is_true }\n`);
  return { spec, file };
}

describe("previewDataset with limit: 'all'", () => {
  test('yields every kept row, the rows eval-lens dataset export writes, and the funnel of eval-lens preview once it ended', async () => {
    const out = path.join(folder.path, 'cli.jsonl');
    assert.equal((await cli(['dataset', 'export', SPEC, '-o', out])).code, 0);
    const exported = fs.readFileSync(out, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as unknown);
    const printed = JSON.parse((await cli(['preview', SPEC, '--json'])).out) as { total: number; matched: number; removedPerFilter: unknown; columns: unknown };
    const stream = await previewDataset(SPEC, { limit: 'all' });
    const before = stream.funnel;
    assert.equal(before, undefined, 'no funnel before the rows were read');
    const rows = await collect(stream.rows);
    assert.deepEqual(asJson(rows.map((row) => row.values)), exported);
    assert.ok(rows.every((row) => row.origin.file?.endsWith('questions.csv')));
    const funnel = stream.funnel;
    assert.ok(funnel);
    assert.equal(funnel.total, printed.total);
    assert.equal(funnel.matched, printed.matched);
    assert.equal(funnel.matched, rows.length);
    assert.deepEqual(asJson(funnel.steps), printed.removedPerFilter);
    assert.equal(funnel.complete, true);
    assert.deepEqual(stream.columns, printed.columns);
    assert.deepEqual(stream.warnings, []);
  });

  test('a number keeps the first page with the funnel counted at once', async () => {
    const page = await previewDataset(SPEC, { limit: 2 });
    assert.equal((await collect(page.rows)).length, 2);
    assert.equal(page.funnel.complete, true);
    assert.ok(page.funnel.matched > 2);
  });

  test('reads the source as the rows are pulled: a consumer that is behind holds the reading back', async () => {
    const { spec, file } = bigJsonl('held', 200_000);
    const size = fs.statSync(file).size;
    const progress: PreviewProgress[] = [];
    const stream = await previewDataset(spec, { limit: 'all', onProgress: (update) => progress.push(update) });
    assert.equal(holdsOpen(file), false, 'nothing is opened before the first row is asked for');
    const first = await stream.rows.next();
    assert.deepEqual(first.value?.values.n, 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const readSoFar = Math.max(0, ...progress.map((update) => update.done));
    assert.ok(readSoFar < size / 4, `read ${readSoFar} of ${size} bytes for one row`);
    assert.equal(holdsOpen(file), true);
    let count = 1;
    let last = 0;
    for await (const row of stream.rows) {
      count++;
      last = row.values.n as number;
    }
    assert.equal(count, 100_000);
    assert.equal(last, 199_998);
    assert.equal(stream.funnel?.total, 200_000);
    assert.equal(stream.funnel?.complete, true);
    assert.equal(holdsOpen(file), false);
  });

  test('break stops the reading and closes the file; the funnel counts what was read', async () => {
    const { spec, file } = bigJsonl('stopped', 200_000);
    const stream = await previewDataset(spec, { limit: 'all' });
    let seen = 0;
    for await (const row of stream.rows) {
      assert.equal(row.values.n, seen * 2);
      if (++seen === 5) {
        assert.equal(holdsOpen(file), true);
        break;
      }
    }
    assert.equal(holdsOpen(file), false, 'the file is closed once break returned');
    assert.ok(stream.funnel);
    assert.equal(stream.funnel.complete, false);
    assert.ok(stream.funnel.total < 200_000, `stopped after ${stream.funnel.total} rows`);
    assert.deepEqual(await stream.rows.next(), { value: undefined, done: true });
  });

  test('the signal ends the rows after those read, the funnel a lower bound', async () => {
    const { spec, file } = bigJsonl('signalled', 200_000);
    const controller = new AbortController();
    const stream = await previewDataset(spec, { limit: 'all', signal: controller.signal });
    let seen = 0;
    for await (const _row of stream.rows) {
      if (++seen === 3) controller.abort();
    }
    assert.ok(seen < 100_000);
    assert.equal(stream.funnel?.complete, false);
    assert.equal(holdsOpen(file), false);
  });

  test('a source that cannot be read throws from the iteration the PreviewError eval-lens preview prints', async () => {
    const missing = folder.put('missing.dataset.yaml', 'key: missing\ndisplay_name: Missing\nsource: {type: local, file_path: nowhere.csv}\n');
    const failed = await cli(['preview', missing]);
    const stream = await previewDataset(missing, { limit: 'all' });
    await assert.rejects(collect(stream.rows), (error: unknown) => error instanceof PreviewError && error instanceof DatasetError && error.kind === 'unreadableSource' && failed.err.trimEnd() === error.message);
    assert.equal(stream.funnel, undefined);
  });

  test("a limit that is neither a whole number nor 'all' is refused", async () => {
    await assert.rejects(previewDataset(SPEC, { limit: 'every' as unknown as number }), /limit/);
  });
});

describe('DatasetError', () => {
  test('is the base of PreviewError and ExportError, each keeping its own class and name', async () => {
    await assert.rejects(exportDataset(SPEC, path.join(folder.path, 'rows.xlsx')), (error: unknown) => {
      assert.ok(error instanceof ExportError && error instanceof DatasetError && !(error instanceof PreviewError));
      assert.equal(error.name, 'ExportError');
      assert.equal(error.kind, 'format');
      return true;
    });
    const error = new PreviewError('m', 'invalidSource', 'f');
    assert.ok(error instanceof DatasetError && !(error instanceof ExportError));
    assert.equal(error.name, 'PreviewError');
    assert.equal(error.kind, 'invalidSource');
  });
});
