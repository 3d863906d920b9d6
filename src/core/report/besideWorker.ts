import { createRequire } from 'node:module';
import * as path from 'node:path';

/** A module bundled apart beside the worker that loads it (WORKER_LAZY_MODULES in esbuild.js), with its own `@vscode/l10n`. */
export interface BesideWorkerModule {
  configureWorkerL10n(): void;
}

/**
 * Loads `fileName` from the folder of the running worker bundle and configures its translations from the bundle the
 * starting thread shared; throws when it cannot be loaded.
 */
export function loadBesideWorker<T extends BesideWorkerModule>(fileName: string): T {
  const loaded = createRequire(__filename)(path.join(__dirname, fileName)) as T;
  loaded.configureWorkerL10n();
  return loaded;
}
