/**
 * Counting JSONL rows with the WebAssembly kernel: lines of one shape (the keys of a line the JavaScript
 * scanner read) are checked and located by the kernel, their wanted values decoded here; every other line
 * goes back to the caller, whose scanner is exact. A column whose filters all read one member name below
 * it (`metadata.category`) is walked into by the kernel, which gives where those members' values are, so
 * only they are decoded. When most lines of a window leave the kernel, it takes the shape of the last line
 * the scanner read; if that is the same shape, the kernel is not used again.
 */
import { CompiledFilter, FilterOutcome } from '../../filters/filterEvaluator';
import { JsonObjectScanner, shortInteger } from './jsonObjectScanner';
import { ShortValueCache } from './shortValueCache';
import { MISSING_ID, UNKNOWN_OUTCOME } from '../kernels/jsonlKernelLayout';
import { JsonlKernelRunner, KernelCounts, RECORD_ESCAPES, RECORD_LINE, RECORD_LINE_FEED, RECORD_START, RECORD_STATUS, RECORD_VALUES, SubKey } from '../kernels/jsonlKernelRunner';

export interface KernelLineSink {
  /** A line of the shape: the wanted values, by slot (see KernelSlots). */
  row(values: readonly unknown[]): void;
  /** Any other line `buf[start, lineFeed)`, to be read by the caller. */
  other(buf: Buffer, start: number, lineFeed: number): void;
  /** `lines` lines counted by the kernel itself (their counts are added to `counts`), before the next line given. */
  passed(lines: number): void;
  /** Where the counts of the lines the kernel counts itself are added. */
  readonly counts: KernelCounts;
}

/** Where the kernel puts the values the filters read. */
export interface KernelSlots {
  /** Per wanted column: the slot of its value, or -1 when the kernel gives its members' values instead. */
  slotOfColumn: readonly number[];
  /** Per wanted column: the member names read below it, each with its key as written and its slot. */
  membersOfColumn: readonly (readonly { key: Buffer; slot: number }[] | undefined)[];
  /** Per slot: the wanted column it belongs to. */
  columnOfSlot: readonly number[];
  /** Per slot: whether it holds a member's value (decoded here) rather than a column's (decoded by the scanner). */
  memberSlot: readonly boolean[];
  /** Per filter: the slot it reads, and the function giving its outcome for that slot's value (undefined: missing). */
  slotOfFilter: readonly number[];
  tests: readonly ((value: unknown) => FilterOutcome)[];
  /** Per slot: how many first characters of a long string are all its filters read (0: the whole value). */
  prefixOfSlot: readonly number[];
}

/** Records per run at first (see JsonlKernelPath.batch). */
const FIRST_BATCH = 64;

/** Most values the kernel gives per line. */
const MAX_SLOTS = 30;

/** A name the kernel can match by bytes: written the one way JSON allows with no escape. */
function plainName(name: string): boolean {
  return !name.includes('\uFFFD') && JSON.stringify(name) === `"${name}"` && Buffer.from(name, 'utf8').toString('utf8') === name;
}

/** The slots for `filters`, each reading one top-level column of `columns`; undefined when some filter reads more. */
export function kernelSlots(filters: readonly CompiledFilter[], columns: readonly string[]): KernelSlots | undefined {
  if (!filters.every((f) => f.testValue !== undefined && f.column !== undefined)) return undefined;
  const slotOfColumn: number[] = [];
  const membersOfColumn: ({ key: Buffer; slot: number }[] | undefined)[] = [];
  const columnOfSlot: number[] = [];
  const memberSlot: boolean[] = [];
  const nameSlots = new Map<string, number>();
  columns.forEach((column, c) => {
    const reading = filters.filter((f) => f.column === column);
    const byMember = reading.length > 0 && reading.every((f) => f.testLeaf !== undefined && f.memberPath?.length === 1 && plainName(f.memberPath[0]));
    if (!byMember) {
      slotOfColumn.push(columnOfSlot.length);
      membersOfColumn.push(undefined);
      columnOfSlot.push(c);
      memberSlot.push(false);
      return;
    }
    const members: { key: Buffer; slot: number }[] = [];
    for (const f of reading) {
      const name = (f.memberPath as readonly string[])[0];
      if (nameSlots.has(`${c}\u0000${name}`)) continue;
      nameSlots.set(`${c}\u0000${name}`, columnOfSlot.length);
      members.push({ key: Buffer.from(`"${name}"`, 'utf8'), slot: columnOfSlot.length });
      columnOfSlot.push(c);
      memberSlot.push(true);
    }
    slotOfColumn.push(-1);
    membersOfColumn.push(members);
  });
  if (columnOfSlot.length > MAX_SLOTS) return undefined;
  const slotOfFilter = filters.map((f) => {
    const c = columns.indexOf(f.column as string);
    return slotOfColumn[c] >= 0 ? slotOfColumn[c] : (nameSlots.get(`${c}\u0000${(f.memberPath as readonly string[])[0]}`) as number);
  });
  const tests = filters.map((f, k) => (memberSlot[slotOfFilter[k]] ? f.testLeaf : f.testValue) as (value: unknown) => FilterOutcome);
  const prefixOfSlot = columnOfSlot.map((c, slot) => {
    if (memberSlot[slot]) return 0;
    const units = filters.filter((f) => f.column === columns[c]).map((f) => f.stringPrefix);
    return units.every((n) => n !== undefined) ? Math.max(...(units as number[])) : 0;
  });
  return { slotOfColumn, membersOfColumn, columnOfSlot, memberSlot, slotOfFilter, tests, prefixOfSlot };
}

