/** Giving up a buffer's memory without waiting for a garbage collection: src/core/text/discardBytes.ts (the zip reader, a lower layer, uses it too). */
export { bytesDiscarded, discardBytes } from '../text/discardBytes';
