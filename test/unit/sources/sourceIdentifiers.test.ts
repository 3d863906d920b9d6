/**
 * A source type's identifier is spelt in its definition and at most one other source file (such as a list the
 * schema also makes): every other place reads the registry. Scans src/ and webview/ (comments left out; code
 * generated from schemas/ left out, as schemas/ is).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SOURCE_DEFINITIONS } from '../../../src/core/sources/registry';
import { repoRoot } from '../sharedFixtures';

const MAX_FILES = 2;

function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory() && entry.name !== 'generated') out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The code of a file without its comments (block comments, and line comments that start a line or follow code). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function escaped(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether a file spells `identifier` as a source type. An identifier that is only a source type (`eval_logs`) counts
 * where a string or template starts with it (`'eval_logs'`, `` `eval_logs|${path}` ``) or it is a key; a sentence
 * that mentions it (a message) does not. A common word (`local`, `folder`, `url`) counts where it stands for a
 * source type: compared with a `type`, as a `case`, as an identifier of a definition, or listed or keyed beside
 * another source type.
 */
export function spellsSourceType(code: string, identifier: string, distinctive: readonly string[]): boolean {
  const word = escaped(identifier);
  if (/_/.test(identifier)) return new RegExp(`(['"\`]${word}(?![A-Za-z0-9_$])|(?<![\\w.$'"\`])${word}\\s*:)`).test(code);
  const literal = `['"\`]${word}['"\`]`;
  const typed = [
    `type\\s*[!=]==?\\s*${literal}`,
    `${literal}\\s*[!=]==?\\s*[\\w.?]*type\\b`,
    `case\\s+${literal}\\s*:`,
    `identifiers\\s*:\\s*\\[[^\\]]*${literal}`,
  ];
  if (typed.some((pattern) => new RegExp(pattern).test(code))) return true;
  const others = distinctive.filter((other) => other !== identifier && other.includes('_'));
  const spelt = new RegExp(`(${literal}|(?<![\\w.])${word}\\s*:)`);
  return code.split('\n').some((line) => spelt.test(line) && others.some((other) => spellsSourceType(line, other, [])));
}

function filesSpelling(identifier: string, everyIdentifier: readonly string[]): string[] {
  const files = [...sourceFiles(path.join(repoRoot, 'src')), ...sourceFiles(path.join(repoRoot, 'webview'))];
  return files
    .filter((file) => spellsSourceType(withoutComments(fs.readFileSync(file, 'utf8')), identifier, everyIdentifier))
    .map((file) => path.relative(repoRoot, file).split(path.sep).join('/'));
}

const IDENTIFIERS = SOURCE_DEFINITIONS.flatMap((definition) => definition.identifiers);

for (const identifier of IDENTIFIERS) {
  test(`the source type '${identifier}' is spelt in at most ${MAX_FILES} files of src/ and webview/`, () => {
    const files = filesSpelling(identifier, IDENTIFIERS);
    assert.ok(files.length >= 1, `'${identifier}' is not spelt anywhere: the scan is broken`);
    assert.ok(files.length <= MAX_FILES, `'${identifier}' is spelt in ${files.length} files; read the registry instead:\n  ${files.join('\n  ')}`);
  });
}

test('the scan finds a source type spelt as a comparison, a case, a key or a list, and skips other uses of the word', () => {
  const ids = ['local', 'folder', 'eval_logs'];
  assert.equal(spellsSourceType("if (source.type === 'folder') x();", 'folder', ids), true);
  assert.equal(spellsSourceType("switch (t) { case 'local': }", 'local', ids), true);
  assert.equal(spellsSourceType("new Set(['local', 'eval_logs'])", 'local', ids), true);
  assert.equal(spellsSourceType("const F = { folder: 'directory_path', eval_logs: 'path' };", 'folder', ids), true);
  assert.equal(spellsSourceType("const s = `eval_logs|${x}`;", 'eval_logs', ids), true);
  assert.equal(spellsSourceType("kind: 'folder' as const", 'folder', ids), false);
  assert.equal(spellsSourceType("const local = 1; const folder = 'folder';", 'folder', ids), false);
  assert.equal(spellsSourceType("const m = `a eval_logs path is a file`;", 'eval_logs', ids), false);
  assert.equal(spellsSourceType("const w = `eval_logs project '${p}'`;", 'eval_logs', ids), true);
  assert.equal(withoutComments("a(); // 'eval_logs'\n/* eval_logs */ b('https://x');"), "a(); \n b('https://x');");
});
