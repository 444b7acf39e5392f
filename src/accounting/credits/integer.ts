/**
 * The credits of an entry in whole kilograms held exactly by doubles: the same answers as the
 * decimal path of credits.ts, for the common case, without a decimal object per step. Internal
 * to accounting.
 *
 * Why it is exact: every value here is an integer below 2^53 (checked before each step), and a
 * double adds, subtracts, multiplies and takes the remainder of such integers without rounding.
 * The net's fraction is dropped as credits.ts's `roundedNet` explains (even whole increments); the
 * percentage is its shortest decimal P / 10^k, as decimal.js reads it. Whatever falls outside
 * (odd or fractional increments with a fractional net, other floors, huge values, a percentage
 * written with an exponent) returns false, and credits.ts takes its decimal path.
 * `test/accounting/credits-integer.test.ts` holds the two paths equal.
 *
 * Owns: the whole-kilogram arithmetic of credits. May import: ../policies.ts (types), ../bounded-cache.ts.
 */
import { BoundedCache } from '../bounded-cache';
import type { AccountingPolicies, BufferPoolRounding, RoundingTies } from '../policies';

/** Policies the credits of one entry depend on. */
export type CreditPolicies = Pick<AccountingPolicies, 'roundingIncrementKg' | 'roundingTies' | 'issuableFloorKg' | 'bufferPoolRounding'>;

/** What {@link integerCredits} writes: the issuable amount, the buffer pool's and the supplier's. */
export interface IntegerCredits {
  issuable: number;
  /** NaN when the entry has no risk of reversal. */
  buffer: number;
  supplier: number;
}

const LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * Writes the credits of net `netKg` to `out` and returns true, or returns false (out unchanged
 * or partly written) when the case is not one this path answers exactly.
 */
export function integerCredits(
  netKg: number,
  riskOfReversalPercentage: number | null,
  policies: CreditPolicies,
  out: IntegerCredits,
): boolean {
  const issuable = integerIssuable(netKg, policies);
  if (issuable === undefined) return false;
  out.issuable = issuable;
  if (riskOfReversalPercentage === null) {
    out.buffer = Number.NaN;
    out.supplier = Number.NaN;
    return true;
  }
  const buffer = integerBuffer(issuable, riskOfReversalPercentage, policies.bufferPoolRounding);
  if (buffer === undefined) return false;
  out.buffer = buffer;
  out.supplier = issuable - buffer;
  return true;
}

/** The issuable amount (rounded net, then floored), or undefined outside this path. */
function integerIssuable(netKg: number, policies: CreditPolicies): number | undefined {
  const increment = policies.roundingIncrementKg;
  const floor = policies.issuableFloorKg;
  if (!(Number.isSafeInteger(increment) && increment > 0 && Math.abs(netKg) < LIMIT - increment)) return undefined;
  if (floor !== null && floor !== 0) return undefined;
  const whole = Math.trunc(netKg);
  let rounded: number;
  if (whole === netKg) rounded = roundInteger(whole, increment, policies.roundingTies);
  else if (increment % 2 === 0) rounded = roundInteger(whole, increment, 'away_from_zero');
  else return undefined;
  // rounded is never -0: n - rest is +0 when it is zero, and the other branch is a non-zero multiple.
  return floor === 0 && rounded < 0 ? 0 : rounded;
}

/** Integer n (|n| below 2^53 less the increment) rounded to a multiple of `increment`, ties as given. */
function roundInteger(n: number, increment: number, ties: RoundingTies): number {
  const rest = n % increment; // exact, with the sign of n
  const toward = n - rest;
  const twice = 2 * Math.abs(rest);
  const away = twice > increment || (twice === increment && awayOnTie(toward, increment, ties));
  return away ? toward + Math.sign(n) * increment : toward;
}

/** Whether a tie between `toward` and the next multiple away from zero goes away from zero. */
function awayOnTie(toward: number, increment: number, ties: RoundingTies): boolean {
  if (ties === 'away_from_zero') return true;
  if (ties === 'toward_zero') return false;
  return (toward / increment) % 2 !== 0; // half_even: to the even multiple
}

/** The buffer pool's part of `issuable` at `percentage`, or undefined outside this path. */
function integerBuffer(issuable: number, percentage: number, rounding: BufferPoolRounding): number | undefined {
  if (issuable <= 0) return 0; // the product is 0 or negative: no contribution (credits.ts bufferOf)
  const rate = rateOf(percentage);
  if (rate === null) return undefined;
  const divisor = rate.divisor;
  const product = issuable * rate.digits;
  // Below this the product is exact, and so is the floor of the quotient: a quotient that is not
  // whole lies at least 1/divisor from the next integer, more than half an ulp of a double below
  // 2^53 / divisor, so the correctly rounded division never reaches that integer.
  if (!(product <= LIMIT - divisor)) return undefined;
  const quotient = Math.floor(product / divisor);
  const rest = product - quotient * divisor;
  if (rest === 0 || rounding === 'floor') return quotient;
  if (rounding === 'ceil') return quotient + 1;
  return 2 * rest >= divisor ? quotient + 1 : quotient; // half_up
}

/** A percentage as digits / divisor: its shortest decimal's digits over 10^(places + 2). */
interface Rate {
  readonly digits: number;
  readonly divisor: number;
}

/** Percentages come from documents: a bounded cache. */
const rates = new BoundedCache<number, Rate | null>(1024);

function rateOf(percentage: number): Rate | null {
  return rates.obtain(percentage, readRate);
}

function readRate(percentage: number): Rate | null {
  const text = String(percentage);
  // Plain digits only: NaN, Infinity, a negative number and an exponent take the decimal path.
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const point = text.indexOf('.');
  const places = point < 0 ? 0 : text.length - point - 1;
  const digits = Number(point < 0 ? text : text.slice(0, point) + text.slice(point + 1));
  // More than 13 places (a divisor above 2^53) or digits beyond 2^53 put the product above the
  // limit integerBuffer checks, which then declines.
  return { digits, divisor: 10 ** (places + 2) };
}
