/**
 * Adds a JSONL row to the column sketches straight from its bytes, as the validating scanner found its top-level
 * members: text, numbers and literals are decoded alone, an object or array is taken as its JSON text as written
 * (never decoded), so the statistics pass costs about one scan of the file (docs/semantics.md §13).
 */
import type { ScannedMembers } from '../scan/jsonObjectScanner';
import { shortInteger } from '../scan/jsonObjectScanner';
import type { CheckedJsonReader } from '../scan/memberPicker';
import { ColumnSketch, addBoolean, addNestedBytes, addNull, addNumber, addText, emptySketch } from './columnSketch';
import type { TableSketch } from './tableSketch';

const QUOTE = 0x22;

/** Items of the (already checked) array in `buf[start, end)`. */
function arrayItems(reader: CheckedJsonReader, buf: Buffer, start: number, end: number): number {
  let i = reader.skipBlanks(buf, start + 1, end);
  if (buf[i] === 0x5d) return 0;
  let items = 0;
  for (;;) {
    i = reader.skipValueAt(buf, i, end);
    items++;
    i = reader.skipBlanks(buf, i, end);
    if (buf[i] !== 0x2c) return items;
    i = reader.skipBlanks(buf, i + 1, end);
  }
}

function addMember(sketch: ColumnSketch, reader: CheckedJsonReader, buf: Buffer, start: number, end: number, escaped: boolean): void {
  const c = buf[start];
  if (c === QUOTE) addText(sketch, escaped ? (JSON.parse(buf.toString('utf8', start, end)) as string) : buf.toString('utf8', start + 1, end - 1));
  else if (c === 0x74) addBoolean(sketch, true);
  else if (c === 0x66) addBoolean(sketch, false);
  else if (c === 0x6e) addNull(sketch);
  else if (c === 0x7b) addNestedBytes(sketch, buf, start, end, undefined);
  else if (c === 0x5b) addNestedBytes(sketch, buf, start, end, arrayItems(reader, buf, start, end));
  else addNumber(sketch, (end - start <= 9 ? shortInteger(buf, start, end) : undefined) ?? Number(buf.toString('latin1', start, end)));
}

/** The sketches of the last row's members, by position: rows of one file mostly share their keys and order. */
const shapes = new WeakMap<TableSketch, { names: string[]; sketches: ColumnSketch[]; unique: boolean }>();

function shapeOf(table: TableSketch, members: ScannedMembers): { sketches: ColumnSketch[]; unique: boolean } {
  const last = shapes.get(table);
  if (last && last.names.length === members.count && last.names.every((name, k) => name === members.names[k])) return last;
  const names = members.names.slice(0, members.count);
  const sketches = names.map((name) => {
    let sketch = table.columns.get(name);
    if (!sketch) {
      sketch = emptySketch();
      table.columns.set(name, sketch);
    }
    return sketch;
  });
  const shape = { names, sketches, unique: new Set(names).size === names.length };
  shapes.set(table, shape);
  return shape;
}

/** Adds the kept row whose members `members` lists (a key written twice counts once, its last value, as JSON.parse). */
export function addScannedRow(table: TableSketch, members: ScannedMembers, buf: Buffer, reader: CheckedJsonReader): void {
  table.rows++;
  const { sketches, unique } = shapeOf(table, members);
  for (let k = 0; k < members.count; k++) {
    if (!unique && members.names.lastIndexOf(members.names[k], members.count - 1) !== k) continue;
    addMember(sketches[k], reader, buf, members.starts[k], members.ends[k], members.escaped[k]);
  }
}
