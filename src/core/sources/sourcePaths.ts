/** Paths in dataset sources (docs/semantics.md §2): relative to the spec file's folder; a leading `~` is the home folder. */
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';

export function resolveSourcePath(path: string, specPath?: string, homeDir: string = homedir()): string {
  if (path === '~') return homeDir;
  if (path.startsWith('~/') || path.startsWith('~\\')) return join(homeDir, path.slice(2));
  if (isAbsolute(path)) return path;
  return resolve(specPath ? dirname(resolve(specPath)) : process.cwd(), path);
}

/** The key of the facts of a source read from a path: its type and resolved path (`(default)` without one). */
export function pathFactsKey(source: Record<string, unknown>, specPath: string | undefined): string {
  const path = typeof source.path === 'string' ? source.path : '';
  return `${String(source.type)}|${path ? resolveSourcePath(path, specPath) : '(default)'}`;
}
