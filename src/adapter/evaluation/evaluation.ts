/**
 * The calculation behind GHG entries' figures: the accounting module evaluates a graph built from
 * the rows (evaluation-graph.ts), exactly as `evaluateGraph` would evaluate the same data, and the
 * figures are stored on the entries, so that reads answer from what is stored and never evaluate.
 *
 * One evaluation per statement per change: the entries a change affects are grouped by the unit
 * they are evaluated in. The entries of a statement with shared components (statement components,
 * amortised project components: docs/rules.md#statement-and-project-components) are evaluated
 * together, once, and every entry's result of that evaluation is stored; the other entries are
 * evaluated each on its own figures, all of them in one graph (and one by one only when that graph
 * has problems, so that each entry's problems are its own). Entries of a submitted statement cannot
 * change, so their figures stay those frozen at submission; a statement sent back for changes
 * keeps its pending total (docs/service.md) current with every change of its entries.
 */
import {
  componentProblems,
  evaluatePreparedGraph,
  pendingGhgStatementTotal,
  prepareValidatedGraph,
  roundNetRemoval,
  type EvaluationOutcome,
  type GhgEntryResult,
} from '../../accounting';
import type { GraphIssue, RemovalGraph } from '../../model';
import { entriesGraph, sharingStatement, statementGraph, storedEntry, type AttributionInput, type EntryInput } from './evaluation-graph';
import type { RemovalResultRow, StatementRow } from '../rows';
import type { ServiceState } from '../state';

export type { AttributionInput } from './evaluation-graph';

/** Outcome of an evaluation of one entry: its figures (and those of the entries evaluated with it), or the problems. */
export type EntryOutcome =
  | {
      readonly ok: true;
      readonly result: RemovalResultRow;
      readonly entry: GhgEntryResult;
      /** The other entries evaluated with it (its statement's, when they share components). */
      readonly others: readonly GhgEntryResult[];
    }
  | {
      readonly ok: false;
      readonly issues: readonly GraphIssue[];
      /** The entry's index in the graph's `ghg_entries`, which the issues' paths count from. */
      readonly entryIndex: number;
    };

/** Evaluates a graph built from the rows, under the default policies; counted in `state.evaluations`. */
function evaluateRows(state: ServiceState, graph: RemovalGraph): EvaluationOutcome {
  state.evaluations += 1;
  const prepared = prepareValidatedGraph(graph);
  const outcome = prepared.ok ? evaluatePreparedGraph(prepared.prepared) : prepared;
  return outcome.ok ? withinRegistry(withoutRefusedEntries(outcome)) : outcome;
}

/**
 * The service stores no entry whose credits the registry could not count: a net that rounds
 * beyond 2^53 kg (either sign) makes the change a problem naming the entry, so that no figure
 * past 2^53 is served and no statement is submitted that could never be issued
 * (docs/service.md#credits-the-registry-can-count).
 */
function withinRegistry(outcome: EvaluationOutcome): EvaluationOutcome {
  if (!outcome.ok) return outcome;
  const issues: GraphIssue[] = [];
  for (const entry of outcome.result.ghg_entries) {
    const problem = beyondRegistry(entry.id, entry.co2e_net_removed_kg);
    if (problem !== null) issues.push({ path: ['ghg_entries'], code: 'entry_refused', message: problem });
  }
  return issues.length === 0 ? outcome : { ok: false, issues };
}

/** Why an entry's net is beyond what the registry counts, or null when it is not. */
export function beyondRegistry(entryId: string, netKg: number): string | null {
  const rounded = roundNetRemoval(netKg);
  if (Number.isSafeInteger(rounded)) return null;
  const what = rounded > 0 ? `credits of about ${rounded.toExponential(3)} kg` : `a net of about ${rounded.toExponential(3)} kg`;
  return `GHG entry '${entryId}' would have ${what}, more than the registry can count (2^53 kg, 9007199254740992 kg): its credits could never be issued`;
}

/**
 * The service stores no entry it could not evaluate: an entry the evaluation refused alone (its net
 * not finite, docs/result.md "Refused entries") makes the change a problem naming the entry and its
 * components (an answer 422), as a graph with problems does.
 */
