/**
 * A minimal WebAssembly assembler: enough instructions (with 128-bit SIMD) to write small byte-scanning
 * kernels in TypeScript and get a module's bytes at run time, with no toolchain. Branches name their
 * target block; the relative depth is computed from the blocks open at that point.
 */

const I32 = 0x7f;
const I64 = 0x7e;
const F64 = 0x7c;
const V128 = 0x7b;

type ValueType = typeof I32 | typeof I64 | typeof F64 | typeof V128;
export const types = { i32: I32 as ValueType, i64: I64 as ValueType, f64: F64 as ValueType, v128: V128 as ValueType };

function uleb(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    out.push(byte);
  } while (value !== 0);
  return out;
}

function sleb(value: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    if ((value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

function sleb64(value: bigint): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = Number(value & 0x7fn);
    value >>= 7n;
    if ((value === 0n && (byte & 0x40) === 0) || (value === -1n && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

function section(id: number, body: number[]): number[] {
  return [id, ...uleb(body.length), ...body];
}

function vector(items: number[][]): number[] {
  return [...uleb(items.length), ...items.flat()];
}

function name(text: string): number[] {
  const bytes = [...new TextEncoder().encode(text)];
  return [...uleb(bytes.length), ...bytes];
}

/** The body of one function: locals by name, then instructions. */
export class FunctionBuilder {
  readonly code: number[] = [];
  private readonly localIndex = new Map<string, number>();
  private readonly localTypes: ValueType[] = [];
  private readonly labels: string[] = [];

  constructor(readonly params: [string, ValueType][], readonly results: ValueType[]) {
    params.forEach(([local], k) => this.localIndex.set(local, k));
  }

  local(local: string, type: ValueType = I32): this {
    this.localIndex.set(local, this.params.length + this.localTypes.length);
    this.localTypes.push(type);
    return this;
  }

  private index(local: string): number {
    const at = this.localIndex.get(local);
    if (at === undefined) throw new Error(`unknown local ${local}`);
    return at;
  }

  private op(...bytes: number[]): this {
    this.code.push(...bytes);
    return this;
  }

  private simd(sub: number, ...rest: number[]): this {
    return this.op(0xfd, ...uleb(sub), ...rest);
  }

  private depth(label: string): number {
    const at = this.labels.lastIndexOf(label);
    if (at < 0) throw new Error(`no open block ${label}`);
    return this.labels.length - 1 - at;
  }

  // Locals and constants
  get(local: string): this { return this.op(0x20, ...uleb(this.index(local))); }
  set(local: string): this { return this.op(0x21, ...uleb(this.index(local))); }
  tee(local: string): this { return this.op(0x22, ...uleb(this.index(local))); }
  globalGet(index: number): this { return this.op(0x23, ...uleb(index)); }
  globalSet(index: number): this { return this.op(0x24, ...uleb(index)); }
  i32(value: number): this { return this.op(0x41, ...sleb(value | 0)); }
  i64(value: bigint): this { return this.op(0x42, ...sleb64(value)); }
  /** An f64 constant: its eight bytes little-endian, as WebAssembly stores them whatever the host's byte order. */
  f64(value: number): this {
    const bytes = new DataView(new ArrayBuffer(8));
    bytes.setFloat64(0, value, true);
    return this.op(0x44, ...new Uint8Array(bytes.buffer));
  }

  // Control
  block(label: string): this { this.labels.push(label); return this.op(0x02, 0x40); }
  loop(label: string): this { this.labels.push(label); return this.op(0x03, 0x40); }
  if(label = 'if'): this { this.labels.push(label); return this.op(0x04, 0x40); }
  else(): this { return this.op(0x05); }
  end(): this { this.labels.pop(); return this.op(0x0b); }
  br(label: string): this { return this.op(0x0c, ...uleb(this.depth(label))); }
  brIf(label: string): this { return this.op(0x0d, ...uleb(this.depth(label))); }
  return(): this { return this.op(0x0f); }
  call(index: number): this { return this.op(0x10, ...uleb(index)); }
  drop(): this { return this.op(0x1a); }

  // Memory (alignment hint 0: any address)
  load8(offset = 0): this { return this.op(0x2d, 0, ...uleb(offset)); }
  load32(offset = 0): this { return this.op(0x28, 0, ...uleb(offset)); }
  load64(offset = 0): this { return this.op(0x29, 0, ...uleb(offset)); }
  store32(offset = 0): this { return this.op(0x36, 0, ...uleb(offset)); }
  store8(offset = 0): this { return this.op(0x3a, 0, ...uleb(offset)); }
  f64Load(offset = 0): this { return this.op(0x2b, 0, ...uleb(offset)); }
  f64Store(offset = 0): this { return this.op(0x39, 0, ...uleb(offset)); }

  // i32 arithmetic and comparisons
  eqz(): this { return this.op(0x45); }
  eq(): this { return this.op(0x46); }
  ne(): this { return this.op(0x47); }
  ltS(): this { return this.op(0x48); }
  ltU(): this { return this.op(0x49); }
  gtU(): this { return this.op(0x4b); }
  geS(): this { return this.op(0x4e); }
  geU(): this { return this.op(0x4f); }
  ctz(): this { return this.op(0x68); }
  add(): this { return this.op(0x6a); }
  sub(): this { return this.op(0x6b); }
  mul(): this { return this.op(0x6c); }
  and(): this { return this.op(0x71); }
  or(): this { return this.op(0x72); }
  shl(): this { return this.op(0x74); }
  shrU(): this { return this.op(0x76); }
  xor(): this { return this.op(0x73); }
  rotl(): this { return this.op(0x77); }
  i64Ne(): this { return this.op(0x52); }
  i64Mul(): this { return this.op(0x7e); }
  i64Xor(): this { return this.op(0x85); }
  i64ShrU(): this { return this.op(0x88); }
  i32WrapI64(): this { return this.op(0xa7); }
  i64ExtendI32U(): this { return this.op(0xad); }

  // f64 arithmetic
  f64Add(): this { return this.op(0xa0); }

  // SIMD
  v128Load(offset = 0): this { return this.simd(0x00, 0, ...uleb(offset)); }
  v128Store(offset = 0): this { return this.simd(0x0b, 0, ...uleb(offset)); }
  /** A 128-bit constant of sixteen bytes. */
  v128Const(bytes: readonly number[]): this {
    if (bytes.length !== 16) throw new Error('v128.const takes 16 bytes');
    return this.simd(0x0c, ...bytes.map((b) => b & 0xff));
  }
  i64x2ExtractLane(lane: number): this { return this.simd(0x1d, lane); }
  ltS8(): this { return this.simd(0x25); }
  gtU8(): this { return this.simd(0x28); }
  v128And(): this { return this.simd(0x4e); }
  v128Xor(): this { return this.simd(0x51); }
  allTrue8(): this { return this.simd(0x63); }
  splat8(): this { return this.simd(0x0f); }
  eq8(): this { return this.simd(0x23); }
  ltU8(): this { return this.simd(0x26); }
  v128Or(): this { return this.simd(0x50); }
  anyTrue(): this { return this.simd(0x53); }
  bitmask8(): this { return this.simd(0x64); }

  /** A mask of the bytes of the v128 local `v` that equal any of `bytes`. */
  equalsAny(v: string, bytes: readonly number[]): this {
    bytes.forEach((byte, k) => {
      this.get(v).i32(byte).splat8().eq8();
      if (k > 0) this.v128Or();
    });
    return this;
  }

  /** The function's code entry: locals grouped by type, then the instructions and `end`. */
  encode(): number[] {
    if (this.labels.length) throw new Error(`unclosed blocks: ${this.labels.join(', ')}`);
    const groups: number[][] = this.localTypes.map((type) => [1, type]);
    const body = [...vector(groups), ...this.code, 0x0b];
    return [...uleb(body.length), ...body];
  }
}

/** A function (i) → the first offset from `i` whose byte is not one of `bytes` (a zero byte ends the input). */
export function skipBytesFunction(bytes: readonly number[]): FunctionBuilder {
  const f = new FunctionBuilder([['i', I32]], [I32]).local('c');
  f.loop('next').get('i').load8().set('c');
  bytes.forEach((byte, k) => {
    f.get('c').i32(byte).eq();
    if (k > 0) f.or();
  });
  f.if().get('i').i32(1).add().set('i').br('next').end();
  f.end();
  return f.get('i');
}

interface ModuleSpec {
  /** Imported memory `env.memory`, at least this many 64 KiB pages. */
  memoryPages: number;
  /** Mutable i32 globals, all starting at 0. */
  globals: number;
  functions: FunctionBuilder[];
  /** Exported function name → index. */
  exports: Record<string, number>;
}

export function assemble(spec: ModuleSpec): Uint8Array<ArrayBuffer> {
  const typeOf = (f: FunctionBuilder) => [0x60, ...vector(f.params.map(([, t]) => [t])), ...vector(f.results.map((t) => [t]))];
  const typeSection = section(1, vector(spec.functions.map(typeOf)));
  const importSection = section(2, vector([[...name('env'), ...name('memory'), 0x02, 0x00, ...uleb(spec.memoryPages)]]));
  const functionSection = section(3, vector(spec.functions.map((_, k) => uleb(k))));
  const globalSection = section(6, vector(Array.from({ length: spec.globals }, () => [I32, 0x01, 0x41, 0x00, 0x0b])));
  const exportSection = section(7, vector(Object.entries(spec.exports).map(([key, index]) => [...name(key), 0x00, ...uleb(index)])));
  const codeSection = section(10, vector(spec.functions.map((f) => f.encode())));
  return Uint8Array.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, ...typeSection, ...importSection, ...functionSection, ...globalSection, ...exportSection, ...codeSection]);
}
