/**
 * A WebAssembly kernel that scans JSONL lines of one known shape: each line must be one JSON object whose
 * members are, in order, the keys of a table (byte for byte), blanks allowed between tokens. Values may be
 * scalars or objects and arrays nested up to NESTED_DEPTH levels, which are passed over (checked, never
 * decoded). For such a line it checks the whole JSON grammar and gives where the wanted members' values
 * are. A member may instead have a table of second-level keys: when its value is an object, the kernel
 * walks into it and gives where the values of those keys are (the last one of a repeated key, as
 * JSON.parse keeps; missing when absent or when the value is not an object). A second-level key with an
 * escape sequence leaves the line to JavaScript, since its bytes are not its name. Any other line (another shape, a value nested deeper, a blank line, invalid JSON) is only
 * delimited, and left to the JavaScript scanner, which is exact in every case. Strings are passed over
 * 16 bytes at a time (SIMD).
 *
 * Lines whose values all have ids with known outcomes are counted in the kernel (jsonlKernelOutcomes.ts);
 * only the others get a record. Memory layout: jsonlKernelLayout.ts.
 */
import { assemble, FunctionBuilder, skipBytesFunction, types } from '../wasm/wasmAssembler';
import { CONFIG_FILTERS, CONFIG_LINES, CONFIG_NEXT, CONFIG_POSITIONS, CONFIG_WANTED, IN, OUT, RECORD_HEADER, TABLE } from './jsonlKernelLayout';
import { decideFunction, valueIdFunction } from './jsonlKernelOutcomes';

export { IN, IN_SLACK, KEYS, KEYS_END, MAX_POSITIONS, OUT, OUT_BYTES, recordBytes, SUBS, TABLE } from './jsonlKernelLayout';

const { i32 } = types;
export const ESCAPED = 0; // global: a string just passed had an escape sequence
const LEAF_ESCAPES = 1; // global: escape bits of the second-level values of the current line

/** Function indices the exported builders call: a module using them places them at these indices. */
export const SKIP_WS = 0;
export const SKIP_STRING = 1;
const SKIP_NUMBER = 2;
export const SKIP_SCALAR = 3;
const FIND_LF = 4;
const SKIP_NESTED = 6;
const WALK_MEMBERS = 7;
const VALUE_ID = 8;
const DECIDE_LINE = 9;

/** Levels of objects and arrays the kernel passes over; a line nested deeper is left to JavaScript. */
export const NESTED_DEPTH = 32;


/**
 * Sets local `at` past blanks and leaves the byte there in `c`. Only a byte below 0x21 can be a blank, so
 * skipWs is called only for such a byte (there rarely is one).
 */
function pastBlanksAt(f: FunctionBuilder, at: string): FunctionBuilder {
  return f.get(at).load8().tee('c').i32(0x21).ltU()
    .if().get(at).call(SKIP_WS).tee(at).load8().set('c').end();
}

/** `c - lo <u span` on the value in `c`. */
function inRange(f: FunctionBuilder, c: string, lo: number, span: number): FunctionBuilder {
  return f.get(c).i32(lo).sub().i32(span).ltU();
}

