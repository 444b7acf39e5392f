/**
 * The calculation behind a GHG entry's figures: a removal graph document is built from the store
 * (the entry's attributions, their components, the datapoints and blueprints they use) and
 * evaluated by the accounting module, exactly as `evaluateGraph` would evaluate the same data.
 */
import { prepareGraph, safeEvaluateGraph, type GhgEntryResult } from '../accounting';
import type { GraphIssue, RemovalGraphInput } from '../model';
import type { ComponentRow, RemovalResultRow, RemovalRow } from './rows';
import type { ServiceState } from './state';

/** An attribution as the calculation needs it. */
export interface AttributionInput {
  readonly component_id: string;
  readonly attribution_factor: number;
  readonly attribution_factor_datapoint_id: string | null;
}

/** Outcome of an evaluation: the entry's figures, or the problems the graph has. */
export type EntryOutcome =
  | { readonly ok: true; readonly result: RemovalResultRow; readonly entry: GhgEntryResult }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };

/** The graph document of one entry, from the rows in `state`. */
export function entryGraph(
  state: ServiceState,
  entryId: string,
  riskOfReversalPercentage: number | null,
  attributions: readonly AttributionInput[],
): RemovalGraphInput {
  const components: ComponentRow[] = [];
  const datapointIds: string[] = [];
  const seenDatapoints = new Set<string>();
  const blueprintKeys: string[] = [];
  const addDatapoint = (id: string): void => {
    if (seenDatapoints.has(id)) return;
    seenDatapoints.add(id);
    datapointIds.push(id);
  };
  for (const a of attributions) {
    const component = state.components.get(a.component_id);
    if (component === undefined) continue;
    components.push(component);
    if (!blueprintKeys.includes(component.blueprint_key)) blueprintKeys.push(component.blueprint_key);
    for (const input of component.inputs) for (const d of input.datapoint_ids) addDatapoint(d);
    if (a.attribution_factor_datapoint_id !== null) addDatapoint(a.attribution_factor_datapoint_id);
  }
  return {
    component_blueprints: blueprintKeys.flatMap((key) => {
      const blueprint = state.blueprints.get(key);
      return blueprint === undefined ? [] : [blueprint.definition];
    }),
    datapoints: datapointIds.flatMap((id) => {
      const d = state.datapoints.get(id);
      return d === undefined ? [] : [{ id, quantity: d.quantity }];
    }),
    components: components.map((c) => ({ id: c.id, blueprint_key: c.blueprint_key, inputs: c.inputs.map((i) => ({ input_key: i.input_key, datapoint_ids: [...i.datapoint_ids] })) })),
    ghg_entries: [
      {
        id: entryId,
        risk_of_reversal_percentage: riskOfReversalPercentage,
        component_attributions: attributions.map((a) =>
          a.attribution_factor_datapoint_id === null
            ? { component_id: a.component_id, attribution_factor: a.attribution_factor }
            : { component_id: a.component_id, attribution_factor_datapoint_id: a.attribution_factor_datapoint_id },
        ),
      },
    ],
  };
}

/** Evaluates one entry with the given attributions. */
export function evaluateEntry(
  state: ServiceState,
  entryId: string,
  riskOfReversalPercentage: number | null,
  attributions: readonly AttributionInput[],
): EntryOutcome {
  const outcome = safeEvaluateGraph(entryGraph(state, entryId, riskOfReversalPercentage, attributions));
  if (!outcome.ok) return outcome;
  const entry = outcome.result.ghg_entries[0];
  if (entry === undefined) return { ok: false, issues: [{ path: ['ghg_entries'], code: 'no_result', message: 'the evaluation returned no entry' }] };
  return {
    ok: true,
    entry,
    result: {
      co2e_net_removed_kg: entry.co2e_net_removed_kg,
      co2e_net_removed_without_discount_kg: entry.co2e_net_removed_without_discount_kg,
      co2e_net_removed_standard_deviation_kg: entry.co2e_net_removed_standard_deviation_kg,
      risk_of_reversal_percentage: entry.risk_of_reversal_percentage,
      issuable_kg: entry.issuable_kg,
      credit_allocation: entry.credit_allocation,
      parts: entry.components.map((c) => ({ component_id: c.component_id, type: c.type, attribution_factor: c.attribution_factor, contribution_kg: c.contribution_kg })),
    },
  };
}

/**
 * The evaluation of stored GHG entries with their current attributions, as the statement
 * lifecycle takes it. An entry that no longer evaluates is left out (the lifecycle then refuses).
 */
export function evaluateEntries(state: ServiceState, removalIds: readonly string[]): { readonly ghg_entries: readonly GhgEntryResult[] } {
  const attributions = state.indexes.attributionsByRemoval;
  const entries: GhgEntryResult[] = [];
  for (const id of removalIds) {
    const removal: RemovalRow | undefined = state.removals.get(id);
    if (removal === undefined) continue;
    const risk = state.projects.get(removal.project_id)?.risk_of_reversal_percentage ?? null;
    const outcome = evaluateEntry(state, id, risk, attributions.rows(id));
    if (outcome.ok) entries.push(outcome.entry);
  }
  return { ghg_entries: entries };
}

/**
 * Checks a component against its blueprint and datapoints (inputs complete, units of the right
 * kinds, one datapoint per scalar input) with the accounting module's own validation. Paths of
 * the problems start at the component's `inputs`.
 */
export function checkComponent(
  state: ServiceState,
  component: { readonly blueprint_key: string; readonly inputs: readonly { readonly input_key: string; readonly datapoint_ids: readonly string[] }[] },
): readonly GraphIssue[] {
  const blueprint = state.blueprints.get(component.blueprint_key);
  if (blueprint === undefined) return [{ path: ['blueprint_key'], code: 'unknown_blueprint', message: `blueprint '${component.blueprint_key}' does not exist` }];
  const ids = [...new Set(component.inputs.flatMap((i) => i.datapoint_ids))];
  const prepared = prepareGraph({
    component_blueprints: [blueprint.definition],
    datapoints: ids.flatMap((id) => {
      const d = state.datapoints.get(id);
      return d === undefined ? [] : [{ id, quantity: d.quantity }];
    }),
    components: [{ id: 'cmp_checked', blueprint_key: component.blueprint_key, inputs: component.inputs.map((i) => ({ input_key: i.input_key, datapoint_ids: [...i.datapoint_ids] })) }],
    ghg_entries: [],
  });
  if (prepared.ok) return [];
  return prepared.issues.map((issue) => {
    const [collection, , ...rest] = issue.path;
    return { ...issue, path: collection === 'components' ? rest : issue.path };
  });
}
