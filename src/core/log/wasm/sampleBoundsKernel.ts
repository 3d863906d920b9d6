/**
 * A WebAssembly kernel that finds where the elements of a JSON array begin and end, the way
 * jsonScanner.valueEnd does (strings and brackets tracked exactly, other tokens not checked), and where
 * the values of some keys are (the "cuts" that indexing leaves out). It reads one window of the log; an
 * element that does not end inside the window, or anything unexpected, is left to the JavaScript scanner,
 * which also gives the exact error. Strings and the bytes between brackets are passed 16 at a time (SIMD).
 *
 * Memory (bytes): at 0 the results of a run (status, where to go on); cut keys at KEY_TABLE (offset,
 * length; quotes included) with their bytes at KEY_BYTES; element records at ELEMENTS (start, end, first
 * cut, cut count); cut pairs at CUTS; the window at IN, followed by a zero byte.
 */
import { assemble, FunctionBuilder, skipBytesFunction, types } from '../../engine/wasm/wasmAssembler';

export const STATUS = 0;
export const RESUME = 4;
export const KEY_COUNT = 8;
export const KEY_TABLE = 64;
export const MAX_KEYS = 8;
export const KEY_BYTES = 256;
export const KEY_BYTES_END = 1024;
export const ELEMENTS = 1024;
export const MAX_ELEMENTS = 16384;
export const CUTS = ELEMENTS + MAX_ELEMENTS * 16;
const MAX_CUTS = 65536;
export const IN = 1 << 20;
export const IN_SLACK = 64;

/** Run status: the window or a limit ended the run (go on from RESUME); the array ended (RESUME: after `]`); something unexpected at RESUME. */
const GO_ON = 0;
export const ARRAY_END = 1;
export const UNEXPECTED = 2;

const { i32, v128 } = types;
const CUT_COUNT = 0; // global: cut pairs written in this run

const STRING_END = 0;
const SKIP_WS = 1;
const VALUE_END = 2;

function stringEnd(): FunctionBuilder {
  const f = new FunctionBuilder([['i', i32], ['end', i32]], [i32]).local('m').local('c').local('v', v128);
  f.get('i').i32(1).add().set('i');
  f.loop('next');
  f.get('i').v128Load().set('v');
  f.equalsAny('v', [0x22, 0x5c, 0])
    .bitmask8().tee('m').eqz()
    .if().get('i').i32(16).add().set('i').br('next').end();
  f.get('i').get('m').ctz().add().tee('i').get('end').geU().if().i32(-1).return().end();
  f.get('i').load8().tee('c').i32(0x22).eq().if().get('i').i32(1).add().return().end();
  // A backslash passes the next byte; a zero byte inside the window is an ordinary byte.
  f.get('i').get('c').i32(0x5c).eq().i32(1).add().add().set('i').br('next');
  f.end();
  return f.i32(-1);
}


