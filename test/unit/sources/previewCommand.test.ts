import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPreviewCommand } from '../../../src/cli/previewCommand';
import { CliIo, UsageError } from '../../../src/cli/cliTypes';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'eval-lens-cli-'));
  writeFileSync(join(dir, 'q.csv'), 'id,category,difficulty,text\n1,math,3,"long text that is much wider than the column width allows"\n2,code,1,b\n3,art,5,c\n4,code,4,d\n');
  writeFileSync(join(dir, 'one.dataset.yaml'), [
    'key: q',
    'display_name: Q',
    'source:',
    '  type: local',
    '  file_path: q.csv',
    '  filters:',
    '    - { op: in, expression: "{{ sample.category }}", values: [math, code] }',
    '    - { op: greater_or_equal, expression: "{{ sample.difficulty }}", value: 3 }',
  ].join('\n'));
  writeFileSync(join(dir, 'multi.dataset.yaml'), 'key: a\ndisplay_name: A\nsource: { type: local, file_path: q.csv }\n---\nkey: b\ndisplay_name: B\nsource:\n  type: local\n  file_path: q.csv\n  filters: [{ op: equals, expression: "{{ sample.id }}", value: 2 }]\n');
  writeFileSync(join(dir, 'bad-filter.dataset.yaml'), 'key: a\ndisplay_name: A\nsource: { type: local, file_path: q.csv, filters: [{ op: exists, expression: "{{ sample.a | x }}" }] }\n');
  writeFileSync(join(dir, 'missing-source.dataset.yaml'), 'key: a\ndisplay_name: A\nsource: { type: local, file_path: nowhere.csv }\n');
  writeFileSync(join(dir, 'broken.dataset.yaml'), 'key: [a\n');
  writeFileSync(join(dir, 'scalar.dataset.yaml'), 'just text\n');
});
after(() => rmSync(dir, { recursive: true, force: true }));

function capture(): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', cwd: '', stdout: (t: string) => (io.out += t), stderr: (t: string) => (io.err += t) };
  io.cwd = dir;
  return io;
}

describe('eval-lens preview', () => {
  test('table and funnel', async () => {
    const io = capture();
    assert.equal(await runPreviewCommand(['one.dataset.yaml'], io), 0);
    assert.match(io.out, /^id │ category │ difficulty │ text/m);
    assert.match(io.out, /long text that is much wide…/);
    assert.match(io.out, /4 rows → 3 after filter 1 → 2 kept/);
    assert.match(io.out, /filter 1: category in \[math, code\] — removed 1/);
    assert.match(io.out, /filter 2: difficulty >= 3 — removed 1/);
    assert.equal(io.err, '');
  });

  test('--json prints exactly the result fields', async () => {
    const io = capture();
    assert.equal(await runPreviewCommand(['one.dataset.yaml', '--json', '--limit', '1'], io), 0);
    const json = JSON.parse(io.out) as Record<string, unknown>;
    assert.deepEqual(Object.keys(json), ['total', 'matched', 'removedPerFilter', 'notComparable', 'columns', 'rows', 'warnings', 'complete']);
    assert.equal(json.complete, true);
    assert.equal(json.total, 4);
    assert.equal(json.matched, 2);
    assert.equal((json.rows as unknown[]).length, 1);
  });

  test('several documents: first one with a note, or --doc N', async () => {
    const io = capture();
    assert.equal(await runPreviewCommand(['multi.dataset.yaml', '--json'], io), 0);
    assert.match(io.err, /holds 2 datasets; previewing the first/);
    assert.equal((JSON.parse(io.out) as { matched: number }).matched, 4);
    const second = capture();
    assert.equal(await runPreviewCommand(['multi.dataset.yaml', '--doc', '2', '--json'], second), 0);
    assert.equal(second.err, '');
    assert.equal((JSON.parse(second.out) as { matched: number }).matched, 1);
  });

  test('exit 1: invalid filter, unreadable source, invalid YAML; exit 2: a spec file that cannot be read', async () => {
    const bad = capture();
    assert.equal(await runPreviewCommand(['bad-filter.dataset.yaml'], bad), 1);
    assert.match(bad.err, /bad-filter\.dataset\.yaml: filter 1 \("\{\{ sample\.a \| x \}\}"\): invalid expression at column 13: pipes/);
    assert.equal(bad.err.split('bad-filter.dataset.yaml').length, 2);
    const missing = capture();
    assert.equal(await runPreviewCommand(['missing-source.dataset.yaml'], missing), 1);
    assert.match(missing.err, /cannot read .*nowhere\.csv/);
    const broken = capture();
    assert.equal(await runPreviewCommand(['broken.dataset.yaml'], broken), 1);
    assert.match(broken.err, /not valid YAML/);
    const scalar = capture();
    assert.equal(await runPreviewCommand(['scalar.dataset.yaml'], scalar), 1);
    const absent = capture();
    assert.equal(await runPreviewCommand(['absent.dataset.yaml'], absent), 2);
    assert.match(absent.err, /cannot read absent\.dataset\.yaml/);
  });

  test('usage errors throw UsageError (exit 2 from main)', async () => {
    for (const argv of [[], ['--limit', 'x', 'one.dataset.yaml'], ['one.dataset.yaml', '--doc', '0'], ['one.dataset.yaml', '--doc', '3'], ['one.dataset.yaml', '--wat'], ['a', 'b']]) {
      await assert.rejects(runPreviewCommand(argv, capture()), UsageError, JSON.stringify(argv));
    }
  });
});
