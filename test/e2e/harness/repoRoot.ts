import * as fs from 'node:fs';
import * as path from 'node:path';

/** The repository root: the nearest folder above this file with the extension's package.json. */
export function repoRoot(): string {
  let dir = __dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'eval-lens') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the eval-lens repository root above ' + __dirname);
    dir = parent;
  }
}
