/**
 * An Inspect archive as a report source that answers before its samples are read: `earlySummary()` is the header
 * and the stored metrics (inspectEarlySummary.ts), served as soon as `header.json` is read; the summaries (or each
 * sample, read lean) are read and indexed on a later turn, and `summary()`, pages and details answer once they are.
 */
import type { LogSource } from '../log/logSource';
import type { LogSummary, SampleDetail, SamplePage, SampleQuery } from '../model/logViewTypes';
import type { InspectArchiveStart } from './inspectArchiveLog';
import { earlyInspectSummary } from './inspectEarlySummary';
import { InspectLogSource } from './inspectLogSource';

export class EarlyInspectSource implements LogSource {
  private readonly early: LogSummary;
  private readonly indexed: Promise<InspectLogSource>;
  private ready?: InspectLogSource;
  private disposed = false;

  constructor(private readonly start: InspectArchiveStart, fileSize: number, generation: number, fileName: string) {
    this.early = earlyInspectSummary(start.header, start.notes, { fileName, fileSize, generation });
    this.indexed = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => start.readSamples())
      .then((log) => {
        const source = new InspectLogSource(log, generation, fileName, 'lean');
        if (this.disposed) source.dispose();
        else this.ready = source;
        return source;
      });
    // Whoever asks for the summary, a page or a detail hears of a failure; nobody asking is no unhandled rejection.
    this.indexed.catch(() => undefined);
  }

  /** The indexed source, once the samples are read (for the command line and comparisons, which need them all). */
  whenIndexed(): Promise<InspectLogSource> {
    return this.indexed;
  }

  earlySummary(): Promise<LogSummary> {
    return this.ready ? this.ready.summary() : Promise.resolve(this.early);
  }

  async summary(): Promise<LogSummary> {
    return (await this.indexed).summary();
  }

  async page(query: SampleQuery): Promise<SamplePage> {
    return (await this.indexed).page(query);
  }

  async detail(index: number, runIndex?: number): Promise<SampleDetail> {
    return (await this.indexed).detail(index, runIndex);
  }

  dispose(): void {
    this.disposed = true;
    if (this.ready) this.ready.dispose();
    else void this.start.close().catch(() => undefined);
  }
}
