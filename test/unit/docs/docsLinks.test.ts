import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The repository root: the nearest folder above this (bundled) test file whose package.json is ours. */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'eval-lens') return dir;
    if (path.dirname(dir) === dir) throw new Error(`no eval-lens package.json above ${from}`);
  }
}

const root = findRepoRoot(__dirname);
const README_MAX_LINES = 400;
const CODE_FOLDERS = ['src', 'webview', 'test', 'bench', 'scripts'];
const CODE_EXTENSIONS = /\.(ts|js|mjs|cjs|sh|css|html)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'out', 'dist', '.vscode-test']);

/**
 * Names of the documents that lived outside the repository. Written in pieces so that this file does not
 * itself cite them.
 */
const OUTSIDE_DOCUMENTS = [['SEMAN', 'TICS §'], ['SOURCE-', 'FORMATS'], ['SERVICE-', 'FILES'], ['DESIGN', '.md']].map((parts) => parts.join(''));

/** Every relative link target of a markdown text, outside code blocks and inline code, without its anchor. */
export function relativeLinks(markdown: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const prose = text.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
      const file = decodeURIComponent(target.replace(/[#?].*$/, ''));
      if (file) links.push({ target: file, line: index + 1 });
    }
  });
  return links;
}

/** The section numbers a markdown document has as headings (`## 9. …`, `### 9.1 …`, `## §3 …`). */
export function headingNumbers(markdown: string): Set<string> {
  const numbers = new Set<string>();
  for (const match of markdown.matchAll(/^#{1,6}\s+§?(\d+(?:\.\d+)*)\.?(?=\s|$)/gm)) numbers.add(match[1]);
  return numbers;
}

export interface Citation {
  document: string;
  sections: string[];
  line: number;
}

/**
 * Every `docs/<name>.md` a text names, with the sections cited right after it: `§9`, `§9.1–9.2`, `§4–5`,
 * `§7, §9`, `§3 and §5`.
 */
export function docCitations(text: string): Citation[] {
  const citations: Citation[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    for (const match of line.matchAll(/docs\/([\w./-]+?\.md)\b/g)) {
      const rest = line.slice((match.index ?? 0) + match[0].length);
      const cited = /^\s*§\s*\d+(?:\.\d+)*(?:\s*(?:[–-]|,\s*§|\s+and\s+§)\s*§?\d+(?:\.\d+)*)*/.exec(rest);
      const sections = cited ? [...cited[0].matchAll(/\d+(?:\.\d+)*/g)].map((m) => m[0]) : [];
      citations.push({ document: match[1], sections, line: index + 1 });
    }
  });
  return citations;
}

function walk(dir: string, keep: (file: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name) && !(entry.name === 'data' && path.basename(dir) === 'bench')) found.push(...walk(full, keep));
    } else if (entry.isFile() && keep(full)) {
      found.push(full);
    }
  }
  return found;
}

const relative = (file: string): string => path.relative(root, file).split(path.sep).join('/');
const markdownFiles = [path.join(root, 'README.md'), ...walk(path.join(root, 'docs'), (f) => f.endsWith('.md'))];
const codeFiles = CODE_FOLDERS.flatMap((folder) => walk(path.join(root, folder), (f) => CODE_EXTENSIONS.test(f) && fs.statSync(f).size < 4_000_000));

describe('the helpers of the documentation checks', () => {
  test('relativeLinks finds links and images, leaves out URLs, anchors and code', () => {
    const text = [
      '[a](guide/a.md) ![b](screenshots/b.png "title") [c](https://example.com) [d](#anchor) [e](cli.md#log-compare)',
      '`[f](not-a-link.md)`',
      '```',
      '[g](in-a-code-block.md)',
      '```',
    ].join('\n');
    assert.deepEqual(relativeLinks(text).map((l) => l.target), ['guide/a.md', 'screenshots/b.png', 'cli.md']);
  });

  test('headingNumbers reads numbered headings', () => {
    assert.deepEqual([...headingNumbers('# Title\n## 1. One\n### 9.1 Sub\n## §12 Twelve\nText 3. no\n')], ['1', '9.1', '12']);
  });

  test('docCitations reads single sections, ranges and lists', () => {
    const cite = (text: string) => docCitations(text).map((c) => `${c.document}:${c.sections.join('+')}`);
    assert.deepEqual(cite('(docs/semantics.md §9.1–9.2): x'), ['semantics.md:9.1+9.2']);
    assert.deepEqual(cite('docs/semantics.md §7, §9); default'), ['semantics.md:7+9']);
    assert.deepEqual(cite('docs/semantics.md §4–5 in the pass'), ['semantics.md:4+5']);
    assert.deepEqual(cite('see docs/cli.md.'), ['cli.md:']);
    assert.deepEqual(cite('docs/semantics.md §8. Next'), ['semantics.md:8']);
  });
});

describe('the documentation', () => {
  test(`README.md has at most ${README_MAX_LINES} lines`, () => {
    const lines = fs.readFileSync(path.join(root, 'README.md'), 'utf8').replace(/\n$/, '').split('\n').length;
    assert.ok(lines <= README_MAX_LINES, `README.md has ${lines} lines`);
  });

  test('every relative link in README.md and docs/ leads to a file that exists', () => {
    assert.ok(markdownFiles.length > 1, 'README.md and the docs/ pages are found');
    const broken: string[] = [];
    for (const file of markdownFiles) {
      for (const link of relativeLinks(fs.readFileSync(file, 'utf8'))) {
        if (!fs.existsSync(path.resolve(path.dirname(file), link.target))) broken.push(`${relative(file)}:${link.line} → ${link.target}`);
      }
    }
    assert.deepEqual(broken, []);
  });

  test('no code file cites a document the repository lacks', () => {
    assert.ok(codeFiles.length > 100, 'the code files are found');
    const problems: string[] = [];
    for (const file of codeFiles) {
      const text = fs.readFileSync(file, 'utf8');
      text.split('\n').forEach((line, index) => {
        for (const name of OUTSIDE_DOCUMENTS) {
          if (line.includes(name)) problems.push(`${relative(file)}:${index + 1} cites ${name.trim()} outside docs/`);
        }
      });
      for (const citation of docCitations(text)) {
        if (!fs.existsSync(path.join(root, 'docs', citation.document))) problems.push(`${relative(file)}:${citation.line} cites docs/${citation.document}, which does not exist`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test('every section cited in code as docs/<page>.md §N is a heading of that page', () => {
    const headings = new Map<string, Set<string>>();
    const problems: string[] = [];
    let cited = 0;
    for (const file of codeFiles) {
      for (const citation of docCitations(fs.readFileSync(file, 'utf8'))) {
        const page = path.join(root, 'docs', citation.document);
        if (citation.sections.length === 0 || !fs.existsSync(page)) continue;
        if (!headings.has(page)) headings.set(page, headingNumbers(fs.readFileSync(page, 'utf8')));
        for (const section of citation.sections) {
          cited++;
          if (!headings.get(page)!.has(section)) problems.push(`${relative(file)}:${citation.line} cites docs/${citation.document} §${section}, which has no such heading`);
        }
      }
    }
    assert.ok(cited > 50, `the section citations are found (${cited})`);
    assert.deepEqual(problems, []);
  });
});
