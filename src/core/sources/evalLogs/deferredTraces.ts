/**
 * Traces of kept sample rows that were kept without one (SourceOptions.traceRows): each such row remembers only
 * where its sample is, and its trace is built again from the log when a page shows it.
 */
import { PreviewRow } from '../../model/previewTypes';
import { LogFile, ReadContext, SampleLocator, reloadSamples } from './logSamples';
import { sampleRow } from './sampleRow';

interface Place {
  log: LogFile;
  locator: SampleLocator;
}

export class DeferredTraces {
  private readonly places = new WeakMap<PreviewRow, Place>();
  private count = 0;

  constructor(private readonly context: ReadContext) {}

  /** `row` was kept without its trace; its sample is at `locator` in `log`. */
  defer(row: PreviewRow, log: LogFile, locator: SampleLocator): void {
    this.places.set(row, { log, locator });
    this.count++;
  }

  get any(): boolean {
    return this.count > 0;
  }

  /** Copies of `rows` with the deferred traces built; a row whose sample cannot be read again is returned as it is. */
  async fill(rows: readonly PreviewRow[], signal?: AbortSignal): Promise<PreviewRow[]> {
    const byLog = new Map<LogFile, SampleLocator[]>();
    for (const row of rows) {
      const place = this.places.get(row);
      if (!place) continue;
      const list = byLog.get(place.log) ?? [];
      list.push(place.locator);
      byLog.set(place.log, list);
    }
    const traces = new Map<SampleLocator, unknown>();
    const context: ReadContext = { ...this.context, single: false, signal, warn: () => undefined, onSampleCount: undefined, rangeEnd: undefined };
    for (const [log, locators] of byLog) {
      if (signal?.aborted) break;
      try {
        for (const [locator, loaded] of await reloadSamples(log, locators, context)) traces.set(locator, sampleRow(loaded.sample, loaded.context, true).trace);
      } catch {
        // The log changed or went away since the count: those rows keep no trace.
      }
    }
    return rows.map((row) => {
      const place = this.places.get(row);
      const trace = place ? traces.get(place.locator) : undefined;
      return trace === undefined ? row : { ...row, values: { ...row.values, trace } };
    });
  }
}
