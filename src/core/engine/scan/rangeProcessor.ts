/**
 * Turns the bytes of a CSV or JSONL file (or a byte range of it) into rows, counts them through the
 * filters and keeps the first kept rows in full. Until the first page is full every row is decoded in
 * full; after that (when `fast`), only the columns the filters read are decoded.
 */
import { CompiledFilter, referencedColumns } from '../../filters/filterEvaluator';
import { previewStrings } from '../../l10n/previewStrings';
import { CsvKernelPath } from './csvKernelPath';
import { CsvRecordSink, CsvScanner } from './csvScanner';
import { JsonObjectScanner, NOT_AN_OBJECT_LINE } from './jsonObjectScanner';
import { JsonlKernelPath, KernelLineSink, KernelSlots, kernelSlots } from './jsonlKernelPath';
import { MemberTree, memberTree } from './memberPicker';
import { RowCounter } from './rowCounter';
import { isPlainObject, setOwn } from '../../json/objectValues';
import { findTooDeepJsonBytes, MAX_NESTING_DEPTH } from '../../json/depthGuard';
import { inputStrings } from '../../l10n/inputStrings';
import { printable } from '../../text/printable';
import { TableSketch, addRow } from '../stats/tableSketch';
import { addScannedRow } from '../stats/scannedRow';

export type DataFormat = 'csv' | 'jsonl';

interface RangeSetup {
  format: DataFormat;
  /** File (or URL) the rows come from, for origins and warnings. */
  file: string;
  filters: readonly CompiledFilter[];
  /** How many kept rows to keep in full. */
  need: number;
  /** Decode only the columns the filters read once the first page is full. */
  fast: boolean;
  /** CSV header when scanning does not start at the file's beginning. */
  header?: string[];
  /** Scanning starts at the file's first byte: drop a BOM, read the CSV header. */
  atFileStart: boolean;
  /** Added to the scanner's 1-based line numbers for origins and warnings. */
  lineOffset?: number;
  /** Every kept row in full (needs `fast` false). */
  onRow?: RowCounter['onRow'];
  /**
   * Sketch every column of every kept row (docs/semantics.md §13; needs `fast` false): JSONL rows straight from
   * their bytes when the filters each read one column, any other row once decoded.
   */
  tableSketch?: TableSketch;
}

const LF = 0x0a;

