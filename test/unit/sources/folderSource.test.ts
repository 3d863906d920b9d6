import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview } from '../../../src/core/sources/preview';
import { splitFrontMatter } from '../../../src/core/sources/folder/frontMatter';
import { matchesExtension } from '../../../src/core/sources/folder/folderSource';
import { PreviewOptions, PreviewProgress, PreviewResult } from '../../../src/core/model/previewTypes';

let root: string;
let notes: string;

function put(relative: string, content: string | Buffer): void {
  const path = join(notes, relative);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
}

before(() => {
  root = mkdtempSync(join(tmpdir(), 'eval-lens-folder-'));
  notes = join(root, 'notes');
  put('b.md', '---\ntitle: B\nrank: 2\nok: true\ntags: [x, y]\nwhen: 2024-01-02\n---\nBody of b\n');
  put('a.MD', 'No front matter\n');
  put('c.md', '---\ntitle: [unclosed\n---\nbody c\n');
  put('d.md', '---\n- a list\n---\nbody d\n');
  put('e.md', '---\nsample_id: mine\ncontent: mine\nfile_name: mine\nkept: 1\n---\nbody e\n');
  put('f.pdf', '%PDF-1.4 binary');
  put('g.PDF', 'also skipped');
  put('h.tar.gz', 'archive');
  put('sub/deeper/i.md', '---\r\ntitle: I\r\n---\r\nwindows body\r\n');
  put('sub/j.txt', 'text');
  symlinkSync(notes, join(notes, 'sub', 'loop'), 'dir');
  // A folder inside reached first through link1 (links inside the folder are followed once; docs/security.md).
  mkdirSync(join(notes, 'linked'));
  writeFileSync(join(notes, 'linked', 'k.md'), 'linked once\n');
  symlinkSync(join(notes, 'linked'), join(notes, 'link1'), 'dir');
  symlinkSync(join(notes, 'linked'), join(notes, 'link2'), 'dir');
  // A link out of the folder is never followed.
  mkdirSync(join(root, 'elsewhere'));
  writeFileSync(join(root, 'elsewhere', 'x.md'), 'outside\n');
  symlinkSync(join(root, 'elsewhere'), join(notes, 'out'), 'dir');
});
after(() => rmSync(root, { recursive: true, force: true }));

function run(extension?: string, options: Partial<PreviewOptions> = {}, filters: unknown[] = []): Promise<PreviewResult> {
  return preview({ source: { type: 'folder', directory_path: notes, extension, filters } }, { limit: 100, ...options });
}

