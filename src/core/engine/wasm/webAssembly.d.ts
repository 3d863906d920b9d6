/**
 * The part of the WebAssembly JavaScript API that the kernels use. Node provides it; the library that
 * declares it (TypeScript's "DOM") is not one of this project's, since the core never touches a DOM.
 */
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    constructor(descriptor: { initial: number; maximum?: number });
    readonly buffer: ArrayBuffer;
  }
}
