/**
 * Request/reply by id over any transport (a webview's `postMessage`, a worker's `parentPort`, a `Worker`):
 * each request gets a fresh id, the reply with that id settles it (an error reply rejects it), and a reply
 * of a superseded `generation` is dropped as stale. Browser-safe: no Node and no editor imports.
 *
 * It lives in src/core/channel, a unit of the bottom layer (eslint/importLayers.mjs), so that every end of
 * a channel can import it without an upward arrow: the log worker's client (src/core/log), the webviews and
 * the extension host alike. The messages of each pair stay in their own files.
 */

/** A request answered after its generation was superseded (the file was read again, the comparison redone). */
export class StaleReplyError extends Error {
  constructor() {
    super('stale reply');
    this.name = 'StaleReplyError';
  }
}

/** Every reply names the request it answers. */
interface CorrelatedReply {
  id: number;
}

interface RequestChannelOptions<Reply extends CorrelatedReply> {
  /** The error an error reply carries; undefined for a result. */
  errorOf(reply: Reply): Error | undefined;
  /** The generation a result was made for, when it names one: a result of another generation is stale. */
  generationOf?(reply: Reply): number | undefined;
}

interface Pending<Reply> {
  resolve(reply: Reply): void;
  reject(error: Error): void;
}

export class RequestChannel<Reply extends CorrelatedReply> {
  private nextId = 1;
  private readonly pending = new Map<number, Pending<Reply>>();
  private closedBy: Error | undefined;
  /** The generation requests are made for; replies of another one are stale. */
  generation = 0;

  constructor(private readonly options: RequestChannelOptions<Reply>) {}

  /** Sends a request through `send` (given its id and the current generation); resolves with its reply. */
  request(send: (id: number, generation: number) => void): Promise<Reply> {
    if (this.closedBy) return Promise.reject(this.closedBy);
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      send(id, this.generation);
    });
  }

  /** Settles the request a reply answers; false when no request is waiting for it. */
  settle(reply: Reply): boolean {
    const pending = this.pending.get(reply.id);
    if (!pending) return false;
    this.pending.delete(reply.id);
    const error = this.options.errorOf(reply);
    const generation = error ? undefined : this.options.generationOf?.(reply);
    if (error) pending.reject(error);
    else if (generation !== undefined && generation !== this.generation) pending.reject(new StaleReplyError());
    else pending.resolve(reply);
    return true;
  }

  /** A new generation: every request still waiting is stale. */
  supersede(generation: number): void {
    this.generation = generation;
    this.rejectAll(new StaleReplyError());
  }

  /** The other end is gone: every waiting request and every later one fails with `error`. */
  close(error: Error): void {
    this.closedBy ??= error;
    this.rejectAll(this.closedBy);
  }

  get closedError(): Error | undefined {
    return this.closedBy;
  }

  private rejectAll(error: Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const pending of waiting) pending.reject(error);
  }
}