export function skipString(): FunctionBuilder {
  const f = new FunctionBuilder([['i', i32]], [i32]).local('c').local('e').local('m').local('v', types.v128);
  f.get('i').i32(1).add().set('i');
  // The bytes of 16 at `i + offset` that are a quote, a backslash or a control byte, as a mask: XOR 0x02
  // turns a quote into 0x20 and keeps control bytes below 0x20, so one "below 0x21" test finds both.
  const specialBytes = (offset: number) => f.get('i').v128Load(offset).tee('v').i32(0x02).splat8().v128Xor().i32(0x21).splat8().ltU8()
    .get('v').i32(0x5c).splat8().eq8().v128Or().bitmask8();
  f.loop('next');
  // Thirty-two bytes at a time while none is special.
  specialBytes(0).tee('m').eqz().if();
  specialBytes(16).tee('m').eqz().if().get('i').i32(32).add().set('i').br('next').end();
  f.get('i').i32(16).add().set('i');
  f.end();
  f.get('i').get('m').ctz().add().tee('i').load8().tee('c').i32(0x22).eq()
    .if().get('i').i32(1).add().return().end();
  f.get('c').i32(0x5c).eq()
    .if()
    .i32(1).globalSet(ESCAPED)
    .get('i').load8(1).tee('e').i32(0x75).eq()
    .if();
  for (let k = 2; k <= 5; k++) {
    // Four hex digits: a digit, or a letter a-f in either case.
    f.get('i').load8(k).tee('c').i32(0x30).sub().i32(10).ltU()
      .get('c').i32(0x20).or().i32(0x61).sub().i32(6).ltU().or().eqz()
      .if().i32(-1).return().end();
  }
  f.get('i').i32(6).add().set('i').br('next')
    .end();
  for (const allowed of [0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]) {
    f.get('e').i32(allowed).eq().if().get('i').i32(2).add().set('i').br('next').end();
  }
  f.i32(-1).return()
    .end();
  // A control byte (the zero byte after the input included).
  f.i32(-1).return();
  f.end();
  return f.i32(-1);
}

function skipDigits(f: FunctionBuilder, label: string): void {
  f.loop(label);
  f.get('i').load8().set('c');
  inRange(f, 'c', 0x30, 10).if().get('i').i32(1).add().set('i').br(label).end();
  f.end();
}

export function skipNumber(): FunctionBuilder {
  const f = new FunctionBuilder([['i', i32]], [i32]).local('c');
  f.get('i').load8().i32(0x2d).eq().if().get('i').i32(1).add().set('i').end();
  f.get('i').load8().tee('c').i32(0x30).eq();
  f.if().get('i').i32(1).add().set('i');
  f.else();
  inRange(f, 'c', 0x31, 9).eqz().if().i32(-1).return().end();
  skipDigits(f, 'int');
  f.end();
  f.get('i').load8().i32(0x2e).eq().if();
  f.get('i').i32(1).add().tee('i').load8().set('c');
  inRange(f, 'c', 0x30, 10).eqz().if().i32(-1).return().end();
  skipDigits(f, 'fraction');
  f.end();
  f.get('i').load8().i32(0x20).or().i32(0x65).eq().if();
  f.get('i').i32(1).add().tee('i').load8().tee('c').i32(0x2b).eq().get('c').i32(0x2d).eq().or()
    .if().get('i').i32(1).add().set('i').end();
  f.get('i').load8().set('c');
  inRange(f, 'c', 0x30, 10).eqz().if().i32(-1).return().end();
  skipDigits(f, 'exponent');
  f.end();
  return f.get('i');
}

export function skipScalar(): FunctionBuilder {
  const f = new FunctionBuilder([['i', i32]], [i32]).local('c');
  f.get('i').load8().tee('c').i32(0x22).eq().if().get('i').call(SKIP_STRING).return().end();
  // true / null as one word; false as 'fals' then 'e'.
  f.get('c').i32(0x74).eq().if()
    .get('i').load32().i32(0x65757274).eq().if().get('i').i32(4).add().return().end()
    .i32(-1).return().end();
  f.get('c').i32(0x6e).eq().if()
    .get('i').load32().i32(0x6c6c756e).eq().if().get('i').i32(4).add().return().end()
    .i32(-1).return().end();
  f.get('c').i32(0x66).eq().if()
    .get('i').load32().i32(0x736c6166).eq().get('i').load8(4).i32(0x65).eq().and()
    .if().get('i').i32(5).add().return().end()
    .i32(-1).return().end();
  f.get('c').i32(0x2d).eq();
  inRange(f, 'c', 0x30, 10).or().if().get('i').call(SKIP_NUMBER).return().end();
  f.get('c').i32(0x7b).eq().get('c').i32(0x5b).eq().or().if().get('i').call(SKIP_NESTED).return().end();
  return f.i32(-1);
}

/** The closing byte of the innermost open value: '}' when the low bit of `kinds` is set (an object), else ']'. */
function closing(f: FunctionBuilder): FunctionBuilder {
  return f.get('kinds').i32(1).and().i32(0x20).mul().i32(0x5d).add();
}

