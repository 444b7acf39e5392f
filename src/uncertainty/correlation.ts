/**
 * Correlation matrices of linked datapoints: the Cholesky factor that turns independent standard
 * normals into correlated ones (the Gaussian copula), which exists exactly when the matrix is
 * positive semidefinite.
 */

/** Slack on a pivot: round-off of a semidefinite matrix (r = 1 pairs) must not read as indefinite. */
const PIVOT_TOLERANCE = 1e-10;

/**
 * The lower-triangular L with L L^T = R for a k x k correlation matrix R (row-major), or null when R
 * is not positive semidefinite. A zero pivot (a member fully explained by the earlier ones) gives a
 * zero column, which is what a semidefinite matrix needs.
 */
export function choleskyOfCorrelation(r: Float64Array, k: number): Float64Array | null {
  const l = new Float64Array(k * k);
  for (let j = 0; j < k; j++) {
    let pivot = r[j * k + j] as number;
    for (let m = 0; m < j; m++) pivot -= (l[j * k + m] as number) ** 2;
    if (pivot < -PIVOT_TOLERANCE) return null;
    const root = pivot > PIVOT_TOLERANCE ? Math.sqrt(pivot) : 0;
    l[j * k + j] = root;
    for (let i = j + 1; i < k; i++) {
      let s = r[i * k + j] as number;
      for (let m = 0; m < j; m++) s -= (l[i * k + m] as number) * (l[j * k + m] as number);
      if (root === 0) {
        if (Math.abs(s) > 1e-8) return null;
        l[i * k + j] = 0;
      } else l[i * k + j] = s / root;
    }
  }
  return l;
}
