import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { exportKeptRows, ExportError } from '../../../src/core/export/keptRowsExport';
import { preview, PreviewError } from '../../../src/core/sources/preview';

interface Row { id: number; group: string; text: string; nested: { tags: string[]; n: number } | null }

function makeRows(count: number): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < count; i++) {
    rows.push({ id: i, group: ['a', 'b', 'c'][i % 3], text: i % 7 === 0 ? `comma, "quote"\nand newline ${i}` : `text ${i}`, nested: i % 5 === 0 ? null : { tags: [`t${i % 4}`], n: i } });
  }
  return rows;
}

describe('exportKeptRows', () => {
  let dir: string;
  const rows = makeRows(3000);
  const keptIds = rows.filter((r) => r.group !== 'b' && r.id >= 100).map((r) => r.id);
  const filters = [
    { expression: '{{ sample.group }}', op: 'not_equals', value: 'b' },
    { expression: '{{ sample.id }}', op: 'greater_or_equal', value: 100 },
  ];
  const spec = (file: string) => ({ key: 'k', display_name: 'K', source: { type: 'local', file_path: file, filters } });
  const specPath = () => path.join(dir, 'rows.dataset.yaml');

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-export-'));
    fs.writeFileSync(path.join(dir, 'rows.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const leftovers = () => fs.readdirSync(dir).filter((name) => name.endsWith('.part'));

  test('JSONL: every kept row, in source order, beyond the preview page', async () => {
    const out = path.join(dir, 'kept.jsonl');
    const outcome = await exportKeptRows(spec('rows.jsonl'), { specPath: specPath(), outFile: out });
    const written = fs.readFileSync(out, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Row);
    assert.equal(outcome.rows, keptIds.length);
    assert.deepEqual(written.map((r) => r.id), keptIds);
    assert.deepEqual(written[0], rows[keptIds[0]]);
    assert.equal(outcome.result.matched, keptIds.length);
    assert.deepEqual(leftovers(), []);
  });

  test('CSV: header from the columns, values that read back the same through the CSV preview', async () => {
    const out = path.join(dir, 'kept.csv');
    const outcome = await exportKeptRows(spec('rows.jsonl'), { specPath: specPath(), outFile: out });
    assert.equal(outcome.format, 'csv');
    const text = fs.readFileSync(out, 'utf8');
    assert.ok(text.startsWith('id,group,text,nested\r\n'));
    const back = await preview({ source: { type: 'local', file_path: out } }, { limit: 10_000, workers: 0 });
    assert.equal(back.total, keptIds.length);
    assert.deepEqual(back.warnings, []);
    const expected = keptIds.map((id) => {
      const r = rows[id];
      return { id: String(r.id), group: r.group, text: r.text, nested: r.nested === null ? '' : JSON.stringify(r.nested) };
    });
    assert.deepEqual(back.rows.map((r) => r.values), expected);
  });

  test('an existing output is replaced only when the export completes', async () => {
    const out = path.join(dir, 'replace.jsonl');
    fs.writeFileSync(out, 'old content\n');
    const controller = new AbortController();
    await assert.rejects(
      exportKeptRows(spec('rows.jsonl'), { specPath: specPath(), outFile: out, signal: controller.signal, onProgress: () => controller.abort() }),
      (error: unknown) => error instanceof ExportError && error.kind === 'cancelled',
    );
    assert.equal(fs.readFileSync(out, 'utf8'), 'old content\n');
    assert.deepEqual(leftovers(), []);
    await exportKeptRows(spec('rows.jsonl'), { specPath: specPath(), outFile: out });
    assert.equal(fs.readFileSync(out, 'utf8').trimEnd().split('\n').length, keptIds.length);
  });

  test('a cancelled CSV export (during its counting pass) writes nothing', async () => {
    const out = path.join(dir, 'cancelled.csv');
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(exportKeptRows(spec('rows.jsonl'), { specPath: specPath(), outFile: out, signal: controller.signal }), /cancelled/);
    assert.equal(fs.existsSync(out), false);
    assert.deepEqual(leftovers(), []);
  });

  test('an invalid filter or an unreadable source writes nothing', async () => {
    const out = path.join(dir, 'never.jsonl');
    const bad = { key: 'k', display_name: 'K', source: { type: 'local', file_path: 'rows.jsonl', filters: [{ expression: '{{ nope }}', op: 'exists' }] } };
    await assert.rejects(exportKeptRows(bad, { specPath: specPath(), outFile: out }), PreviewError);
    await assert.rejects(exportKeptRows(spec('missing.jsonl'), { specPath: specPath(), outFile: out }), /cannot read/);
    assert.equal(fs.existsSync(out), false);
    assert.deepEqual(leftovers(), []);
  });

  test('an output that cannot be written is an ExportError naming it; a directory in its place stays', async () => {
    const missingDir = path.join(dir, 'no-such-dir', 'x.jsonl');
    await assert.rejects(exportKeptRows(spec('rows.jsonl'), { specPath: specPath(), outFile: missingDir }), (e: unknown) => e instanceof ExportError && e.kind === 'write' && e.message.includes(missingDir));
    const asDir = path.join(dir, 'taken.jsonl');
    fs.mkdirSync(asDir);
    await assert.rejects(exportKeptRows(spec('rows.jsonl'), { specPath: specPath(), outFile: asDir }), (e: unknown) => e instanceof ExportError && e.kind === 'write');
    assert.ok(fs.statSync(asDir).isDirectory());
    assert.deepEqual(leftovers(), []);
  });

  test('an output that is neither .jsonl nor .csv is refused before reading', async () => {
    await assert.rejects(exportKeptRows(spec('rows.jsonl'), { specPath: specPath(), outFile: path.join(dir, 'x.json') }), (e: unknown) => e instanceof ExportError && e.kind === 'format');
  });

  test('a folder source exports one row per file', async () => {
    const notes = path.join(dir, 'notes');
    fs.mkdirSync(notes);
    for (let i = 0; i < 30; i++) fs.writeFileSync(path.join(notes, `n${i}.md`), `---\nrank: ${i}\n---\nbody ${i}\n`);
    const out = path.join(dir, 'notes.jsonl');
    const folderSpec = { key: 'n', display_name: 'N', source: { type: 'folder', directory_path: 'notes', filters: [{ expression: '{{ sample.rank }}', op: 'less_than', value: 10 }] } };
    const outcome = await exportKeptRows(folderSpec, { specPath: specPath(), outFile: out });
    const written = fs.readFileSync(out, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(outcome.rows, 10);
    assert.deepEqual(written.map((r) => r.rank).sort((a, b) => Number(a) - Number(b)), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert.ok(written.every((r) => typeof r.sample_id === 'string' && typeof r.content === 'string'));
  });
});
