/**
 * Rounding and credit allocation in exact decimals (decimal.js): a binary double never decides a
 * kilogram of credit. Inputs are doubles from the evaluation; they are read as the shortest
 * decimal that round-trips, then every step is exact.
 */
import Decimal from 'decimal.js';
import type { AccountingPolicies, BufferPoolRounding, RoundingTies } from './policies';
import { DEFAULT_ACCOUNTING_POLICIES } from './policies';

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

const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

const TIE_MODES: Record<RoundingTies, Decimal.Rounding> = {
  away_from_zero: Decimal.ROUND_HALF_UP,
  half_even: Decimal.ROUND_HALF_EVEN,
  toward_zero: Decimal.ROUND_HALF_DOWN,
};

const BUFFER_MODES: Record<BufferPoolRounding, Decimal.Rounding> = {
  ceil: Decimal.ROUND_CEIL,
  floor: Decimal.ROUND_FLOOR,
  half_up: Decimal.ROUND_HALF_UP,
};

/**
 * Rounds a net removal to the policy's increment (default: nearest 10 kg, ties away from zero).
 * @public
 */
export function roundNetRemoval(
  netKg: number,
  policies: Pick<AccountingPolicies, 'roundingIncrementKg' | 'roundingTies'> = DEFAULT_ACCOUNTING_POLICIES,
): number {
  return new D(netKg).toNearest(policies.roundingIncrementKg, TIE_MODES[policies.roundingTies]).toNumber();
}

/**
 * The amount that can be issued from a net removal: the rounded net, floored at the policy's
 * floor (default `max(0, round_to_10kg(net))`).
 * @public
 */
export function issuableKg(
  netKg: number,
  policies: Pick<AccountingPolicies, 'roundingIncrementKg' | 'roundingTies' | 'issuableFloorKg'> = DEFAULT_ACCOUNTING_POLICIES,
): number {
  const rounded = roundNetRemoval(netKg, policies);
  return policies.issuableFloorKg === null ? rounded : Math.max(policies.issuableFloorKg, rounded);
}

/**
 * Splits an issuable amount between buffer pool and supplier: the buffer gets
 * `ceil(issuable * pct / 100)` (by default), the supplier the rest, so both add up exactly.
 * Returns null when the risk of reversal is not set.
 * @public
 */
export function allocateCredits(
  issuable: number,
  riskOfReversalPercentage: number | null | undefined,
  policies: Pick<AccountingPolicies, 'bufferPoolRounding'> = DEFAULT_ACCOUNTING_POLICIES,
): CreditAllocation | null {
  if (riskOfReversalPercentage === null || riskOfReversalPercentage === undefined) return null;
  const total = new D(issuable);
  let buffer = total.times(riskOfReversalPercentage).div(100).toDecimalPlaces(0, BUFFER_MODES[policies.bufferPoolRounding]);
  // A negative issuable (only with the floor disabled) contributes nothing to the buffer.
  if (buffer.isNegative()) buffer = new D(0);
  return {
    buffer_pool_contribution_kg: buffer.toNumber(),
    supplier_allocation_kg: total.minus(buffer).toNumber(),
  };
}

/**
 * Sums credit allocations exactly; null when any of them is null (a statement's allocation).
 * @public
 */
export function sumCreditAllocations(allocations: readonly (CreditAllocation | null)[]): CreditAllocation | null {
  let buffer = new D(0);
  let supplier = new D(0);
  for (const a of allocations) {
    if (a === null) return null;
    buffer = buffer.plus(a.buffer_pool_contribution_kg);
    supplier = supplier.plus(a.supplier_allocation_kg);
  }
  return { buffer_pool_contribution_kg: buffer.toNumber(), supplier_allocation_kg: supplier.toNumber() };
}

/**
 * Exact sum of kilogram amounts (e.g. a statement total of rounded entries).
 * @public
 */
export function sumKg(values: readonly number[]): number {
  let total = new D(0);
  for (const v of values) total = total.plus(v);
  return total.toNumber();
}
