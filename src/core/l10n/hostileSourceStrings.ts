/** User-visible strings about hostile input in Inspect archives and exports. */

export const hostileSourceStrings = {
  exportPartial: (written: number, kept: number) =>
    `the source handed over ${written} of its ${kept} kept rows, so it cannot be exported in full; the output file was left as it was`,
  zstdExpandsBeyond: 'a zstd frame decodes to more bytes than the entry holds',
};
