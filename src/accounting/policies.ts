/**
 * The accounting policies: every rule docs/rules.md marks [decision], as a named option with its
 * documented default, so a host can override it instead of forking the engine.
 */
import { COMPONENT_TYPES, GHG_STATEMENT_STATUSES, type ComponentType, type GhgStatementStatus } from '../model/graph';
import {
  enumOf,
  finiteNumber,
  listOf,
  namesOf,
  oneOf,
  optionIssues,
  orNull,
  shapeOf,
  type OptionKeys,
  type ShapeCheck,
} from '../model/strict-options';
import type { GraphIssue, IssuePath } from '../model';
import { EVALUATION_WARNING_CODES, type EvaluationWarningCode } from '../model/issues';

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
 * Which net the sensitivity analysis watches (see {@link AccountingPolicies.sensitivityMeasure}).
 * @public
 */
export type SensitivityMeasure = 'net_without_discount' | 'net_after_discount';

/**
 * The policies of the accounting rules. Defaults in `DEFAULT_ACCOUNTING_POLICIES` (root entry).
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
  /**
   * [decision] `first_order` (default, the service's rule): the discount is `discountCoverageFactor`
   * first-order standard deviations. `monte_carlo`: the net after discount is the
   * `discountPercentile`-th percentile of the entry's Monte Carlo distribution of the net, capped
   * at the net without discount (docs/policies.md); the evaluation's `monteCarlo` option sets the
   * draws (default adaptive).
   */
  readonly discountMethod: 'first_order' | 'monte_carlo';
  /** The percentile credited under `discountMethod: 'monte_carlo'`, in (0, 100) (default 16). */
  readonly discountPercentile: number;
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
  /**
   * [decision] How a project component's share under `ESTIMATED_PROJECT_TONNAGE` (statement gross
   * sequestration / estimated project tonnage) enters the propagation. `constant` (default): a
   * two-pass evaluation computes the share from the evaluated sequestration first, then treats it as
   * a fixed factor, so an entry's variance comes only from its own components' datapoints.
   * `propagated`: the share's own derivative (through the statement's sequestration datapoints, and
   * through earlier statements' shares when the 100 % cap binds) is added as well.
   */
  readonly amortisedShareInPropagation: 'constant' | 'propagated';
  /**
   * [decision] `CUSTOM_TIME_PERIOD` share of a statement: `overlap` (default) counts the days of the
   * statement's period that fall inside the custom period, so statements outside it receive nothing;
   * `statement_period` counts the whole period, as docs/rules.md's "period / custom period" reads.
   */
  readonly customTimePeriodShare: 'overlap' | 'statement_period';
  /** Relative variation of each datapoint in the sensitivity analysis (default 0.2: +-20 %). */
  readonly sensitivityVariation: number;
  /** A datapoint is sensitive when a variation moves the net by more than this fraction (default 0.01: 1 %). */
  readonly sensitivityThreshold: number;
  /**
   * [decision] The net the sensitivity analysis compares: `net_without_discount` (default, the signed
   * sum the datapoints determine) or `net_after_discount` (also re-propagates the uncertainty).
   */
  readonly sensitivityMeasure: SensitivityMeasure;
  /**
   * [decision] Statuses from which an amended GHG statement may be resubmitted as a new version.
   * Default `FAILED_VERIFICATION` and `AWAITING_VERIFICATION`: the service's submit operation accepts
   * a resubmission body and reports pending changes of a submitted statement, so a supplier may
   * replace the version a verifier has not decided on yet. A verified statement never changes.
   */
  readonly resubmittableStatuses: readonly GhgStatementStatus[];
  /**
   * A datapoint value no quantity of its kind can take (a negative mass, a mass fraction of 98 =
   * 9,800 %, a temperature below 0 K; the table is `QUANTITY_KIND_PHYSICAL_BOUNDS` of
   * `cdr-engine/units`): `error` (default, the validation error `value_out_of_physical_range`),
   * `warning` (evaluated, with a warning of that code) or `off` (evaluated as given, silently).
   */
  readonly physicalBounds: 'error' | 'warning' | 'off';
  /**
   * Warning codes a host silences (default none): a warning of a listed code is left out of every
   * `warnings` list. The codes are `EVALUATION_WARNING_CODES` (of `cdr-engine/schemas`); an unknown one is refused with the
   * nearest code. A warning never changes a figure, so neither does silencing it.
   */
  readonly silencedWarnings: readonly EvaluationWarningCode[];
}