/** The value of a checked JSON scalar, object or array, as JSON.parse gives it. */
function decodeMember(buf: Buffer, start: number, end: number, escaped: boolean): unknown {
  const c = buf[start];
  if (c === 0x22 && !escaped) return buf.toString('utf8', start + 1, end - 1);
  if (c === 0x74) return true;
  if (c === 0x66) return false;
  if (c === 0x6e) return null;
  return JSON.parse(buf.toString('utf8', start, end));
}

export class JsonlKernelPath {
  private shapeKeys: string | undefined;
  private disabled = false;
  private readonly values: unknown[];
  /** Per slot, whether the shape has its column (the kernel writes only those values). */
  private present: boolean[] = [];
  /** Per member slot, its repeated values decoded once. */
  private readonly memberValues: (ShortValueCache<unknown> | undefined)[];
  private escapedNow = false;
  /** Whether the kernel counts lines itself once it knows their values' outcomes. */
  private readonly deciding: boolean;
  /**
   * Most records per run: small at first, so that the outcomes learnt from the first records let the
   * kernel count the following lines itself; doubled each time a run fills it.
   */
  private batch = FIRST_BATCH;

  private constructor(private readonly runner: JsonlKernelRunner, private readonly scanner: JsonObjectScanner, private readonly slots: KernelSlots) {
    this.values = new Array<unknown>(runner.wantedCount).fill(undefined);
    this.memberValues = slots.memberSlot.map((member) => (member ? new ShortValueCache((b, s, e) => decodeMember(b, s, e, this.escapedNow)) : undefined));
    this.deciding = runner.decideWith(slots.slotOfFilter, slots.prefixOfSlot);
    if (this.deciding) slots.tests.forEach((test, k) => runner.setOutcome(k, MISSING_ID, test(undefined)));
  }

  /** Writes into the kernel the outcomes of the record at word `at` (values decoded) that it does not know yet. */
  private learnOutcomes(at: number): void {
    const { slotOfFilter, tests } = this.slots;
    const runner = this.runner;
    for (let k = 0; k < tests.length; k++) {
      const slot = slotOfFilter[k];
      const id = runner.words[runner.idWord(at, slot)];
      if (id >= 0 && runner.outcome(k, id) === UNKNOWN_OUTCOME) runner.setOutcome(k, id, tests[k](this.values[slot]));
    }
  }

  /** A kernel path for these slots, or undefined where the kernel cannot run. */
  static create(scanner: JsonObjectScanner, slots: KernelSlots): JsonlKernelPath | undefined {
    const runner = JsonlKernelRunner.create(slots.columnOfSlot.length);
    return runner ? new JsonlKernelPath(runner, scanner, slots) : undefined;
  }

  /** A buffer to read a file into, whose windows the kernel reads in place. */
  get inputBuffer(): Buffer {
    return this.runner.inputBuffer;
  }

