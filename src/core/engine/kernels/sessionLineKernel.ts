/**
 * A WebAssembly kernel for one line of a Claude Code session file: it checks the whole line against the JSON
 * grammar (strings passed 16 bytes at a time) and gives where the values of the few members a session's
 * summary reads are: some top-level members, some members of `message` when it is an object, and some members
 * of each object in `message.content` when it is an array. Any line it is not sure of (not an object, invalid
 * JSON, a key with an escape, too many content items, nesting deeper than NESTED_DEPTH inside a value) is answered -1 and left to `JSON.parse`, which is exact in every case.
 *
 * Memory (bytes): key tables at TOP_TABLE, MESSAGE_TABLE, ITEM_TABLE and USAGE_TABLE (per key: offset, length of
 * its bytes, without quotes) with the key bytes at KEY_BYTES; value spans (start, end: memory offsets; -1 when
 * absent) at TOP_SPANS, MESSAGE_SPANS, USAGE_SPANS (members of `message.usage` when it is an object) and, per
 * content item, at ITEM_SPANS + k * ITEM_STRIDE; the number of content items at ITEM_COUNT; the escape table at
 * ESCAPE_TABLE; the input at IN, followed by a zero byte, which ends every token. A key written twice in an
 * object keeps its last value's span, as `JSON.parse` keeps the last value.
 */
import { assemble, FunctionBuilder, skipBytesFunction, types } from '../wasm/wasmAssembler';
import { blanks, ESCAPED, findLf, SKIP_SCALAR, SKIP_STRING, skipNested, skipNumber, skipScalar } from './jsonlKernel';

export const TOP_TABLE = 64;
export const MESSAGE_TABLE = 256;
export const ITEM_TABLE = 384;
export const USAGE_TABLE = 448;
export const KEY_BYTES = 512;
export const KEY_BYTES_END = 1024;
export const TOP_SPANS = 1024;
export const MESSAGE_SPANS = 1280;
export const USAGE_SPANS = 1344;
export const ITEM_COUNT = 1408;
export const ITEM_SPANS = 1536;
export const ITEM_STRIDE = 32;
const MAX_ITEMS = 64;
/** Per byte value: 1 when it may follow a backslash in a string, 2 for `u`, plus 4 for a hex digit. */
export const ESCAPE_TABLE = 4096;
export const IN = 65536;
/** Bytes after the input that the kernel may read (one 16-byte load past the zero byte). */
export const IN_SLACK = 64;

/** The top-level members read, in the order of their spans. */
export const TOP_KEYS = ['type', 'timestamp', 'sessionId', 'agentId', 'cwd', 'gitBranch', 'version', 'isMeta', 'requestId', 'message'] as const;
export const MESSAGE_KEYS = ['id', 'model', 'usage', 'content'] as const;
export const ITEM_KEYS = ['type', 'id', 'text'] as const;
export const USAGE_KEYS = ['input_tokens', 'output_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens'] as const;

const TOP_MESSAGE = TOP_KEYS.indexOf('message');
const MESSAGE_CONTENT = MESSAGE_KEYS.indexOf('content');
const MESSAGE_USAGE = MESSAGE_KEYS.indexOf('usage');

const { i32 } = types;

// Function indices: the shared builders call skipWs, skipString, skipNumber, skipScalar, skipNested at 0-3 and 6.
const SCAN_LINE = 5;
const MATCH_KEY = 7;
const WALK_TOP = 8;
const WALK_MESSAGE = 9;
const WALK_CONTENT = 10;
const WALK_ITEM = 11;
const WALK_MESSAGE_AT = 12;
const WALK_USAGE = 13;
const WALK_USAGE_AT = 14;

/**
 * skipString(i) → the offset after the string whose quote is at `i`, or -1 when it is invalid. Sixteen bytes are
 * loaded at a time; the quotes, backslashes and control bytes among them are taken from the mask one by one (a
 * simple escape consumes two bytes without a new load), each escape checked with ESCAPE_TABLE. Sets the ESCAPED
 * global when the string has an escape.
 */