/** After an opening byte or a comma: 2 (a key is next) inside an object, 0 (a value is next) inside an array. */
function nextInside(f: FunctionBuilder): FunctionBuilder {
  return f.get('kinds').i32(1).and().i32(1).shl().set('state');
}

/** Leaves the innermost open value (its closing byte is at `i`); the state stays "after a value". */
function closeValue(f: FunctionBuilder): FunctionBuilder {
  return f.get('i').i32(1).add().set('i')
    .get('depth').i32(1).sub().set('depth')
    .get('kinds').i32(1).shrU().set('kinds');
}

/**
 * skipNested(i) → the offset after the object or array at `i`, checked against the JSON grammar without
 * recursion (one bit per open level says object or array), or -1 when it is invalid or nested deeper
 * than NESTED_DEPTH.
 */
export function skipNested(): FunctionBuilder {
  const f = new FunctionBuilder([['i', i32]], [i32]).local('c').local('depth').local('kinds').local('state');
  // Sets `i` past blanks, calling skipWs only when there is one.
  const pastBlanks = () => pastBlanksAt(f, 'i');
  // state 0: a value is next; 1: a value just ended; 2: a member's key is next.
  f.loop('step');
  f.get('state').i32(2).eq().if()
    .get('i').load8().i32(0x22).ne().if().i32(-1).return().end()
    .get('i').call(SKIP_STRING).tee('i').i32(0).ltS().if().i32(-1).return().end();
  pastBlanks();
  f.get('i').load8().i32(0x3a).ne().if().i32(-1).return().end()
    .get('i').i32(1).add().set('i');
  pastBlanks();
  f.i32(0).set('state').end();
  f.get('state').eqz().if();
  f.get('i').load8().tee('c').i32(0x7b).eq().get('c').i32(0x5b).eq().or().if()
    .get('depth').i32(NESTED_DEPTH).geU().if().i32(-1).return().end()
    .get('depth').i32(1).add().set('depth')
    .get('kinds').i32(1).shl().get('c').i32(0x7b).eq().or().set('kinds')
    .get('i').i32(1).add().set('i');
  pastBlanks();
  f.get('i').load8();
  closing(f).eq().if();
  closeValue(f).i32(1).set('state');
  f.else();
  nextInside(f);
  f.end().br('step').end();
  // A string directly (the usual value), any other scalar through skipScalar.
  f.get('c').i32(0x22).eq().if().get('i').call(SKIP_STRING).set('i').else().get('i').call(SKIP_SCALAR).set('i').end();
  f.get('i').i32(0).ltS().if().i32(-1).return().end();
  f.i32(1).set('state');
  f.end();
  // A value just ended: the end of the outermost one, a comma, or the innermost open value's closing byte.
  f.get('depth').eqz().if().get('i').return().end();
  pastBlanks();
  f.get('i').load8().tee('c').i32(0x2c).eq().if()
    .get('i').i32(1).add().set('i');
  pastBlanks();
  nextInside(f).br('step').end();
  f.get('c');
  closing(f).ne().if().i32(-1).return().end();
  closeValue(f).br('step');
  f.end();
  return f.i32(-1);
}

/**
 * walkMembers(i, sub, rec) → the offset after the value at `i`, or -1 (invalid, or a key with an escape
 * sequence). Marks every wanted value of the second-level table `sub` missing in the record at `rec`,
 * then, when the value is an object, records where the values of the table's keys are.
 */
