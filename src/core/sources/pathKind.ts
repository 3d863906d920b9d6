import * as fs from 'node:fs';

/** What is at an absolute path on disk: a file, a folder, or nothing (unreadable counts as nothing). */
export function pathKind(path: string): 'file' | 'directory' | undefined {
  try {
    const info = fs.statSync(path);
    return info.isDirectory() ? 'directory' : 'file';
  } catch {
    return undefined;
  }
}
