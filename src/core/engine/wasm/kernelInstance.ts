/**
 * What the byte-scanning WebAssembly kernels share: an instance with its own fixed memory, seen from JavaScript as
 * bytes and 32-bit words, into which input windows are copied (modules are compiled by compiledModule.ts).
 */

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
