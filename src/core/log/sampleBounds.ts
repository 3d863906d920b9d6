/**
 * Where the samples of a log's array begin and end, and where their cut values are: through the
 * WebAssembly kernel (wasm/sampleBoundsKernel.ts) window by window, or with the JavaScript scanner where
 * the kernel cannot run or stops (an element longer than a window, anything unexpected: the JavaScript
 * scanner then also gives the exact error).
 */
import { compiledOnce, pagesFor } from '../engine/wasm/compiledModule';
import { KernelInstance } from '../engine/wasm/kernelInstance';
import { afterElement, elementsFrom, forEachElement, isArrayAt, skipWs } from './jsonScanner';
import { ARRAY_END, CUTS, ELEMENTS, IN, IN_SLACK, KEY_BYTES, KEY_BYTES_END, KEY_COUNT, KEY_TABLE, MAX_ELEMENTS, MAX_KEYS, RESUME, sampleBoundsKernelBytes, STATUS, UNEXPECTED } from './wasm/sampleBoundsKernel';

const WINDOW_BYTES = 4 * 1024 * 1024;
const PAGES = pagesFor(IN + WINDOW_BYTES + IN_SLACK);

type ElementsExport = (from: number, length: number, maxElements: number) => number;

/** The bytes an element was found in: byte p of the log is bytes[p - base]. */
export interface ElementWindow {
  bytes: Uint8Array;
  base: number;
}

/** Takes one element's bounds and cut values (pairs of offsets), with the window it was found in. */
type AddBounds = (start: number, end: number, cuts: number[], window?: ElementWindow) => void;

/**
 * Where the kernel's windows come from when the log's bytes are not in the buffer the scan is given
 * (pipedScanFeed.ts reads them from the file straight into the kernel's memory).
 */
export interface WindowSource {
  /** Puts the log's bytes [from, from + length) at target[at]. */
  load(target: Uint8Array, at: number, from: number, length: number): void;
  /** Makes the log's bytes [from, to) readable in the buffer before the JavaScript scanner reads them. */
  ensure(from: number, to: number): void;
}

class SampleBoundsKernel {
  private readonly kernel: KernelInstance;
  private readonly bytes: Buffer;
  private readonly words: Int32Array;
  private readonly elements: ElementsExport;
  private keys = '';

  constructor(module: WebAssembly.Module) {
    this.kernel = new KernelInstance(module, PAGES);
    this.elements = this.kernel.exports.elements as ElementsExport;
    this.bytes = this.kernel.bytes;
    this.words = this.kernel.words;
  }

  /** Sets the cut keys (unquoted, as written); false when they do not fit. */
  useKeys(keys: readonly Uint8Array[]): boolean {
    const signature = keys.map((key) => Buffer.from(key).toString('latin1')).join('\u0000');
    if (signature === this.keys) return true;
    if (keys.length > MAX_KEYS) return false;
    let at = KEY_BYTES;
    for (let k = 0; k < keys.length; k++) {
      if (at + keys[k].length + 2 > KEY_BYTES_END) return false;
      this.bytes[at] = 0x22;
      this.bytes.set(keys[k], at + 1);
      this.bytes[at + keys[k].length + 1] = 0x22;
      this.words[(KEY_TABLE + k * 8) / 4] = at;
      this.words[(KEY_TABLE + k * 8) / 4 + 1] = keys[k].length + 2;
      at += keys[k].length + 2;
    }
    this.words[KEY_COUNT / 4] = keys.length;
    this.keys = signature;
    return true;
  }

  /**
   * The elements of the array from `from` (an element's start) to the end of the array; returns the
   * offset after the array. An element longer than a window is read by `slow`; from anything unexpected
   * on, `slow` reads the rest (and throws the exact error).
   */
  scan(buf: Buffer, from: number, add: AddBounds, slow: (start: number) => number, source?: WindowSource): number {
    for (;;) {
      const length = Math.min(buf.length - from, WINDOW_BYTES);
      if (source) {
        source.load(this.bytes, IN, from, length);
        this.bytes[IN + length] = 0;
      } else {
        this.kernel.loadInput(buf, from, length, IN);
      }
      const count = this.elements(0, length, MAX_ELEMENTS);
      const words = this.words;
      const window = { bytes: this.bytes, base: from - IN };
      for (let r = 0; r < count; r++) {
        const at = (ELEMENTS + r * 16) / 4;
        const cuts: number[] = [];
        for (let c = words[at + 2], last = c + words[at + 3]; c < last; c++) cuts.push(from + words[(CUTS + c * 8) / 4], from + words[(CUTS + c * 8) / 4 + 1]);
        add(from + words[at], from + words[at + 1], cuts, window);
      }
      const resume = from + words[RESUME / 4];
      const status = words[STATUS / 4];
      if (status === ARRAY_END) return resume;
      if (status === UNEXPECTED) return elementsFrom(buf, resume, slow);
      if (count === 0) {
        const next = afterElement(buf, slow(resume));
        if (next < 0) return ~next;
        from = next;
      } else {
        from = resume;
      }
    }
  }
}

const kernelModule = compiledOnce(() => sampleBoundsKernelBytes(PAGES));
let kernel: SampleBoundsKernel | undefined;

/** One kernel per thread (indexing is synchronous: it is never used by two scans at once). */
function sharedKernel(): SampleBoundsKernel | undefined {
  const module = kernelModule();
  if (module && !kernel) kernel = new SampleBoundsKernel(module);
  return kernel;
}

/**
 * Calls `add` for each element of the array at `i` with its end and cut values (as
 * `valueEnd(buf, start, cutKeys, cuts)` gives them); `slow` reads one element the JavaScript way and
 * returns its end. Returns the offset after the array. With `source`, the kernel's windows are read from
 * it, and `slow` makes the bytes it reads readable itself.
 */
export function forEachElementBounds(
  buf: Buffer,
  i: number,
  cutKeys: readonly Uint8Array[],
  add: AddBounds,
  slow: (start: number) => number,
  source?: WindowSource,
): number {
  const scanner = isArrayAt(buf, i) ? sharedKernel() : undefined;
  if (!scanner || !scanner.useKeys(cutKeys)) {
    source?.ensure(i, Infinity);
    return forEachElement(buf, i, slow);
  }
  const first = skipWs(buf, i + 1);
  if (buf[first] === 0x5d) return first + 1;
  return scanner.scan(buf, first, add, slow, source);
}
