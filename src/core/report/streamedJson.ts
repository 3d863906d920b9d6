/**
 * JSON text written a piece at a time: the same text as JSON.stringify(value), but the value's long arrays are
 * given as their length and an element at a time, and turned into text a batch at a time as the pieces are
 * taken. A page of a million samples' values is then never held as arrays of a million elements nor as one
 * string of tens of megabytes.
 */
import { randomUUID } from 'node:crypto';

/** An array written a batch at a time: how long it is and its element at each index. */
interface LazyArray {
  length: number;
  at(index: number): unknown;
}

/** Elements turned into text at a time (each piece stays a small, short-lived string). */
const ELEMENTS_PER_PIECE = 4096;

function* arrayPieces(array: LazyArray): Generator<string> {
  if (array.length === 0) {
    yield '[]';
    return;
  }
  for (let from = 0; from < array.length; from += ELEMENTS_PER_PIECE) {
    const batch = Array.from({ length: Math.min(ELEMENTS_PER_PIECE, array.length - from) }, (_, k) => array.at(from + k));
    // Each element is written as JSON.stringify writes it inside an array (undefined and NaN as null).
    yield `${from === 0 ? '[' : ','}${JSON.stringify(batch).slice(1, -1)}`;
  }
  yield ']';
}

export class StreamedJson {
  /** A text no value holds: each lazy array stands in the value as this text and its number. */
  private readonly marker = `\u0000${randomUUID()}#`;
  private readonly arrays: LazyArray[] = [];

  /** Stands for the array of `length` elements `at(0)`, `at(1)`, … in the value given to `pieces`. */
  array(length: number, at: (index: number) => unknown): string {
    this.arrays.push({ length, at });
    return `${this.marker}${this.arrays.length - 1}`;
  }

  /** The pieces of JSON.stringify(value), each lazy array written where it stands. */
  *pieces(value: unknown): Generator<string> {
    const text = JSON.stringify(value);
    // The marker as JSON writes it, without its closing quote: then come the array's number and the quote.
    const written = JSON.stringify(this.marker).slice(0, -1);
    let at = 0;
    for (let found = text.indexOf(written); found >= 0; found = text.indexOf(written, at)) {
      const close = text.indexOf('"', found + written.length);
      yield text.slice(at, found);
      yield* arrayPieces(this.arrays[Number(text.slice(found + written.length, close))]);
      at = close + 1;
    }
    yield text.slice(at);
  }
}
