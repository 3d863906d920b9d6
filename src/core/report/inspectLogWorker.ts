/**
 * The log worker's side of an Inspect `.eval` archive (LogWorkerInit.inspect): the header is read first and
 * answers `earlySummary`; the samples are read and indexed after (EarlyInspectSource), and the complete summary,
 * pages and details answer once they are. The search texts are built in the background once indexed. Bundled
 * apart (dist/worker/inspectLogWorker.js) and loaded by the log worker only for an archive.
 */
import type { MessagePort } from 'node:worker_threads';
import type { LogWorkerInit, LogWorkerRequest, LogWorkerResponse, LogWorkerResult } from '../log/logWorkerMessages';
import type { LogSource } from '../log/logSource';
import type { LogIndex } from '../log/logIndex';
import { openInspectLogEarly } from '../inspect/openInspectLog';
import { EarlyInspectSource } from '../inspect/earlyInspectSource';
import { InspectLogSource } from '../inspect/inspectLogSource';
import { BackgroundSearch } from './backgroundSearch';
import { serializeLogError } from './serializedLogError';

export { configureWorkerL10n } from '../l10n/workerL10n';

async function answer(source: LogSource, request: LogWorkerRequest): Promise<LogWorkerResult> {
  switch (request.type) {
    case 'earlySummary':
      return source.earlySummary ? source.earlySummary() : source.summary();
    case 'summary':
      return source.summary();
    case 'page':
      return source.page(request.query);
    case 'detail':
      return source.detail(request.index, request.runIndex);
    case 'memory':
      return process.memoryUsage();
  }
}

async function indexOf(source: LogSource): Promise<LogIndex | undefined> {
  if (source instanceof InspectLogSource) return source.index;
  return source instanceof EarlyInspectSource ? (await source.whenIndexed()).index : undefined;
}

export function serveInspectLog(port: MessagePort, init: LogWorkerInit): void {
  const opened = openInspectLogEarly(init.filePath ?? '', init.generation);
  opened.catch(() => undefined); // each request hears of it
  const search = new BackgroundSearch();
  if (init.prepareSearch !== false) {
    void opened.then(indexOf).then((index) => index && search.start(index), () => undefined);
  }
  port.on('message', (request: LogWorkerRequest) => {
    search.noteRequest();
    opened.then((source) => answer(source, request)).then(
      (result) => port.postMessage({ id: request.id, ok: true, result } satisfies LogWorkerResponse),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, error: serializeLogError(error) } satisfies LogWorkerResponse),
    );
  });
}
