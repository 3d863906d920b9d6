/**
 * The waiting half of the views' test-state commands (`evalLens.internal.*State`): answers the last state at
 * once, or when its count of `waitFor` events has passed `afterCount`, or at the timeout (default 10 s).
 */
import * as vscode from 'vscode';

export interface CountedState<K extends string> {
  counts: Record<K, number>;
}

export function waitForTestState<K extends string, T extends CountedState<K>>(
  kinds: readonly K[],
  current: () => T | undefined,
  changed: vscode.Event<void>,
  options: unknown,
): Promise<T | undefined> {
  const opts = typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {};
  const waitFor = kinds.find((kind) => kind === opts.waitFor);
  const afterCount = typeof opts.afterCount === 'number' ? opts.afterCount : 0;
  const timeoutMs = typeof opts.timeoutMs === 'number' ? opts.timeoutMs : 10_000;
  const satisfied = (): boolean => {
    const last = current();
    return !waitFor || (last !== undefined && last.counts[waitFor] > afterCount);
  };
  if (satisfied()) return Promise.resolve(current());
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      listener.dispose();
      resolve(current());
    }, timeoutMs);
    const listener = changed(() => {
      if (!satisfied()) return;
      clearTimeout(timer);
      listener.dispose();
      resolve(current());
    });
  });
}
