/** Mean, sample variance (n − 1), and the Pearson correlation. */

/** Values in a plain array or a typed one (a million paired values take 8 MB in a Float64Array, no garbage). */
export type NumberList = readonly number[] | Float64Array;

export function mean(values: NumberList): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return values.length ? sum / values.length : NaN;
}

/**
 * Sample variance with n − 1 in the denominator (two-pass); NaN below two values. `knownMean`: the values' mean
 * when the caller has it already (added in the same order, so the same number).
 */
export function variance(values: NumberList, knownMean?: number): number {
  if (values.length < 2) return NaN;
  const m = knownMean ?? mean(values);
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += (values[i] - m) * (values[i] - m);
  return sum / (values.length - 1);
}

/** Pearson's correlation of paired values; null when either side does not vary. */
export function correlation(a: NumberList, b: NumberList): number | null {
  if (a.length !== b.length || a.length < 2) return null;
  const ma = mean(a);
  const mb = mean(b);
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < a.length; i++) {
    const da = a[i] - ma;
    const db = b[i] - mb;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  if (saa === 0 || sbb === 0) return null;
  return Math.max(-1, Math.min(1, sab / Math.sqrt(saa * sbb)));
}

/** Welch–Satterthwaite degrees of freedom from the squared standard errors and sizes of two groups. */
export function welchDf(seA2: number, nA: number, seB2: number, nB: number): number {
  const numerator = (seA2 + seB2) ** 2;
  const denominator = (seA2 * seA2) / (nA - 1) + (seB2 * seB2) / (nB - 1);
  return denominator === 0 ? nA + nB - 2 : numerator / denominator;
}