  /** Takes the shape of the scanner's last line; false when there is none or it does not fit. */
  private adoptShape(): boolean {
    const shape = this.scanner.lastShape();
    if (!shape) return false;
    const signature = shape.keys.map((key) => key.toString('latin1')).join('\u0000');
    if (signature === this.shapeKeys) return true;
    const { slotOfColumn, membersOfColumn, columnOfSlot } = this.slots;
    const wanted = shape.wanted.map((c) => (c < 0 ? -1 : slotOfColumn[c]));
    const subKeys: (SubKey[] | undefined)[] = shape.wanted.map((c) => (c < 0 ? undefined : membersOfColumn[c]?.map((m) => ({ key: m.key, wanted: m.slot }))));
    if (!this.runner.setShape(shape.keys, wanted, subKeys)) return false;
    this.shapeKeys = signature;
    this.present = columnOfSlot.map((c) => shape.wanted.includes(c));
    return true;
  }

  /** The value of member slot `slot` held in `buf[start, end)` (checked JSON). */
  private memberValue(slot: number, buf: Buffer, start: number, end: number, escaped: boolean): unknown {
    const c = buf[start];
    if (c === 0x74) return true;
    if (c === 0x66) return false;
    if (c === 0x6e) return null;
    if (end - start <= 9 && (c === 0x2d || (c >= 0x30 && c <= 0x39))) {
      const integer = shortInteger(buf, start, end);
      if (integer !== undefined) return integer;
    }
    // Objects and arrays are decoded every time: rows must not share them.
    if (c === 0x7b || c === 0x5b) return JSON.parse(buf.toString('utf8', start, end));
    this.escapedNow = escaped;
    return (this.memberValues[slot] as ShortValueCache<unknown>).get(buf, start, end);
  }

  /**
   * Reads whole lines of `buf[start, end)` that start before `stop`; returns the offset after the last
   * line read (`start` when none: the caller then reads one line itself).
   */
  scan(buf: Buffer, start: number, end: number, stop: number, sink: KernelLineSink): number {
    // The first shape comes from the scanner's first line; later ones only when most lines leave the kernel.
    if (this.disabled || (this.shapeKeys === undefined && !this.adoptShape())) return start;
    const runner = this.runner;
    const words = runner.words;
    const values = this.values;
    const count = values.length;
    const present = this.present;
    const { memberSlot, columnOfSlot } = this.slots;
    const length = runner.load(buf, start, end);
    // Record offsets are in the kernel's input; `origin` turns them into offsets in `buf`.
    const origin = start - runner.windowBase;
    let from = 0;
    let others = 0;
    let lines = 0;
    for (;;) {
      const batch = this.batch;
      const records = runner.run(from, stop - start, batch);
      if (records === batch && batch < runner.maxLines) this.batch = batch * 2;
      let given = 0;
      for (let r = 0; r < records; r++) {
        const at = runner.record(r);
        const line = words[at + RECORD_LINE];
        if (line > given) sink.passed(line - given);
        given = line + 1;
        const lineStart = origin + words[at + RECORD_START];
        const lineFeed = origin + words[at + RECORD_LINE_FEED];
        if (words[at + RECORD_STATUS] === 0) {
          const escapes = words[at + RECORD_ESCAPES];
          for (let s = 0; s < count; s++) {
            const valueStart = words[at + RECORD_VALUES + 2 * s];
            if (!present[s] || valueStart < 0) {
              values[s] = undefined;
              continue;
            }
            const valueEnd = origin + words[at + RECORD_VALUES + 2 * s + 1];
            const escaped = (escapes & (1 << s)) !== 0;
            values[s] = memberSlot[s]
              ? this.memberValue(s, buf, origin + valueStart, valueEnd, escaped)
              : this.scanner.wantedValueAt(columnOfSlot[s], buf, origin + valueStart, valueEnd, escaped);
          }
          if (this.deciding) this.learnOutcomes(at);
          sink.row(values);
        } else {
          others++;
          sink.other(buf, lineStart, lineFeed);
        }
      }
      const passed = runner.lines;
      if (passed > given) sink.passed(passed - given);
      if (this.deciding) runner.takeCounts(sink.counts);
      lines += passed;
      from = runner.next;
      if (records < batch || from >= length) break;
    }
    if (lines >= 16 && others * 2 > lines) {
      // Most lines left the kernel: follow a new shape if the scanner saw one, else stop using the kernel.
      const before = this.shapeKeys;
      this.disabled = !this.adoptShape() || this.shapeKeys === before;
    }
    return start + from;
  }
}
