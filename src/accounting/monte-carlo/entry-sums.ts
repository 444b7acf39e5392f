/**
 * The signed sums of a range of entries over one block of draws (nets.ts). Each attribution of
 * the range becomes a term fixed for the range: the column of its component's values, the column
 * of its sampled factor (or none) and its coefficient (the sign, times the factor when that is a
 * constant). An entry's nets are then one pass over the block for up to four terms (a fused loop,
 * not one read-modify-write pass per term): `finite(0 + c0 v0 + c1 v1 + c2 v2 + c3 v3)` draw by
 * draw, left to right; a longer entry's next pass takes its running sum and up to three more terms.
 * The sums are the ones of a sum started at +0 and added term by term, bit for bit: a running sum
 * is never -0 (so `0 + 1 * s` is s), and a sum that is not finite stays so whatever is added (so
 * NaN at each pass is NaN at the end). Internal to accounting.
 */
import { attributionFactor } from '../amortisation';
import type { PreparedGraph } from '../prepare/prepared-graph';

/** The terms of entries [from, to): entry e's are [start[e - from], start[e - from + 1]). */
export interface EntryTerms {
  readonly start: Int32Array;
  /** The block's values of the term's component. */
  readonly values: readonly Float64Array[];
  /** The block's draws of the term's factor; null for a constant factor (in the coefficient). */
  readonly factors: readonly (Float64Array | null)[];
  /** The attribution's sign, times its factor when that is a constant. */
  readonly coefficients: Float64Array;
}

/**
 * The terms of entries [from, to) over the given columns: `componentColumn(c)` holds component c's
 * values of a block, `drawsOf(d)` datapoint d's draws (null when d is not sampled).
 */
export function entryTerms(
  prepared: PreparedGraph,
  shares: Float64Array,
  from: number,
  to: number,
  componentColumn: (c: number) => Float64Array,
  drawsOf: (d: number) => Float64Array | null,
): EntryTerms {
  const { attributionStart, attributions } = prepared.entries;
  const first = attributionStart[from] as number;
  const count = (attributionStart[to] as number) - first;
  const start = new Int32Array(to - from + 1);
  for (let e = from; e <= to; e++) start[e - from] = (attributionStart[e] as number) - first;
  const values = new Array<Float64Array>(count);
  const factors = new Array<Float64Array | null>(count);
  const coefficients = new Float64Array(count);
  for (let t = 0; t < count; t++) {
    const a = first + t;
    values[t] = componentColumn(attributions.component[a] as number);
    const factorDatapoint = attributions.factorDatapoint[a] as number;
    const sampled = factorDatapoint >= 0 ? drawsOf(factorDatapoint) : null;
    factors[t] = sampled;
    const sign = attributions.sign[a] as number;
    coefficients[t] = sampled !== null ? sign : sign * attributionFactor(attributions, a, prepared.siMagnitudes, shares);
  }
  return { start, values, factors, coefficients };
}

/** Terms summed per pass over an entry's block: the first pass's, or a later one's running sum and three more. */
const PASS_TERMS = 4;

/** A pass's columns and coefficients (reused), and per place the products of a sampled term (grown on demand). */
const passColumns = new Array<Float64Array>(PASS_TERMS);
const passCoefficients = new Float64Array(PASS_TERMS);
const products: Float64Array[] = [];

/** Writes each entry's nets of the block's first `size` draws into `out[e - from]` from index `at` on. */
export function sumEntries(terms: EntryTerms, size: number, out: readonly Float64Array[], at: number): void {
  const { start } = terms;
  for (let i = 0; i < start.length - 1; i++) {
    const first = start[i] as number;
    const end = start[i + 1] as number;
    const nets = out[i] as Float64Array;
    if (end === first) {
      nets.fill(0, at, at + size);
      continue;
    }
    let t = sumPass(terms, first, Math.min(end, first + PASS_TERMS), 0, size, nets, at);
    while (t < end) {
      passColumns[0] = nets.subarray(at, at + size);
      passCoefficients[0] = 1;
      t = sumPass(terms, t, Math.min(end, t + PASS_TERMS - 1), 1, size, nets, at);
    }
  }
}

/**
 * One pass: terms [from, to) at places `held`, `held + 1`, ... of the pass (after the running sum
 * at place 0 when `held` is 1), summed onto +0 into `nets` from `at` on. A term whose factor is
 * drawn is first multiplied out, sign * factor * value, into a column of its own, summed with
 * coefficient 1 (exact). Returns `to`.
 */