function withoutRefusedEntries(outcome: EvaluationOutcome & { readonly ok: true }): EvaluationOutcome {
  const refused = outcome.result.refused_entries ?? [];
  if (refused.length === 0) return outcome;
  const issues = refused.flatMap((entry) =>
    entry.issues.map((issue) => ({ ...issue, message: `GHG entry '${entry.id}' cannot be evaluated: ${issue.message}` })),
  );
  return { ok: false, issues };
}

/** The stored figures of an entry's result. */
export function resultRow(entry: GhgEntryResult): RemovalResultRow {
  return {
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
  };
}

const NO_RESULT: GraphIssue = { path: ['ghg_entries'], code: 'no_result', message: 'the evaluation returned no entry' };

/**
 * Evaluates one entry with the given attributions (a change being checked before it is stored),
 * under the default policies: the service's own first-order discount (the Monte Carlo discount is
 * a library policy the service does not have). An entry whose statement shares components is
 * evaluated with the whole statement, once; the others' results come with it.
 */
export function evaluateEntry(
  state: ServiceState,
  entryId: string,
  riskOfReversalPercentage: number | null,
  attributions: readonly AttributionInput[],
): EntryOutcome {
  const input: EntryInput = { id: entryId, risk_of_reversal_percentage: riskOfReversalPercentage, attributions };
  const statement = sharingStatement(state, entryId);
  const outcome = evaluateRows(state, statement === undefined ? entriesGraph(state, [input]) : statementGraph(state, statement, input));
  const entryIndex = statement === undefined ? 0 : statement.record.removal_ids.indexOf(entryId);
  if (!outcome.ok) return { ok: false, issues: outcome.issues, entryIndex };
  const entry = outcome.result.ghg_entries.find((e) => e.id === entryId);
  if (entry === undefined) return { ok: false, issues: [NO_RESULT], entryIndex };
  return { ok: true, entry, result: resultRow(entry), others: outcome.result.ghg_entries.filter((e) => e !== entry) };
}

/** The entries a change affects, by the unit they are evaluated in. */
interface Units {
  /** Statements with shared components, each with the entries of it the change names (in order). */
  readonly statements: Map<StatementRow, string[]>;
  /** Entries evaluated each on its own figures. */
  readonly alone: string[];
}

function unitsOf(state: ServiceState, removalIds: Iterable<string>): Units {
  const units: Units = { statements: new Map(), alone: [] };
  for (const id of new Set(removalIds)) {
    if (!state.removals.has(id)) continue;
    const statement = sharingStatement(state, id);
    if (statement === undefined) units.alone.push(id);
    else {
      const ids = units.statements.get(statement);
      if (ids === undefined) units.statements.set(statement, [id]);
      else ids.push(id);
    }
  }
  return units;
}

/** An evaluated unit: the results of its entries, or the problems. */
type UnitOutcome =
  | { readonly ok: true; readonly entries: readonly GhgEntryResult[] }
  | { readonly ok: false; readonly issues: readonly GraphIssue[] };

function unitOutcome(outcome: EvaluationOutcome): UnitOutcome {
  return outcome.ok ? { ok: true, entries: outcome.result.ghg_entries } : outcome;
}

/**
 * Evaluates every unit once and hands each outcome to `use`, with the entries of the change in it:
 * entries evaluated alone are evaluated together, and one by one only when that graph has problems.
 */
function evaluateUnits(state: ServiceState, units: Units, use: (ids: readonly string[], outcome: UnitOutcome) => void): void {
  for (const [statement, ids] of units.statements) use(ids, unitOutcome(evaluateRows(state, statementGraph(state, statement))));
  if (units.alone.length === 0) return;
  const together = evaluateRows(
    state,
    entriesGraph(
      state,
      units.alone.map((id) => storedEntry(state, id)),
    ),
  );
  if (together.ok) {
    use(units.alone, { ok: true, entries: together.result.ghg_entries });
    return;
  }
  for (const id of units.alone) use([id], unitOutcome(evaluateRows(state, entriesGraph(state, [storedEntry(state, id)]))));
}

/**
 * Stores evaluated results on their entries, and keeps the pending totals of their statements
 * current. `fresh` holds results not stored yet (the entry of a change being written) that the
 * pending totals must count.
 */
export function storeResults(state: ServiceState, entries: readonly GhgEntryResult[], fresh: readonly GhgEntryResult[] = []): void {
  const statements = new Set<string>();
  for (const entry of entries) {
    const removal = state.removals.get(entry.id);
    if (removal === undefined) continue;
    state.removals.update({ ...removal, result: resultRow(entry) });
    if (removal.ghg_statement_id !== null) statements.add(removal.ghg_statement_id);
  }
  for (const entry of fresh) {
    const statementId = state.removals.get(entry.id)?.ghg_statement_id ?? null;
    if (statementId !== null) statements.add(statementId);
  }
  for (const id of statements) refreshPendingTotal(state, id, fresh);
}

