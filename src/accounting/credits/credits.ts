/**
 * Rounding and credit allocation in exact decimals (decimal.js): a binary double never decides a
 * kilogram of credit. Inputs are doubles from the evaluation; they are read as the shortest
 * decimal that round-trips, then every step is exact. The evaluation's common case, whole
 * kilograms below 2^53, takes the same steps in doubles that hold them exactly (integer.ts).
 */
import type Decimal from 'decimal.js';
import { lazyDecimal, ROUND_CEIL, ROUND_FLOOR, ROUND_HALF_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP } from '../../model/decimal';
import { BoundedCache } from '../bounded-cache';
import { integerCredits, type CreditPolicies, type IntegerCredits } from './integer';
import type { AccountingPolicies, BufferPoolRounding, RoundingTies } from '../policies';
import { DEFAULT_ACCOUNTING_POLICIES } from '../policies';

/**
 * Split of issuable credits between supplier and buffer pool, in kg.
 * @public
 */
export interface CreditAllocation {
  /** Credits (kg) contributed to the buffer pool. */
  readonly buffer_pool_contribution_kg: number;
  /** Credits (kg) allocated to the supplier. */
  readonly supplier_allocation_kg: number;
}

/** The credits' decimal constructor, made when the first decimal is (decimal.js loads then: model/decimal.ts). */
const decimal = lazyDecimal({ precision: 60, rounding: ROUND_HALF_UP });

/** `new D(x)` of the credits' constructor D. */
const dec = (x: Decimal.Value): Decimal => new (decimal())(x);

let zero: Decimal | undefined;
/** 0 kg, one object. */
const ZERO = (): Decimal => (zero ??= dec(0));

const TIE_MODES: Record<RoundingTies, Decimal.Rounding> = {
  away_from_zero: ROUND_HALF_UP,
  half_even: ROUND_HALF_EVEN,
  toward_zero: ROUND_HALF_DOWN,
};

const BUFFER_MODES: Record<BufferPoolRounding, Decimal.Rounding> = {
  ceil: ROUND_CEIL,
  floor: ROUND_FLOOR,
  half_up: ROUND_HALF_UP,
};

/**
 * Rounds a net removal to the policy's increment (default: nearest 10 kg, ties away from zero).
 */
export function roundNetRemoval(
  netKg: number,
  policies: Pick<AccountingPolicies, 'roundingIncrementKg' | 'roundingTies'> = DEFAULT_ACCOUNTING_POLICIES,
): number {
  return roundedNet(netKg, policies.roundingIncrementKg, TIE_MODES[policies.roundingTies]).toNumber();
}

/**
 * `netKg`, read as the shortest decimal that round-trips, rounded to a multiple of `increment`.
 *
 * For an even whole increment (10 kg by default) only the net's integer part matters, and it is
 * exact: a net n + f with 0 < |f| < 1 reads as a decimal strictly between n and n ± 1 (both are
 * doubles themselves), where no multiple of the increment and no tie (both whole numbers) lies; so
 * it rounds as n does with ties away from zero, n itself being a tie only from the side of zero.
 * The decimal then starts from a small integer instead of parsing the net's digits, which was a
 * third of the credits' time.
 */
function roundedNet(netKg: number, increment: number, mode: Decimal.Rounding): Decimal {
  if (Number.isSafeInteger(increment) && increment % 2 === 0 && increment > 0 && Number.isFinite(netKg)) {
    const whole = Math.trunc(netKg);
    if (whole !== netKg) return roundToIncrement(dec(whole), increment, ROUND_HALF_UP);
  }
  return roundToIncrement(dec(netKg), increment, mode);
}

/**
 * `x` rounded to a multiple of `increment`. For a power of ten, 10^p, at or above it, that is
 * rounding to the significant digits down to the 10^p place, one exact step without the division
 * `toNearest` makes; any other increment, or a smaller value, goes through `toNearest`.
 */
