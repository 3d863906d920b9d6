/**
 * The reference zstd decoder compiled to WebAssembly (zstddec, its module embedded as base64), started once per
 * thread and used frame by frame: with the frame's declared content size, or for a frame that declares none with
 * the room left in the entry (both already bounded by the caller against the entry's size and `maxEntryMB`). Its own
 * sizing (`ZSTD_findDecompressedSize`) is never used, and the output never outgrows the room it is given (the
 * decoder stops with an error instead). A frame it cannot take — WebAssembly not
 * available or not ready, a size above MAX_WASM_FRAME, an allocation or decode error — gets `undefined`, and the
 * caller decodes that frame with fzstd instead (whose message names the problem as before).
 */
import { ZSTDDecoder } from 'zstddec';

/** Largest frame (compressed + decoded) given to the WebAssembly decoder; its memory grows to it and stays. */
const MAX_WASM_FRAME = 256 * 1024 * 1024;

interface ZstdExports {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(pointer: number): void;
  ZSTD_decompress(dst: number, dstCapacity: number, src: number, srcSize: number): number;
  ZSTD_isError(code: number): number;
}

let wasmExports: ZstdExports | undefined;
let starting: Promise<void> | undefined;
/** EVAL_LENS_ZSTD_DECODER=fzstd (inherited by worker threads) sends every frame to fzstd. */
let enabled = process.env.EVAL_LENS_ZSTD_DECODER !== 'fzstd';

/** Captures the instance zstddec creates, so each call can check allocations and error codes itself. */
class CapturingDecoder extends ZSTDDecoder {
  override _init(result: Parameters<ZSTDDecoder['_init']>[0]): void {
    ZSTDDecoder.prototype._init.call(undefined, result);
    const candidate = result.instance.exports as unknown as Partial<ZstdExports>;
    if (candidate.memory && candidate.malloc && candidate.free && candidate.ZSTD_decompress && candidate.ZSTD_isError) {
      wasmExports = candidate as ZstdExports;
    }
  }
}

/**
 * zstddec reads its embedded module through `fetch` of a `data:` URL whenever `fetch` exists, else decodes the
 * base64 with Buffer. In Node the first use of `fetch` loads its whole implementation (about 30 ms of CPU, before
 * the first page), so `fetch` is hidden during the synchronous call that makes that choice, then put back as it was.
 */
function initWithoutFetch(decoder: ZSTDDecoder): Promise<void> {
  const saved = typeof Buffer === 'function' ? Object.getOwnPropertyDescriptor(globalThis, 'fetch') : undefined;
  if (!saved?.configurable) return decoder.init();
  Object.defineProperty(globalThis, 'fetch', { value: undefined, configurable: true, writable: true });
  try {
    return decoder.init();
  } finally {
    Object.defineProperty(globalThis, 'fetch', saved);
  }
}

/** Starts compiling the decoder (once per thread); the promise settles when it is ready or known unavailable. */
export function startZstdWasm(): Promise<void> {
  if (!starting) {
    let init: Promise<void>;
    try {
      init = typeof WebAssembly === 'object' ? initWithoutFetch(new CapturingDecoder()) : Promise.resolve();
    } catch {
      init = Promise.resolve();
    }
    starting = init.then(
      () => undefined,
      () => undefined,
    );
  }
  return starting;
}

/** Whether frames go to the WebAssembly decoder (on by default; off sends every frame to fzstd). */
export function setZstdWasmEnabled(on: boolean): void {
  enabled = on;
}

export function zstdWasmReady(): boolean {
  return enabled && wasmExports !== undefined;
}

/**
 * Decodes one whole frame into at most `size` bytes, or returns undefined when the WebAssembly decoder cannot take
 * it. `exact`: the frame declares `size` as its content size and must decode to exactly that; otherwise `size` is
 * the room left in the entry and the frame may decode to less (never more). `into`: where the bytes go when they
 * fit (a view of it is returned), else a new array.
 */
export function decodeFrameWasm(frame: Uint8Array, size: number, exact = true, into?: Uint8Array): Uint8Array | undefined {
  const wasm = enabled ? wasmExports : undefined;
  if (!wasm || size <= 0 || !Number.isSafeInteger(size) || frame.length + size > MAX_WASM_FRAME) return undefined;
  const source = wasm.malloc(frame.length);
  if (!source) return undefined;
  const target = wasm.malloc(size);
  try {
    if (!target) return undefined;
    new Uint8Array(wasm.memory.buffer).set(frame, source);
    const result = wasm.ZSTD_decompress(target, size, source, frame.length);
    if (wasm.ZSTD_isError(result)) return undefined;
    const written = result >>> 0;
    if (exact ? written !== size : written > size) return undefined;
    const decoded = new Uint8Array(wasm.memory.buffer, target, written);
    if (!into || into.length < written) return decoded.slice();
    into.set(decoded);
    return into.subarray(0, written);
  } finally {
    wasm.free(source);
    if (target) wasm.free(target);
  }
}
