/**
 * Byte-level streaming CSV scanner (docs/semantics.md §3): comma separated, `"` quoting with `""` escapes,
 * quoted fields may hold commas and newlines, CRLF or LF end a record, empty lines are skipped.
 * Only the cells marked in `wanted` are decoded, so rows a filter does not read cost no strings.
 * After a closing quote, any text up to the next comma or line end is kept literally.
 */

import { decodeUtf8, ShortValueCache } from './shortValueCache';

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
/** What the functions that scan a field or a blank line return when there is no offset to return. */
const INCOMPLETE = -1;
const UNTERMINATED = -2;
const NOT_BLANK = -1;
const NEEDS_MORE = -2;

export interface CsvRecordSink {
  /** A complete record: `cells[k]` holds cell k when wanted (others stay undefined), `count` cells in all. */
  record(cells: (string | undefined)[], count: number, line: number, offset: number): void;
  /** The data ended inside a quoted field that started on `line`. */
  unterminated(line: number): void;
}

export class CsvScanner {
  /** 1-based line number of the next byte to scan (relative to where scanning began). */
  line = 1;
  /** Absolute offset at or after which no record may start: scanning stops there. */
  stopAt = Number.POSITIVE_INFINITY;
  /** Absolute offset where scanning stopped because of `stopAt`, or -1. */
  stoppedAt = -1;
  /** Which cells to decode; null: all. */
  wanted: boolean[] | null = null;
  private cells: (string | undefined)[] = [];
  /** Per column: its repeated values decoded once. */
  private readonly decoded: ShortValueCache<string>[] = [];

  /** Whether the quoted field `closingQuote` last ended held a `""` escape. */
  private escaped = false;

  private decoder(field: number): ShortValueCache<string> {
    return (this.decoded[field] ??= new ShortValueCache(decodeUtf8));
  }

  /**
   * Scans `buf[start, end)`; `base` is the absolute offset of `buf[0]`. Returns the buffer offset of the
   * first byte not consumed (the start of an incomplete record, or `end`). With `final`, the end of data
   * ends the last record. At most `maxRecords` records (blank lines aside) are read.
   */
  scan(buf: Buffer, start: number, end: number, final: boolean, base: number, sink: CsvRecordSink, maxRecords = Number.POSITIVE_INFINITY): number {
    const wanted = this.wanted;
    let records = 0;
    const cells = this.cells;
    let i = start;
    let line = this.line;
    let nextLf = -1;
    const stopRel = this.stopAt - base;
    while (i < end) {
      const recordStart = i;
      const recordLine = line;
      if (recordStart >= stopRel) return this.stopBefore(recordStart, line, base);
      const blankEnd = blankLineEnd(buf, i, end, final);
      if (blankEnd === NEEDS_MORE) break;
      if (blankEnd !== NOT_BLANK) {
        i = blankEnd;
        line++;
        continue;
      }
      let c: number;
      for (let k = 0; k < cells.length; k++) cells[k] = undefined;
      let field = 0;
      let incomplete = false;
      let unterminated = false;
      for (;;) {
        const want = wanted === null || wanted[field] === true;
        let value: string | undefined;
        if (i < end && buf[i] === QUOTE) {
          const s = i + 1;
          const j = this.closingQuote(buf, s, end, final);
          if (j < 0) {
            if (j === UNTERMINATED) unterminated = true;
            else incomplete = true;
            break;
          }
          if (nextLf < s) nextLf = indexOrMax(buf.indexOf(LF, s));
          while (nextLf < j) {
            line++;
            nextLf = indexOrMax(buf.indexOf(LF, nextLf + 1));
          }
          if (want) {
            value = this.escaped ? buf.toString('utf8', s, j).replace(/""/g, '"') : this.decoder(field).get(buf, s, j);
          }
          i = j + 1;
          c = buf[i];
          if (i < end && c !== COMMA && c !== LF && c !== CR) {
            const tailStart = i;
            i = unquotedEnd(buf, i, end, final);
            if (i < 0) {
              incomplete = true;
              break;
            }
            if (want) value += buf.toString('utf8', tailStart, i);
          }
        } else {
          const s = i;
          i = unquotedEnd(buf, i, end, final);
          if (i < 0) {
            incomplete = true;
            break;
          }
          if (want) value = this.decoder(field).get(buf, s, i);
        }
        if (want && field < cells.length) cells[field] = value;
        else if (want && wanted === null) cells.push(value);
        field++;
        if (i >= end) break;
        c = buf[i];
        if (c === COMMA) {
          i++;
          if (i >= end && !final) {
            incomplete = true;
            break;
          }
          continue;
        }
        if (c === CR) i++;
        if (i < end && buf[i] === LF) {
          i++;
          line++;
        }
        break;
      }
      if (incomplete) return this.resumeAt(recordStart, recordLine);
      if (unterminated) {
        sink.unterminated(recordLine);
        this.line = line;
        return end;
      }
      sink.record(cells, field, recordLine, recordStart + base);
      if (++records >= maxRecords) break;
    }
    this.line = line;
    return i;
  }

