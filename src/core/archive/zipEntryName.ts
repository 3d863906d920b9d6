/**
 * An entry name as it is shown (docs/security.md, "Untrusted files"): UTF-8 when the bytes are UTF-8, else each
 * byte that is not ASCII written `\xNN`, so that two different names never read the same; control characters
 * are escaped too, so that a name cannot drive a terminal. Names are only compared and shown, never used as paths.
 */
import { printable } from '../text/printable';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function zipEntryName(bytes: Uint8Array, start: number, end: number): string {
  const view = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let ascii = true;
  let plain = true;
  for (let k = start; k < end; k++) {
    const b = view[k];
    if (b >= 0x80) {
      ascii = false;
      break;
    }
    if (b < 0x20 || b === 0x7f) plain = false;
  }
  // Printable ASCII, as nearly every name is: the text as it stands in the directory (no view, no escape pass).
  if (ascii && plain) return view.toString('latin1', start, end);
  if (ascii) return printable(view.toString('latin1', start, end));
  const slice = view.subarray(start, end);
  try {
    return printable(strictUtf8.decode(slice));
  } catch {
    let out = '';
    for (const b of slice) out += b < 0x80 ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`;
    return printable(out);
  }
}
