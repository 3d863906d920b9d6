/** Symbolic links that leave a folder source are skipped with a warning naming them (docs/security.md). */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { preview } from '../../../src/core/sources/preview';
import { runCli } from '../../../src/cli/runCli';
import { tempDir, write } from './hostileCases';

describe('a folder source with links out of the folder', () => {
  let dir: string;
  before(() => {
    dir = tempDir('links');
    write(dir, 'outside/private.md', 'OUTSIDE-CONTENT\n');
    write(dir, 'repo/notes/a.md', 'inside\n');
    write(dir, 'repo/notes/sub/b.md', 'inside too\n');
    fs.symlinkSync(path.join(dir, 'outside', 'private.md'), path.join(dir, 'repo', 'notes', 'stolen.md'));
    fs.symlinkSync(path.join(dir, 'outside'), path.join(dir, 'repo', 'notes', 'sub', 'escape'));
    fs.symlinkSync('a.md', path.join(dir, 'repo', 'notes', 'alias.md'));
    write(dir, 'repo/notes.dataset.yaml', 'key: n\ndisplay_name: N\nsource: { type: folder, directory_path: notes }\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('preview reads only what is inside; each link that leaves is a warning naming it', async () => {
    const result = await preview({ source: { type: 'folder', directory_path: path.join(dir, 'repo', 'notes') } }, { limit: 100 });
    assert.deepEqual(result.rows.map((r) => r.values.file_name), ['a.md', 'alias.md', 'sub/b.md']);
    assert.ok(!JSON.stringify(result.rows).includes('OUTSIDE-CONTENT'));
    const messages = result.warnings.map((w) => w.message).join('\n');
    assert.match(messages, /stolen\.md is a symbolic link to a place outside the folder; skipped/);
    assert.match(messages, /sub\/escape is a symbolic link to a place outside the folder; skipped/);
  });

  test('an export writes nothing from outside', async () => {
    const io = { out: '', err: '', cwd: path.join(dir, 'repo'), stdout: (t: string) => { io.out += t; }, stderr: (t: string) => { io.err += t; } };
    assert.equal(await runCli(['dataset', 'export', 'notes.dataset.yaml', '-o', 'out.jsonl'], io), 0, io.err);
    const written = fs.readFileSync(path.join(dir, 'repo', 'out.jsonl'), 'utf8');
    assert.equal(written.trimEnd().split('\n').length, 3);
    assert.ok(!written.includes('OUTSIDE-CONTENT'));
  });
});