function walkMembers(): FunctionBuilder {
  const f = new FunctionBuilder([['i', i32], ['sub', i32], ['rec', i32]], [i32])
    .local('c').local('n').local('k').local('e').local('keyStart').local('keyLen').local('w').local('valueStart').local('m');
  const slotAt = () => f.get('rec').get('w').i32(8).mul().add();
  // Every wanted value of the table: missing until its key is found.
  f.get('sub').load32().set('n');
  f.loop('reset');
  f.get('k').get('n').ltU().if()
    .get('sub').get('k').i32(12).mul().add().load32(12).set('w');
  slotAt().i32(-1).store32(RECORD_HEADER);
  slotAt().i32(-1).store32(RECORD_HEADER + 4);
  f.get('k').i32(1).add().set('k').br('reset').end();
  f.end();
  f.get('i').load8().i32(0x7b).ne().if().get('i').call(SKIP_SCALAR).return().end();
  const pastBlanks = () => pastBlanksAt(f, 'i');
  f.get('i').i32(1).add().set('i');
  pastBlanks();
  f.get('c').i32(0x7d).eq().if().get('i').i32(1).add().return().end();
  f.loop('member');
  f.get('c').i32(0x22).ne().if().i32(-1).return().end();
  f.get('i').set('keyStart');
  f.i32(0).globalSet(ESCAPED);
  f.get('i').call(SKIP_STRING).tee('i').i32(0).ltS().if().i32(-1).return().end();
  f.globalGet(ESCAPED).if().i32(-1).return().end();
  f.get('i').get('keyStart').sub().set('keyLen');
  // The wanted index of the key: its bytes against each key of the table (-1: not wanted).
  f.i32(-1).set('w');
  f.i32(0).set('k');
  f.block('found').loop('key');
  f.get('k').get('n').geU().brIf('found');
  f.get('sub').get('k').i32(12).mul().add().set('e');
  f.get('e').load32(8).get('keyLen').eq().if();
  f.i32(0).set('m');
  // Eight bytes at a time, then byte by byte.
  f.block('differs');
  f.loop('eight');
  f.get('keyLen').get('m').i32(8).add().geU().if()
    .get('keyStart').get('m').add().load64().get('e').load32(4).get('m').add().load64().i64Ne().brIf('differs')
    .get('m').i32(8).add().set('m').br('eight')
    .end();
  f.end();
  f.loop('byte');
  f.get('m').get('keyLen').eq().if().get('e').load32(12).set('w').br('found').end();
  f.get('keyStart').get('m').add().load8().get('e').load32(4).get('m').add().load8().ne().brIf('differs');
  f.get('m').i32(1).add().set('m').br('byte');
  f.end().end(); // byte, differs
  f.end();
  f.get('k').i32(1).add().set('k').br('key');
  f.end().end(); // key, found
  pastBlanks();
  f.get('c').i32(0x3a).ne().if().i32(-1).return().end();
  f.get('i').i32(1).add().set('i');
  pastBlanks();
  f.get('i').set('valueStart');
  f.i32(0).globalSet(ESCAPED);
  f.get('i').call(SKIP_SCALAR).tee('i').i32(0).ltS().if().i32(-1).return().end();
  f.get('w').i32(0).geS().if();
  slotAt().get('valueStart').i32(IN).sub().store32(RECORD_HEADER);
  slotAt().get('i').i32(IN).sub().store32(RECORD_HEADER + 4);
  f.globalGet(ESCAPED).if().globalGet(LEAF_ESCAPES).i32(1).get('w').shl().or().globalSet(LEAF_ESCAPES).end();
  f.end();
  pastBlanks();
  f.get('c').i32(0x2c).eq().if()
    .get('i').i32(1).add().set('i');
  pastBlanks();
  f.br('member').end();
  f.get('c').i32(0x7d).eq().if().get('i').i32(1).add().return().end();
  f.i32(-1).return();
  f.end(); // member
  return f.i32(-1);
}

export function findLf(): FunctionBuilder {
  const f = new FunctionBuilder([['i', i32], ['end', i32]], [i32]).local('m');
  f.loop('wide');
  f.get('i').i32(16).add().get('end').ltU().if()
    .get('i').v128Load().i32(0x0a).splat8().eq8().bitmask8().tee('m').eqz()
    .if().get('i').i32(16).add().set('i').br('wide').end()
    .get('i').get('m').ctz().add().return()
    .end();
  f.end();
  f.loop('narrow');
  f.get('i').get('end').geU().if().i32(-1).return().end();
  f.get('i').load8().i32(0x0a).eq().if().get('i').return().end();
  f.get('i').i32(1).add().set('i').br('narrow');
  f.end();
  return f.i32(-1);
}

