/**
 * Sparse sensitivities keyed by the identity (a dense integer index) of each elementary input.
 * An accumulator merges contributions so that an input reached along several paths (twice in a
 * formula, in two components, in two inputs) is one variable: its partial derivatives add before
 * any squaring. Collected terms come out sorted by index, as in GTC.
 */

/**
 * Partial derivatives of one result with respect to elementary inputs, sorted by input index.
 */
export interface SparseSensitivities {
  /** Input indices, strictly ascending. */
  readonly indices: Int32Array;
  /** `coefficients[k]` is the partial derivative with respect to input `indices[k]`. */
  readonly coefficients: Float64Array;
  /** How many times each input was reached (same order as `indices`). */
  readonly uses: Int32Array;
}

/**
 * Accumulates partial derivatives over a fixed universe of `size` inputs. Dense storage plus a
 * list of touched indices: adding is O(1), collecting is O(k log k) in the k inputs touched, and
 * `reset` is O(k), so one accumulator serves any number of results without reallocation.
 */
export class SensitivityAccumulator {
  private readonly coefficients: Float64Array;
  private readonly useCounts: Int32Array;
  private readonly touched: Int32Array;
  private readonly isTouched: Uint8Array;
  private touchedCount = 0;

  /** @param size - number of distinct inputs (indices run from 0 to size - 1) */
  constructor(size: number) {
    this.coefficients = new Float64Array(size);
    this.useCounts = new Int32Array(size);
    this.touched = new Int32Array(size);
    this.isTouched = new Uint8Array(size);
  }

  /** Adds `coefficient` to the derivative with respect to `index`, counting `uses` uses. */
  add(index: number, coefficient: number, uses = 1): void {
    if (this.isTouched[index] === 0) {
      this.isTouched[index] = 1;
      this.touched[this.touchedCount++] = index;
    }
    this.coefficients[index] = (this.coefficients[index] ?? 0) + coefficient;
    this.useCounts[index] = (this.useCounts[index] ?? 0) + uses;
  }

  /** Adds `scale` times every term of `terms`. */
  addScaled(terms: SparseSensitivities, scale: number): void {
    const { indices, coefficients, uses } = terms;
    for (let k = 0; k < indices.length; k++) this.add(indices[k] as number, (coefficients[k] as number) * scale, uses[k] as number);
  }

  /** Number of distinct inputs touched since the last reset. */
  get size(): number {
    return this.touchedCount;
  }

  /**
   * The k-th input touched since the last reset (k from 0 to size - 1), in the order first reached.
   * With {@link SensitivityAccumulator.coefficient} and {@link SensitivityAccumulator.uses} it reads
   * the merged terms without the sorted copy {@link SensitivityAccumulator.collect} makes.
   */
  touchedIndex(k: number): number {
    return this.touched[k] as number;
  }

  /** The merged partial derivative with respect to input `index` (0 when untouched). */
  coefficient(index: number): number {
    return this.coefficients[index] as number;
  }

  /** How many times input `index` was reached since the last reset. */
  uses(index: number): number {
    return this.useCounts[index] as number;
  }

  /** The merged terms, sorted by input index. Does not reset. */
  collect(): SparseSensitivities {
    const indices = this.touched.slice(0, this.touchedCount).sort();
    const coefficients = new Float64Array(indices.length);
    const uses = new Int32Array(indices.length);
    for (let k = 0; k < indices.length; k++) {
      const i = indices[k] as number;
      coefficients[k] = this.coefficients[i] as number;
      uses[k] = this.useCounts[i] as number;
    }
    return { indices, coefficients, uses };
  }

  /**
   * Variance `sum (c_j s_j)^2` of the merged terms without collecting them; `standardDeviations[j]`
   * NaN means input j has none. Returns NaN when no touched input has a standard deviation.
   */
  propagatedVariance(standardDeviations: ArrayLike<number>): number {
    let variance = 0;
    let anyGiven = false;
    for (let k = 0; k < this.touchedCount; k++) {
      const i = this.touched[k] as number;
      const s = standardDeviations[i] as number;
      if (Number.isNaN(s)) continue;
      anyGiven = true;
      const u = (this.coefficients[i] as number) * s;
      variance += u * u;
    }
    return anyGiven ? variance : Number.NaN;
  }

  /** Clears every touched term; cost proportional to the number touched. */
  reset(): void {
    for (let k = 0; k < this.touchedCount; k++) {
      const i = this.touched[k] as number;
      this.coefficients[i] = 0;
      this.useCounts[i] = 0;
      this.isTouched[i] = 0;
    }
    this.touchedCount = 0;
  }
}
