/**
 * The branch taken at a kink (docs/result.md, "Kinks"): where a component's formula is not
 * differentiable at the magnitudes, its compiled blueprint gives one candidate gradient per branch,
 * and the propagation takes the one that gives the larger variance (the entry's, or for a
 * component's own figures its own). The variance is a convex quadratic of the gradient, so its
 * maximum over every mixture of branches is at one of them. Equal variances (two tied datapoints
 * with equal standard deviations) are broken by a rule on datapoint ids, never by the order of
 * writing. Internal to accounting.
 */
import { compareStrings } from '../compare-strings';

/** A candidate's merged sensitivities: SI partial derivative by datapoint index, and its variance. */
export interface KinkCandidate {
  /** NaN when no datapoint has a standard deviation (then only the tie rule decides). */
  readonly variance: number;
  readonly terms: ReadonlyMap<number, number>;
}

/** Relative difference under which two variances (or two coefficients) count as equal: rounding, not meaning. */
const TIE = 1e-12;

/**
 * A limit of the search, not a policy: most combinations of branches enumerated for one entry (the
 * product of its kinked components' candidate counts); beyond, a coordinate ascent in component id
 * order (docs/result.md).
 */
export const MAX_ENTRY_KINK_COMBINATIONS = 1024;

function nearlyEqual(x: number, y: number): boolean {
  return Math.abs(x - y) <= TIE * Math.max(Math.abs(x), Math.abs(y));
}

/**
 * Whether candidate `a` is preferred to `b`: a larger variance; at equal variances, at the first
 * datapoint (by id) whose coefficients differ, the larger magnitude, then the positive one.
 */
export function isPreferred(a: KinkCandidate, b: KinkCandidate, ids: readonly string[]): boolean {
  const va = Number.isNaN(a.variance) ? 0 : a.variance;
  const vb = Number.isNaN(b.variance) ? 0 : b.variance;
  if (!nearlyEqual(va, vb)) return va > vb;
  const datapoints = [...new Set([...a.terms.keys(), ...b.terms.keys()])].sort((x, y) =>
    compareStrings(ids[x] as string, ids[y] as string),
  );
  for (const d of datapoints) {
    const ca = a.terms.get(d) ?? 0;
    const cb = b.terms.get(d) ?? 0;
    if (!nearlyEqual(Math.abs(ca), Math.abs(cb))) return Math.abs(ca) > Math.abs(cb);
    if (!nearlyEqual(ca, cb)) return ca > cb;
  }
  return false;
}

/** The variance of merged terms: sum of (c s)^2 over datapoints with a standard deviation; NaN for none. */
export function varianceOfTerms(terms: ReadonlyMap<number, number>, siStandardDeviations: readonly number[]): number {
  let variance = 0;
  let anyGiven = false;
  for (const [d, c] of terms) {
    const s = siStandardDeviations[d] as number;
    if (Number.isNaN(s)) continue;
    anyGiven = true;
    variance += (c * s) ** 2;
  }
  return anyGiven ? variance : Number.NaN;
}

/**
 * The preferred combination of branches: `counts[i]` candidates for the i-th kinked component (in
 * id order), `evaluate` the candidate a combination gives. Every combination when there are at most
 * {@link MAX_ENTRY_KINK_COMBINATIONS}; otherwise, from `start`, each component in turn takes its
 * preferred candidate with the others fixed, until a whole round changes nothing (at most 8 rounds).
 */
export function preferredCombination(
  counts: readonly number[],
  start: readonly number[],
  evaluate: (choice: readonly number[]) => KinkCandidate,
  ids: readonly string[],
): number[] {
  const total = counts.reduce((p, n) => p * n, 1);
  let best = [...start];
  let bestCandidate = evaluate(best);
  const consider = (choice: number[]): boolean => {
    const candidate = evaluate(choice);
    if (!isPreferred(candidate, bestCandidate, ids)) return false;
    best = choice;
    bestCandidate = candidate;
    return true;
  };
  if (total <= MAX_ENTRY_KINK_COMBINATIONS) {
    const choice = counts.map(() => 0);
    for (let n = 0; n < total; n++) {
      consider([...choice]);
      for (let i = 0; i < counts.length; i++) {
        choice[i] = (choice[i] as number) + 1;
        if ((choice[i] as number) < (counts[i] as number)) break;
        choice[i] = 0;
      }
    }
    return best;
  }
  for (let round = 0; round < 8; round++) {
    let changed = false;
    counts.forEach((count, i) => {
      for (let k = 0; k < count; k++) if (k !== best[i] && consider(best.map((b, j) => (j === i ? k : b)))) changed = true;
    });
    if (!changed) break;
  }
  return best;
}
