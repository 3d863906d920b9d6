/**
 * The logs of a folder written by the service's `export eval --link-logs` (docs/semantics.md §11.6): each task
 * specification's log at `task_results/<key>/task_result_log.json`, paired by key between two such folders.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const LOG_NAME = 'task_result_log.json';

/** Each task specification's log in an export folder (or in its `task_results` folder), by key; sorted by key. */
export function exportedLogs(folder: string): Map<string, string> {
  const root = fs.existsSync(path.join(folder, 'task_results')) ? path.join(folder, 'task_results') : folder;
  const logs = new Map<string, string>();
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(root, { withFileTypes: true });
  } catch {
    return logs;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    // A folder that is a link is not followed (docs/security.md): an export writes real folders.
    if (!entry.isDirectory()) continue;
    const log = path.join(root, entry.name, LOG_NAME);
    if (fs.existsSync(log) && fs.statSync(log).isFile()) logs.set(entry.name, log);
  }
  return logs;
}

export interface ExportPairs {
  pairs: { key: string; baseline: string; candidate: string }[];
  onlyBaseline: string[];
  onlyCandidate: string[];
}

/** The task specifications present in both export folders, paired by key, and those in one only. */
export function pairExportedLogs(baselineFolder: string, candidateFolder: string): ExportPairs {
  const a = exportedLogs(baselineFolder);
  const b = exportedLogs(candidateFolder);
  const pairs = [...a].filter(([key]) => b.has(key)).map(([key, baseline]) => ({ key, baseline, candidate: b.get(key) as string }));
  return { pairs, onlyBaseline: [...a.keys()].filter((k) => !b.has(k)), onlyCandidate: [...b.keys()].filter((k) => !a.has(k)) };
}