/** valueEnd(i, end, cuts) → the offset after the value at `i`, or -1; with `cuts`, records the values of the cut keys. */
function valueEnd(): FunctionBuilder {
  const f = new FunctionBuilder([['i', i32], ['end', i32], ['cuts', i32]], [i32]);
  for (const local of ['c', 'depth', 'm', 's', 'k', 'entry', 'len', 'off', 'b', 'j', 've', 'pair']) f.local(local);
  f.local('v', v128).local('folded', v128);
  f.get('i').get('end').geU().if().i32(-1).return().end();
  f.get('i').load8().tee('c').i32(0x22).eq().if().get('i').get('end').call(STRING_END).return().end();
  f.get('c').i32(0x20).or().i32(0x7b).ne().if();
  // A scalar: up to a comma, a closing bracket or a blank (none: unexpected).
  f.get('i').set('j');
  f.loop('scalar');
  f.get('j').get('end').geU().if().i32(-1).return().end();
  f.get('j').load8().tee('c').i32(0x2c).eq()
    .get('c').i32(0x20).or().i32(0x7d).eq().or()
    .get('c').i32(0x20).eq().or().get('c').i32(0x0a).eq().or().get('c').i32(0x0d).eq().or().get('c').i32(0x09).eq().or()
    .eqz().if().get('j').i32(1).add().set('j').br('scalar').end();
  f.end();
  f.get('j').get('i').eq().if().i32(-1).return().end();
  f.get('j').return();
  f.end();
  // An object or an array: brackets and strings, 16 bytes at a time in between.
  f.loop('next');
  // Bytes | 0x20: '{' and '[' become 0x7b, '}' and ']' 0x7d.
  f.get('i').v128Load().tee('v').i32(0x20).splat8().v128Or().set('folded');
  f.equalsAny('folded', [0x7b, 0x7d]).equalsAny('v', [0x22, 0]).v128Or()
    .bitmask8().tee('m').eqz()
    .if().get('i').i32(16).add().set('i').br('next').end();
  f.get('i').get('m').ctz().add().tee('i').get('end').geU().if().i32(-1).return().end();
  f.get('i').load8().tee('c').i32(0x22).eq().if();
  f.get('i').set('s');
  f.get('i').get('end').call(STRING_END).tee('i').i32(0).ltS().if().i32(-1).return().end();
  f.get('cuts').if();
  f.i32(0).set('k');
  f.block('keys').loop('key');
  f.get('k').i32(KEY_COUNT).load32().geU().brIf('keys');
  f.get('k').i32(8).mul().i32(KEY_TABLE).add().tee('entry').load32(4).tee('len').get('i').get('s').sub().eq().if();
  f.get('entry').load32().set('off');
  f.i32(0).set('b');
  f.block('differ').loop('byte');
  f.get('b').get('len').geU().if();
  // The key matches: a cut when a colon follows.
  f.get('i').call(SKIP_WS).tee('j').load8().i32(0x3a).ne().brIf('keys');
  f.get('j').i32(1).add().call(SKIP_WS).tee('j').get('end').i32(0).call(VALUE_END).tee('ve').i32(0).ltS().if().i32(-1).return().end();
  f.globalGet(CUT_COUNT).i32(MAX_CUTS).geU().if().i32(-1).return().end();
  f.globalGet(CUT_COUNT).i32(8).mul().i32(CUTS).add().tee('pair').get('j').i32(IN).sub().store32();
  f.get('pair').get('ve').i32(IN).sub().store32(4);
  f.globalGet(CUT_COUNT).i32(1).add().globalSet(CUT_COUNT);
  f.get('ve').set('i');
  f.br('keys');
  f.end();
  f.get('s').get('b').add().load8().get('off').get('b').add().load8().ne().brIf('differ');
  f.get('b').i32(1).add().set('b').br('byte');
  f.end().end(); // byte, differ
  f.end(); // length matches
  f.get('k').i32(1).add().set('k').br('key');
  f.end().end(); // key, keys
  f.end(); // cuts
  f.br('next');
  f.end(); // quote
  // '{' and '[' open, '}' and ']' close; a zero byte inside the window is an ordinary byte.
  f.get('c').i32(0x20).or().i32(0x7b).eq().if().get('depth').i32(1).add().set('depth').end();
  f.get('c').i32(0x20).or().i32(0x7d).eq().if()
    .get('depth').i32(1).sub().tee('depth').eqz().if().get('i').i32(1).add().return().end()
    .end();
  f.get('i').i32(1).add().set('i').br('next');
  f.end();
  return f.i32(-1);
}

/**
 * elements(from, length, maxElements) → elements: the elements of an array from `from` (the start of an
 * element, relative to IN), each with its cuts, while each ends inside the window and is followed by a
 * comma or the closing bracket. STATUS and RESUME say why it stopped and where to go on.
 */
function elements(): FunctionBuilder {
  const f = new FunctionBuilder([['from', i32], ['length', i32], ['maxElements', i32]], [i32]);
  for (const local of ['i', 'end', 'count', 've', 'j', 'c', 'rec', 'cutsBefore']) f.local(local);
  f.i32(IN).get('from').add().set('i');
  f.i32(IN).get('length').add().set('end');
  f.i32(0).globalSet(CUT_COUNT);
  f.i32(STATUS).i32(GO_ON).store32();
  f.block('stop').loop('element');
  f.get('count').get('maxElements').geU().brIf('stop');
  f.globalGet(CUT_COUNT).set('cutsBefore');
  f.get('i').get('end').i32(1).call(VALUE_END).tee('ve').i32(0).ltS().if().get('cutsBefore').globalSet(CUT_COUNT).br('stop').end();
  f.get('ve').call(SKIP_WS).tee('j').get('end').geU().if().get('cutsBefore').globalSet(CUT_COUNT).br('stop').end();
  f.get('j').load8().tee('c').i32(0x2c).ne().get('c').i32(0x5d).ne().and().if()
    .get('cutsBefore').globalSet(CUT_COUNT)
    .i32(STATUS).i32(UNEXPECTED).store32()
    .br('stop')
    .end();
  f.get('count').i32(16).mul().i32(ELEMENTS).add().tee('rec').get('i').i32(IN).sub().store32();
  f.get('rec').get('ve').i32(IN).sub().store32(4);
  f.get('rec').get('cutsBefore').store32(8);
  f.get('rec').globalGet(CUT_COUNT).get('cutsBefore').sub().store32(12);
  f.get('count').i32(1).add().set('count');
  f.get('c').i32(0x5d).eq().if()
    .i32(STATUS).i32(ARRAY_END).store32()
    .get('j').i32(1).add().set('i')
    .br('stop')
    .end();
  f.get('j').i32(1).add().call(SKIP_WS).set('i');
  f.br('element');
  f.end().end();
  f.i32(RESUME).get('i').i32(IN).sub().store32();
  return f.get('count');
}

/** The kernel's module bytes for a memory of `pages` pages. */
export function sampleBoundsKernelBytes(pages: number): Uint8Array<ArrayBuffer> {
  return assemble({
    memoryPages: pages,
    globals: 1,
    functions: [stringEnd(), skipBytesFunction([0x20, 0x0a, 0x0d, 0x09]), valueEnd(), elements()],
    exports: { elements: 3 },
  });
}
