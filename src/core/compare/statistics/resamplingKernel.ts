/**
 * The costly cases of the paired bootstrap and the sign-flip permutation test in WebAssembly (docs/semantics.md
 * §12), when the differences take too many distinct values to be resampled by value:
 * - `drawSums`: resamples of n differences drawn with replacement, each the sum of the values at ⌊u·n/2^32⌋ for the
 *   generator's next n outputs u, drawn and added in the same order as Xoshiro128StarStar.sumOfDraws;
 * - `signedSums`: random sign patterns, each the sum over the output words of SignTables' eight looked-up sums,
 *   added in the same order as SignTables.signedSum.
 * Both give the same sums to the bit as the JavaScript, which stays the fallback where WebAssembly is missing or
 * not allowed; the index is an exact 64-bit product here, where JavaScript needs a float multiply and a truncation
 * (bench/resampling.bench.ts has the figures).
 *
 * Memory (bytes): the generator's four state words at STATE; the sums of one call at SUMS; the data (the
 * differences, or the sign tables) at DATA.
 */
import { compiledOnce, pagesFor } from '../../engine/wasm/compiledModule';
import { assemble, FunctionBuilder, types } from '../../engine/wasm/wasmAssembler';
import type { Xoshiro128StarStar } from './seededRandom';

const STATE = 0;
const SUMS = 16;
/** Sums per call: the kernel reaches its optimised code after its first calls (tiering is per call). */
const SUMS_PER_CALL = 64;
const DATA = SUMS + SUMS_PER_CALL * 8;
/** Bytes of sign tables per generator output: eight groups of four differences, 16 sums of 8 bytes each. */
const TABLE_BYTES_PER_WORD = 8 * 16 * 8;

const { i32, i64, f64 } = types;

/** A function (length, count) whose body sums `count` times into `sum` and stores each sum at SUMS. */
function sumsFunction(locals: (f: FunctionBuilder) => void, oneSum: (f: FunctionBuilder) => void): FunctionBuilder {
  const f = new FunctionBuilder([['length', i32], ['count', i32]], [])
    .local('s0').local('s1').local('s2').local('s3').local('i').local('r').local('output').local('t').local('sum', f64);
  locals(f);
  f.i32(0).load32(STATE).set('s0').i32(0).load32(STATE + 4).set('s1').i32(0).load32(STATE + 8).set('s2').i32(0).load32(STATE + 12).set('s3');
  f.i32(0).set('r');
  f.block('done').loop('next');
  f.get('r').get('count').geU().brIf('done');
  f.f64(0).set('sum');
  oneSum(f);
  f.get('r').i32(3).shl().get('sum').f64Store(SUMS);
  f.get('r').i32(1).add().set('r').br('next');
  f.end().end();
  f.i32(0).get('s0').store32(STATE).i32(0).get('s1').store32(STATE + 4).i32(0).get('s2').store32(STATE + 8).i32(0).get('s3').store32(STATE + 12);
  return f;
}

/** The generator's next output into `output`, and its state one step on: xoshiro128** as in seededRandom.ts. */
function nextOutput(f: FunctionBuilder): void {
  f.get('s1').i32(5).mul().i32(7).rotl().i32(9).mul().set('output');
  f.get('s1').i32(9).shl().set('t');
  f.get('s2').get('s0').xor().set('s2');
  f.get('s3').get('s1').xor().set('s3');
  f.get('s1').get('s2').xor().set('s1');
  f.get('s0').get('s3').xor().set('s0');
  f.get('s2').get('t').xor().set('s2');
  f.get('s3').i32(11).rotl().set('s3');
}

/** drawSums(n, count): sum += values[⌊output·n / 2^32⌋] for n outputs. */
function drawSumsFunction(): FunctionBuilder {
  return sumsFunction(
    (f) => f.local('n64', i64),
    (f) => {
      f.get('length').i64ExtendI32U().set('n64').i32(0).set('i');
      f.block('drawn').loop('draw');
      f.get('i').get('length').geU().brIf('drawn');
      nextOutput(f);
      f.get('sum').get('output').i64ExtendI32U().get('n64').i64Mul().i64(32n).i64ShrU().i32WrapI64().i32(3).shl().f64Load(DATA).f64Add().set('sum');
      f.get('i').i32(1).add().set('i').br('draw');
      f.end().end();
    },
  );
}

