/**
 * The share rule of component attributions (docs/service.md#attribution-shares): the shares of one
 * component attributed across all GHG entries add up to at most 1, whatever path attributes it
 * (`components_to_add`, `add_components`, the deprecated `steps`, a MANUAL project component's
 * attributions) or changes a factor (a PATCH of a legacy factor datapoint's value). A factor given
 * by a datapoint counts with the datapoint's value as the evaluation reads it. The accounting checks
 * the same sum within one graph; an entry's graph holds that entry (or its statement) alone, so the
 * shares stored for the component's other entries are added here.
 *
 * Components a statement shares (statement components, amortised project components) are not
 * attributed by rows: their shares are the accounting's (docs/rules.md#statement-and-project-components)
 * and are not counted here, as the accounting does not count them against the 100 % either.
 *
 * Owns: the share check of the service. May import: the evaluation's datapoint factor, http,
 * context.ts, rows.ts, accounting.
 */
import { DEFAULT_ACCOUNTING_POLICIES } from '../../accounting';
import { indexes, type RequestContext } from '../context';
import { datapointFactor } from '../evaluation/quantities';
import type { Problems } from '../http/failures';
import type { AttributionRow, QuantityRow } from '../rows';

/**
 * Slack when adding attribution shares: the accounting's own (the service evaluates under the
 * default policies), so that the service and the evaluation accept the same totals (0.2 + 0.4 + 0.3
 * + 0.1, 1.0000000000000002 in floating point, is 1).
 */
const SHARE_TOLERANCE = DEFAULT_ACCOUNTING_POLICIES.attributionTolerance;

/** The factor a datapoint gives as a share, by its id (undefined: it gives none). */
type FactorOf = (datapointId: string) => number | undefined;

/** The factors of the stored datapoints. */
function storedFactors(context: RequestContext): FactorOf {
  return (id) => {
    const datapoint = context.state.datapoints.get(id);
    return datapoint === undefined ? undefined : datapointFactor(datapoint.quantity);
  };
}

/**
 * The share of its component an attribution takes: its factor datapoint's value when it has one,
 * else its factor (the stored factor, the one the evaluation used, when the datapoint gives none).
 */
function shareOf(row: AttributionRow, factorOf: FactorOf): number {
  const datapointId = row.attribution_factor_datapoint_id;
  return datapointId === null ? row.attribution_factor : (factorOf(datapointId) ?? row.attribution_factor);
}

/** The share of a component its stored attributions take, those `skip` names left out. */
function takenShare(context: RequestContext, componentId: string, skip: (row: AttributionRow) => boolean, factorOf: FactorOf): number {
  let taken = 0;
  for (const a of indexes(context).attributionsByComponent.rows(componentId)) if (!skip(a)) taken += shareOf(a, factorOf);
  return taken;
}

/** A share as a message shows it: 12 significant digits, so 0.1 + 0.2 reads 0.3. */
function shown(share: number): number {
  return Number(share.toPrecision(12));
}

/** The start of the message of a component over its 100 %. */
function overOne(componentId: string, total: number): string {
  return `component '${componentId}' would be attributed ${shown(total)} in total across GHG entries (at most 1)`;
}

/**
 * Checks that attributing `factor` of a component to entry `entryId` (null: a new entry) keeps the
 * component's total share across entries at most 1: the entry's own attribution of it, which this
 * one replaces, is left out. A problem at `loc` otherwise, echoing `input` (the factor by default).
 */
export function checkShare(
  context: RequestContext,
  problems: Problems,
  share: {
    readonly loc: readonly (string | number)[];
    readonly componentId: string;
    readonly factor: number;
    readonly entryId: string | null;
    readonly input?: unknown;
  },
): void {
  const { loc, componentId, factor, entryId } = share;
  const taken = takenShare(context, componentId, (a) => a.removal_id === entryId, storedFactors(context));
  if (taken + factor <= 1 + SHARE_TOLERANCE) return;
  const left = Math.max(0, 1 - taken);
  problems.add(
    loc,
    `${overOne(componentId, taken + factor)}: other GHG entries take ${shown(taken)} of it, so at most ${shown(left)} remains`,
    share.input === undefined ? factor : share.input,
  );
}

/**
 * The share a factor datapoint given at `loc` (`attribution_factor_datapoint_id`) attributes of a
 * component to entry `entryId`, checked as {@link checkShare} checks a factor. A datapoint that
 * gives no factor is left to the evaluation, which refuses it with its own problem.
 */
export function checkDatapointShare(
  context: RequestContext,
  problems: Problems,
  share: {
    readonly loc: readonly (string | number)[];
    readonly componentId: string;
    readonly datapointId: string;
    readonly entryId: string | null;
  },
): void {
  const factor = storedFactors(context)(share.datapointId);
  if (factor === undefined) return;
  checkShare(context, problems, { ...share, factor, input: share.datapointId });
}

/**
 * Checks a new quantity of datapoint `datapointId`: every component it is the factor of (a legacy
 * `attribution_factor_datapoint_id`) must stay attributed at most 1 in total with the new value.
 * A problem at `loc` for each component that would not, in order of its first attribution by the
 * datapoint. A quantity that gives no factor is left to the evaluation, as above.
 */
export function checkFactorChange(
  context: RequestContext,
  problems: Problems,
  change: {
    readonly loc: readonly (string | number)[];
    readonly datapointId: string;
    readonly quantity: QuantityRow;
    readonly input: unknown;
  },
): void {
  const { loc, datapointId, quantity, input } = change;
  const factor = datapointFactor(quantity);
  if (factor === undefined) return;
  const stored = storedFactors(context);
  const factorOf: FactorOf = (id) => (id === datapointId ? factor : stored(id));
  const uses = new Map<string, string[]>();
  for (const a of indexes(context).attributionsByFactorDatapoint.rows(datapointId)) {
    const entries = uses.get(a.component_id);
    if (entries === undefined) uses.set(a.component_id, [a.removal_id]);
    else entries.push(a.removal_id);
  }
  for (const [componentId, entries] of uses) {
    const total = takenShare(context, componentId, () => false, factorOf);
    if (total <= 1 + SHARE_TOLERANCE) continue;
    problems.add(
      loc,
      `${overOne(componentId, total)}: datapoint '${datapointId}' would give ${shown(factor)} of it to GHG ${entries.length === 1 ? 'entry' : 'entries'} ${entries.join(', ')}`,
      input,
    );
  }
}
