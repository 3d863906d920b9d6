/** Levenshtein distance, for "did you mean" suggestions. */
function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return prev[b.length];
}

/** The candidate closest to `name`, when it is close enough to be a likely typo. */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = name.toLowerCase();
  for (const candidate of candidates) {
    const d = editDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.floor(Math.max(name.length, best.length) / 3));
  return bestDistance <= limit ? best : undefined;
}

/** Whether one of the two begins the other (`greater` and `greater_than`), case aside. */
function isPrefixPair(a: string, b: string): boolean {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x.length > 0 && y.length > 0 && (x.startsWith(y) || y.startsWith(x));
}

/** The candidates from the closest to `name`: those it begins (or that begin it) first, then by edit distance; ties keep their order. */
export function byCloseness(name: string, candidates: readonly string[]): string[] {
  const lower = name.toLowerCase();
  const ranked = candidates.map((candidate, index) => ({ candidate, index, prefix: isPrefixPair(name, candidate) ? 0 : 1, distance: editDistance(lower, candidate.toLowerCase()) }));
  ranked.sort((a, b) => a.prefix - b.prefix || a.distance - b.distance || a.index - b.index);
  return ranked.map((r) => r.candidate);
}

/** The allowed value `value` was most likely meant to be (a typo or a shortened name), if any. */
export function closestValue(value: string, allowed: readonly string[]): string | undefined {
  const first = byCloseness(value, allowed)[0];
  if (first === undefined) return undefined;
  return isPrefixPair(value, first) ? first : closestName(value, [first]);
}
