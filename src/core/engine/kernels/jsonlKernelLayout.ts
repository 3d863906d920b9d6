/**
 * The memory layout of the JSONL kernel (jsonlKernel.ts, jsonlKernelOutcomes.ts), in bytes:
 * - config at 0: positions, wanted count, filter count, and after each scan the offset it stopped at and
 *   how many lines it passed;
 * - key table at TABLE (per position: key offset, key length, wanted index or -1, address of its
 *   second-level table or 0), second-level tables at SUBS (a count, then per key: key offset, key length,
 *   wanted index), key bytes at KEYS;
 * - line records at OUT;
 * - the outcome region at DECIDE: per wanted value the string prefix it is read by (PREFIXES), per filter
 *   the value it reads (FILTER_SLOTS), the counts of the lines decided here (STATS), per filter its
 *   outcome for each value id (OUTCOMES), and per wanted value the table of its distinct short values
 *   (VALUE_TABLES);
 * - the input at IN, followed by a zero byte, which ends every token, so the kernel reads no length
 *   anywhere else.
 */

export const CONFIG_POSITIONS = 0;
export const CONFIG_WANTED = 4;
export const CONFIG_FILTERS = 8;
export const CONFIG_NEXT = 12;
export const CONFIG_LINES = 16;

export const TABLE = 64;
export const MAX_POSITIONS = 64;
export const SUBS = TABLE + MAX_POSITIONS * 16;
export const KEYS = 2048;
export const KEYS_END = 16384;
export const OUT = 16384;
export const OUT_BYTES = 1 << 20;

/** Most wanted values per line, and most filters whose outcomes the kernel applies itself. */
export const MAX_WANTED = 30;
export const MAX_DECIDED_FILTERS = 16;

const DECIDE = OUT + OUT_BYTES;
export const PREFIXES = DECIDE;
export const FILTER_SLOTS = DECIDE + 128;
/** Lines decided, lines kept, then per filter the lines it removed, then per filter those not comparable. */
export const STATS = DECIDE + 256;
export const OUTCOMES = DECIDE + 512;
/** Value ids 0-255 name a table entry; MISSING_ID a value that is not there. */
export const VALUE_IDS = 256;
export const MISSING_ID = VALUE_IDS;
export const OUTCOME_STRIDE = 272;
/** An outcome the kernel does not know yet (the others are FilterOutcome values). */
export const UNKNOWN_OUTCOME = 3;
/** The longest value (or string prefix) kept in a value table. */
export const VALUE_BYTES = 16;
export const VALUE_TABLES = OUTCOMES + MAX_DECIDED_FILTERS * OUTCOME_STRIDE;
/** Per wanted value: 256 entries of 16 bytes, then 256 lengths (0: empty). */
export const VALUE_TABLE_BYTES = VALUE_IDS * VALUE_BYTES + VALUE_IDS * 4;

export const IN = DECIDE + 256 * 1024;
/** Bytes after the input that the kernel may read (one 16-byte load past the zero byte). */
export const IN_SLACK = 64;

/** Words of a line record before its values. */
export const RECORD_HEADER = 20;
/**
 * Per line: start, line feed offset (both relative to IN), status (0: scanned, 1: left to JavaScript),
 * escape bits, the line's index among the lines of the scan; then per wanted value its start and end
 * (relative to IN; -1 when the value is not there); then per wanted value its id (MISSING_ID when not
 * there, -1 when it has none).
 */
export const recordBytes = (wanted: number): number => RECORD_HEADER + 12 * wanted;