/**
 * Recomputes a statement's `pending_total_co2e_removed_kg` from its entries' stored figures (and
 * `fresh` ones about to be stored): the total its entries give now when it differs from the frozen
 * submission, null when nothing is pending or it was never submitted.
 */
export function refreshPendingTotal(state: ServiceState, statementId: string, fresh: readonly GhgEntryResult[] = []): void {
  const statement = state.statements.get(statementId);
  if (statement === undefined) return;
  const { record } = statement;
  let pending: number | null = null;
  if (record.submission !== null) {
    const override = new Map(fresh.map((e) => [e.id, e]));
    const members = record.removal_ids.flatMap((id) => {
      const entry = override.get(id);
      if (entry !== undefined) return [entry];
      const stored = state.removals.get(id)?.result;
      return stored === undefined
        ? []
        : [{ id, co2e_net_removed_kg: stored.co2e_net_removed_kg, risk_of_reversal_percentage: stored.risk_of_reversal_percentage }];
    });
    pending = pendingGhgStatementTotal(record, { ghg_entries: members });
  }
  if ((statement.pending_total_co2e_removed_kg ?? null) !== pending)
    state.statements.update({ ...statement, pending_total_co2e_removed_kg: pending });
}

/**
 * Evaluates stored GHG entries with their current attributions (one evaluation per unit, see the
 * module comment), stores their figures and returns them, as the statement lifecycle takes them.
 * An entry that no longer evaluates is left out, and its problems, each named by its entry, are
 * returned (the caller refuses the request).
 */
export function evaluateEntries(
  state: ServiceState,
  removalIds: readonly string[],
): { readonly ghg_entries: readonly GhgEntryResult[]; readonly problems: readonly GraphIssue[] } {
  const entries: GhgEntryResult[] = [];
  const problems: GraphIssue[] = [];
  evaluateUnits(state, unitsOf(state, removalIds), (ids, outcome) => {
    if (outcome.ok) entries.push(...outcome.entries);
    else for (const id of ids) for (const issue of outcome.issues) problems.push(namedBy(id, issue));
  });
  storeResults(state, entries);
  return { ghg_entries: entries, problems };
}

/** The issue with its entry named first, unless its message names it already. */
function namedBy(entryId: string, issue: GraphIssue): GraphIssue {
  return issue.message.includes(`'${entryId}'`) ? issue : { ...issue, message: `GHG entry '${entryId}': ${issue.message}` };
}

/**
 * Re-evaluates stored entries after a change they depend on and stores their new figures (every
 * entry of an evaluated statement's). Returns the problems of the entries that no longer evaluate
 * (the caller refuses the request, which rolls every change back), each named by its entry.
 */
export function reevaluate(state: ServiceState, removalIds: Iterable<string>): GraphIssue[] {
  const problems: GraphIssue[] = [];
  const evaluated: GhgEntryResult[] = [];
  evaluateUnits(state, unitsOf(state, removalIds), (ids, outcome) => {
    if (outcome.ok) {
      evaluated.push(...outcome.entries);
      return;
    }
    for (const id of ids) for (const issue of outcome.issues) problems.push(namedBy(id, issue));
  });
  if (problems.length === 0) storeResults(state, evaluated);
  return problems;
}

/**
 * Checks a component against its blueprint and datapoints (inputs complete, units of the right
 * kinds, one datapoint per scalar input) with the accounting module's own checks. Paths of the
 * problems start at the component's `inputs`; messages call it `name` (`component 'cmp_...'` for
 * a stored one, the place in the request for a new one, which has no id yet).
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
  const ids = new Set(component.inputs.flatMap((i) => i.datapoint_ids));
  return componentProblems(
    {
      blueprint: blueprint.definition,
      inputs: component.inputs.map((i) => ({ input_key: i.input_key, datapoint_ids: [...i.datapoint_ids] })),
      datapoints: [...ids].flatMap((id) => {
        const d = state.datapoints.get(id);
        return d === undefined ? [] : [{ id, quantity: d.quantity }];
      }),
    },
    name,
  );
}
