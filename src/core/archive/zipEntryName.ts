/**
 * An entry name as it is shown (docs/security.md, "Untrusted files"): UTF-8 when the bytes are UTF-8, else each
 * byte that is not ASCII written `\xNN`, so that two different names never read the same; control characters
 * are escaped too, so that a name cannot drive a terminal. Names are only compared and shown, never used as paths.
 */
import { printable } from '../text/printable';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function zipEntryName(bytes: Uint8Array, start: number, end: number): string {
  // Most names are printable ASCII: read as they are, with no second pass for control characters.
  let ascii = true;
  let plain = true;
  for (let k = start; k < end; k++) {
    const b = bytes[k];
    if (b >= 0x80) {
      ascii = false;
      break;
    }
    if (b < 0x20 || b === 0x7f) plain = false;
  }
  if (ascii) {
    const text = latin1(bytes, start, end);
    return plain ? text : printable(text);
  }
  const slice = bytes.subarray(start, end);
  try {
    return printable(strictUtf8.decode(slice));
  } catch {
    let out = '';
    for (const b of slice) out += b < 0x80 ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`;
    return printable(out);
  }
}

/**
 * Bytes `start`…`end` as Latin-1 text, through a view of those bytes alone: decoding from the whole directory's
 * Buffer without these short-lived views left the directory to a later collection and raised the peak memory of
 * reading an archive by about 7 MB (docs/performance.md).
 */
function latin1(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1');
}
