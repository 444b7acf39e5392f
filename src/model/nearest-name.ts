/**
 * The nearest known name to a misspelled one, for "did you mean" hints in validation messages
 * (docs/rules.md#units-and-quantity-kinds: a misspelled key names the nearest known key). Edit distance is the
 * optimal string alignment distance: insertions, deletions, substitutions and transpositions of
 * two neighbouring characters each cost 1.
 */

/** Edit distance between two strings (optimal string alignment), stopping early above `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const width = b.length + 1;
  // Three rows: the one before the previous (for transpositions), the previous and the current.
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] as number) + 1);
      current[j] = d;
      if (d < rowMinimum) rowMinimum = d;
    }
    if (rowMinimum > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  const distance = previous[b.length] as number;
  return distance > limit ? limit + 1 : distance;
}

/**
 * The known name nearest to `name`, when one is close enough to be a likely misspelling: at most
 * one edit for names up to 4 characters, two up to 8, a third of the length beyond; ties go to the
 * earliest candidate. Failing that, the one candidate that `name` (4 characters or more) begins
 * (`risk_of_reversal` for `risk_of_reversal_percentage`). `undefined` when none is that close.
 */
export function nearestName(name: string, candidates: readonly string[]): string | undefined {
  if (candidates.includes(name)) return undefined;
  const limit = name.length <= 4 ? 1 : name.length <= 8 ? 2 : Math.floor(name.length / 3);
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const d = editDistance(name, candidate, bestDistance - 1 < limit ? bestDistance - 1 : limit);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  if (best !== undefined || name.length < 4) return best;
  let extended: string | undefined;
  for (const candidate of candidates) {
    if (!candidate.startsWith(name)) continue;
    if (extended !== undefined) return undefined;
    extended = candidate;
  }
  return extended;
}