/**
 * The documented defaults of every accounting policy (docs/rules.md#evaluating-a-ghg-entry to docs/rules.md#rounding-credits-and-the-buffer-pool).
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
  discountMethod: 'first_order',
  discountPercentile: 16,
  roundingIncrementKg: 10,
  roundingTies: 'away_from_zero',
  issuableFloorKg: 0,
  bufferPoolRounding: 'ceil',
  attributionTolerance: 1e-9,
  amortisedShareInPropagation: 'constant',
  customTimePeriodShare: 'overlap',
  sensitivityVariation: 0.2,
  sensitivityThreshold: 0.01,
  sensitivityMeasure: 'net_without_discount',
  resubmittableStatuses: Object.freeze(['FAILED_VERIFICATION', 'AWAITING_VERIFICATION'] as const),
  physicalBounds: 'error',
  silencedWarnings: Object.freeze([]),
} as const);

/**
 * The known policies and the check of each value (docs/policies.md): an unknown policy or a value
 * of the wrong type or range is refused. Adding a policy to {@link AccountingPolicies} needs its
 * line here (the compiler asks for it).
 */
export const ACCOUNTING_POLICY_CHECKS: ShapeCheck = shapeOf<AccountingPolicies>({
  componentSigns: shapeOf<AccountingPolicies['componentSigns']>(
    Object.fromEntries(COMPONENT_TYPES.map((type) => [type, oneOf([1, -1])])) as OptionKeys<AccountingPolicies['componentSigns']>,
  ),
  standardDeviationWithoutInputs: enumOf<AccountingPolicies['standardDeviationWithoutInputs']>({ null: true, zero: true }),
  discountCoverageFactor: finiteNumber({ min: 0 }),
  roundingIncrementKg: finiteNumber({ above: 0 }),
  roundingTies: enumOf<RoundingTies>({ away_from_zero: true, half_even: true, toward_zero: true }),
  issuableFloorKg: orNull(finiteNumber()),
  bufferPoolRounding: enumOf<BufferPoolRounding>({ ceil: true, floor: true, half_up: true }),
  attributionTolerance: finiteNumber({ min: 0 }),
  amortisedShareInPropagation: enumOf<AccountingPolicies['amortisedShareInPropagation']>({ constant: true, propagated: true }),
  customTimePeriodShare: enumOf<AccountingPolicies['customTimePeriodShare']>({ overlap: true, statement_period: true }),
  sensitivityVariation: finiteNumber({ above: 0 }),
  sensitivityThreshold: finiteNumber({ min: 0 }),
  sensitivityMeasure: enumOf<SensitivityMeasure>({ net_without_discount: true, net_after_discount: true }),
  resubmittableStatuses: listOf(oneOf(GHG_STATEMENT_STATUSES), 'GHG statement statuses'),
  physicalBounds: enumOf<AccountingPolicies['physicalBounds']>({ error: true, warning: true, off: true }),
  discountMethod: enumOf<AccountingPolicies['discountMethod']>({ first_order: true, monte_carlo: true }),
  discountPercentile: finiteNumber({ above: 0, below: 100 }),
  silencedWarnings: namesOf(EVALUATION_WARNING_CODES, 'warning codes'),
});

/** The problems of policy overrides (unknown keys, values of the wrong type or range), at `root`. */
export function policyIssues(overrides: unknown, root: IssuePath = ['policies']): GraphIssue[] {
  return overrides === undefined ? [] : optionIssues(overrides, ACCOUNTING_POLICY_CHECKS, root);
}

/**
 * Fills the policies a caller did not give with the defaults.
 */
export function resolvePolicies(overrides: Partial<AccountingPolicies> = {}): AccountingPolicies {
  return {
    ...DEFAULT_ACCOUNTING_POLICIES,
    ...overrides,
    componentSigns: { ...DEFAULT_ACCOUNTING_POLICIES.componentSigns, ...overrides.componentSigns },
  };
}
