/**
 * A WebAssembly kernel that counts CSV records through filters (docs/semantics.md §3, §5). For each record it
 * finds the cell ends 16 bytes at a time (quoted cells with doubled quotes and line feeds included),
 * checks that the record has exactly the header's width, and looks the cells the filters read up in a
 * per-column dictionary of short values (raw bytes → id). When every filter's outcome for those ids is
 * already known (the caller fills the outcome table the first time it meets an id), the record is
 * counted here; otherwise its wanted cells' spans (and ids) are written out for the caller to decode and
 * test. Anything the kernel is not sure of (a blank line, a ragged record, text after a closing quote,
 * a lone CR after a quoted cell, a record not ended inside the window) stops the scan at that record's
 * start: the caller's exact scanner reads it, and the kernel goes on after it.
 *
 * The input is followed by a zero byte; a zero byte inside the input is ordinary text, at the end it
 * stops the scan.
 */
import { assemble, FunctionBuilder, types } from '../wasm/wasmAssembler';

/** Config words (byte offsets): width, slot count, filter count, next offset (out), line feeds (out, added to), total and matched (out, added to). */
export const CFG_WIDTH = 0;
export const CFG_SLOTS = 4;
export const CFG_FILTERS = 8;
export const CFG_NEXT = 12;
export const CFG_LINE_FEEDS = 16;
export const CFG_TOTAL = 20;
export const CFG_MATCHED = 24;
/** Per slot (a column a filter reads): the next free dictionary id. */
const SLOT_IDS = 64;
/** Per slot while a record is read: start, end, id (3 words). */
const SCRATCH = 128;
/** Per filter: its slot (-1: its column is not in the header) and the outcome when the column is absent. */
export const FILTERS = 256;
/** Per filter: records it removed, and of those, records not comparable (added to). */
export const REMOVED = 512;
export const NOT_COMPARABLE = 640;
/** Per length 0..16: the 16-byte mask keeping that many bytes (two little-endian 64-bit words). */
export const MASKS = 1024;
/** Per column of the header: its slot, or -1. */
export const COLUMNS = 2048;
export const MAX_WIDTH = 1024;
/** Per filter, per id: outcome byte (0 pass, 1 fail, 2 not comparable, 3 not known yet). */
export const OUTCOMES = 8192;
export const MAX_FILTERS = 32;
export const MAX_IDS = 2048;
export const UNKNOWN_OUTCOME = 3;
/** Per slot: DICT_ENTRIES entries of 32 bytes (key bytes 16, length + 1, id). */
const DICT = OUTCOMES + MAX_FILTERS * MAX_IDS;
const DICT_ENTRIES = 4096;
const DICT_BYTES = DICT_ENTRIES * 32;
export const MAX_SLOTS = 8;
/** Longer cells get no id: the caller decodes them. */
const MAX_KEY_BYTES = 16;
/** A few probes at most; a crowded chain gives no id. */
const MAX_PROBES = 8;
export const OUT = DICT + MAX_SLOTS * DICT_BYTES;
export const OUT_BYTES = 1 << 20;
export const IN = OUT + OUT_BYTES;
/** Bytes after the input that the kernel may read (16-byte loads past the zero byte). */
export const IN_SLACK = 64;
/** Ids in a written record: no id (too long, dictionary full) and a cell with doubled quotes. */
const NO_ID = -1;
export const ESCAPED_ID = -2;
/** A written record: per slot start, end (relative to IN) and id. */
export const recordWords = (slots: number): number => 3 * slots;

const { i32, i64, v128 } = types;
const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/** Instructions the shared builder does not name, emitted by their opcodes. */
function raw(f: FunctionBuilder, ...bytes: number[]): FunctionBuilder {
  f.code.push(...bytes);
  return f;
}
const i64And = (f: FunctionBuilder) => raw(f, 0x83);
const i64Xor = (f: FunctionBuilder) => raw(f, 0x85);
const i64Mul = (f: FunctionBuilder) => raw(f, 0x7e);
const i64ShrU = (f: FunctionBuilder) => raw(f, 0x88);
const i64Eq = (f: FunctionBuilder) => raw(f, 0x51);
const i32WrapI64 = (f: FunctionBuilder) => raw(f, 0xa7);
const i64Store = (f: FunctionBuilder, offset: number) => raw(f, 0x37, 0, offset);

/** Sets `m` to the mask of the 16 bytes at `i` that equal any of `bytes`. */
function maskAt(f: FunctionBuilder, bytes: readonly number[]): FunctionBuilder {
  return f.get('i').v128Load().set('v').equalsAny('v', bytes).bitmask8().set('m');
}

