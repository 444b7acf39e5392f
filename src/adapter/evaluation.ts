/**
 * The calculation behind a GHG entry's figures: a removal graph document is built from the store
 * and evaluated by the accounting module, exactly as `evaluateGraph` would evaluate the same data.
 *
 * The document holds the entry's own attributions (components attributed to it, manual
 * attributions of project components included) and, when the entry is in a GHG statement, the
 * statement with all its entries, its statement-level components (split evenly over the entries)
 * and the project's amortised components (docs/rules.md#statement-and-project-components); the accounting module decides the
 * shares. Entries of a submitted statement cannot change, so their figures stay those frozen at
 * submission.
 */
import { prepareGraph, safeEvaluateGraph, type GhgEntryResult } from '../accounting';
import type { GraphIssue, RemovalGraphInput } from '../model';
import type { AttributionRow, ComponentRow, RemovalResultRow, RemovalRow } from './rows';
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

/** Collects the components, datapoints and blueprints a graph needs, each once. */
class GraphParts {
  readonly components: ComponentRow[] = [];
  readonly #components = new Set<string>();
  readonly #datapoints = new Set<string>();
  readonly #blueprints = new Set<string>();

  constructor(private readonly state: ServiceState) {}

  component(id: string): void {
    if (this.#components.has(id)) return;
    const component = this.state.components.get(id);
    if (component === undefined) return;
    this.#components.add(id);
    this.components.push(component);
    this.#blueprints.add(component.blueprint_key);
    for (const input of component.inputs) for (const d of input.datapoint_ids) this.#datapoints.add(d);
  }

  datapoint(id: string): void {
    this.#datapoints.add(id);
  }

  graph(entries: RemovalGraphInput['ghg_entries'], rest: Pick<RemovalGraphInput, 'ghg_statements' | 'projects'>): RemovalGraphInput {
    const { state } = this;
    return {
      component_blueprints: [...this.#blueprints].flatMap((key) => {
        const blueprint = state.blueprints.get(key);
        return blueprint === undefined ? [] : [blueprint.definition];
      }),
      datapoints: [...this.#datapoints].flatMap((id) => {
        const d = state.datapoints.get(id);
        return d === undefined ? [] : [{ id, quantity: d.quantity }];
      }),
      components: this.components.map((c) => ({
        id: c.id,
        blueprint_key: c.blueprint_key,
        inputs: c.inputs.map((i) => ({ input_key: i.input_key, datapoint_ids: [...i.datapoint_ids] })),
      })),
      ghg_entries: entries,
      ...rest,
    };
  }
}

function graphAttributions(parts: GraphParts, attributions: readonly AttributionInput[]) {
  return attributions.map((a) => {
    parts.component(a.component_id);
    if (a.attribution_factor_datapoint_id !== null) parts.datapoint(a.attribution_factor_datapoint_id);
    return a.attribution_factor_datapoint_id === null
      ? { component_id: a.component_id, attribution_factor: a.attribution_factor }
      : { component_id: a.component_id, attribution_factor_datapoint_id: a.attribution_factor_datapoint_id };
  });
}

/** A time in whole days of a date-time (the custom period of a CUSTOM_TIME_PERIOD component). */
function dateOf(dateTime: string | null): string | null {
  return dateTime === null ? null : dateTime.slice(0, 10);
}

/**
 * The graph document of one entry, from the rows in `state`; `attributions` replaces the entry's
 * stored attributions (a change being checked before it is stored).
 */
export function entryGraph(
  state: ServiceState,
  entryId: string,
  riskOfReversalPercentage: number | null,
  attributions: readonly AttributionInput[],
): RemovalGraphInput {
  const parts = new GraphParts(state);
  const risk = (removal: RemovalRow | undefined) => state.projects.get(removal?.project_id ?? '')?.risk_of_reversal_percentage ?? null;
  const removal = state.removals.get(entryId);
  const statement = removal?.ghg_statement_id == null ? undefined : state.statements.get(removal.ghg_statement_id);
  const statementComponents = statement === undefined ? [] : state.indexes.componentsByStatement.rows(statement.id);
  const projectComponents =
    removal === undefined ? [] : state.indexes.projectComponents.rows(removal.project_id).filter((c) => c.allocation_strategy !== 'MANUAL');
  const entry = {
    id: entryId,
    risk_of_reversal_percentage: riskOfReversalPercentage,
    component_attributions: graphAttributions(parts, attributions),
  };
  if (statement === undefined || (statementComponents.length === 0 && projectComponents.length === 0)) return parts.graph([entry], {});

  // The statement and all its entries: statement and project components are shared among them.
  const entries = [entry];
  for (const id of statement.record.removal_ids) {
    if (id === entryId) continue;
    const other = state.removals.get(id);
    const stored: readonly AttributionRow[] = state.indexes.attributionsByRemoval.rows(id);
    entries.push({ id, risk_of_reversal_percentage: risk(other), component_attributions: graphAttributions(parts, stored) });
  }
  for (const c of [...statementComponents, ...projectComponents]) parts.component(c.id);
  const project = state.projects.get(statement.record.project_id);
  return parts.graph(entries, {
    ghg_statements: [
      {
        id: statement.id,
        project_id: statement.record.project_id,
        // The statement's figures were frozen when it was submitted; its entries are evaluated as
        // they were then, so the shares are computed as for an unverified statement.
        status: 'DRAFT',
        reporting_period_start_at: statement.record.reporting_period_start_at,
        reporting_period_end_at: statement.record.reporting_period_end_at,
        removal_ids: [...statement.record.removal_ids],
        component_ids: statementComponents.map((c) => c.id),
      },
    ],
    projects: [
      {
        id: statement.record.project_id,
        estimated_gross_tonnage_kg: project?.estimated_gross_tonnage_kg ?? null,
        estimated_lifetime: project?.estimated_lifetime ?? null,
        components: projectComponents.map((c) => ({
          component_id: c.id,
          allocation_strategy: c.allocation_strategy ?? 'MANUAL',
          custom_period_start_on: dateOf(c.activity_started_at),
          custom_period_end_on: dateOf(c.activity_completed_at),
        })),
      },
    ],
  });
}

