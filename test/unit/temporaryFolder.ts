/**
 * A temporary folder for one test file: created before its tests, removed after them. `put` writes a file
 * (creating its folders) and returns its path.
 */
import { before, after } from 'node:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TemporaryFolder {
  /** The folder's path (set once the file's tests start). */
  readonly path: string;
  put(relative: string, bytes: Buffer | string): string;
}

export function temporaryFolder(prefix: string): TemporaryFolder {
  let dir = '';
  before(() => (dir = mkdtempSync(join(tmpdir(), prefix))));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return {
    get path() { return dir; },
    put(relative, bytes) {
      const file = join(dir, relative);
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, bytes);
      return file;
    },
  };
}
