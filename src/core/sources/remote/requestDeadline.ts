/**
 * One deadline for a whole request (docs/security.md, "Servers that stall"): connecting, the headers and every
 * byte of the body share one timer. The timer and the caller's signal feed one controller this object holds, so
 * nothing is left for the garbage collector to drop before it fires (a signal built inline and kept by nothing
 * can be collected, and its fetch never aborts). `clear` must be called once the body is read or dropped.
 */
export class RequestDeadline {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout>;
  /** When the time runs out (Date.now() milliseconds). */
  private endsAt: number;
  private readonly onCallerAbort: () => void;
  private cleared = false;
  /** True once the time ran out (not when the caller cancelled). */
  expired = false;

  constructor(readonly timeoutMs: number, private readonly caller: AbortSignal | undefined) {
    this.endsAt = Date.now() + timeoutMs;
    this.timer = this.arm(timeoutMs);
    this.onCallerAbort = () => this.controller.abort(caller?.reason);
    if (caller?.aborted) this.controller.abort(caller.reason);
    else caller?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  private arm(ms: number): ReturnType<typeof setTimeout> {
    return setTimeout(() => {
      this.expired = true;
      this.controller.abort(new DOMException('the request took too long', 'TimeoutError'));
    }, ms);
  }

  /**
   * Awaits `wait` with the clock stopped: time spent waiting for the receiver of the rows is not the server's
   * (PreviewOptions.rowsWanted). The clock then runs on with the time that was left.
   */
  async stoppedWhile(wait: Promise<void>): Promise<void> {
    clearTimeout(this.timer);
    const left = Math.max(0, this.endsAt - Date.now());
    try {
      await wait;
    } finally {
      this.endsAt = Date.now() + left;
      if (!this.cleared) this.timer = this.arm(left);
    }
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  clear(): void {
    this.cleared = true;
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}
