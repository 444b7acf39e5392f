/**
 * The accounting policies: every rule semantics.md marks [decision], as a named option with its
 * documented default, so a host can override it instead of forking the engine.
 */
import type { ComponentType } from '../model';

/**
 * How a tie is rounded to the rounding increment.
 * @public
 */
export type RoundingTies = 'away_from_zero' | 'half_even' | 'toward_zero';

/**
 * How the buffer pool contribution is rounded to whole kilograms.
 * @public
 */
export type BufferPoolRounding = 'ceil' | 'floor' | 'half_up';

/**
 * The policies of the accounting rules. Defaults in {@link DEFAULT_ACCOUNTING_POLICIES}.
 * @public
 */
export interface AccountingPolicies {
  /**
   * Sign of each component type in the net: + for removals and reductions, - for emissions,
   * counterfactuals, losses and off-platform discounts. [decision] ADJUSTMENT is + with its own sign.
   */
  readonly componentSigns: Readonly<Record<ComponentType, 1 | -1>>;
  /** [decision] The standard deviation of an entry none of whose datapoints has one: `null` (default) or `0`. */
  readonly standardDeviationWithoutInputs: 'null' | 'zero';
  /** The uncertainty discount is this many standard deviations (default 1: the 16th percentile of a normal). */
  readonly discountCoverageFactor: number;
  /** The rounding increment of a submitted net, in kg (default 10). */
  readonly roundingIncrementKg: number;
  /** [decision] How ties round to the increment (default away from zero). */
  readonly roundingTies: RoundingTies;
  /** [decision] Issuable amount is at least this (default 0: `max(0, rounded net)`); null for no floor. */
  readonly issuableFloorKg: number | null;
  /** [decision] Rounding of `issuable * pct / 100` to whole kg (default `ceil`: favours the buffer pool). */
  readonly bufferPoolRounding: BufferPoolRounding;
  /** Slack allowed when checking that a component's attribution factors sum to at most 1 (default 1e-9). */
  readonly attributionTolerance: number;
}

/**
 * The documented defaults of every accounting policy (semantics.md sections 3 and 5).
 * @public
 */
export const DEFAULT_ACCOUNTING_POLICIES: AccountingPolicies = Object.freeze({
  componentSigns: Object.freeze({
    SEQUESTRATION: 1,
    REDUCTION: 1,
    ADJUSTMENT: 1,
    ACTIVITY: -1,
    COUNTERFACTUAL: -1,
    REMOVAL_COUNTERFACTUAL: -1,
    LOSS: -1,
    UNCERTAINTY_DISCOUNT: -1,
  }),
  standardDeviationWithoutInputs: 'null',
  discountCoverageFactor: 1,
  roundingIncrementKg: 10,
  roundingTies: 'away_from_zero',
  issuableFloorKg: 0,
  bufferPoolRounding: 'ceil',
  attributionTolerance: 1e-9,
} as const);

/**
 * Fills the policies a caller did not give with the defaults.
 * @public
 */
export function resolvePolicies(overrides: Partial<AccountingPolicies> = {}): AccountingPolicies {
  return {
    ...DEFAULT_ACCOUNTING_POLICIES,
    ...overrides,
    componentSigns: { ...DEFAULT_ACCOUNTING_POLICIES.componentSigns, ...overrides.componentSigns },
  };
}