/** signedSums(words, count): per output word, the eight table sums its 4-bit groups pick, added left to right. */
function signedSumsFunction(): FunctionBuilder {
  return sumsFunction(
    (f) => f.local('at'),
    (f) => {
      f.i32(0).set('at').i32(0).set('i');
      f.block('summed').loop('word');
      f.get('i').get('length').geU().brIf('summed');
      nextOutput(f);
      f.get('sum');
      for (let group = 0; group < 8; group++) {
        // Byte offset of sum (output >>> 4·group) & 15 in this group's 16: that value times 8.
        f.get('at').get('output');
        if (group === 0) f.i32(3).shl();
        else f.i32(4 * group - 3).shrU();
        f.i32(0x78).and().add().f64Load(DATA + group * 128);
        if (group > 0) f.f64Add();
      }
      f.f64Add().set('sum');
      f.get('at').i32(TABLE_BYTES_PER_WORD).add().set('at');
      f.get('i').i32(1).add().set('i').br('word');
      f.end().end();
    },
  );
}

const kernelModule = compiledOnce(() =>
  assemble({ memoryPages: 1, globals: 0, functions: [drawSumsFunction(), signedSumsFunction()], exports: { drawSums: 0, signedSums: 1 } }),
);

type SumsExport = (length: number, count: number) => void;

/** The data of one resampling in a kernel's memory. */
export class ResamplingKernel {
  private readonly words: Int32Array;
  private readonly sumsView: Float64Array;

  private constructor(memory: WebAssembly.Memory, private readonly instance: WebAssembly.Instance, private readonly length: number) {
    this.words = new Int32Array(memory.buffer, STATE, 4);
    this.sumsView = new Float64Array(memory.buffer, SUMS, SUMS_PER_CALL);
  }

  /** A kernel holding `data`; undefined where WebAssembly is missing or its memory cannot be had (JavaScript runs then). */
  static holding(data: Float64Array): ResamplingKernel | undefined {
    const module = kernelModule();
    if (!module || data.length >= 2 ** 28) return undefined;
    try {
      const pages = pagesFor(DATA + data.length * 8);
      const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
      const instance = new WebAssembly.Instance(module, { env: { memory } });
      new Float64Array(memory.buffer, DATA, data.length).set(data);
      return new ResamplingKernel(memory, instance, data.length);
    } catch {
      return undefined;
    }
  }

  /**
   * With the differences as data: the sums of bootstrap resamples `from` to `to` − 1 into `into` at those positions,
   * drawn by `random`, which then stands where as many calls of its sumOfDraws would have left it.
   */
  drawSumsInto(into: Float64Array, from: number, to: number, random: Xoshiro128StarStar): void {
    this.run('drawSums', this.length, into, from, to, random);
  }

  /**
   * With SignTables' sums as data: the sums of sign patterns `from` to `to` − 1 into `into` at those positions,
   * drawn by `random`, which then stands where as many calls of SignTables.signedSum would have left it.
   */
  signedSumsInto(into: Float64Array, from: number, to: number, random: Xoshiro128StarStar): void {
    this.run('signedSums', (this.length * 8) / TABLE_BYTES_PER_WORD, into, from, to, random);
  }

  private run(name: 'drawSums' | 'signedSums', length: number, into: Float64Array, from: number, to: number, random: Xoshiro128StarStar): void {
    const sums = this.instance.exports[name] as SumsExport;
    random.writeState(this.words, 0);
    for (let at = from; at < to; at += SUMS_PER_CALL) {
      const count = Math.min(SUMS_PER_CALL, to - at);
      sums(length, count);
      into.set(count === SUMS_PER_CALL ? this.sumsView : this.sumsView.subarray(0, count), at);
    }
    random.readState(this.words, 0);
  }
}
