/**
 * The graph an evaluation of GHG entries takes, built from the rows in the store: the parts the
 * service validated when they were written (blueprints at world load, datapoints, components and
 * attributions by their requests), put together in the parsed shape of a removal graph, so that
 * the accounting prepares it without parsing it again (`prepareValidatedGraph`).
 *
 * An entry in a GHG statement that has statement components or amortised project components
 * shares them with the statement's other entries (docs/rules.md#statement-and-project-components):
 * its graph is the statement's, with every entry of it, and the accounting decides the shares. An
 * entry in no statement, or in one without such components, is evaluated on its own figures only,
 * so entries of that kind can be evaluated together in one graph, each as it would be alone.
 */
import type { GraphAttribution, GraphGhgEntry, RemovalGraph } from '../../model';
import type { ComponentRow, StatementRow } from '../rows';
import type { ServiceState } from '../state';

/** An attribution as the calculation needs it. */
export interface AttributionInput {
  readonly component_id: string;
  readonly attribution_factor: number;
  readonly attribution_factor_datapoint_id: string | null;
}

/** A GHG entry to put in a graph: its id, its risk of reversal and its attributions. */
export interface EntryInput {
  readonly id: string;
  readonly risk_of_reversal_percentage: number | null;
  readonly attributions: readonly AttributionInput[];
}

/** The components a statement's entries share: its statement components and its project's amortised ones. */
export interface SharedComponents {
  readonly statement: readonly ComponentRow[];
  readonly project: readonly ComponentRow[];
}

/** The components the entries of `statement` share (both lists empty when they share none). */
export function sharedComponents(state: ServiceState, statement: StatementRow): SharedComponents {
  return {
    statement: state.indexes.componentsByStatement.rows(statement.id),
    project: state.indexes.projectComponents.rows(statement.record.project_id).filter((c) => c.allocation_strategy !== 'MANUAL'),
  };
}

/**
 * The statement whose entries are evaluated together with entry `entryId`: its statement when
 * that statement has shared components; undefined when the entry is evaluated on its own.
 */
export function sharingStatement(state: ServiceState, entryId: string): StatementRow | undefined {
  const statementId = state.removals.get(entryId)?.ghg_statement_id ?? null;
  const statement = statementId === null ? undefined : state.statements.get(statementId);
  if (statement === undefined) return undefined;
  const shared = sharedComponents(state, statement);
  return shared.statement.length > 0 || shared.project.length > 0 ? statement : undefined;
}

/** A stored entry as an {@link EntryInput}: the project's risk of reversal and the stored attributions. */
export function storedEntry(state: ServiceState, entryId: string): EntryInput {
  const removal = state.removals.get(entryId);
  return {
    id: entryId,
    risk_of_reversal_percentage: state.projects.get(removal?.project_id ?? '')?.risk_of_reversal_percentage ?? null,
    attributions: state.indexes.attributionsByRemoval.rows(entryId),
  };
}

/** A time in whole days of a date-time (the custom period of a CUSTOM_TIME_PERIOD component). */
function dateOf(dateTime: string | null): string | null {
  return dateTime === null ? null : dateTime.slice(0, 10);
}

/** Collects the components, datapoints and blueprints a graph needs, each once, in the order first named. */
class GraphParts {
  readonly #components = new Map<string, ComponentRow>();
  readonly #datapoints = new Set<string>();
  readonly #blueprints = new Set<string>();

  constructor(private readonly state: ServiceState) {}

  component(id: string): void {
    if (this.#components.has(id)) return;
    const component = this.state.components.get(id);
    if (component === undefined) return;
    this.#components.set(id, component);
    this.#blueprints.add(component.blueprint_key);
    for (const input of component.inputs) for (const d of input.datapoint_ids) this.#datapoints.add(d);
  }

  entry(entry: EntryInput): GraphGhgEntry {
    return {
      id: entry.id,
      risk_of_reversal_percentage: entry.risk_of_reversal_percentage,
      component_attributions: entry.attributions.map((a): GraphAttribution => {
        this.component(a.component_id);
        if (a.attribution_factor_datapoint_id === null) return { component_id: a.component_id, attribution_factor: a.attribution_factor };
        this.#datapoints.add(a.attribution_factor_datapoint_id);
        return { component_id: a.component_id, attribution_factor_datapoint_id: a.attribution_factor_datapoint_id };
      }),
    };
  }

  graph(entries: RemovalGraph['ghg_entries'], rest: Pick<RemovalGraph, 'ghg_statements' | 'projects'>): RemovalGraph {
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
      components: [...this.#components.values()].map((c) => ({
        id: c.id,
        blueprint_key: c.blueprint_key,
        inputs: c.inputs.map((i) => ({ input_key: i.input_key, datapoint_ids: [...i.datapoint_ids] })),
      })),
      ghg_entries: entries,
      ...rest,
    };
  }
}

/** The graph of entries evaluated each on its own figures (none of them shares components with others). */
export function entriesGraph(state: ServiceState, entries: readonly EntryInput[]): RemovalGraph {
  const parts = new GraphParts(state);
  return parts.graph(
    entries.map((e) => parts.entry(e)),
    {},
  );
}

/**
 * The graph of a statement with shared components: every entry of it (`replace` giving the
 * attributions of one being changed, checked before they are stored), its statement components
 * and its project's amortised components.
 */
export function statementGraph(state: ServiceState, statement: StatementRow, replace?: EntryInput): RemovalGraph {
  const parts = new GraphParts(state);
  const { record } = statement;
  const entries = record.removal_ids.map((id) => parts.entry(id === replace?.id ? replace : storedEntry(state, id)));
  const shared = sharedComponents(state, statement);
  for (const c of [...shared.statement, ...shared.project]) parts.component(c.id);
  const project = state.projects.get(record.project_id);
  return parts.graph(entries, {
    ghg_statements: [
      {
        id: statement.id,
        project_id: record.project_id,
        // The statement's figures were frozen when it was submitted; its entries are evaluated as
        // they were then, so the shares are computed as for an unverified statement.
        status: 'DRAFT',
        reporting_period_start_at: record.reporting_period_start_at,
        reporting_period_end_at: record.reporting_period_end_at,
        removal_ids: [...record.removal_ids],
        component_ids: shared.statement.map((c) => c.id),
        project_component_shares: [],
      },
    ],
    projects: [
      {
        id: record.project_id,
        estimated_gross_tonnage_kg: project?.estimated_gross_tonnage_kg ?? null,
        estimated_lifetime: project?.estimated_lifetime ?? null,
        components: shared.project.map((c) => ({
          component_id: c.id,
          allocation_strategy: c.allocation_strategy ?? 'MANUAL',
          // The activity dates are a custom period only under CUSTOM_TIME_PERIOD: a graph refuses one given to another strategy.
          ...(c.allocation_strategy === 'CUSTOM_TIME_PERIOD'
            ? { custom_period_start_on: dateOf(c.activity_started_at), custom_period_end_on: dateOf(c.activity_completed_at) }
            : {}),
          removal_attributions: [],
        })),
      },
    ],
  });
}
