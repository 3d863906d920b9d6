/** `!include "PATH"` (docs/semantics.md §11.2): no YAML warning; a path with no file next to the spec is an error on it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateText } from '../../../src/core/validation/validateText';
import { parseSpecDocuments } from '../../../src/core/yaml/specDocument';
import { IncrementalSpecParser } from '../../../src/core/yaml/incrementalSpecParser';

const spec = (include: string) => ['key: k', 'display_name: K', `long_description: !include "${include}"`, 'source:', '  type: local', '  file_path: data.csv', ''].join('\n');

/** Runs `check` with a fresh temporary folder, removed afterwards. */
function inFolder(check: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'eval-lens-include-'));
  try {
    check(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the tag parses without a warning, its value the path', () => {
  const [doc] = parseSpecDocuments(spec('README.md'));
  assert.deepEqual(doc.problems, []);
  assert.equal((doc.value as Record<string, unknown>).long_description, 'README.md');
  const other = parseSpecDocuments('a: !unknown x\n')[0];
  assert.match(other.problems[0]?.message ?? '', /Unresolved tag/);
});

test('an included file that exists is quiet; one that does not is an error on the path, relative to the spec', () => {
  inFolder((dir) => {
    writeFileSync(join(dir, 'README.md'), '# Hello\n');
    const file = join(dir, 'a.dataset.yaml');
    assert.deepEqual(validateText(spec('README.md'), file, { env: {} }).diagnostics, []);
    const text = spec('./notes/absent.txt');
    const diagnostics = validateText(text, file, { env: {} }).diagnostics;
    assert.deepEqual(diagnostics.map((d) => [d.code, d.severity, text.slice(d.range.start, d.range.end)]), [['missing-include', 'error', '"./notes/absent.txt"']]);
    assert.match(diagnostics[0].message, /no such file next to this one/);
    assert.deepEqual(validateText(spec('.'), file, { env: {} }).diagnostics.map((d) => d.code), ['missing-include']);
  });
});

test('as the user types: an include is found where its document now is, and its file is looked up again each time', () => {
  inFolder((dir) => {
    const file = join(dir, 'a.dataset.yaml');
    const parser = new IncrementalSpecParser();
    const stream = (name: string) => [spec('README.md').replace('key: k', `key: ${name}`), spec('./notes.md').replace('key: k', 'key: second')].join('---\n');
    const missing = (text: string) => validateText(text, file, { env: {}, parser }).diagnostics.filter((d) => d.code === 'missing-include').map((d) => text.slice(d.range.start, d.range.end));
    assert.deepEqual(missing(stream('k')), ['"README.md"', '"./notes.md"']);
    // An edit that lengthens the first document moves the second one, which is not parsed again.
    const longer = stream('a-much-longer-key');
    assert.deepEqual(missing(longer), ['"README.md"', '"./notes.md"']);
    assert.equal(parser.reused, 1);
    writeFileSync(join(dir, 'notes.md'), 'notes\n');
    assert.deepEqual(missing(stream('k')), ['"README.md"']);
    writeFileSync(join(dir, 'README.md'), '# Hello\n');
    rmSync(join(dir, 'notes.md'));
    assert.deepEqual(missing(longer), ['"./notes.md"']);
    assert.deepEqual(missing(longer), ['"./notes.md"']);
  });
});

test('a stream with no include at all has none found; one typed later into any document is found', () => {
  inFolder((dir) => {
    const file = join(dir, 'a.dataset.yaml');
    const parser = new IncrementalSpecParser();
    const plain = (key: string) => spec('x').replace('!include "x"', 'a plain text').replace('key: k', `key: ${key}`);
    const missing = (text: string) => validateText(text, file, { env: {}, parser }).diagnostics.filter((d) => d.code === 'missing-include').map((d) => text.slice(d.range.start, d.range.end));
    assert.deepEqual(missing([plain('one'), plain('two')].join('---\n')), []);
    assert.deepEqual(missing([plain('one'), spec('./later.md').replace('key: k', 'key: two')].join('---\n')), ['"./later.md"']);
    assert.deepEqual(missing([spec('./first.md').replace('key: k', 'key: one'), plain('two')].join('---\n')), ['"./first.md"']);
    assert.deepEqual(validateText([plain('one'), spec('./later.md')].join('---\n'), file, { env: {} }).diagnostics.filter((d) => d.code === 'missing-include').length, 1);
  });
});
