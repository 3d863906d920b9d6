/**
 * Finds session files (docs/semantics.md §9.2): `path` (a `.jsonl` file, or a folder searched recursively), else the
 * default folders: each entry of `CLAUDE_CONFIG_DIR` (comma-separated) with its `projects/`, else
 * `~/.claude/projects` and `~/.config/claude/projects` (those that exist). Files named `agent-*.jsonl` are
 * sub-agent files: they belong to their parent session and are never sessions of their own.
 */
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { isSubagentFileName } from './sessionFileNames';
import { sessionStrings } from '../../l10n/sourceStrings';
import { listFiles } from '../folder/folderSource';
import { PreviewError } from '../previewError';

export interface SessionFile {
  path: string;
  /** Path relative to the folder it was found in (`/` separators); the file name for a single file. */
  relative: string;
  kind: 'session' | 'subagent';
}

export { agentIdOfFileName, isSubagentFileName, sessionIdOfSubagentPath, subagentMetaPath } from './sessionFileNames';

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** The default session folders for an environment and home folder. */
async function defaultSessionRoots(env: Record<string, string | undefined>, homeDir: string): Promise<{ roots: string[]; tried: string[] }> {
  const configured = (env.CLAUDE_CONFIG_DIR ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const candidates = configured.length > 0
    ? configured.map((entry) => join(entry, 'projects'))
    : [join(homeDir, '.claude', 'projects'), join(homeDir, '.config', 'claude', 'projects')];
  const roots: string[] = [];
  for (const candidate of candidates) if (!roots.includes(candidate) && (await isDirectory(candidate))) roots.push(candidate);
  return { roots, tried: candidates };
}

interface FoundFiles {
  files: SessionFile[];
  /** The folders searched (or the single file), for messages. */
  roots: string[];
}

/** Every session and sub-agent file under the given path, or under the default folders when it is undefined. */
export async function findSessionFiles(
  path: string | undefined,
  env: Record<string, string | undefined>,
  homeDir: string,
  warn: (message: string, file?: string) => void,
  signal?: AbortSignal,
): Promise<FoundFiles> {
  let roots: string[];
  if (path !== undefined) {
    let info;
    try {
      info = await stat(path);
    } catch (error) {
      throw new PreviewError('unreadableSource', sessionStrings.cannotRead(path, error instanceof Error ? error.message : String(error)), { file: path });
    }
    if (info.isFile()) {
      if (!path.toLowerCase().endsWith('.jsonl')) throw new PreviewError('invalidSource', sessionStrings.notASessionFile(path), { file: path });
      const name = basename(path);
      return { files: [{ path, relative: name, kind: isSubagentFileName(name) ? 'subagent' : 'session' }], roots: [path] };
    }
    if (!info.isDirectory()) throw new PreviewError('invalidSource', sessionStrings.notASessionFile(path), { file: path });
    roots = [path];
  } else {
    const found = await defaultSessionRoots(env, homeDir);
    if (found.roots.length === 0) throw new PreviewError('unreadableSource', sessionStrings.noDefaultFolder(found.tried));
    roots = found.roots;
  }
  const files: SessionFile[] = [];
  for (const root of roots) {
    for (const file of await listFiles(root, 'jsonl', warn, signal)) {
      files.push({ path: file.path, relative: file.relative, kind: isSubagentFileName(basename(file.path)) ? 'subagent' : 'session' });
    }
  }
  return { files, roots };
}
