/** Recognising a zip archive (an Inspect `.eval` log is one) by its first bytes, before choosing how to read a file. */
import * as fs from 'node:fs';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** Whether bytes start as a zip archive does (a local file header). */
export function hasZipMagic(head: Uint8Array): boolean {
  return head.length >= ZIP_MAGIC.length && ZIP_MAGIC.every((byte, i) => head[i] === byte);
}

/** Whether the file is a zip archive, as an Inspect `.eval` log is (by its first bytes; false when unreadable or not a regular file). */
export function isZipArchive(file: string): boolean {
  let fd: number | undefined;
  try {
    // A named pipe would block the open: only a regular file is looked into.
    if (!fs.statSync(file).isFile()) return false;
    fd = fs.openSync(file, 'r');
    const head = Buffer.alloc(ZIP_MAGIC.length);
    const read = fs.readSync(fd, head, 0, head.length, 0);
    return hasZipMagic(head.subarray(0, read));
  } catch {
    return false;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
