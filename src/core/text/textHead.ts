/**
 * The beginning of a text file, read with a bound: at most `maxBytes` are read whatever the file's size, and a
 * path that is not a regular file (a FIFO would block the read forever) is refused before it is opened.
 */
import { open } from 'node:fs/promises';
import { readAt } from './readFully';
import { assertRegularFile } from './regularFile';

export interface TextHead {
  text: string;
  /** The file's size in bytes. */
  size: number;
  /** Whether the file goes on after `text`. */
  truncated: boolean;
}

/** Up to `maxBytes` of a file's text (a character cut at the bound is dropped); throws on a missing or irregular file. */
export async function readTextHead(file: string, maxBytes: number): Promise<TextHead> {
  assertRegularFile(file);
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const bytes = await readAt(handle, 0, Math.min(size, maxBytes));
    const truncated = size > bytes.length;
    const text = bytes.toString('utf8');
    return { text: truncated ? text.replace(/\uFFFD+$/, '') : text, size, truncated };
  } finally {
    await handle.close();
  }
}

/**
 * A file's text when it is at most `maxBytes` long; undefined when it is larger, not a regular file or cannot be
 * read. No more than `maxBytes` is ever read.
 */
export async function readSmallText(file: string, maxBytes: number): Promise<string | undefined> {
  try {
    const head = await readTextHead(file, maxBytes);
    return head.truncated ? undefined : head.text;
  } catch {
    return undefined;
  }
}
