import * as path from 'node:path';

/** The repository root (tests run from out/test/unit/…). */
export const repoRoot = path.resolve(__dirname, '../../..');

/** `../shared/fixtures` beside the repository: real files from public projects (provenance in SOURCES.md). */
export const sharedFixtures = path.resolve(repoRoot, '..', 'shared', 'fixtures');

export function sharedFixture(...parts: string[]): string {
  return path.join(sharedFixtures, ...parts);
}
