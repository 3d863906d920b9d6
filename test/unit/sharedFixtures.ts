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

export const repoRoot = findRepoRoot(__dirname);

/**
 * `../shared/fixtures` beside the repository (or beside the folder of its worktrees): real files from public
 * projects (provenance in SOURCES.md).
 */
export const sharedFixtures = [path.resolve(repoRoot, '..', 'shared', 'fixtures'), path.resolve(repoRoot, '..', '..', 'shared', 'fixtures')]
  .find((candidate) => fs.existsSync(candidate)) ?? path.resolve(repoRoot, '..', 'shared', 'fixtures');

export function sharedFixture(...parts: string[]): string {
  return path.join(sharedFixtures, ...parts);
}