function skipString(): FunctionBuilder {
  const f = new FunctionBuilder([['i', i32]], [i32]).local('c').local('k').local('m').local('p')
    .local('v', types.v128).local('quote', types.v128).local('backslash', types.v128).local('control', types.v128);
  f.i32(0x22).splat8().set('quote').i32(0x5c).splat8().set('backslash').i32(0x20).splat8().set('control');
  f.get('i').i32(1).add().set('i');
  f.loop('next');
  f.get('i').v128Load().tee('v').get('quote').eq8()
    .get('v').get('backslash').eq8().v128Or()
    .get('v').get('control').ltU8().v128Or()
    .bitmask8().tee('m').eqz()
    .if().get('i').i32(16).add().set('i').br('next').end();
  f.loop('special');
  f.get('i').get('m').ctz().tee('p').add().load8().tee('c').i32(0x22).eq()
    .if().get('i').get('p').add().i32(1).add().return().end();
  f.get('c').i32(0x5c).ne().if().i32(-1).return().end();
  f.i32(1).globalSet(ESCAPED);
  f.get('i').get('p').add().load8(1).load8(ESCAPE_TABLE).i32(3).and().tee('k').i32(1).eq().if();
  // A simple escape: its two bytes leave the mask; a new load only when they end the block.
  f.get('p').i32(14).geU().if().get('i').get('p').add().i32(2).add().set('i').br('next').end();
  f.get('m').i32(-1).get('p').i32(2).add().shl().and().tee('m').eqz()
    .if().get('i').i32(16).add().set('i').br('next').end();
  f.br('special');
  f.end();
  f.get('k').eqz().if().i32(-1).return().end();
  f.get('i').get('p').add().set('i');
  for (let d = 2; d <= 5; d++) f.get('i').load8(d).load8(ESCAPE_TABLE).i32(4).and().eqz().if().i32(-1).return().end();
  f.get('i').i32(6).add().set('i').br('next');
  f.end(); // special
  f.end(); // next
  return f.i32(-1);
}

/** matchKey(at, length, table, count) → the index of the table's key equal to the `length` bytes at `at`, or -1. */
function matchKey(): FunctionBuilder {
  const f = new FunctionBuilder([['at', i32], ['length', i32], ['table', i32], ['count', i32]], [i32]).local('k').local('entry').local('key').local('b');
  f.block('none').loop('entries');
  f.get('k').get('count').geU().brIf('none');
  f.get('table').get('k').i32(8).mul().add().tee('entry').load32(4).get('length').eq().if('candidate');
  f.get('entry').load32().set('key').i32(0).set('b');
  f.block('differs').loop('bytes');
  f.get('b').get('length').geU().if().get('k').return().end();
  f.get('at').get('b').add().load8().get('key').get('b').add().load8().ne().brIf('differs');
  f.get('b').i32(1).add().set('b').br('bytes');
  f.end().end(); // bytes, differs
  f.end(); // candidate
  f.get('k').i32(1).add().set('k').br('entries');
  f.end().end(); // entries, none
  return f.i32(-1);
}

/**
 * walk(j, spans) → the offset after the object whose `{` is at `j`, or -1; writes the spans of the table's keys
 * at `spans`. `nested` may replace the plain pass over a value (the value's first byte is in `c`, its index in `w`).
 */
function objectWalker(table: number, count: number, nested?: (f: FunctionBuilder) => void): FunctionBuilder {
  const f = new FunctionBuilder([['j', i32], ['spans', i32]], [i32]).local('c').local('key').local('w').local('start');
  for (let k = 0; k < count; k++) f.get('spans').i32(-1).store32(k * 8);
  f.get('j').i32(1).add().set('j');
  blanks(f).get('c').i32(0x7d).eq().if().get('j').i32(1).add().return().end();
  f.loop('member');
  f.get('c').i32(0x22).ne().if().i32(-1).return().end();
  f.i32(0).globalSet(ESCAPED);
  f.get('j').set('key');
  f.get('j').call(SKIP_STRING).tee('j').i32(0).ltS().if().i32(-1).return().end();
  f.globalGet(ESCAPED).if().i32(-1).return().end();
  f.get('key').i32(1).add().get('j').get('key').sub().i32(2).sub().i32(table).i32(count).call(MATCH_KEY).set('w');
  blanks(f).get('c').i32(0x3a).ne().if().i32(-1).return().end();
  f.get('j').i32(1).add().set('j');
  blanks(f).get('j').set('start');
  if (nested) nested(f);
  else f.get('j').call(SKIP_SCALAR).set('j');
  f.get('j').i32(0).ltS().if().i32(-1).return().end();
  f.get('w').i32(0).geS().if()
    .get('spans').get('w').i32(8).mul().add().get('start').store32()
    .get('spans').get('w').i32(8).mul().add().get('j').store32(4)
    .end();
  blanks(f).get('c').i32(0x2c).eq().if()
    .get('j').i32(1).add().set('j');
  blanks(f).br('member').end();
  f.get('c').i32(0x7d).ne().if().i32(-1).return().end();
  f.end(); // member
  return f.get('j').i32(1).add();
}

