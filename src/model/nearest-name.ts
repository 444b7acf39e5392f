/**
 * The nearest known name to a misspelled one, for "did you mean" hints in validation messages
 * (docs/rules.md#units-and-quantity-kinds: a misspelled key names the nearest known key). Edit distance is the
 * optimal string alignment distance: insertions, deletions, substitutions and transpositions of
 * two neighbouring characters each cost 1.
 */

/** Three rows of the distance table, reused from call to call (grown when a name is longer). */
let scratch = new Int32Array(3 * 64);

/**
 * Edit distance between two strings (optimal string alignment), stopping early above `limit`.
 * Within a limit only the cells at most `limit` from the diagonal can stay within it, so only they
 * are computed (a name is compared with every id of a collection of 100,000s when it names none).
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > limit) return limit + 1;
  const band = limit < n + m ? limit : n + m;
  // Above any distance the band can hold: the cells outside it.
  const outside = band + 1;
  const width = m + 1;
  if (scratch.length < 3 * width) scratch = new Int32Array(6 * width);
  const rows = scratch;
  // Offsets of the row before the previous (for transpositions), the previous and the current.
  let before = 0;
  let previous = width;
  let current = 2 * width;
  for (let j = 0; j < width; j++) rows[previous + j] = j <= band ? j : outside;
  for (let i = 1; i <= n; i++) {
    const ai = a.charCodeAt(i - 1);
    const aBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    const from = i - band > 1 ? i - band : 1;
    const to = i + band < m ? i + band : m;
    rows[current + from - 1] = from === 1 && i <= band ? i : outside;
    let rowMinimum = rows[current + from - 1] as number;
    for (let j = from; j <= to; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = (rows[previous + j - 1] as number) + (ai === bj ? 0 : 1);
      const up = (rows[previous + j] as number) + 1;
      if (up < d) d = up;
      const left = (rows[current + j - 1] as number) + 1;
      if (left < d) d = left;
      if (j > 1 && ai === b.charCodeAt(j - 2) && aBefore === bj) {
        const swap = (rows[before + j - 2] as number) + 1;
        if (swap < d) d = swap;
      }
      if (d > outside) d = outside;
      rows[current + j] = d;
      if (d < rowMinimum) rowMinimum = d;
    }
    if (to < m) rows[current + to + 1] = outside;
    if (rowMinimum > limit) return limit + 1;
    const oldest = before;
    before = previous;
    previous = current;
    current = oldest;
  }
  const distance = rows[previous + m] as number;
  return distance > limit ? limit + 1 : distance;
}

/**
 * The known name nearest to `name`, when one is close enough to be a likely misspelling: at most
 * one edit for names up to 4 characters, two up to 8, a third of the length beyond; ties go to the
 * earliest candidate. Failing that, the one candidate that `name` (4 characters or more) begins
 * (`risk_of_reversal` for `risk_of_reversal_percentage`). `undefined` when none is that close.
 * `candidates` may have holes (an id index's positions), which are skipped.
 */
export function nearestName(name: string, candidates: readonly (string | undefined)[]): string | undefined {
  if (candidates.includes(name)) return undefined;
  const limit = name.length <= 4 ? 1 : name.length <= 8 ? 2 : Math.floor(name.length / 3);
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (candidate === undefined) continue; // a hole of a sparse array (an index's positions without an id)
    const d = editDistance(name, candidate, bestDistance - 1 < limit ? bestDistance - 1 : limit);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  if (best !== undefined || name.length < 4) return best;
  let extended: string | undefined;
  for (const candidate of candidates) {
    if (candidate === undefined || !candidate.startsWith(name)) continue;
    if (extended !== undefined) return undefined;
    extended = candidate;
  }
  return extended;
}
