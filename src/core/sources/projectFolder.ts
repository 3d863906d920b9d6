/**
 * Projects of a repository written for the service's CLI (docs/semantics.md §11.7): the folder of the nearest
 * `run.yaml` or `app.yaml` above a file. A repository of guides holds one project per guide.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const PROJECT_MARKERS: ReadonlySet<string> = new Set(['run.yaml', 'run.yml', 'app.yaml', 'app.yml']);

/**
 * The nearest folder above `file` (its own folder included) that holds a project marker, searched no higher than
 * the first of `boundaries` met on the way (the workspace folders); undefined when there is none.
 */
export function nearestProjectFolder(file: string, boundaries: readonly string[], hasFile: (path: string) => boolean = existsSync): string | undefined {
  for (let folder = dirname(file); ; folder = dirname(folder)) {
    for (const marker of PROJECT_MARKERS) if (hasFile(join(folder, marker))) return folder;
    if (boundaries.includes(folder) || dirname(folder) === folder) return undefined;
  }
}
