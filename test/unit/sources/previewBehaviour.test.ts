import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview, PreviewError } from '../../../src/core/sources/preview';
import { PreviewProgress, PreviewResult } from '../../../src/core/model/previewTypes';
import { resolveSourcePath } from '../../../src/core/sources/sourcePaths';

let dir: string;
let big: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'eval-lens-behaviour-'));
  big = join(dir, 'big.jsonl');
  const lines: string[] = [];
  for (let i = 0; i < 120000; i++) lines.push(JSON.stringify({ id: i, even: i % 2 === 0, pad: 'p'.repeat(60) }));
  writeFileSync(big, lines.join('\n') + '\n');
});
after(() => rmSync(dir, { recursive: true, force: true }));

const evenFilter = [{ op: 'is_true', expression: '{{ sample.even }}' }];

describe('preview behaviour', () => {
  for (const workers of [0, 2]) {
    test(`first page before the full count, progress in bytes (workers ${workers})`, async () => {
      let first: PreviewResult | undefined;
      let resolved = false;
      const progress: PreviewProgress[] = [];
      const result = await preview({ source: { type: 'local', file_path: big, filters: evenFilter } }, {
        limit: 10,
        workers,
        onFirstPage: (page) => {
          assert.equal(resolved, false);
          first = page;
        },
        onProgress: (p) => progress.push(p),
      }).then((r) => {
        resolved = true;
        return r;
      });
      assert.ok(first);
      assert.equal(first.complete, false);
      assert.equal(first.rows.length, 10);
      assert.ok(first.total < result.total);
      assert.deepEqual(first.rows, result.rows);
      assert.deepEqual(result.rows.map((r) => r.values.id), [0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
      assert.equal(result.total, 120000);
      assert.equal(result.matched, 60000);
      assert.ok(progress.length > 1);
      assert.ok(progress.every((p) => p.unit === 'bytes' && p.total === statSync(big).size));
      assert.equal(progress[progress.length - 1].done, statSync(big).size);
    });

    test(`cancellation through AbortSignal gives complete: false (workers ${workers})`, async () => {
      const controller = new AbortController();
      const result = await preview({ source: { type: 'local', file_path: big, filters: evenFilter } }, {
        limit: 5,
        workers,
        signal: controller.signal,
        onFirstPage: () => controller.abort(),
      });
      assert.equal(result.complete, false);
      assert.equal(result.rows.length, 5);
      assert.ok(result.total < 120000);
    });
  }

  test('relative paths resolve against the spec folder; ~ is home', async () => {
    mkdirSync(join(dir, 'specs'), { recursive: true });
    writeFileSync(join(dir, 'data.csv'), 'a\n1\n2\n');
    const r = await preview({ source: { type: 'local', file_path: '../data.csv' } }, { limit: 5, specPath: join(dir, 'specs', 'x.dataset.yaml') });
    assert.equal(r.total, 2);
    const home = await preview({ source: { type: 'local', file_path: '~/data.csv' } }, { limit: 5, homeDir: dir });
    assert.equal(home.total, 2);
    assert.equal(resolveSourcePath('~', undefined, '/h'), '/h');
    assert.equal(resolveSourcePath('/abs/x.csv', '/spec/dir/a.yaml'), '/abs/x.csv');
  });

  test('a source type the specification does not name is a clear error', async () => {
    await assert.rejects(
      preview({ source: { type: 'warehouse', path: 'x' } }, { limit: 5 }),
      (error: unknown) => error instanceof PreviewError && error.kind === 'invalidSource' && /unknown source type "warehouse": use local, folder, url/.test(error.message),
    );
  });

  test('a generated dataset has no source to preview', async () => {
    await assert.rejects(preview({ key: 'g', generator_specification: { num_samples: 1 } }, { limit: 5 }), /no source to preview/);
  });

  test('no filters: every row kept', async () => {
    const r = await preview({ source: { type: 'local', file_path: big } }, { limit: 3 });
    assert.equal(r.matched, 120000);
    assert.deepEqual(r.removedPerFilter, []);
  });
});
