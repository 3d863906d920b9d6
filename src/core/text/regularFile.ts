/**
 * Reading a path that may not be a regular file: a named pipe (FIFO) or a device would block a read
 * forever, a directory fails with a code only. Each is refused first with a message naming the path.
 */
import * as fs from 'node:fs';
import { inputStrings } from '../l10n/inputStrings';

/** Throws when `file` exists but is not a regular file (after following links); lets a missing file through to the read. */
export function assertRegularFile(file: string): void {
  let info: fs.Stats;
  try {
    info = fs.statSync(file);
  } catch {
    return;
  }
  if (info.isDirectory()) throw new Error(inputStrings.notAFile(file));
  if (!info.isFile()) throw new Error(inputStrings.notARegularFile(file));
}

/** `fs.readFileSync(file, 'utf8')` for regular files only. */
export function readRegularTextFile(file: string): string {
  assertRegularFile(file);
  return fs.readFileSync(file, 'utf8');
}