/** Looks the cell `[s, e)` of slot `slot` up in its dictionary (inserting it when new); sets `id`. */
function lookUp(f: FunctionBuilder): void {
  f.get('esc').if().i32(ESCAPED_ID).set('id').br('looked').end();
  f.get('e').get('s').sub().tee('len').i32(MAX_KEY_BYTES + 1).geU().if().i32(NO_ID).set('id').br('looked').end();
  f.get('s').load64();
  f.get('len').i32(16).mul().load64(MASKS);
  i64And(f).set('lo');
  f.get('s').load64(8);
  f.get('len').i32(16).mul().load64(MASKS + 8);
  i64And(f).set('hi');
  f.get('lo').i64(BigInt.asIntN(64, 0x9e3779b97f4a7c15n));
  i64Mul(f).get('hi').i64(BigInt.asIntN(64, 0xc2b2ae3d27d4eb4fn));
  i64Mul(f);
  i64Xor(f).i64(52n);
  i64ShrU(f);
  i32WrapI64(f).set('h');
  f.i32(0).set('probe');
  f.loop('probe');
  f.get('slot').i32(DICT_BYTES).mul().get('h').i32(32).mul().add().i32(DICT).add().tee('entry').load32(16).tee('c').eqz().if();
  // An empty entry: the value is new.
  f.get('slot').i32(4).mul().load32(SLOT_IDS).tee('id').i32(MAX_IDS).geU().if().i32(NO_ID).set('id').br('looked').end();
  f.get('entry').get('lo');
  i64Store(f, 0);
  f.get('entry').get('hi');
  i64Store(f, 8);
  f.get('entry').get('len').i32(1).add().store32(16);
  f.get('entry').get('id').store32(20);
  f.get('slot').i32(4).mul().get('id').i32(1).add().store32(SLOT_IDS);
  f.br('looked');
  f.end();
  f.get('c').get('len').i32(1).add().eq().if();
  f.get('entry').load64();
  f.get('lo');
  i64Eq(f).if();
  f.get('entry').load64(8);
  f.get('hi');
  i64Eq(f).if().get('entry').load32(20).set('id').br('looked').end();
  f.end();
  f.end();
  f.get('probe').i32(1).add().tee('probe').i32(MAX_PROBES).geU().if().i32(NO_ID).set('id').br('looked').end();
  f.get('h').i32(1).add().i32(DICT_ENTRIES - 1).and().set('h');
  f.br('probe');
  f.end();
}

/** Reads one quoted cell from the quote at `i`: sets `s`, `e`, `esc`, leaves `i` after the closing quote. */
function quotedCell(f: FunctionBuilder): void {
  f.get('i').i32(1).add().tee('i').set('s');
  f.loop('quoted');
  maskAt(f, [QUOTE, LF, 0]);
  f.get('m').eqz().if().get('i').i32(16).add().set('i').br('quoted').end();
  f.get('i').get('m').ctz().add().tee('i').load8().tee('c').i32(QUOTE).ne().if();
  f.get('c').i32(LF).eq().if().get('lf').i32(1).add().set('lf')
    .else().get('i').get('end').geU().brIf('doubt')
    .end();
  f.get('i').i32(1).add().set('i').br('quoted');
  f.end();
  f.get('i').load8(1).i32(QUOTE).eq().if().i32(1).set('esc').get('i').i32(2).add().set('i').br('quoted').end();
  f.end();
  f.get('i').set('e');
  // After the closing quote: a comma, LF or CRLF; anything else is the exact scanner's.
  f.get('i').i32(1).add().tee('i').load8().tee('c').i32(COMMA).ne().get('c').i32(LF).ne().and().if();
  f.get('c').i32(CR).ne().get('i').load8(1).i32(LF).ne().or().brIf('doubt');
  f.end();
}

/** Reads one unquoted cell from `i`: sets `s`, `e`, leaves `i` at the comma, LF or CRLF that ends it. */
function plainCell(f: FunctionBuilder): void {
  f.get('i').set('s');
  f.loop('plain');
  maskAt(f, [COMMA, LF, CR, 0]);
  f.get('m').eqz().if().get('i').i32(16).add().set('i').br('plain').end();
  f.get('i').get('m').ctz().add().tee('i').load8().tee('c').eqz().if();
  f.get('i').get('end').geU().brIf('doubt');
  f.get('i').i32(1).add().set('i').br('plain');
  f.end();
  // A CR ends the cell only before an LF; a lone CR is text (one at the window's end is not known yet).
  f.get('c').i32(CR).eq().if();
  f.get('i').load8(1).i32(LF).ne().if();
  f.get('i').i32(1).add().tee('i').get('end').geU().brIf('doubt');
  f.br('plain');
  f.end();
  f.end();
  f.end();
  f.get('i').set('e');
}

