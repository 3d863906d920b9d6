/**
 * Every kept row of a dataset's source as an async iterator, read through the row sink the export writes from
 * (`PreviewOptions.onRow`, keptRowsExport.ts): one reading path for both. The source starts when the first row is
 * asked for and is read as rows are pulled: past a few hundred rows waiting, the source's next read waits
 * (`PreviewOptions.rowsWanted`), so memory stays bounded whatever the source's size. `return()` (a `break` out of a
 * `for await`) cancels the run and resolves once the source let go of its files and requests.
 */
import type { PreviewOptions, PreviewProgress, PreviewResult, PreviewRow } from '../model/previewTypes';
import { preview } from '../sources/preview';
import { maskedValues } from '../sources/remote/maskedResult';

/** Rows waiting past which the source waits; it reads on once the receiver is down to `RESUME_AT`. */
const PAUSE_AT = 512;
const RESUME_AT = 128;

interface KeptRowStreamOptions {
  /** Path of the spec file (relative source paths resolve against its folder). */
  specPath: string;
  /** Cancels the run: the iteration ends after the rows already read, the result marked incomplete. */
  signal?: AbortSignal;
  onProgress?: (progress: PreviewProgress) => void;
  /** Passed on to the preview (env, secrets, fetch confirmation, home directory…). */
  previewOptions?: Omit<PreviewOptions, 'limit' | 'signal' | 'onRow' | 'rowsWanted' | 'onProgress' | 'specPath'>;
}

/** The kept rows, in source order, with every configured credential masked (docs/security.md, "Masking"). */
export interface KeptRowStream extends AsyncIterableIterator<PreviewRow> {
  /** The run's result (funnel, columns, warnings) once the iteration ended; undefined before and after a failure. */
  readonly result: PreviewResult | undefined;
  /** Stops reading: resolves once the source has closed its files and aborted its requests. */
  return(): Promise<IteratorResult<PreviewRow, undefined>>;
}

/** Resolves the promise a waiting side sleeps on. */
class Wake {
  private resolve: (() => void) | undefined;
  private promise: Promise<void> | undefined;

  wait(): Promise<void> {
    this.promise ??= new Promise((resolve) => {
      this.resolve = resolve;
    });
    return this.promise;
  }

  fire(): void {
    const resolve = this.resolve;
    this.resolve = undefined;
    this.promise = undefined;
    resolve?.();
  }
}

class KeptRowQueue implements KeptRowStream {
  result: PreviewResult | undefined;
  /** Rows read and not yet taken: `rows[taken]` onwards (a chunk of a file can hand over thousands at once). */
  private rows: PreviewRow[] = [];
  private taken = 0;
  private readonly controller = new AbortController();
  private readonly rowArrived = new Wake();
  private readonly rowsTaken = new Wake();
  private running: Promise<void> | undefined;
  private settled = false;
  private failure: { error: unknown } | undefined;

  constructor(private readonly datasetSpecValue: unknown, private readonly options: KeptRowStreamOptions) {
    const outer = options.signal;
    if (outer?.aborted) this.controller.abort();
    else outer?.addEventListener('abort', () => this.controller.abort(), { once: true });
    this.controller.signal.addEventListener('abort', () => this.rowsTaken.fire(), { once: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<PreviewRow> {
    return this;
  }

  async next(): Promise<IteratorResult<PreviewRow, undefined>> {
    this.start();
    for (;;) {
      if (this.taken < this.rows.length) {
        const row = this.rows[this.taken++];
        if (this.waiting() <= RESUME_AT) this.rowsTaken.fire();
        return { value: row, done: false };
      }
      this.rows = [];
      this.taken = 0;
      if (this.settled) return this.end();
      this.rowsTaken.fire();
      await this.rowArrived.wait();
    }
  }

  /** Stops reading: cancels the run and resolves once the source has closed what it opened. */
  async return(): Promise<IteratorResult<PreviewRow, undefined>> {
    this.controller.abort();
    this.rows = [];
    this.taken = 0;
    if (this.running) await this.running;
    this.settled = true;
    this.failure = undefined;
    return { value: undefined, done: true };
  }

  private waiting(): number {
    return this.rows.length - this.taken;
  }

  private end(): IteratorResult<PreviewRow, undefined> {
    const failure = this.failure;
    this.failure = undefined;
    if (failure) throw failure.error;
    return { value: undefined, done: true };
  }

  private start(): void {
    if (this.running || this.settled) return;
    const { specPath, onProgress, previewOptions } = this.options;
    const run = preview(this.datasetSpecValue, {
      ...previewOptions,
      specPath,
      limit: 0,
      signal: this.controller.signal,
      onProgress,
      onRow: (values, origin) => {
        this.rows.push({ values: maskedValues(values), origin });
        this.rowArrived.fire();
      },
      rowsWanted: () => (this.waiting() < PAUSE_AT || this.controller.signal.aborted ? undefined : this.rowsTaken.wait()),
    });
    this.running = run.then(
      (result) => {
        this.result = result;
      },
      (error: unknown) => {
        this.failure = { error };
      },
    ).finally(() => {
      this.settled = true;
      this.rowArrived.fire();
    });
  }
}

/** Every kept row of `datasetSpecValue` (a valid dataset spec), read as the iterator is pulled. */
export function keptRowStream(datasetSpecValue: unknown, options: KeptRowStreamOptions): KeptRowStream {
  return new KeptRowQueue(datasetSpecValue, options);
}