function roundToIncrement(x: Decimal, increment: number, mode: Decimal.Rounding): Decimal {
  const place = POWER_OF_TEN_PLACE.get(increment);
  const rounded = place !== undefined && x.e >= place ? x.toSignificantDigits(x.e - place + 1, mode) : x.toNearest(increment, mode);
  // A net that rounds to zero from below is 0 kg, not -0.
  return rounded.isZero() ? ZERO() : rounded;
}

/** The exponent p of the increments 10^p (1 kg to 1 Mt) that round by significant digits. */
const POWER_OF_TEN_PLACE = new Map<number, number>([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((p) => [10 ** p, p]));

/**
 * The amount that can be issued from a net removal: the rounded net, floored at the policy's
 * floor (default `max(0, round_to_10kg(net))`).
 */
export function issuableKg(
  netKg: number,
  policies: Pick<AccountingPolicies, 'roundingIncrementKg' | 'roundingTies' | 'issuableFloorKg'> = DEFAULT_ACCOUNTING_POLICIES,
): number {
  return issuableOf(netKg, policies).toNumber();
}

/**
 * Splits an issuable amount between buffer pool and supplier: the buffer gets
 * `ceil(issuable * pct / 100)` (by default), the supplier the rest, so both add up exactly.
 * Returns null when the risk of reversal is not set.
 */
export function allocateCredits(
  issuable: number,
  riskOfReversalPercentage: number | null | undefined,
  policies: Pick<AccountingPolicies, 'bufferPoolRounding'> = DEFAULT_ACCOUNTING_POLICIES,
): CreditAllocation | null {
  if (riskOfReversalPercentage === null || riskOfReversalPercentage === undefined) return null;
  return allocationOf(dec(issuable), riskOfReversalPercentage, policies);
}

/** Columns of entry credits in kg, one row per entry: what {@link creditsOfNetInto} writes. */
export interface CreditColumns {
  readonly issuable: Float64Array;
  /** NaN for an entry without a risk of reversal (its allocation is null). */
  readonly buffer: Float64Array;
  readonly supplier: Float64Array;
}

/** Scratch of the integer path (integer.ts). */
const integer: IntegerCredits = { issuable: 0, buffer: 0, supplier: 0 };

/**
 * An entry's issuable amount and its allocation, the same as {@link issuableKg} then
 * {@link allocateCredits}, written to row `row` of the columns. Used by the evaluation of every
 * entry. Whole kilograms below 2^53 take the integer path (integer.ts), which gives the
 * same numbers without a decimal object per step; the rest keeps the rounded net as a decimal
 * between the two steps.
 */
export function creditsOfNetInto(
  netKg: number,
  riskOfReversalPercentage: number | null,
  policies: CreditPolicies,
  columns: CreditColumns,
  row: number,
): void {
  if (integerCredits(netKg, riskOfReversalPercentage, policies, integer)) {
    columns.issuable[row] = integer.issuable;
    columns.buffer[row] = integer.buffer;
    columns.supplier[row] = integer.supplier;
    return;
  }
  decimalCreditsOfNetInto(netKg, riskOfReversalPercentage, policies, columns, row);
}

/**
 * {@link creditsOfNetInto} in exact decimals throughout: every case, the reference the integer path
 * is held to. Exported for that test (not from the package).
 */
export function decimalCreditsOfNetInto(
  netKg: number,
  riskOfReversalPercentage: number | null,
  policies: CreditPolicies,
  columns: CreditColumns,
  row: number,
): void {
  const total = issuableOf(netKg, policies);
  columns.issuable[row] = total.toNumber();
  if (riskOfReversalPercentage === null) {
    columns.buffer[row] = Number.NaN;
    columns.supplier[row] = Number.NaN;
    return;
  }
  const buffer = bufferOf(total, riskOfReversalPercentage, policies);
  const halves = halvesOf(total, buffer);
  columns.buffer[row] = halves.buffer_pool_contribution_kg;
  columns.supplier[row] = halves.supplier_allocation_kg;
}

/** The issuable amount as a decimal: the net rounded to the increment, then floored. */
function issuableOf(
  netKg: number,
  policies: Pick<AccountingPolicies, 'roundingIncrementKg' | 'roundingTies' | 'issuableFloorKg'>,
): Decimal {
  const rounded = roundedNet(netKg, policies.roundingIncrementKg, TIE_MODES[policies.roundingTies]);
  const floor = policies.issuableFloorKg;
  if (floor === null) return rounded;
  return rounded.lessThan(floor) ? dec(floor) : rounded;
}

/** Buffer pool `issuable * pct / 100` rounded by the policy, and the supplier's rest. */
function allocationOf(total: Decimal, percentage: number, policies: Pick<AccountingPolicies, 'bufferPoolRounding'>): CreditAllocation {
  return halvesOf(total, bufferOf(total, percentage, policies));
}

/**
 * The buffer pool's and the supplier's parts as doubles that add up to the issuable amount's
 * double exactly. Below 2^53 kg each part is its exact decimal. Beyond, doubles are 2, 4, ... kg
 * apart and the two parts rounded each on its own could miss the total by a kilogram or two; so
 * the larger part is the double nearest its decimal, kept within [total / 2, total], and the
 * smaller is the total less it, a difference a double holds exactly (Sterbenz: total / 2 <= larger
 * <= total); docs/rules.md#rounding-credits-and-the-buffer-pool.
 */
function halvesOf(total: Decimal, buffer: Decimal): CreditAllocation {
  const whole = total.toNumber();
  const supplier = total.minus(buffer);
  if (!(whole > Number.MAX_SAFE_INTEGER) || buffer.isNegative() || supplier.isNegative())
    return { buffer_pool_contribution_kg: buffer.toNumber(), supplier_allocation_kg: supplier.toNumber() };
  const bufferLarger = buffer.greaterThan(supplier);
  const larger = Math.min(Math.max((bufferLarger ? buffer : supplier).toNumber(), whole / 2), whole);
  const smaller = whole - larger;
  return bufferLarger
    ? { buffer_pool_contribution_kg: larger, supplier_allocation_kg: smaller }
    : { buffer_pool_contribution_kg: smaller, supplier_allocation_kg: larger };
}

/** The buffer pool's part `issuable * pct / 100`, rounded by the policy. */
function bufferOf(total: Decimal, percentage: number, policies: Pick<AccountingPolicies, 'bufferPoolRounding'>): Decimal {
  const buffer = total.times(bufferRate(percentage)).toDecimalPlaces(0, BUFFER_MODES[policies.bufferPoolRounding]);
  // A negative issuable (only with the floor disabled) contributes nothing to the buffer.
  return buffer.isNegative() ? ZERO() : buffer;
}

/** The rate `pct / 100` of each percentage met so far, so that an entry's buffer is one product. */
const bufferRates = new BoundedCache<number, Decimal>(1024);

function bufferRate(percentage: number): Decimal {
  return bufferRates.obtain(percentage, (p) => dec(p).div(100));
}

/**
 * Sums credit allocations exactly; null when any of them is null (a statement's allocation).
 */
export function sumCreditAllocations(allocations: readonly (CreditAllocation | null)[]): CreditAllocation | null {
  let buffer = dec(0);
  let supplier = dec(0);
  for (const a of allocations) {
    if (a === null) return null;
    buffer = buffer.plus(a.buffer_pool_contribution_kg);
    supplier = supplier.plus(a.supplier_allocation_kg);
  }
  return { buffer_pool_contribution_kg: buffer.toNumber(), supplier_allocation_kg: supplier.toNumber() };
}

/**
 * Exact sum of kilogram amounts (e.g. a statement total of rounded entries).
 */
export function sumKg(values: readonly number[]): number {
  let total = dec(0);
  for (const v of values) total = total.plus(v);
  return total.toNumber();
}
