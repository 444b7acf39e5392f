/**
 * Amortisation of project components over GHG statements (docs/rules.md#statement-and-project-components), the second pass
 * of a two-pass evaluation: once every component has a value, each statement's gross sequestration
 * is known, and from it (or from the periods) each statement's share of each project component.
 * Over a project's life the shares of one component never exceed 1: shares frozen on statements
 * come off first, then statements receive in reporting-period order and the first one that would
 * pass 100 % gets only what is left (later ones get 0).
 */
import { DEFAULT_ACCOUNTING_POLICIES } from './policies';
import type { PreparedAttributions, PreparedGraph } from './prepare/prepared-graph';

/** How a statement's share of a project component was reached. */
export const SHARE_STATE = {
  /** The statement receives nothing (verified, without entries, or another project). */
  none: 0,
  /** Frozen on the statement. */
  fixed: 1,
  /** Computed by the strategy, under the cap. */
  computed: 2,
  /** Computed, then cut to what was left of the 100 %. */
  capped: 3,
} as const;

/** The second-pass figures: per statement its gross sequestration, per share slot its share. */
export interface AmortisedShares {
  /** Gross sequestration of each statement, kg (SEQUESTRATION parts of its entries, project components excluded). */
  readonly gross: Float64Array;
  /** Share of each slot (see `PreparedAmortisation.slots`). */
  readonly shares: Float64Array;
  /** The share the strategy gave before the cap; NaN for a frozen or non-receiving slot. */
  readonly raw: Float64Array;
  /** One of {@link SHARE_STATE} per slot. */
  readonly state: Uint8Array;
}

/**
 * What one statement's share of a project component is computed from. Periods may be in any unit
 * as long as both of a pair use the same one (days, years, ...).
 */
export type ProjectComponentShareInput =
  | {
      readonly allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE';
      /** The statement's gross sequestration. */
      readonly statement_gross_sequestration_kg: number;
      /** The project's estimated gross tonnage (gross sequestration over its life). */
      readonly estimated_project_gross_tonnage_kg: number;
    }
  | {
      readonly allocation_strategy: 'ESTIMATED_PROJECT_LIFETIME';
      /** Length of the statement's reporting period. */
      readonly statement_period: number;
      /** The project's estimated lifetime, in the same unit. */
      readonly project_lifetime: number;
    }
  | {
      readonly allocation_strategy: 'CUSTOM_TIME_PERIOD';
      /** Length of the statement's period that counts (see the `customTimePeriodShare` policy). */
      readonly statement_period: number;
      /** Length of the custom period, in the same unit. */
      readonly custom_period: number;
    };

/**
 * One statement's share of a project component (docs/rules.md#statement-and-project-components): the strategy's ratio,
 * at least 0 and capped at what earlier statements left of the component's 100 %
 * (`1 - already_allocated`). E.g. 5000 t of 10000 t gives 0.5; 0.5 y of 2 y gives 0.25. Returns
 * NaN when a denominator is not positive or a figure is not finite.
 */
export function projectComponentShare(input: ProjectComponentShareInput, alreadyAllocated = 0): number {
  let numerator: number;
  let denominator: number;
  switch (input.allocation_strategy) {
    case 'ESTIMATED_PROJECT_TONNAGE':
      numerator = input.statement_gross_sequestration_kg;
      denominator = input.estimated_project_gross_tonnage_kg;
      break;
    case 'ESTIMATED_PROJECT_LIFETIME':
      numerator = input.statement_period;
      denominator = input.project_lifetime;
      break;
    case 'CUSTOM_TIME_PERIOD':
      numerator = input.statement_period;
      denominator = input.custom_period;
      break;
  }
  if (!(Number.isFinite(numerator) && Number.isFinite(denominator) && denominator > 0 && Number.isFinite(alreadyAllocated)))
    return Number.NaN;
  return capShare(numerator / denominator, Math.max(0, 1 - alreadyAllocated));
}

/**
 * Whether a proposed share goes past what remains of the component's 100 %, by more than the
 * attribution tolerance: shares that add up to 1 in exact arithmetic (183/365 + 182/365) may exceed
 * it by one unit in the last place in floating point, which is not a cut.
 */
