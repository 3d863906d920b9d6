import { MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { LogWorkerInit, LogWorkerRequest, LogWorkerResponse, LogWorkerResult, LogWorkerSchemaEvent, SerializedLogError } from '../log/logWorkerMessages';
import { validatesInBackground } from '../log/logWorkerMessages';
import { LogIndex } from '../log/logIndex';
import { loadLogIndexSync } from '../log/logLoader';
import type { StreamedLogValidation } from './streamedLogValidation';
import { configureWorkerL10n } from '../l10n/workerL10n';
import { serializeLogError } from './serializedLogError';
import { loadBesideWorker } from './besideWorker';
import { BackgroundSearch } from './backgroundSearch';

// Messages built here use the translations the starting thread shared.
configureWorkerL10n();

type ValidationModule = typeof import('./streamedLogValidation');
type InspectModule = typeof import('./inspectLogWorker');

/**
 * Worker thread that reads, parses and indexes one task result log, then answers summary, page and detail
 * requests. The log's bytes and index live only here; the extension host receives plain view objects.
 */

/** Milliseconds of schema validation per turn of the event loop, so requests are answered in between. */
const VALIDATION_SLICE_MS = 2;
/**
 * The schema validation (whose module takes tens of milliseconds to load) starts once no request came for
 * this long, so the report's first pages are not kept waiting; at the latest this long after the summary.
 */
const VALIDATION_IDLE_MS = 250;
const VALIDATION_LATEST_MS = 2000;

function load(init: LogWorkerInit): { index?: LogIndex; error?: SerializedLogError } {
  try {
    const options = { fileName: init.fileName, generation: init.generation, schemaProblems: init.schemaProblems, scanPipe: init.scanPipe, leaveOutChecks: true };
    const input = init.text !== undefined ? { text: init.text } : { filePath: init.filePath ?? '' };
    return { index: loadLogIndexSync(input, options) };
  } catch (error) {
    return { error: serializeLogError(error) };
  }
}

/**
 * The schema validation, bundled apart beside this worker (esbuild.js) and loaded only when needed:
 * compiling its validators at start-up would delay the first summary.
 */
function loadValidationModule(): ValidationModule {
  return loadBesideWorker<ValidationModule>('streamedLogValidation.js');
}

/** Validates the log in slices and posts its schema problems when done. */
function validateInBackground(init: LogWorkerInit, post: (event: LogWorkerSchemaEvent) => void): void {
  let validation: StreamedLogValidation;
  try {
    const { StreamedLogValidation } = loadValidationModule();
    validation = new StreamedLogValidation(init.text !== undefined ? { text: init.text } : { filePath: init.filePath ?? '' });
  } catch (error) {
    post({ type: 'schemaProblems', problems: [], error: serializeLogError(error) });
    return;
  }
  const slice = (): void => {
    try {
      if (!validation.step(VALIDATION_SLICE_MS)) {
        setImmediate(slice);
        return;
      }
      post({ type: 'schemaProblems', problems: validation.problems() });
    } catch (error) {
      validation.dispose();
      post({ type: 'schemaProblems', problems: [], error: serializeLogError(error) });
    }
  };
  setImmediate(slice);
}

function answer(index: LogIndex, request: LogWorkerRequest): LogWorkerResult {
  switch (request.type) {
    case 'summary':
    case 'earlySummary':
      return index.getSummary();
    case 'page':
      return index.getPage(request.query);
    case 'detail':
      return index.getDetail(request.index, request.runIndex);
    case 'memory':
      return process.memoryUsage();
  }
}

/** Loads a task result log and answers its requests; background search and validation once the summary is out. */
function serveTaskLog(port: MessagePort, init: LogWorkerInit): void {
  const loaded = load(init);
  let summarised = false;
  const search = new BackgroundSearch();
  let validation: { timer?: NodeJS.Timeout; latest: number } | undefined;
  /** (Re)arms the start of the background validation: after a quiet spell, or at the latest time. */
  const validateWhenIdle = (): void => {
    if (!validation) return;
    clearTimeout(validation.timer);
    const wait = Math.max(0, Math.min(VALIDATION_IDLE_MS, validation.latest - Date.now()));
    validation.timer = setTimeout(() => {
      validation = undefined;
      validateInBackground(init, (event) => port.postMessage(event));
    }, wait);
  };
  port.on('message', (request: LogWorkerRequest) => {
    search.noteRequest();
    let response: LogWorkerResponse;
    if (loaded.error || !loaded.index) {
      response = { id: request.id, ok: false, error: loaded.error ?? { name: 'Error', message: 'not loaded' } };
    } else {
      try {
        response = { id: request.id, ok: true, result: answer(loaded.index, request) };
      } catch (error) {
        response = { id: request.id, ok: false, error: serializeLogError(error) };
      }
    }
    port.postMessage(response);
    if (request.type === 'summary' && !summarised && loaded.index) {
      // Background work starts once the first summary is out, so it never delays it.
      summarised = true;
      if (init.prepareSearch !== false) search.start(loaded.index);
      if (validatesInBackground(init)) validation = { latest: Date.now() + VALIDATION_LATEST_MS };
    }
    validateWhenIdle();
  });
}

/**
 * An Inspect archive is read by its own module, bundled apart beside this worker (esbuild.js): a task log's worker
 * then starts without compiling the archive reader and its zstd decoder. When it cannot be loaded, every request
 * hears why.
 */
function serveInspect(port: MessagePort, init: LogWorkerInit): void {
  let inspect: InspectModule;
  try {
    inspect = loadBesideWorker<InspectModule>('inspectLogWorker.js');
  } catch (error) {
    const failure = serializeLogError(error);
    port.on('message', (request: LogWorkerRequest) => port.postMessage({ id: request.id, ok: false, error: failure } satisfies LogWorkerResponse));
    return;
  }
  inspect.serveInspectLog(port, init);
}

if (parentPort) {
  const init = workerData as LogWorkerInit;
  if (init.inspect) serveInspect(parentPort, init);
  else serveTaskLog(parentPort, init);
}