/**
 * Evaluates one entry with the given attributions, under the default policies: the service's own
 * first-order discount (the Monte Carlo discount is a library policy the service does not have).
 */
export function evaluateEntry(
  state: ServiceState,
  entryId: string,
  riskOfReversalPercentage: number | null,
  attributions: readonly AttributionInput[],
): EntryOutcome {
  const outcome = safeEvaluateGraph(entryGraph(state, entryId, riskOfReversalPercentage, attributions));
  if (!outcome.ok) return outcome;
  const entry = outcome.result.ghg_entries.find((e) => e.id === entryId);
  if (entry === undefined)
    return { ok: false, issues: [{ path: ['ghg_entries'], code: 'no_result', message: 'the evaluation returned no entry' }] };
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
      parts: entry.components.map((c) => ({
        component_id: c.component_id,
        type: c.type,
        attribution_factor: c.attribution_factor,
        contribution_kg: c.contribution_kg,
      })),
    },
  };
}

/** Evaluates a stored entry with its stored attributions. */
export function evaluateStored(state: ServiceState, removal: RemovalRow): EntryOutcome {
  const risk = state.projects.get(removal.project_id)?.risk_of_reversal_percentage ?? null;
  return evaluateEntry(state, removal.id, risk, state.indexes.attributionsByRemoval.rows(removal.id));
}

/**
 * The evaluation of stored GHG entries with their current attributions, as the statement
 * lifecycle takes it. An entry that no longer evaluates is left out (the lifecycle then refuses).
 */
export function evaluateEntries(state: ServiceState, removalIds: readonly string[]): { readonly ghg_entries: readonly GhgEntryResult[] } {
  const entries: GhgEntryResult[] = [];
  for (const id of removalIds) {
    const removal = state.removals.get(id);
    if (removal === undefined) continue;
    const outcome = evaluateStored(state, removal);
    if (outcome.ok) entries.push(outcome.entry);
  }
  return { ghg_entries: entries };
}

/**
 * Re-evaluates stored entries after a change they depend on and stores their new figures.
 * Returns the problems of the entries that no longer evaluate (the caller refuses the request,
 * which rolls every change back).
 */
export function reevaluate(state: ServiceState, removalIds: Iterable<string>): GraphIssue[] {
  const problems: GraphIssue[] = [];
  for (const id of new Set(removalIds)) {
    const removal = state.removals.get(id);
    if (removal === undefined) continue;
    const outcome = evaluateStored(state, removal);
    if (!outcome.ok) {
      for (const issue of outcome.issues) problems.push({ ...issue, message: `GHG entry '${id}': ${issue.message}` });
      continue;
    }
    state.removals.update({ ...removal, result: outcome.result });
  }
  return problems;
}

/** The id of the component checked in its one-component graph, replaced by its name in messages. */
const CHECKED = 'cmp_checked';

/**
 * Checks a component against its blueprint and datapoints (inputs complete, units of the right
 * kinds, one datapoint per scalar input) with the accounting module's own validation. Paths of
 * the problems start at the component's `inputs`; messages call it `name` (`component 'cmp_...'`
 * for a stored one, the place in the request for a new one, which has no id yet).
 */
export function checkComponent(
  state: ServiceState,
  component: {
    readonly blueprint_key: string;
    readonly inputs: readonly { readonly input_key: string; readonly datapoint_ids: readonly string[] }[];
  },
  name: string,
): readonly GraphIssue[] {
  const blueprint = state.blueprints.get(component.blueprint_key);
  if (blueprint === undefined)
    return [{ path: ['blueprint_key'], code: 'unknown_blueprint', message: `blueprint '${component.blueprint_key}' does not exist` }];
  const ids = [...new Set(component.inputs.flatMap((i) => i.datapoint_ids))];
  const prepared = prepareGraph({
    component_blueprints: [blueprint.definition],
    datapoints: ids.flatMap((id) => {
      const d = state.datapoints.get(id);
      return d === undefined ? [] : [{ id, quantity: d.quantity }];
    }),
    components: [
      {
        id: CHECKED,
        blueprint_key: component.blueprint_key,
        inputs: component.inputs.map((i) => ({ input_key: i.input_key, datapoint_ids: [...i.datapoint_ids] })),
      },
    ],
    ghg_entries: [],
  });
  if (prepared.ok) return [];
  return prepared.issues.map((issue) => {
    const [collection, , ...rest] = issue.path;
    return {
      ...issue,
      path: collection === 'components' ? rest : issue.path,
      message: issue.message.split(`component '${CHECKED}'`).join(name),
    };
  });
}