  /** Stops before the record at `recordStart` (at `stopAt`): the next scan starts there. */
  private stopBefore(recordStart: number, line: number, base: number): number {
    this.stoppedAt = recordStart + base;
    this.line = line;
    return recordStart;
  }

  /** The record at `recordStart` continues in the next chunk: the next scan starts again there. */
  private resumeAt(recordStart: number, recordLine: number): number {
    this.line = recordLine;
    return recordStart;
  }

  /**
   * The offset of the quote that closes a quoted field whose text starts at `s` (`escaped` says whether it held a
   * `""`), or INCOMPLETE when the buffer ends first (the field may continue in the next chunk), or UNTERMINATED
   * when the data ends first.
   */
  private closingQuote(buf: Buffer, s: number, end: number, final: boolean): number {
    let j = s;
    let escaped = false;
    for (;;) {
      j = buf.indexOf(QUOTE, j);
      if (j === -1 || j >= end) return final ? UNTERMINATED : INCOMPLETE;
      if (j + 1 < end) {
        if (buf[j + 1] === QUOTE) {
          escaped = true;
          j += 2;
          continue;
        }
      } else if (!final) {
        return INCOMPLETE;
      }
      this.escaped = escaped;
      return j;
    }
  }

  /** Sets how many cells a record should have (the header's length), so `cells` is sized once. */
  setWidth(width: number): void {
    this.cells = new Array<string | undefined>(width).fill(undefined);
  }
}

/**
 * Scans an unquoted cell from `i`: returns the offset of the comma, LF or CRLF (or a CR at the end of
 * the data) that ends it, or -1 when the buffer ends first (the cell may continue in the next chunk).
 */
function scanUnquoted(buf: Buffer, i: number, end: number, final: boolean): number {
  while (i < end) {
    const c = buf[i];
    if (c === COMMA || c === LF) return i;
    if (c === CR) {
      if (i + 1 >= end) return final ? i : -1;
      if (buf[i + 1] === LF) return i;
    }
    i++;
  }
  return -1;
}

/** The end of an unquoted cell from `i` (the end of the data when it ends the cell), or -1 when the buffer ends first. */
function unquotedEnd(buf: Buffer, i: number, end: number, final: boolean): number {
  const at = scanUnquoted(buf, i, end, final);
  return at >= 0 ? at : final ? end : -1;
}

/**
 * Where a blank line at `i` (LF or CRLF) ends, or NOT_BLANK when a record starts there, or NEEDS_MORE when a CR
 * ends the buffer (the next chunk says whether an LF follows).
 */
function blankLineEnd(buf: Buffer, i: number, end: number, final: boolean): number {
  const c = buf[i];
  if (c === LF) return i + 1;
  if (c === CR) {
    if (i + 1 >= end && !final) return NEEDS_MORE;
    if (i + 1 < end && buf[i + 1] === LF) return i + 2;
  }
  return NOT_BLANK;
}

function indexOrMax(index: number): number {
  return index === -1 ? Number.MAX_SAFE_INTEGER : index;
}
