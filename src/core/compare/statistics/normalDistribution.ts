/** The standard normal quantile z(p), for the intervals and plans of docs/semantics.md §12. */

/** z(0.975): the two-sided 95% quantile docs/semantics.md §12 names. */
export const Z_95 = 1.959963984540054;

// Wichura's algorithm AS 241 (PPND16, Applied Statistics 37, 1988): relative error about 1e-16.
const CENTRAL_A = [3.3871328727963665, 133.14166789178438, 1971.5909503065513, 13731.69376550946, 45921.95393154987, 67265.7709270087, 33430.57558358813, 2509.0809287301227];
const CENTRAL_B = [1, 42.31333070160091, 687.1870074920579, 5394.196021424751, 21213.794301586597, 39307.89580009271, 28729.085735721943, 5226.495278852546];
const NEAR_A = [1.4234371107496835, 4.630337846156546, 5.769497221460691, 3.6478483247632045, 1.2704582524523684, 0.2417807251774506, 0.022723844989269184, 0.0007745450142783414];
const NEAR_B = [1, 2.053191626637759, 1.6763848301838038, 0.6897673349851, 0.14810397642748008, 0.015198666563616457, 0.0005475938084995345, 1.0507500716444169e-09];
const FAR_A = [6.657904643501103, 5.463784911164114, 1.7848265399172913, 0.29656057182850487, 0.026532189526576124, 0.0012426609473880784, 2.7115555687434876e-05, 2.0103343992922881e-07];
const FAR_B = [1, 0.599832206555888, 0.1369298809227358, 0.014875361290850615, 0.0007868691311456133, 1.8463183175100548e-05, 1.421511758316446e-07, 2.0442631033899397e-15];

function ratio(a: readonly number[], b: readonly number[], x: number): number {
  let numerator = 0;
  let denominator = 0;
  for (let i = a.length - 1; i >= 0; i--) {
    numerator = numerator * x + a[i];
    denominator = denominator * x + b[i];
  }
  return numerator / denominator;
}

/** The p-quantile of the standard normal distribution, for 0 < p < 1 (NaN outside). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) return NaN;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return q * ratio(CENTRAL_A, CENTRAL_B, r);
  }
  let r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  const z = r <= 5 ? ratio(NEAR_A, NEAR_B, (r -= 1.6)) : ratio(FAR_A, FAR_B, r - 5);
  return q < 0 ? -z : z;
}