function sumPass(terms: EntryTerms, from: number, to: number, held: number, size: number, nets: Float64Array, at: number): number {
  const { values, factors, coefficients } = terms;
  const n = held + to - from;
  for (let p = held; p < n; p++) {
    const t = from + p - held;
    const column = values[t] as Float64Array;
    const sampled = factors[t] as Float64Array | null;
    if (sampled === null) {
      passColumns[p] = column;
      passCoefficients[p] = coefficients[t] as number;
    } else {
      passColumns[p] = multiplied(p, coefficients[t] as number, sampled, column, size);
      passCoefficients[p] = 1;
    }
  }
  const v = passColumns as [Float64Array, Float64Array, Float64Array, Float64Array];
  const c = passCoefficients;
  let check: number;
  if (n === 1) check = sum1(nets, at, size, c[0] as number, v[0]);
  else if (n === 2) check = sum2(nets, at, size, c[0] as number, v[0], c[1] as number, v[1]);
  else if (n === 3) check = sum3(nets, at, size, c[0] as number, v[0], c[1] as number, v[1], c[2] as number, v[2]);
  else check = sum4(nets, at, size, c[0] as number, v[0], c[1] as number, v[1], c[2] as number, v[2], c[3] as number, v[3]);
  if (check !== 0) finiteOnly(nets, at, size);
  return to;
}

/** Place p's products sign * factor * value of the block's first `size` draws. */
function multiplied(p: number, sign: number, factors: Float64Array, column: Float64Array, size: number): Float64Array {
  let out = products[p];
  if (out === undefined || out.length < size) out = products[p] = new Float64Array(size);
  for (let k = 0; k < size; k++) out[k] = sign * (factors[k] as number) * (column[k] as number);
  return out;
}

// The passes of one to four terms: each writes the sums and returns the sum of their `s - s`, 0 when
// every sum is finite, else NaN. `0 + x` rather than `x`: the sum starts at +0, and +0 + -0 is +0.
// Written out per count on purpose: a loop over the terms inside the loop over the draws is the
// term-by-term pass these replace: 1.5 against 0.7 ns per term-draw (bench/RESULTS.md, issue 36, seventh pass).

function sum1(nets: Float64Array, at: number, size: number, c0: number, v0: Float64Array): number {
  let check = 0;
  for (let k = 0; k < size; k++) {
    const s = 0 + c0 * (v0[k] as number);
    nets[at + k] = s;
    check += s - s;
  }
  return check;
}

function sum2(nets: Float64Array, at: number, size: number, c0: number, v0: Float64Array, c1: number, v1: Float64Array): number {
  let check = 0;
  for (let k = 0; k < size; k++) {
    const s = 0 + c0 * (v0[k] as number) + c1 * (v1[k] as number);
    nets[at + k] = s;
    check += s - s;
  }
  return check;
}

function sum3(
  nets: Float64Array,
  at: number,
  size: number,
  c0: number,
  v0: Float64Array,
  c1: number,
  v1: Float64Array,
  c2: number,
  v2: Float64Array,
): number {
  let check = 0;
  for (let k = 0; k < size; k++) {
    const s = 0 + c0 * (v0[k] as number) + c1 * (v1[k] as number) + c2 * (v2[k] as number);
    nets[at + k] = s;
    check += s - s;
  }
  return check;
}

function sum4(
  nets: Float64Array,
  at: number,
  size: number,
  c0: number,
  v0: Float64Array,
  c1: number,
  v1: Float64Array,
  c2: number,
  v2: Float64Array,
  c3: number,
  v3: Float64Array,
): number {
  let check = 0;
  for (let k = 0; k < size; k++) {
    const s = 0 + c0 * (v0[k] as number) + c1 * (v1[k] as number) + c2 * (v2[k] as number) + c3 * (v3[k] as number);
    nets[at + k] = s;
    check += s - s;
  }
  return check;
}

/**
 * A non-finite sum is NaN, whatever its sign: the summaries count NaN as invalid. Done after a pass
 * whose check is not 0 (a test per sum in the pass's loop cost more than the sums themselves).
 */
function finiteOnly(nets: Float64Array, at: number, size: number): void {
  for (let k = at; k < at + size; k++) if (!Number.isFinite(nets[k] as number)) nets[k] = Number.NaN;
}