/** Sets `j` past blanks; calls skipWs only when there is one (there rarely is). Leaves the byte at `j` in `c`. */
export function blanks(f: FunctionBuilder): FunctionBuilder {
  return pastBlanksAt(f, 'j');
}

/**
 * scan(from, length, stop, maxRecords) → records: scans whole lines of the input from IN + from while a
 * line starts before `stop` and fewer than `maxRecords` records were written (offsets relative to IN).
 * Stops before a line with no line feed. Leaves at CONFIG_NEXT where it stopped and at CONFIG_LINES how
 * many lines it passed (counted here or written as records).
 */
/** Every wanted value of the record at `rec`: not there until its member is found. */
function resetWantedValues(f: FunctionBuilder): void {
  f.i32(0).set('k');
  f.loop('reset');
  f.get('k').get('wanted').ltU().if()
    .get('rec').get('k').i32(8).mul().add().i32(-1).store32(RECORD_HEADER)
    .get('k').i32(1).add().set('k').br('reset')
    .end();
  f.end();
}

/** The key of the table entry at `j` (`keyOff`, `keyLen`), eight bytes at a time, then byte by byte; else to `leave`. */
function matchKey(f: FunctionBuilder): void {
  f.i32(0).set('k');
  f.loop('key8');
  f.get('keyLen').get('k').i32(8).add().geU().if()
    .get('j').get('k').add().load64().get('keyOff').get('k').add().load64().i64Ne().brIf('leave')
    .get('k').i32(8).add().set('k').br('key8')
    .end();
  f.end();
  f.loop('key1');
  f.get('k').get('keyLen').ltU().if()
    .get('j').get('k').add().load8().get('keyOff').get('k').add().load8().ne().brIf('leave')
    .get('k').i32(1).add().set('k').br('key1')
    .end();
  f.end();
}

/** A wanted member's value (`valueStart` to `j`) in the record at `rec`, and whether it holds an escape. */
function storeWantedValue(f: FunctionBuilder): void {
  f.get('entry').load32(8).tee('w').i32(0).geS().if()
    .get('rec').get('w').i32(8).mul().add().get('valueStart').i32(IN).sub().store32(RECORD_HEADER)
    .get('rec').get('w').i32(8).mul().add().get('j').i32(IN).sub().store32(RECORD_HEADER + 4)
    .globalGet(ESCAPED).if().get('escapes').i32(1).get('w').shl().or().set('escapes').end()
    .end();
}

/** A line of the table's shape written as a record (its span, escapes and line), then the next line. */
function writeShapedRecord(f: FunctionBuilder): void {
  f.get('rec').get('lineStart').i32(IN).sub().store32(0);
  f.get('rec').get('j').i32(IN).sub().store32(4);
  f.get('rec').i32(0).store32(8);
  f.get('rec').get('escapes').globalGet(LEAF_ESCAPES).or().store32(12);
  f.get('rec').get('lines').i32(1).sub().store32(16);
  f.get('rec').get('recSize').add().set('rec');
  f.get('records').i32(1).add().set('records');
  f.br('line');
}

/** Any other line: only delimited, or the end when it has no line feed yet. */
function writeOtherLine(f: FunctionBuilder): void {
  f.get('lineStart').get('end').call(FIND_LF).tee('lf').i32(0).ltS().brIf('done');
  f.get('rec').get('lineStart').i32(IN).sub().store32(0);
  f.get('rec').get('lf').i32(IN).sub().store32(4);
  f.get('rec').i32(1).store32(8);
  f.get('rec').get('lines').store32(16);
  f.get('lf').i32(1).add().set('i');
  f.get('rec').get('recSize').add().set('rec');
  f.get('lines').i32(1).add().set('lines');
  f.get('records').i32(1).add().set('records');
  f.br('line');
}

