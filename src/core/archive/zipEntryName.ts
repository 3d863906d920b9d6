/**
 * An entry name as it is shown (docs/security.md, "Untrusted files"): UTF-8 when the bytes are UTF-8, else each
 * byte that is not ASCII written `\xNN`, so that two different names never read the same; control characters
 * are escaped too, so that a name cannot drive a terminal. Names are only compared and shown, never used as paths.
 */
import { printable } from '../text/printable';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** A character that is not printable ASCII. */
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;
/** A character that is not ASCII. */
// eslint-disable-next-line no-control-regex
const NOT_ASCII = /[^\x00-\x7f]/;

export function zipEntryName(bytes: Uint8Array, start: number, end: number): string {
  // Most names are printable ASCII: one native decoding and one test, no loop over the bytes in script
  // (docs/performance.md, "Zip entry names, decoded natively").
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1', start, end);
  if (!NOT_PRINTABLE_ASCII.test(text)) return text;
  if (!NOT_ASCII.test(text)) return printable(text);
  const slice = bytes.subarray(start, end);
  try {
    return printable(strictUtf8.decode(slice));
  } catch {
    let out = '';
    for (const b of slice) out += b < 0x80 ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`;
    return printable(out);
  }
}
