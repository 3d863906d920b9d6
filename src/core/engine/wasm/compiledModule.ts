/**
 * Compiling a WebAssembly kernel's module once per thread, and sizing its memory. Nothing here needs Node, so a
 * kernel that also runs in a web page (the bootstrap's) can use it.
 */

/**
 * A kernel's module, compiled on first use; undefined where WebAssembly (or the SIMD a module uses) is missing or
 * not allowed, as in a page whose content security policy forbids it (the caller's JavaScript then does all the work).
 */
export function compiledOnce(moduleBytes: () => Uint8Array<ArrayBuffer>): () => WebAssembly.Module | undefined {
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
