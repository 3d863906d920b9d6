/** User-visible strings about hostile input in Inspect archives, Trace files and compared logs. */

export const hostileSourceStrings = {
  zstdExpandsBeyond: 'a zstd frame decodes to more bytes than the entry holds',
};