/** A walker whose members at `special` indexes, when their value starts with the given byte, are passed by the given function (j). */
function walkerWith(table: number, count: number, special: { index: number; open: number; call: number }[]): FunctionBuilder {
  return objectWalker(table, count, (f) => {
    f.block('passed');
    for (const { index, open, call } of special) {
      f.get('w').i32(index).eq().get('c').i32(open).eq().and()
        .if().get('j').call(call).set('j').br('passed').end();
    }
    f.get('j').call(SKIP_SCALAR).set('j');
    f.end();
  });
}

/** walkContent(j) → the offset after the array at `j`, or -1; each object in it is walked into its item spans. */
function walkContent(): FunctionBuilder {
  const f = new FunctionBuilder([['j', i32]], [i32]).local('c').local('n');
  f.get('j').i32(1).add().set('j');
  blanks(f).get('c').i32(0x5d).eq().if().i32(ITEM_COUNT).i32(0).store32().get('j').i32(1).add().return().end();
  f.loop('item');
  f.get('c').i32(0x7b).eq().if()
    .get('n').i32(MAX_ITEMS).geU().if().i32(-1).return().end()
    .get('j').get('n').i32(ITEM_STRIDE).mul().i32(ITEM_SPANS).add().call(WALK_ITEM).set('j')
    .get('n').i32(1).add().set('n')
    .else().get('j').call(SKIP_SCALAR).set('j')
    .end();
  f.get('j').i32(0).ltS().if().i32(-1).return().end();
  blanks(f).get('c').i32(0x2c).eq().if()
    .get('j').i32(1).add().set('j');
  blanks(f).br('item').end();
  f.get('c').i32(0x5d).ne().if().i32(-1).return().end();
  f.end(); // item
  f.i32(ITEM_COUNT).get('n').store32();
  return f.get('j').i32(1).add();
}

/** A walker (j) → end for a fixed spans address, calling the two-parameter walker at `index`. */
function fixedSpans(walker: number, spans: number): FunctionBuilder {
  const f = new FunctionBuilder([['j', i32]], [i32]);
  return f.get('j').i32(spans).call(walker);
}

/** scanLine(i) → the offset of the line feed ending the line at `i` when it was scanned, else -1. */
function scanLine(): FunctionBuilder {
  const f = new FunctionBuilder([['j', i32]], [i32]).local('c');
  blanks(f).get('c').i32(0x7b).ne().if().i32(-1).return().end();
  f.get('j').i32(TOP_SPANS).call(WALK_TOP).tee('j').i32(0).ltS().if().i32(-1).return().end();
  blanks(f).get('c').i32(0x0a).ne().if().i32(-1).return().end();
  return f.get('j');
}

/** The byte table of escapes (see ESCAPE_TABLE). */
export function escapeTable(): Uint8Array {
  const table = new Uint8Array(256);
  for (const c of '"\\/bfnrt') table[c.charCodeAt(0)] = 1;
  table[0x75] = 2;
  for (const c of '0123456789abcdefABCDEF') table[c.charCodeAt(0)] |= 4;
  return table;
}

/** The kernel's module bytes for a memory of `pages` pages (ESCAPE_TABLE and the key tables are written by its user). */
export function sessionLineKernelBytes(pages: number): Uint8Array<ArrayBuffer> {
  const functions: FunctionBuilder[] = [];
  functions[0] = skipBytesFunction([0x20, 0x09, 0x0d]);
  functions[SKIP_STRING] = skipString();
  functions[2] = skipNumber();
  functions[SKIP_SCALAR] = skipScalar();
  functions[4] = findLf();
  functions[SCAN_LINE] = scanLine();
  functions[6] = skipNested();
  functions[MATCH_KEY] = matchKey();
  functions[WALK_TOP] = walkerWith(TOP_TABLE, TOP_KEYS.length, [{ index: TOP_MESSAGE, open: 0x7b, call: WALK_MESSAGE }]);
  functions[WALK_MESSAGE] = fixedSpans(WALK_MESSAGE_AT, MESSAGE_SPANS);
  functions[WALK_CONTENT] = walkContent();
  functions[WALK_ITEM] = objectWalker(ITEM_TABLE, ITEM_KEYS.length);
  functions[WALK_MESSAGE_AT] = walkerWith(MESSAGE_TABLE, MESSAGE_KEYS.length, [
    { index: MESSAGE_CONTENT, open: 0x5b, call: WALK_CONTENT }, { index: MESSAGE_USAGE, open: 0x7b, call: WALK_USAGE },
  ]);
  functions[WALK_USAGE] = fixedSpans(WALK_USAGE_AT, USAGE_SPANS);
  functions[WALK_USAGE_AT] = objectWalker(USAGE_TABLE, USAGE_KEYS.length);
  return assemble({ memoryPages: pages, globals: 1, functions, exports: { scanLine: SCAN_LINE } });
}
