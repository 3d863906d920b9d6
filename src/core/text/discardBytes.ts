import { MessageChannel } from 'node:worker_threads';

/** Channels whose ports are closing, each holding bytes given up by discardBytes until it has closed. */
const closing = new Set<Promise<void>>();

/**
 * Gives up a buffer's memory without waiting for a garbage collection: its ArrayBuffer is moved into a message
 * on a channel that is closed unread, so the bytes are freed once the event loop has closed the channel (await
 * bytesDiscarded()). Every view of that ArrayBuffer is empty afterwards: only for bytes nothing reads again.
 * A buffer that shares its ArrayBuffer with others (a pooled small Buffer) is left alone.
 */
export function discardBytes(bytes: Uint8Array): void {
  const buffer = bytes.buffer;
  if (!(buffer instanceof ArrayBuffer) || bytes.byteOffset !== 0 || bytes.byteLength !== buffer.byteLength) return;
  const { port1, port2 } = new MessageChannel();
  const closed = new Promise<void>((resolve) => port2.once('close', () => resolve()));
  closing.add(closed);
  void closed.then(() => closing.delete(closed));
  port1.postMessage(buffer, [buffer]);
  port1.close();
  port2.close();
}

/** Resolves once the bytes given to discardBytes so far are freed. */
export async function bytesDiscarded(): Promise<void> {
  await Promise.all([...closing]);
}
