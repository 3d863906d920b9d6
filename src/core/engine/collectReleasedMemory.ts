import * as v8 from 'node:v8';
import * as vm from 'node:vm';

let collect: (() => void) | null | undefined;

/**
 * Runs one full garbage collection, so a log file's bytes that indexing no longer references are returned
 * before the next phase allocates (V8 would otherwise keep them until its heap grows enough to collect).
 * Only for a process that is the caller's own — the CLI, and the workers it starts: the V8 flag this sets holds for
 * the whole process. Where the runtime does not allow it, this does nothing.
 */
export function collectReleasedMemory(): void {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      const gc: unknown = vm.runInNewContext('gc');
      collect = typeof gc === 'function' ? (gc as () => void) : null;
    } catch {
      collect = null;
    }
  }
  collect?.();
}
