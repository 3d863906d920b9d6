/**
 * A file that replaces another keeps the other's permissions (docs/security.md, "Exports"): an export over a
 * 0600 file stays 0600, and the owner and group stay too where the process may set them.
 */
import * as fs from 'node:fs';

/** Gives the open file `fd` the mode (and, where allowed, the owner) of `target` when `target` exists. */
export function keepTargetMode(fd: number, target: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return;
  }
  if (!stat.isFile()) return;
  fs.fchmodSync(fd, stat.mode & 0o7777);
  try {
    fs.fchownSync(fd, stat.uid, stat.gid);
  } catch {
    // Only the owner's own files or root may change owners; the mode is what keeps the file private.
  }
}