function isBlankLine(buf: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = buf[i];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

function jsonKind(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** Header names made unique: a repeated name gets `_2`, `_3`, … (with a warning). */
function uniqueHeader(cells: readonly (string | undefined)[], count: number, warn: (message: string) => void): string[] {
  const header: string[] = [];
  const used = new Set<string>();
  for (let k = 0; k < count; k++) {
    const name = cells[k] ?? '';
    let unique = name;
    for (let n = 2; used.has(unique); n++) unique = `${name}_${n}`;
    if (unique !== name) warn(previewStrings.duplicateHeader(name, unique));
    used.add(unique);
    header.push(unique);
  }
  return header;
}

/**
 * Where each filter's column is among `names` (-1: absent), when every filter reads one top-level column
 * (so it can be tested on that value alone, `testValue`); otherwise undefined.
 */
function columnPositions(filters: readonly CompiledFilter[], names: readonly string[]): number[] | undefined {
  if (!filters.every((f) => f.testValue !== undefined && f.column !== undefined)) return undefined;
  return filters.map((f) => names.indexOf(f.column as string));
}

/** Per column, the member paths below it that are all its filters read (undefined: the whole value is read). */
function memberTrees(filters: readonly CompiledFilter[], names: readonly string[]): (MemberTree | undefined)[] {
  return names.map((name) => {
    const reading = filters.filter((f) => f.column === name);
    const paths = reading.map((f) => f.memberPath);
    return paths.every((path) => path !== undefined) ? memberTree(paths as string[][]) : undefined;
  });
}

/** Per column, how many first characters of a string value are all its filters read (undefined: the whole value). */
function stringPrefixes(filters: readonly CompiledFilter[], names: readonly string[]): (number | undefined)[] {
  return names.map((name) => {
    const units = filters.filter((f) => f.column === name).map((f) => f.stringPrefix);
    return units.every((n) => n !== undefined) ? Math.max(...(units as number[])) : undefined;
  });
}

export class RangeProcessor {
  readonly counter: RowCounter;
  private readonly csv = new CsvScanner();
  private readonly json: JsonObjectScanner;
  private readonly wantedColumns: string[] | undefined;
  private header: string[] | undefined;
  private fastWanted: boolean[] | null = null;
  private atStart: boolean;
  private readonly lineOffset: number;
  private jsonlLine = 1;
  private jsonlStoppedAt = -1;
  private stopAtOffset = Number.POSITIVE_INFINITY;
  /** Absolute offset of the first byte fed. */
  firstRecordStart = -1;
  /** Called once when the first page becomes full. */
  onPageFull?: () => void;
  private readonly csvSink: CsvRecordSink;
  /** Per filter, the position of its column among the scanned JSON values (see `columnPositions`). */
  private readonly valueOfFilter: number[] | undefined;
  /** Per filter, the CSV cell of its column (see `columnPositions`). */
  private cellOfFilter: number[] | undefined;
  /** The WebAssembly kernel for counting JSONL lines (null: not available; undefined: not tried yet). */
  private kernel: JsonlKernelPath | null | undefined;
  /** The WebAssembly kernel for counting CSV records (null: not available; undefined: not tried yet). */
  private csvKernel: CsvKernelPath | null | undefined;
  /** Where the kernel puts the values the filters read (undefined: the kernel is not used). */
  private readonly kernelSlots: KernelSlots | undefined;
  /** Counts a line whose values the kernel located, or reads any other line. */
  private readonly kernelLines: KernelLineSink;
  /** Counts a line whose wanted values are known, or reads any other line (for the fast path). */
  private readonly countedLines: Pick<KernelLineSink, 'row' | 'other'> = {
    row: (values) => {
      this.counter.testCells(values, this.valueOfFilter as number[]);
      this.jsonlLine++;
    },
    other: (buf, start, lineFeed) => {
      if (!isBlankLine(buf, start, lineFeed)) this.jsonlRecord(buf, start, lineFeed, this.jsonlLine, false);
      this.jsonlLine++;
    },
  };

  constructor(private readonly setup: RangeSetup) {
    this.counter = new RowCounter(setup.filters, setup.need, setup.file);
    const sketch = setup.tableSketch;
    this.counter.onRow = setup.onRow ?? (sketch ? (values) => addRow(sketch, values) : undefined);
    this.wantedColumns = referencedColumns(setup.filters);
    const wanted = this.wantedColumns ?? [];
    this.json = new JsonObjectScanner(wanted, memberTrees(setup.filters, wanted), stringPrefixes(setup.filters, wanted));
    if (this.wantedColumns) this.valueOfFilter = columnPositions(setup.filters, this.wantedColumns);
    if (this.valueOfFilter) this.kernelSlots = kernelSlots(setup.filters, wanted);
    this.json.recordMembers = sketch !== undefined && this.valueOfFilter !== undefined;
    this.kernelLines = {
      row: (values) => {
        const slots = this.kernelSlots as KernelSlots;
        this.counter.testCellsWith(values, slots.slotOfFilter, slots.tests);
        this.jsonlLine++;
      },
      other: (buf, start, lineFeed) => this.countedLines.other(buf, start, lineFeed),
      passed: (lines) => {
        this.jsonlLine += lines;
      },
      counts: this.counter.stats,
    };
    this.atStart = setup.atFileStart;
    this.lineOffset = setup.lineOffset ?? 0;
    if (setup.header) this.useHeader(setup.header);
    this.csvSink = {
      record: (cells, count, line) => this.csvRecord(cells, count, line),
      unterminated: (line) => this.counter.warn(previewStrings.unterminatedQuote, line + this.lineOffset),
    };
  }

  /** Columns in first-seen order (the CSV header). */
  get columns(): string[] {
    return this.setup.format === 'csv' ? (this.header ?? []) : this.json.columns;
  }

  get headerNames(): string[] | undefined {
    return this.header;
  }

  /** Line number (relative, 1-based) of the next byte to scan. */
  get line(): number {
    return this.setup.format === 'csv' ? this.csv.line : this.jsonlLine;
  }

  /** Absolute offset where scanning stopped because of `stopAt`, or -1. */
  get stoppedAt(): number {
    return this.setup.format === 'csv' ? this.csv.stoppedAt : this.jsonlStoppedAt;
  }

  /** No record starting at or after this absolute offset is read. */
  stopAt(offset: number): void {
    this.stopAtOffset = offset;
    this.csv.stopAt = offset;
  }

  /**
   * A buffer to read the file into when the JSONL counting kernel can read it in place (a copy fewer per
   * window), else undefined.
   */
  readBuffer(): Buffer | undefined {
    if (this.setup.format !== 'jsonl' || !this.setup.fast || !this.kernelSlots || this.kernel === null) return undefined;
    this.kernel ??= JsonlKernelPath.create(this.json, this.kernelSlots) ?? null;
    return this.kernel?.inputBuffer;
  }

  /** Scans `buf[start, end)` (`base`: absolute offset of `buf[0]`); returns the offset of the first byte not consumed. */
  feed(buf: Buffer, start: number, end: number, final: boolean, base: number): number {
    if (this.firstRecordStart < 0) this.firstRecordStart = base + start;
    if (this.atStart) {
      if (end - start < 3 && !final) return start;
      this.atStart = false;
      if (buf[start] === 0xef && buf[start + 1] === 0xbb && buf[start + 2] === 0xbf) start += 3;
    }
    if (this.setup.format === 'csv') return this.scanCsv(buf, start, end, final, base);
    return this.scanJsonl(buf, start, end, final, base);
  }

  /** Once the filters read their cells directly (see csvRecord), the kernel counts the records it is sure of. */
  private scanCsv(buf: Buffer, start: number, end: number, final: boolean, base: number): number {
    // Until the page is full, a few records at a time, so the kernel takes over as soon as it is.
    while (this.setup.fast && this.csvKernel !== null && !this.counter.pageFull) {
      const next = this.csv.scan(buf, start, end, final, base, this.csvSink, 64);
      if (next === start || next >= end || this.csv.stoppedAt >= 0) return next;
      start = next;
    }
    if (this.csv.wanted !== null && this.cellOfFilter && this.header && this.csvKernel !== null) {
      this.csvKernel ??= CsvKernelPath.create(this.setup.filters, this.cellOfFilter, this.header.length) ?? null;
      if (this.csvKernel) return this.csvKernel.scan(buf, start, end, final, base, this.csv, this.csvSink, this.counter);
    }
    return this.csv.scan(buf, start, end, final, base, this.csvSink);
  }

  private useHeader(header: string[]): void {
    this.header = header;
    this.cellOfFilter = columnPositions(this.setup.filters, header);
    this.csv.setWidth(header.length);
    if (this.wantedColumns) {
      const wanted = this.wantedColumns;
      this.fastWanted = header.map((name) => wanted.includes(name));
    }
    this.updateCsvMask();
  }

  private updateCsvMask(): void {
    this.csv.wanted = this.setup.fast && this.counter.pageFull ? this.fastWanted : null;
  }

  private csvRecord(cells: (string | undefined)[], count: number, line: number): void {
    const header = this.header;
    if (!header) {
      this.useHeader(uniqueHeader(cells, count, (message) => this.counter.warn(message, line + this.lineOffset)));
      return;
    }
    if (count !== header.length) {
      this.counter.warn(previewStrings.raggedRecord(count, header.length), line + this.lineOffset);
      return;
    }
    const wanted = this.csv.wanted;
    // Once the page is full no row is kept: the filters read their cells directly.
    if (wanted !== null && this.cellOfFilter) {
      this.counter.testCells(cells, this.cellOfFilter);
      return;
    }
    const row: Record<string, unknown> = {};
    for (let k = 0; k < header.length; k++) {
      if (wanted === null || wanted[k]) setOwn(row, header[k], cells[k]);
    }
    if (this.counter.test(row)) this.keep(row, line);
  }

  /** A kept row (see RowCounter.kept). */
  private keep(row: Record<string, unknown>, line: number): void {
    const wasFull = this.counter.pageFull;
    this.counter.kept(row, this.setup.file, line + this.lineOffset);
    if (!wasFull && this.counter.pageFull) {
      if (this.setup.format === 'csv') this.updateCsvMask();
      this.onPageFull?.();
    }
  }

  private scanJsonl(buf: Buffer, start: number, end: number, final: boolean, base: number): number {
    let i = start;
    const stopRel = this.stopAtOffset - base;
    while (i < end) {
      if (i >= stopRel) {
        this.jsonlStoppedAt = i + base;
        return i;
      }
      let scanned = false;
      if (this.valueOfFilter && this.setup.fast && this.counter.pageFull) {
        if (this.kernel !== null) {
          this.kernel ??= (this.kernelSlots && JsonlKernelPath.create(this.json, this.kernelSlots)) ?? null;
          const next = this.kernel?.scan(buf, i, end, stopRel, this.kernelLines) ?? i;
          if (next > i) {
            i = next;
            continue;
          }
        }
        // Counting only: scan the record without looking for its line end first.
        const lineFeed = this.json.scanValuesToLineEnd(buf, i, end);
        if (lineFeed >= 0) {
          this.countedLines.row(this.json.values);
          i = lineFeed + 1;
          continue;
        }
        scanned = lineFeed === NOT_AN_OBJECT_LINE;
      }
      let lineEnd = buf.indexOf(LF, i);
      let next: number;
      if (lineEnd === -1 || lineEnd >= end) {
        if (!final) return i;
        lineEnd = end;
        next = end;
      } else {
        next = lineEnd + 1;
      }
      if (!isBlankLine(buf, i, lineEnd)) this.jsonlRecord(buf, i, lineEnd, this.jsonlLine, scanned);
      if (next > lineEnd) this.jsonlLine++;
      i = next;
    }
    return i;
  }

  /**
   * Counts a line and sketches its columns from its bytes when kept (see RangeSetup.tableSketch); false when the line
   * is not one valid object (JSON.parse then says why).
   */
  private sketchLine(buf: Buffer, start: number, end: number, line: number): boolean {
    const values = this.json.scanValues(buf, start, end);
    if (values === undefined) return false;
    if (!this.counter.testCells(values, this.valueOfFilter as number[])) return true;
    addScannedRow(this.setup.tableSketch as TableSketch, this.json.members, buf, this.json);
    if (!this.counter.pageFull) {
      this.counter.keep(JSON.parse(buf.toString('utf8', start, end)) as Record<string, unknown>, this.setup.file, line + this.lineOffset);
      if (this.counter.pageFull) this.onPageFull?.();
    }
    return true;
  }

  /** `scanned`: the fast scanner already found that the line is not one valid object. */
  private jsonlRecord(buf: Buffer, start: number, end: number, line: number, scanned: boolean): void {
    if (!scanned && this.json.recordMembers && this.sketchLine(buf, start, end, line)) return;
    if (!scanned && this.setup.fast && this.wantedColumns !== undefined && this.counter.pageFull) {
      if (this.valueOfFilter) {
        const values = this.json.scanValues(buf, start, end);
        if (values !== undefined) {
          this.counter.testCells(values, this.valueOfFilter);
          return;
        }
      } else {
        const partial = this.json.scan(buf, start, end);
        if (partial !== undefined) {
          this.counter.test(partial);
          return;
        }
      }
    }
    if (end - start > MAX_NESTING_DEPTH && findTooDeepJsonBytes(buf, MAX_NESTING_DEPTH, start, end) >= 0) {
      this.counter.warn(inputStrings.tooDeepLine(MAX_NESTING_DEPTH), line + this.lineOffset);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(buf.toString('utf8', start, end));
    } catch (error) {
      this.counter.warn(previewStrings.invalidJson(printable(error instanceof Error ? error.message : String(error))), line + this.lineOffset);
      return;
    }
    if (!isPlainObject(value)) {
      this.counter.warn(previewStrings.notAnObject(jsonKind(value)), line + this.lineOffset);
      return;
    }
    this.json.noteKeys(Object.keys(value));
    if (this.counter.test(value)) this.keep(value, line);
  }
}
