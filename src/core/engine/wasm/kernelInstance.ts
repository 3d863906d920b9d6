/**
 * What the WebAssembly kernels share: compiling a module once per thread, and an instance with its own
 * fixed memory, seen from JavaScript as bytes and 32-bit words, into which input windows are copied.
 */

/**
 * A kernel's module, compiled on first use; undefined where WebAssembly SIMD is missing (the caller's
 * JavaScript then does all the work).
 */
export function compiledOnce(moduleBytes: () => Uint8Array): () => WebAssembly.Module | undefined {
  let compiled: WebAssembly.Module | null | undefined;
  return () => {
    if (compiled === undefined) {
      try {
        compiled = new WebAssembly.Module(moduleBytes());
      } catch {
        compiled = null;
      }
    }
    return compiled ?? undefined;
  };
}

/** The 64 KiB pages of a kernel memory that holds `bytes` bytes. */
export function pagesFor(bytes: number): number {
  return Math.ceil(bytes / 65536);
}

export class KernelInstance {
  readonly bytes: Buffer;
  readonly words: Int32Array;
  readonly exports: Record<string, unknown>;

  /** An instance of `module` with a memory of `pages` 64 KiB pages (imported as `env.memory`). */
  constructor(module: WebAssembly.Module, pages: number) {
    const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
    this.exports = new WebAssembly.Instance(module, { env: { memory } }).exports;
    this.bytes = Buffer.from(memory.buffer);
    this.words = new Int32Array(memory.buffer);
  }

  /** Copies `buf[start, start + length)` to `at`, followed by the zero byte that ends every token there. */
  loadInput(buf: Buffer, start: number, length: number, at: number): void {
    buf.copy(this.bytes, at, start, start + length);
    this.bytes[at + length] = 0;
  }
}