describe('folder source', () => {
  test('all files except PDFs, recursive, name order, nested file_name with /, symlinks once', async () => {
    const r = await run();
    assert.deepEqual(r.rows.map((row) => row.values.file_name), ['a.MD', 'b.md', 'c.md', 'd.md', 'e.md', 'h.tar.gz', 'link1/k.md', 'sub/deeper/i.md', 'sub/j.txt']);
    assert.equal(r.total, 9);
    assert.ok(r.warnings.some((w) => /link2 was already read/.test(w.message)));
    assert.ok(r.warnings.some((w) => /linked was already read/.test(w.message)));
    assert.ok(r.warnings.some((w) => /out is a symbolic link to a place outside the folder; skipped/.test(w.message)));
    assert.ok(r.warnings.some((w) => /sub\/loop was already read/.test(w.message)));
    assert.deepEqual(r.columns.slice(0, 3), ['sample_id', 'file_name', 'content']);
  });

  test('sample_id is the SHA-256 of the raw bytes; content decoded; front matter keeps YAML types', async () => {
    const r = await run('md');
    const b = r.rows.find((row) => row.values.file_name === 'b.md');
    assert.ok(b);
    const raw = '---\ntitle: B\nrank: 2\nok: true\ntags: [x, y]\nwhen: 2024-01-02\n---\nBody of b\n';
    assert.equal(b.values.sample_id, createHash('sha256').update(Buffer.from(raw)).digest('hex'));
    assert.equal(b.values.content, 'Body of b\n');
    assert.deepEqual({ ...b.values, sample_id: undefined, file_name: undefined, content: undefined }, {
      sample_id: undefined, file_name: undefined, content: undefined, title: 'B', rank: 2, ok: true, tags: ['x', 'y'], when: '2024-01-02',
    });
    const i = r.rows.find((row) => row.values.file_name === 'sub/deeper/i.md');
    assert.equal(i?.values.title, 'I');
    assert.equal(i?.values.content, 'windows body\r\n');
  });

  test('invalid or non-mapping front matter: warning, original content, no metadata', async () => {
    const r = await run('md');
    const c = r.rows.find((row) => row.values.file_name === 'c.md');
    assert.equal(c?.values.content, '---\ntitle: [unclosed\n---\nbody c\n');
    assert.deepEqual(Object.keys(c?.values ?? {}), ['sample_id', 'file_name', 'content']);
    const d = r.rows.find((row) => row.values.file_name === 'd.md');
    assert.equal(d?.values.content, '---\n- a list\n---\nbody d\n');
    assert.ok(r.warnings.some((w) => w.file?.endsWith('c.md') && /invalid front matter/.test(w.message)));
    assert.ok(r.warnings.some((w) => w.file?.endsWith('d.md') && /not a mapping/.test(w.message)));
  });

  test('front matter keys sample_id / file_name / content do not replace the columns', async () => {
    const r = await run('md');
    const e = r.rows.find((row) => row.values.file_name === 'e.md');
    assert.equal(e?.values.content, 'body e\n');
    assert.notEqual(e?.values.sample_id, 'mine');
    assert.equal(e?.values.kept, 1);
    assert.equal(r.warnings.filter((w) => w.file?.endsWith('e.md') && /front matter key/.test(w.message)).length, 3);
  });

  test('extension: case-insensitive, multi-part, leading dot tolerated with a warning', async () => {
    const md = await run('md');
    assert.deepEqual(md.rows.map((row) => row.values.file_name), ['a.MD', 'b.md', 'c.md', 'd.md', 'e.md', 'link1/k.md', 'sub/deeper/i.md']);
    const tgz = await run('TAR.GZ');
    assert.deepEqual(tgz.rows.map((row) => row.values.file_name), ['h.tar.gz']);
    const dotted = await run('.md');
    assert.equal(dotted.total, 7);
    assert.match(dotted.warnings[0].message, /leading dot/);
    assert.ok(matchesExtension('x.tar.gz', 'gz'));
    assert.ok(!matchesExtension('xmd', 'md'));
    const pdf = await run('pdf');
    assert.equal(pdf.total, 0);
  });

  test('filters on front matter columns; progress in files; first page', async () => {
    const progress: PreviewProgress[] = [];
    let first: PreviewResult | undefined;
    const r = await run('md', { onProgress: (p) => progress.push(p), onFirstPage: (p) => (first = p), limit: 1 }, [
      { op: 'exists', expression: '{{ sample.title }}' },
    ]);
    assert.equal(r.matched, 2);
    assert.deepEqual(r.removedPerFilter.map((s) => s.removed), [5]);
    assert.equal(progress.length, 7);
    assert.ok(progress.every((p) => p.unit === 'files' && p.total === 7));
    assert.equal(first?.rows.length, 1);
    assert.equal(first?.complete, false);
  });

  test('cancellation stops between files', async () => {
    const controller = new AbortController();
    const r = await run(undefined, { signal: controller.signal, onProgress: () => controller.abort() });
    assert.equal(r.complete, false);
    assert.equal(r.total, 1);
  });

  test('front matter rules', () => {
    assert.deepEqual(splitFrontMatter('no\n---\na: 1\n---\n'), { kind: 'none' });
    assert.deepEqual(splitFrontMatter('---\na: 1\n'), { kind: 'none' });
    assert.deepEqual(splitFrontMatter('--- \na: 1\n---\n'), { kind: 'none' });
    assert.deepEqual(splitFrontMatter('---\na: 1\n---'), { kind: 'valid', data: { a: 1 }, body: '' });
    assert.equal(splitFrontMatter('---\n---\nx').kind, 'invalid');
  });
});