function exceeds(proposed: number, remaining: number, tolerance: number): boolean {
  return proposed > remaining + tolerance;
}

/** A proposed share cut to `[0, remaining]` when it exceeds it (see {@link exceeds}). */
function capShare(proposed: number, remaining: number, tolerance = DEFAULT_ACCOUNTING_POLICIES.attributionTolerance): number {
  return exceeds(proposed, remaining, tolerance) ? remaining : Math.max(0, proposed);
}

/**
 * The factor of attribution row a given the datapoint magnitudes (SI) and the computed shares: a
 * computed share divided over the statement's entries, a legacy factor datapoint's magnitude, or
 * the factor as given.
 * @internal
 */
export function attributionFactor(
  attributions: PreparedAttributions,
  a: number,
  siMagnitudes: readonly number[],
  shares: Float64Array,
): number {
  const slot = attributions.shareSlot[a] as number;
  if (slot >= 0) return (shares[slot] as number) / (attributions.divisor[a] as number);
  const factorDatapoint = attributions.factorDatapoint[a] as number;
  if (factorDatapoint >= 0) return siMagnitudes[factorDatapoint] as number;
  return attributions.factor[a] as number;
}

/** Project scope in `PreparedAttributions.scope` (prepared-graph.ts ATTRIBUTION_SCOPES). */
const PROJECT_SCOPE = 2;

/**
 * Whether attribution row a counts towards its statement's gross sequestration: a SEQUESTRATION
 * component attributed by the entry itself or at statement level (project components are what is
 * being amortised, so they never count).
 */
export function countsAsGrossSequestration(prepared: PreparedGraph, a: number): boolean {
  const { attributions } = prepared.entries;
  return (
    attributions.scope[a] !== PROJECT_SCOPE && prepared.components.blueprint[attributions.component[a] as number]?.type === 'SEQUESTRATION'
  );
}

/** Computes every statement's gross sequestration and every amortised share. */
export function amortiseProjectComponents(
  prepared: PreparedGraph,
  componentValues: Float64Array,
  siMagnitudes: readonly number[],
): AmortisedShares {
  const gross = new Float64Array(prepared.statements.length);
  const noShares = new Float64Array(0);
  const { attributionStart, attributions } = prepared.entries;
  prepared.statements.forEach((statement, s) => {
    let total = 0;
    for (const e of statement.entries) {
      for (let a = attributionStart[e] as number; a < (attributionStart[e + 1] as number); a++) {
        if (!countsAsGrossSequestration(prepared, a)) continue;
        total +=
          attributionFactor(attributions, a, siMagnitudes, noShares) * (componentValues[attributions.component[a] as number] as number);
      }
    }
    gross[s] = total;
  });
  const shares = new Float64Array(prepared.shareSlotCount);
  const raw = new Float64Array(prepared.shareSlotCount).fill(Number.NaN);
  const state = new Uint8Array(prepared.shareSlotCount);
  const tolerance = prepared.policies.attributionTolerance;
  for (const amortisation of prepared.amortisations) {
    let remaining = Math.max(0, 1 - amortisation.frozenTotal);
    for (const slot of amortisation.slots) {
      if (slot.fixedShare !== null) {
        shares[slot.slot] = slot.fixedShare;
        state[slot.slot] = SHARE_STATE.fixed;
        continue;
      }
      if (!slot.receives) continue;
      const proposed =
        amortisation.strategy === 'ESTIMATED_PROJECT_TONNAGE'
          ? (gross[slot.statement] as number) / amortisation.estimatedGrossTonnageKg
          : slot.timeShare;
      raw[slot.slot] = proposed;
      const capped = exceeds(proposed, remaining, tolerance);
      const share = capShare(proposed, remaining, tolerance);
      shares[slot.slot] = share;
      state[slot.slot] = capped ? SHARE_STATE.capped : SHARE_STATE.computed;
      remaining = Math.max(0, remaining - share);
    }
  }
  return { gross, shares, raw, state };
}
