/**
 * The "lite" copy of a sample that indexing parses: the sample's text with the values of some keys (the
 * cuts) replaced by null. `solver` and `direct_ios` values are always left out. The `sample` values of
 * the trials after the one whose data the index reads are left out too (the index reads only that trial's
 * data), and the parsed copy is checked to prove that those cuts took only such values; when it cannot be
 * proved (a legacy sample, a data or score field named `sample`, duplicate keys), the copy keeps every
 * `sample` value.
 */
import { asArray, asRecord } from './logValue';
import { isWs } from './jsonScanner';

/** Cut keys, as written between quotes: the values of all three are located when the samples are scanned. */
export const LITE_CUT_KEYS = ['solver', 'direct_ios', 'sample'].map((k) => new TextEncoder().encode(k));

const SAMPLE_KEY = Buffer.from('"sample"', 'latin1');

/** Whether the cut value at `valueStart` is the value of a `sample` key (read back over `"sample" :`). */
function isSampleCut(buf: Uint8Array, valueStart: number): boolean {
  let p = valueStart - 1;
  while (p >= 0 && isWs(buf[p])) p--;
  if (p < 0 || buf[p] !== 0x3a) return false;
  p--;
  while (p >= 0 && isWs(buf[p])) p--;
  const from = p - SAMPLE_KEY.length + 1;
  if (from < 0) return false;
  for (let k = 0; k < SAMPLE_KEY.length; k++) if (buf[from + k] !== SAMPLE_KEY[k]) return false;
  return true;
}

let scratch = Buffer.allocUnsafeSlow(1 << 16);
const NULL_BYTES = Buffer.from('null', 'latin1');

/** The cut values [cuts[from], cuts[from + 1]), … [cuts[to - 2], cuts[to - 1]) of one sample (pairs of offsets). */
interface CutRange {
  cuts: ArrayLike<number>;
  from: number;
  to: number;
}

/**
 * Writes the bytes [start, end) with the cut values replaced by null to `target` at `at` (which must have
 * room for end - start bytes): every cut but the `sample` values when `cutLaterSamples` is false; with
 * it, also every `sample` value after the first. Offsets are of the log; byte p of it is buf[p - base].
 * Returns the length written and how many `sample` values it left out.
 */
export function writeLite(buf: Uint8Array, start: number, end: number, range: CutRange, cutLaterSamples: boolean, target: Uint8Array, at: number, base = 0): { length: number; samplesCut: number } {
  const { cuts } = range;
  let from = start;
  let n = at;
  let samplesSeen = 0;
  let samplesCut = 0;
  for (let c = range.from; c < range.to; c += 2) {
    if (isSampleCut(buf, cuts[c] - base)) {
      samplesSeen++;
      if (!cutLaterSamples || samplesSeen === 1) continue;
      samplesCut++;
    }
    target.set(buf.subarray(from - base, cuts[c] - base), n);
    n += cuts[c] - from;
    target.set(NULL_BYTES, n);
    n += NULL_BYTES.length;
    from = cuts[c + 1];
  }
  target.set(buf.subarray(from - base, end - base), n);
  n += end - from;
  return { length: n - at, samplesCut };
}

/** The text of writeLite's bytes, and how many `sample` values it left out. */
export function liteText(buf: Buffer, start: number, end: number, range: CutRange, cutLaterSamples: boolean, base = 0): { text: string; samplesCut: number } {
  if (scratch.length < end - start) scratch = Buffer.allocUnsafeSlow(Math.max(end - start, scratch.length * 2));
  const { length, samplesCut } = writeLite(buf, start, end, range, cutLaterSamples, scratch, 0, base);
  return { text: scratch.toString('utf8', 0, length), samplesCut };
}

/**
 * Whether a lite copy that left out `samplesCut` `sample` values (all after the first) took only the
 * values of trials after the first trial with data, with no sample-level `sample`: then every trial after
 * it whose `sample` is null was cut (or was null), and exactly `samplesCut` of them are.
 */
export function laterSampleCutsFit(value: unknown, samplesCut: number): boolean {
  const record = asRecord(value);
  if (!record || 'sample' in record) return false;
  const trials = asArray(record.trials);
  if (!trials) return false;
  let withData = -1;
  let nulls = 0;
  for (let k = 0; k < trials.length; k++) {
    const trial = asRecord(trials[k]);
    if (withData < 0) {
      const sample = asRecord(trial?.sample);
      if (sample && 'data' in sample) withData = k;
    } else if (trial && 'sample' in trial && trial.sample === null) {
      nulls++;
    }
  }
  return withData >= 0 && nulls === samplesCut;
}