/** Counts the record whose ids are in the scratch area, or writes it out when an id or outcome is not known. */
function countOrWrite(f: FunctionBuilder): void {
  f.block('counted');
  f.block('write');
  f.i32(0).set('w');
  f.loop('ids');
  f.get('w').get('slots').ltU().if();
  f.get('w').i32(12).mul().load32(SCRATCH + 8).i32(0).ltS().brIf('write');
  f.get('w').i32(1).add().set('w').br('ids');
  f.end();
  f.end();
  f.i32(0).set('k');
  f.loop('filter');
  f.get('k').get('filters').geU().if().get('matched').i32(1).add().set('matched').br('counted').end();
  f.get('k').i32(8).mul().load32(FILTERS).tee('w').i32(0).ltS().if()
    .get('k').i32(8).mul().load32(FILTERS + 4).set('o')
    .else()
    .get('k').i32(MAX_IDS).mul().get('w').i32(12).mul().load32(SCRATCH + 8).add().load8(OUTCOMES).set('o')
    .end();
  f.get('o').i32(UNKNOWN_OUTCOME).eq().brIf('write');
  f.get('o').if();
  f.get('k').i32(4).mul().tee('w').get('w').load32(REMOVED).i32(1).add().store32(REMOVED);
  f.get('o').i32(2).eq().if().get('w').get('w').load32(NOT_COMPARABLE).i32(1).add().store32(NOT_COMPARABLE).end();
  f.br('counted');
  f.end();
  f.get('k').i32(1).add().set('k').br('filter');
  f.end();
  f.end(); // write
  f.i32(0).set('w');
  f.loop('copy');
  f.get('w').get('slots').i32(3).mul().ltU().if();
  f.get('rec').get('w').i32(4).mul().add().get('w').i32(4).mul().load32(SCRATCH).store32();
  f.get('w').i32(1).add().set('w').br('copy');
  f.end();
  f.end();
  f.get('rec').get('slots').i32(12).mul().add().set('rec');
  f.get('records').i32(1).add().set('records');
  f.get('total').i32(-1).add().set('total'); // written records are counted by the caller
  f.end(); // counted
  f.get('total').i32(1).add().set('total');
}

/**
 * scan(from, length, stop, maxRecords) → written records: reads whole records from IN + from while one
 * starts before `stop` and fewer than `maxRecords` were written; CFG_NEXT says where it stopped.
 */
function scan(): FunctionBuilder {
  const f = new FunctionBuilder([['from', i32], ['length', i32], ['stop', i32], ['maxRecords', i32]], [i32]);
  for (const local of ['i', 'end', 'rec', 'records', 'recStart', 'col', 'width', 'slots', 'filters', 'slot', 's', 'e', 'esc', 'c', 'm', 'lf', 'lfTotal', 'k', 'w', 'o', 'len', 'h', 'probe', 'entry', 'id', 'total', 'matched']) f.local(local);
  f.local('v', v128).local('lo', i64).local('hi', i64);
  f.i32(IN).get('from').add().set('i');
  f.i32(IN).get('length').add().set('end');
  f.i32(IN).get('stop').add().set('stop');
  f.i32(OUT).set('rec');
  f.i32(CFG_WIDTH).load32().set('width');
  f.i32(CFG_SLOTS).load32().set('slots');
  f.i32(CFG_FILTERS).load32().set('filters');
  f.block('done').loop('record');
  f.get('records').get('maxRecords').geU().brIf('done');
  f.get('i').get('stop').geU().brIf('done');
  f.get('i').set('recStart');
  f.i32(0).set('lf');
  f.i32(0).set('col');
  f.block('doubt');
  // A blank line (or a record starting with CR) is the exact scanner's.
  f.get('i').load8().tee('c').i32(LF).eq().get('c').i32(CR).eq().or().brIf('doubt');
  f.loop('cell');
  f.get('col').get('width').geU().brIf('doubt');
  f.get('col').i32(4).mul().load32(COLUMNS).set('slot');
  f.i32(0).set('esc');
  f.get('i').load8().i32(QUOTE).eq().if();
  quotedCell(f);
  f.else();
  plainCell(f);
  f.end();
  f.get('slot').i32(0).geS().if();
  f.block('looked');
  lookUp(f);
  f.end();
  f.get('slot').i32(12).mul().tee('w').get('s').i32(IN).sub().store32(SCRATCH);
  f.get('w').get('e').i32(IN).sub().store32(SCRATCH + 4);
  f.get('w').get('id').store32(SCRATCH + 8);
  f.end();
  f.get('col').i32(1).add().set('col');
  f.get('i').load8().tee('c').i32(COMMA).eq().if().get('i').i32(1).add().set('i').br('cell').end();
  f.end(); // cell
  // The record ends with LF or CRLF.
  f.get('c').i32(CR).eq().if().get('i').i32(1).add().set('i').end();
  f.get('i').i32(1).add().set('i');
  f.get('lf').i32(1).add().set('lf');
  f.get('col').get('width').ne().brIf('doubt');
  countOrWrite(f);
  f.get('lfTotal').get('lf').add().set('lfTotal');
  f.br('record');
  f.end(); // doubt
  f.get('recStart').set('i');
  f.end().end(); // record, done
  f.i32(CFG_NEXT).get('i').i32(IN).sub().store32();
  f.i32(CFG_LINE_FEEDS).i32(CFG_LINE_FEEDS).load32().get('lfTotal').add().store32();
  f.i32(CFG_TOTAL).i32(CFG_TOTAL).load32().get('total').add().store32();
  f.i32(CFG_MATCHED).i32(CFG_MATCHED).load32().get('matched').add().store32();
  return f.get('records');
}

/** The kernel's module bytes for a memory of `pages` pages. */
export function csvKernelBytes(pages: number): Uint8Array<ArrayBuffer> {
  return assemble({ memoryPages: pages, globals: 0, functions: [scan()], exports: { scan: 0 } });
}
