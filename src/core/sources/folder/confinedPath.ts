/**
 * A folder source reads only files whose real path is inside its folder (docs/security.md, "Untrusted files"):
 * a symbolic link in a cloned repository must not make a spec read any file the user can read.
 */
import { realpath } from 'node:fs/promises';
import { relative, isAbsolute } from 'node:path';

/** True when `real` (a real path) is `rootReal` or lies under it. */
export function isInside(rootReal: string, real: string): boolean {
  const rest = relative(rootReal, real);
  return rest === '' || (!rest.startsWith('..') && !isAbsolute(rest));
}

/** The real path of a symbolic link when it stays inside `rootReal`; undefined when it leaves the folder. */
export async function confinedTarget(rootReal: string, link: string): Promise<string | undefined> {
  const real = await realpath(link);
  return isInside(rootReal, real) ? real : undefined;
}
