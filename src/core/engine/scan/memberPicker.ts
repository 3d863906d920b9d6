/**
 * Decoding only what filters read, from values already checked against the JSON grammar. The members of
 * an object that filters on nested paths read (`metadata.category`, `scores.correct`): an object holding
 * just those members, each with the value JSON.parse would give (the last one of a repeated key, as
 * JSON.parse keeps); filters resolve their paths on it as on the whole value. The first characters of a
 * long string that filters only order against a short text. Rows that are shown are never built this way.
 */
import { setOwn } from '../../json/objectValues';

/** The names wanted below a value: each maps to the names wanted below its own value, or to null (the whole value). */
export interface MemberTree {
  readonly names: Map<string, MemberTree | null>;
  /** Each wanted name as a JSON string with no escape, quotes included, to match keys written the same way. */
  readonly quoted: readonly { name: string; bytes: Buffer }[];
}

/** The scanner's checked-input helpers (offsets after a value, blanks and strings; decoding a value). */
export interface CheckedJsonReader {
  skipBlanks(buf: Buffer, i: number, end: number): number;
  /** From an opening quote, the offset after the closing one; `escapedString` tells whether it had an escape. */
  skipStringAt(buf: Buffer, i: number, end: number): number;
  skipValueAt(buf: Buffer, i: number, end: number): number;
  readonly stringHadEscape: boolean;
  /** The value in `buf[start, end)` as JSON.parse gives it. */
  decodeChecked(buf: Buffer, start: number, end: number): unknown;
}

/**
 * The tree of the member paths (each one name or more), or undefined when some name could be written in
 * more than one way without escapes (a replacement character or a lone surrogate): such keys are compared
 * only once decoded, which this path does not do.
 */
export function memberTree(paths: readonly (readonly string[])[]): MemberTree | undefined {
  const root: MemberTree = { names: new Map(), quoted: [] };
  for (const path of paths) {
    if (path.length === 0) return undefined;
    let node = root;
    for (let k = 0; k < path.length; k++) {
      const name = path[k];
      if (name.includes('\uFFFD') || Buffer.from(name, 'utf8').toString('utf8') !== name) return undefined;
      const known = node.names.get(name);
      if (known === null) break; // the whole value is wanted already
      if (k === path.length - 1) {
        if (known === undefined) (node.quoted as { name: string; bytes: Buffer }[]).push({ name, bytes: Buffer.from(`"${name}"`, 'utf8') });
        node.names.set(name, null);
        break;
      }
      let child = known;
      if (child === undefined) {
        child = { names: new Map(), quoted: [] };
        (node.quoted as { name: string; bytes: Buffer }[]).push({ name, bytes: Buffer.from(`"${name}"`, 'utf8') });
        node.names.set(name, child);
      }
      node = child;
    }
  }
  return root;
}

/** The wanted name whose quoted bytes are `buf[start, end)`, or undefined. */
function plainKey(tree: MemberTree, buf: Buffer, start: number, end: number): string | undefined {
  const length = end - start;
  for (const { name, bytes } of tree.quoted) {
    if (bytes.length !== length) continue;
    let k = 1;
    while (k < length && bytes[k] === buf[start + k]) k++;
    if (k === length) return name;
  }
  return undefined;
}

/**
 * The value in `buf[start, end)` (checked JSON) reduced to the members of `tree` when it is an object;
 * any other value whole, as JSON.parse gives it (paths of names find nothing in it either way).
 */
export function pickMembers(tree: MemberTree, reader: CheckedJsonReader, buf: Buffer, start: number, end: number): unknown {
  if (buf[start] !== 0x7b) return reader.decodeChecked(buf, start, end);
  const out: Record<string, unknown> = {};
  let i = reader.skipBlanks(buf, start + 1, end);
  if (buf[i] === 0x7d) return out;
  for (;;) {
    const keyStart = i;
    i = reader.skipStringAt(buf, i, end);
    // A key with an escape is compared once decoded; one without, by its bytes (a plain key has one spelling).
    const name = reader.stringHadEscape ? (JSON.parse(buf.toString('utf8', keyStart, i)) as string) : plainKey(tree, buf, keyStart, i);
    i = reader.skipBlanks(buf, i, end);
    const valueStart = reader.skipBlanks(buf, i + 1, end);
    i = reader.skipValueAt(buf, valueStart, end);
    const below = name === undefined ? undefined : tree.names.get(name);
    if (name !== undefined && below !== undefined) {
      setOwn(out, name, below === null ? reader.decodeChecked(buf, valueStart, i) : pickMembers(below, reader, buf, valueStart, i));
    }
    i = reader.skipBlanks(buf, i, end);
    if (buf[i] !== 0x2c) return out;
    i = reader.skipBlanks(buf, i + 1, end);
  }
}

const ESCAPED_CHARACTER: Record<number, string> = { 0x22: '"', 0x5c: '\\', 0x2f: '/', 0x62: '\b', 0x66: '\f', 0x6e: '\n', 0x72: '\r', 0x74: '\t' };

/**
 * The first `units` characters of the checked JSON string `buf[start, end)` (the whole string when it is
 * shorter), or undefined where the prefix holds a byte above 0x7f or an escaped surrogate (decoded whole
 * by the caller instead): every character returned is then one whole code point.
 */
export function stringPrefix(buf: Buffer, start: number, units: number): string | undefined {
  let out = '';
  let i = start + 1;
  while (out.length < units) {
    const c = buf[i];
    if (c === 0x22) return out;
    if (c >= 0x80) return undefined;
    if (c !== 0x5c) {
      out += String.fromCharCode(c);
      i++;
      continue;
    }
    const e = buf[i + 1];
    if (e === 0x75) {
      const code = parseInt(buf.toString('latin1', i + 2, i + 6), 16);
      if (code >= 0xd800 && code <= 0xdfff) return undefined;
      out += String.fromCharCode(code);
      i += 6;
      continue;
    }
    out += ESCAPED_CHARACTER[e];
    i += 2;
  }
  return out;
}
