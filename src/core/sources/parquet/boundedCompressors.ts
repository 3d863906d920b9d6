/**
 * Page decompressors that never produce more than the page declares, nor more than `evalLens.preview.maxEntryMB`
 * (docs/security.md, "Untrusted files"): a GZIP or Brotli page declaring 100 bytes stops at 100 bytes, and a page
 * declaring gigabytes is refused before any memory is taken for it.
 */
import * as zlib from 'node:zlib';
import type { Compressors } from 'hyparquet';
import { snappyUncompress } from 'hyparquet/src/snappy.js';
import { decodeZstdFrames } from '../../archive/zstdFrames';
import { sourceStrings } from '../../l10n/sourceStrings';

/** The default bound of one page, as `evalLens.preview.maxEntryMB` defaults to 1024. */
export const DEFAULT_MAX_PAGE_BYTES = 1024 * 1024 * 1024;

const MB = 1024 * 1024;

export function boundedCompressors(maxBytes = DEFAULT_MAX_PAGE_BYTES): Compressors {
  const declared = (size: number): number => {
    if (!Number.isSafeInteger(size) || size < 0) throw new Error(sourceStrings.pageSizeInvalid(String(size)));
    if (size > maxBytes) throw new Error(sourceStrings.pageTooLarge(size / MB, maxBytes / MB));
    return size;
  };
  const capped = (inflate: () => Uint8Array, size: number): Uint8Array => {
    try {
      return inflate();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new Error(sourceStrings.pageExpands(size));
      throw error;
    }
  };
  return {
    SNAPPY: (input, size) => {
      const out = new Uint8Array(declared(size));
      snappyUncompress(input, out);
      return out;
    },
    ZSTD: (input, size) => decodeZstdFrames(input, declared(size)),
    GZIP: (input, size) => capped(() => zlib.gunzipSync(input, { maxOutputLength: Math.max(1, declared(size)) }), size),
    BROTLI: (input, size) => capped(() => zlib.brotliDecompressSync(input, { maxOutputLength: Math.max(1, declared(size)) }), size),
  };
}
