/**
 * Builds a log index's search texts in the log worker's spare time: a few samples per turn of the event loop,
 * and nothing while the report is asking for pages (it gets the thread, and less garbage to collect meanwhile).
 */
import type { LogIndex } from '../log/logIndex';

/** Samples whose search text is built per turn. */
const SEARCH_CHUNK = 40;
/** The search texts are built only once no request came for this long. */
const SEARCH_PAUSE_MS = 50;

export class BackgroundSearch {
  private lastRequestAt = 0;

  /** Called on each request, so the building pauses while requests come. */
  noteRequest(): void {
    this.lastRequestAt = Date.now();
  }

  /**
   * Builds `index`'s search texts until done, pausing as above; the first pause starts now, since the report asks
   * for its first pages as soon as the index is ready.
   */
  start(index: LogIndex): void {
    this.noteRequest();
    const step = (): void => {
      const sinceRequest = Date.now() - this.lastRequestAt;
      if (sinceRequest < SEARCH_PAUSE_MS) {
        setTimeout(step, SEARCH_PAUSE_MS - sinceRequest);
        return;
      }
      if (!index.prepareSearch(SEARCH_CHUNK)) setImmediate(step);
    };
    step();
  }
}
