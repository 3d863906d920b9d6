/**
 * One deadline for a whole request (docs/security.md, "Servers that stall"): connecting, the headers and every
 * byte of the body share one timer. The timer and the caller's signal feed one controller this object holds, so
 * nothing is left for the garbage collector to drop before it fires (a signal built inline and kept by nothing
 * can be collected, and its fetch never aborts). `clear` must be called once the body is read or dropped.
 */
export class RequestDeadline {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly onCallerAbort: () => void;
  /** True once the time ran out (not when the caller cancelled). */
  expired = false;

  constructor(readonly timeoutMs: number, private readonly caller: AbortSignal | undefined) {
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort(new DOMException('the request took too long', 'TimeoutError'));
    }, timeoutMs);
    this.onCallerAbort = () => this.controller.abort(caller?.reason);
    if (caller?.aborted) this.controller.abort(caller.reason);
    else caller?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  clear(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}