function scan(): FunctionBuilder {
  const f = new FunctionBuilder([['from', i32], ['length', i32], ['stop', i32], ['maxRecords', i32]], [i32]);
  for (const local of ['i', 'end', 'rec', 'recSize', 'lines', 'records', 'lineStart', 'j', 'p', 'positions', 'entry', 'k', 'keyLen', 'keyOff', 'valueStart', 'w', 'c', 'escapes', 'lf', 'sub', 'wanted', 'decides']) f.local(local);
  f.i32(IN).get('from').add().set('i');
  f.i32(IN).get('length').add().set('end');
  f.i32(IN).get('stop').add().set('stop');
  f.i32(OUT).set('rec');
  f.i32(CONFIG_POSITIONS).load32().set('positions');
  f.i32(CONFIG_WANTED).load32().tee('wanted').i32(12).mul().i32(RECORD_HEADER).add().set('recSize');
  f.i32(CONFIG_FILTERS).load32().set('decides');
  f.block('done').loop('line');
  f.get('records').get('maxRecords').geU().brIf('done');
  f.get('i').get('end').geU().brIf('done');
  f.get('i').get('stop').geU().brIf('done');
  f.get('i').set('lineStart');
  f.i32(0).set('escapes');
  f.i32(0).globalSet(LEAF_ESCAPES);
  resetWantedValues(f);
  f.block('leave');
  // '{' then members in the table's order.
  f.get('i').set('j');
  blanks(f).get('c').i32(0x7b).ne().brIf('leave');
  f.get('j').i32(1).add().set('j');
  blanks(f);
  f.i32(0).set('p');
  f.get('j').load8().i32(0x7d).eq();
  f.if().get('j').i32(1).add().set('j');
  f.else();
  f.loop('member');
  f.get('p').get('positions').geU().brIf('leave');
  f.get('p').i32(16).mul().i32(TABLE).add().set('entry');
  f.get('entry').load32().set('keyOff');
  f.get('entry').load32(4).set('keyLen');
  matchKey(f);
  f.get('j').get('keyLen').add().set('j');
  blanks(f).get('c').i32(0x3a).ne().brIf('leave');
  f.get('j').i32(1).add().set('j');
  blanks(f).get('j').set('valueStart');
  f.i32(0).globalSet(ESCAPED);
  f.get('entry').load32(12).tee('sub').if()
    .get('j').get('sub').get('rec').call(WALK_MEMBERS).set('j')
    .else()
    .get('j').call(SKIP_SCALAR).set('j')
    .end();
  f.get('j').i32(0).ltS().brIf('leave');
  storeWantedValue(f);
  f.get('p').i32(1).add().set('p');
  blanks(f).get('c').i32(0x2c).eq().if()
    .get('j').i32(1).add().set('j');
  blanks(f).get('c').i32(0x22).ne().brIf('leave')
    .br('member')
    .end();
  f.get('c').i32(0x7d).ne().brIf('leave');
  f.get('j').i32(1).add().set('j');
  f.end(); // member
  f.end(); // if '}'
  f.get('p').get('positions').ne().brIf('leave');
  blanks(f).get('c').i32(0x0a).ne().brIf('leave');
  // A line of the table's shape: counted here when its outcomes are known, else written as a record.
  f.get('j').i32(1).add().set('i');
  f.get('lines').i32(1).add().set('lines');
  f.get('decides').if().get('rec').call(DECIDE_LINE).brIf('line').end();
  writeShapedRecord(f);
  f.end(); // leave
  writeOtherLine(f);
  f.end().end(); // line, done
  f.i32(0).get('i').i32(IN).sub().store32(CONFIG_NEXT);
  f.i32(0).get('lines').store32(CONFIG_LINES);
  return f.get('records');
}

/** The kernel's module bytes for a memory of `pages` pages. */
export function jsonlKernelBytes(pages: number): Uint8Array<ArrayBuffer> {
  return assemble({
    memoryPages: pages,
    globals: 2,
    functions: [
      skipBytesFunction([0x20, 0x09, 0x0d]), skipString(), skipNumber(), skipScalar(), findLf(), scan(), skipNested(), walkMembers(),
      valueIdFunction(), decideFunction(VALUE_ID),
    ],
    exports: { scan: 5 },
  });
}
