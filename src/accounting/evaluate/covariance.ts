/**
 * The covariance terms of an entry's first-order variance (docs/result.md, "Correlated
 * datapoints"): `2 c_a c_b r_ab s_a s_b` for every declared pair whose two datapoints both enter
 * the entry. Internal to accounting.
 */
import type { PreparedCorrelations } from '../prepare/correlations';

type PartnerList = PreparedCorrelations['partners'] extends ReadonlyMap<number, infer L> ? L : never;

/** One pair's term of an entry's variance (SI, kg^2): both datapoints' indices, its coefficient and the term. */
export interface CovarianceTerm {
  readonly a: number;
  readonly b: number;
  readonly coefficient: number;
  readonly term: number;
}

/** What the covariance terms read of a prepared graph: the declared pairs and each datapoint's SI standard deviation. */
export interface CovarianceInputs {
  readonly correlations: PreparedCorrelations;
  readonly siStandardDeviations: readonly number[];
}

/** Merged terms k in [from, to): datapoint index `datapoints[k]` with its coefficient (merged derivative) `coefficients[k]`. */
export interface MergedTerms {
  readonly datapoints: ArrayLike<number>;
  readonly coefficients: ArrayLike<number>;
  readonly from: number;
  readonly to: number;
}

/**
 * The covariance terms among an entry's merged terms, each pair once; null when no two correlated
 * datapoints of the entry are partners.
 */
export function covarianceTermsOf(prepared: CovarianceInputs, merged: MergedTerms): CovarianceTerm[] | null {
  const { siStandardDeviations } = prepared;
  const { partners } = prepared.correlations;
  const { datapoints, coefficients, from, to } = merged;
  let coefficientOf: Map<number, number> | null = null;
  for (let k = from; k < to; k++) {
    const d = datapoints[k] as number;
    if (!partners.has(d)) continue;
    coefficientOf ??= new Map();
    coefficientOf.set(d, (coefficientOf.get(d) ?? 0) + (coefficients[k] as number));
  }
  if (coefficientOf === null) return null;
  const terms: CovarianceTerm[] = [];
  // Only datapoints with partners entered the map; one alone finds none of them present: no term.
  for (const [a, ca] of coefficientOf) {
    for (const { datapoint: b, coefficient } of partners.get(a) as PartnerList) {
      const cb = coefficientOf.get(b);
      if (b <= a || cb === undefined) continue;
      const term = 2 * ca * cb * coefficient * (siStandardDeviations[a] as number) * (siStandardDeviations[b] as number);
      terms.push({ a, b, coefficient, term });
    }
  }
  return terms.length === 0 ? null : terms;
}

/** The sum of the terms. */
export function covarianceSum(terms: readonly CovarianceTerm[]): number {
  let sum = 0;
  for (const t of terms) sum += t.term;
  return sum;
}
