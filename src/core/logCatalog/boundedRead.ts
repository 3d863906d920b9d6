/** Bounded reads of a log file: its first and last bytes only, however large the file is. */

/** A log up to this size is read whole, so that its samples can be counted (never parsed). */
export const HEAD_BYTES = 256 * 1024;
/** Bytes first read from the start of a larger log: its status and metrics come before the samples. */
export const HEAD_PROBE_BYTES = 64 * 1024;
/** Bytes read from the end of a task result log whose head does not reach its specification: a little, then more. */
export const TAIL_STEPS = [64 * 1024, 1024 * 1024];

