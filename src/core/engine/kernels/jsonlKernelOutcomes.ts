/**
 * The part of the JSONL kernel that counts lines through the filters without JavaScript. Each wanted
 * value gets an id: its bytes (at most VALUE_BYTES) looked up in that value's table of distinct values,
 * or, for a long string read only by its first characters (a filter's `stringPrefix`), those first
 * characters when they are plain ASCII. Equal bytes are the same JSON value, so a filter's outcome is one
 * per id; JavaScript writes each outcome into the kernel the first time it meets the id, and from then on
 * the kernel counts such lines itself. A line with a value without an id, or an outcome not known yet,
 * is written as a record for JavaScript.
 */
import { FunctionBuilder, types } from '../wasm/wasmAssembler';
import { CONFIG_FILTERS, CONFIG_WANTED, FILTER_SLOTS, IN, MAX_DECIDED_FILTERS, MISSING_ID, OUTCOME_STRIDE, OUTCOMES, PREFIXES, RECORD_HEADER, STATS, UNKNOWN_OUTCOME, VALUE_BYTES, VALUE_IDS, VALUE_TABLE_BYTES, VALUE_TABLES } from './jsonlKernelLayout';

const { i32, i64, v128 } = types;
const PROBES = 4;
const IOTA = Array.from({ length: 16 }, (_, k) => k);

/**
 * valueId(slot, start, end) → the id of the value `[start, end)` of wanted value `slot` (absolute
 * offsets), or -1 when it has none (too long, a prefix that is not plain ASCII, or a full table).
 */
export function valueIdFunction(): FunctionBuilder {
  const f = new FunctionBuilder([['slot', i32], ['start', i32], ['end', i32]], [i32])
    .local('n').local('prefix').local('table').local('index').local('probe').local('length').local('v', v128).local('h', i64);
  f.get('end').get('start').sub().set('n');
  f.get('start').v128Load().set('v');
  f.get('n').i32(VALUE_BYTES).gtU().if();
  // A long string whose filters read only its first `prefix` characters: the quote and those characters.
  f.get('slot').i32(4).mul().load32(PREFIXES).tee('prefix').eqz().if().i32(-1).return().end();
  f.get('start').load8().i32(0x22).ne().if().i32(-1).return().end();
  f.get('prefix').i32(1).add().set('n');
  // Each of them plain ASCII and no backslash (a byte above 0x7f is negative as a signed byte).
  f.get('v').i32(0).splat8().ltS8().get('v').i32(0x5c).splat8().eq8().v128Or().bitmask8()
    .i32(1).get('n').shl().i32(1).sub().and()
    .if().i32(-1).return().end();
  f.end();
  // Bytes past the value are zero (no JSON value holds a zero byte).
  f.get('v').get('n').splat8().v128Const(IOTA).gtU8().v128And().set('v');
  f.get('v').i64x2ExtractLane(0).i64(BigInt.asIntN(64, 0x9e3779b97f4a7c15n)).i64Mul()
    .get('v').i64x2ExtractLane(1).i64(BigInt.asIntN(64, 0xc2b2ae3d27d4eb4fn)).i64Mul().i64Xor().set('h');
  f.get('h').i64(56n).i64ShrU().i32WrapI64().set('index');
  f.get('slot').i32(VALUE_TABLE_BYTES).mul().i32(VALUE_TABLES).add().set('table');
  f.loop('probe');
  f.get('table').get('index').i32(4).mul().add().load32(VALUE_IDS * VALUE_BYTES).tee('length').eqz().if()
    .get('table').get('index').i32(VALUE_BYTES).mul().add().get('v').v128Store()
    .get('table').get('index').i32(4).mul().add().get('n').store32(VALUE_IDS * VALUE_BYTES)
    .get('index').return()
    .end();
  f.get('length').get('n').eq().if()
    .get('table').get('index').i32(VALUE_BYTES).mul().add().v128Load().get('v').eq8().allTrue8()
    .if().get('index').return().end()
    .end();
  f.get('index').i32(1).add().i32(VALUE_IDS - 1).and().set('index');
  f.get('probe').i32(1).add().tee('probe').i32(PROBES).ltU().brIf('probe');
  f.end();
  return f.i32(-1);
}

/**
 * decide(rec) → 1 when the line of the record at `rec` (its values located) was counted here, else 0:
 * writes each wanted value's id into the record, then applies the filters in order by their outcomes for
 * those ids, adding to STATS.
 */
export function decideFunction(valueId: number): FunctionBuilder {
  const f = new FunctionBuilder([['rec', i32]], [i32]).local('wanted').local('filters').local('s').local('k').local('id').local('o').local('ids').local('at');
  const bump = (offset: number) => f.i32(0).i32(0).load32(offset).i32(1).add().store32(offset);
  f.i32(CONFIG_WANTED).load32().set('wanted');
  f.i32(CONFIG_FILTERS).load32().set('filters');
  f.get('rec').i32(RECORD_HEADER).add().get('wanted').i32(8).mul().add().set('ids');
  f.loop('ids');
  f.get('s').get('wanted').ltU().if();
  f.get('rec').get('s').i32(8).mul().add().set('at');
  f.i32(MISSING_ID).set('id');
  f.get('at').load32(RECORD_HEADER).tee('o').i32(0).geS().if()
    .get('s').get('o').i32(IN).add().get('at').load32(RECORD_HEADER + 4).i32(IN).add().call(valueId).set('id')
    .end();
  f.get('ids').get('s').i32(4).mul().add().get('id').store32();
  f.get('s').i32(1).add().set('s').br('ids');
  f.end();
  f.end();
  f.block('undecided').loop('filter');
  f.get('k').get('filters').geU().if();
  bump(STATS);
  bump(STATS + 4);
  f.i32(1).return();
  f.end();
  f.get('ids').get('k').i32(4).mul().load32(FILTER_SLOTS).i32(4).mul().add().load32().tee('id').i32(0).ltS().brIf('undecided');
  f.get('k').i32(OUTCOME_STRIDE).mul().get('id').add().load8(OUTCOMES).tee('o').if()
    .get('o').i32(UNKNOWN_OUTCOME).eq().brIf('undecided');
  bump(STATS);
  f.get('k').i32(4).mul().tee('at').get('at').load32(STATS + 8).i32(1).add().store32(STATS + 8);
  f.get('o').i32(2).eq().if()
    .get('k').i32(4).mul().tee('at').get('at').load32(STATS + 8 + 4 * MAX_DECIDED_FILTERS).i32(1).add().store32(STATS + 8 + 4 * MAX_DECIDED_FILTERS)
    .end();
  f.i32(1).return();
  f.end();
  f.get('k').i32(1).add().set('k').br('filter');
  f.end().end(); // filter, undecided
  return f.i32(0);
}
