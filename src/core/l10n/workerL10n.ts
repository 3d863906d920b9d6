/**
 * Translations in worker threads: a worker has its own copy of `@vscode/l10n`, unconfigured. The thread that
 * loads the bundle also shares it as worker environment data, which every Worker started afterwards (and the
 * workers those start) receives; each worker entry then configures its copy before it builds a message.
 */
import { getEnvironmentData, setEnvironmentData } from 'node:worker_threads';
import * as l10n from '@vscode/l10n';

const ENVIRONMENT_KEY = 'eval-lens.l10n-bundle';

/** Configures `@vscode/l10n` in this thread and hands the same bundle to the workers it starts from now on. */
export function configureL10nWithWorkers(contents: l10n.l10nJsonFormat): void {
  l10n.config({ contents });
  setEnvironmentData(ENVIRONMENT_KEY, contents);
}

/** In a worker: configures `@vscode/l10n` from the bundle its parent shared; English when there is none. */
export function configureWorkerL10n(): void {
  const contents = getEnvironmentData(ENVIRONMENT_KEY);
  if (typeof contents === 'object' && contents !== null) l10n.config({ contents: contents as l10n.l10nJsonFormat });
}
