/**
 * One bad entry refuses that entry, not the graph (docs/result.md, "Refused entries"). After a
 * document is validated (malformed documents and datapoints out of bounds are still refused
 * whole), every component is evaluated once at its magnitudes; an entry whose net reads a
 * component that is not finite (a division by zero, the logarithm of 0 in its data), by its own
 * attribution, its statement's or its project's, is refused alone. The graph is then prepared
 * again without the refused entries (taken out of `ghg_entries`, of their statements' entry lists
 * and of manual project attributions), so that every figure, Monte Carlo draws included, is the
 * one of the document without them. A statement that held a refused entry is refused with it.
 *
 * Owns: the refusal of entries at preparation. May import: expressions, model, prepared-graph.ts,
 * graph.ts, ../result.ts (types).
 */
import type { CompiledBlueprint } from '../../expressions';
import type { GraphIssue, GraphProject, GraphGhgStatement, RemovalGraph } from '../../model';
import type { RefusedItem } from '../result';
import type { PreparedGraph, PrepareResult } from './prepared-graph';

/** Prepares a graph again (the same policies and component naming as the first preparation). */
export type Reprepare = (graph: RemovalGraph) => PrepareResult;

/**
 * The prepared graph with its refused entries left out (`refusedEntries`, `refusedStatements`
 * set), or the result itself when every entry's components are finite. A second preparation that
 * fails (it should not: only entries are taken out) returns its problems.
 */
export function withRefusedEntries(result: PrepareResult, reprepare: Reprepare): PrepareResult {
  if (!result.ok) return result;
  const original = result.prepared;
  const notFinite = notFiniteComponents(original);
  if (notFinite.size === 0) return result;
  const refused = refusedEntryIssues(original, notFinite);
  if (refused.size === 0) return result;
  const again = reprepare(withoutEntries(original.graph, new Set(Array.from(refused.keys(), (e) => original.entries.ids[e] as string))));
  if (!again.ok) return again;
  const refusedEntries = Array.from(refused, ([e, issues]) => ({ id: original.entries.ids[e] as string, issues }));
  return { ok: true, prepared: { ...again.prepared, refusedEntries, refusedStatements: refusedStatements(original, refused) } };
}

/**
 * Whether `withRefusedEntries` would refuse an entry of this result (and so prepare its graph
 * again): a releasing preparation (release.ts), which no longer holds the items, asks first.
 */
export function refusesEntries(result: PrepareResult): boolean {
  if (!result.ok) return false;
  const notFinite = notFiniteComponents(result.prepared);
  return notFinite.size > 0 && refusedEntryIssues(result.prepared, notFinite).size > 0;
}

/** Each component whose value is not finite at the magnitudes, with the problem naming it. */
function notFiniteComponents(prepared: PreparedGraph): Map<number, GraphIssue> {
  const { components, siMagnitudes } = prepared;
  const values = new Float64Array(prepared.maxSlots);
  const found = new Map<number, GraphIssue>();
  for (let c = 0; c < components.count; c++) {
    const base = components.slotStart[c] as number;
    const size = (components.slotStart[c + 1] as number) - base;
    for (let k = 0; k < size; k++) values[k] = siMagnitudes[components.slots[base + k] as number] as number;
    const compiled = components.blueprint[c] as CompiledBlueprint;
    const value = compiled.evaluate(values, components.inputStart[c] as Int32Array, null);
    if (Number.isFinite(value)) continue;
    found.set(c, {
      path: ['components', components.documentIndex[c] as number],
      code: 'not_finite',
      message: `component '${components.ids[c]}' evaluates to ${value} with its datapoints (blueprint '${compiled.key}'${firstNotFinite(compiled, values.subarray(0, size), components.inputStart[c] as Int32Array)}): check for division by zero or the logarithm or square root of a negative value`,
    });
  }
  return found;
}

/** `, expression 'k' is v`: the first expression of the blueprint that is not finite; empty when none is named. */
function firstNotFinite(compiled: CompiledBlueprint, values: Float64Array, inputStart: Int32Array): string {
  const results = compiled.evaluateExpressions(values, inputStart);
  for (let x = 0; x < compiled.expressions.length; x++) {
    const value = results[x] as number;
    if (!Number.isFinite(value)) return `, expression '${(compiled.expressions[x] as { key: string }).key}' is ${value}`;
  }
  return '';
}

/** By entry index, in document order: the problems of the components its net reads that are not finite. */
function refusedEntryIssues(prepared: PreparedGraph, notFinite: ReadonlyMap<number, GraphIssue>): Map<number, GraphIssue[]> {
  const { entries } = prepared;
  const refused = new Map<number, GraphIssue[]>();
  for (let e = 0; e < entries.count; e++) {
    for (let a = entries.attributionStart[e] as number; a < (entries.attributionStart[e + 1] as number); a++) {
      const issue = notFinite.get(entries.attributions.component[a] as number);
      if (issue === undefined) continue;
      const list = refused.get(e) ?? [];
      if (!list.includes(issue)) list.push(issue);
      refused.set(e, list);
    }
  }
  return refused;
}

/** The statements holding a refused entry, each with the one problem naming them. */
function refusedStatements(prepared: PreparedGraph, refused: ReadonlyMap<number, GraphIssue[]>): RefusedItem[] {
  const statements: RefusedItem[] = [];
  for (const statement of prepared.statements) {
    const ids = Array.from(statement.entries)
      .filter((e) => refused.has(e))
      .map((e) => `'${prepared.entries.ids[e]}'`);
    if (ids.length === 0) continue;
    const message = `GHG statement '${statement.id}' holds the refused GHG ${ids.length === 1 ? 'entry' : 'entries'} ${ids.join(', ')}: it is refused with ${ids.length === 1 ? 'it' : 'them'}`;
    statements.push({
      id: statement.id,
      issues: [{ path: ['ghg_statements', statement.documentIndex], code: 'statement_refused', message }],
    });
  }
  return statements;
}

/** The document without the given entries: out of `ghg_entries`, of statements' entry lists and of manual project attributions. */
export function withoutEntries(graph: RemovalGraph, ids: ReadonlySet<string>): RemovalGraph {
  const kept = (id: string): boolean => !ids.has(id);
  const statement = (s: GraphGhgStatement): GraphGhgStatement => ({
    ...s,
    ...(s.removal_ids === undefined ? {} : { removal_ids: s.removal_ids.filter(kept) }),
    ...(s.ghg_entry_ids === undefined ? {} : { ghg_entry_ids: s.ghg_entry_ids.filter(kept) }),
  });
  const project = (p: GraphProject): GraphProject => ({
    ...p,
    components: p.components.map((pc) => ({
      ...pc,
      removal_attributions: pc.removal_attributions.filter((a) => kept(a.removal_id ?? a.ghg_entry_id ?? '')),
    })),
  });
  return {
    ...graph,
    ghg_entries: graph.ghg_entries.filter((entry) => kept(entry.id)),
    ...(graph.ghg_statements === undefined ? {} : { ghg_statements: graph.ghg_statements.map(statement) }),
    ...(graph.projects === undefined ? {} : { projects: graph.projects.map(project) }),
  };
}

/**
 * The problem to answer when a caller asks for a refused entry or statement by its id (a
 * calculation report, an HTML report, the service): `entry_refused` or `statement_refused` at
 * `path`, the message saying why; null when `id` was not refused.
 */
export function refusedIssue(prepared: PreparedGraph, id: string, path: GraphIssue['path']): GraphIssue | null {
  const entry = prepared.refusedEntries?.find((item) => item.id === id);
  const found = entry ?? prepared.refusedStatements?.find((item) => item.id === id);
  if (found === undefined) return null;
  const why = found.issues.map((issue) => issue.message).join('; ');
  return entry === undefined
    ? { path, code: 'statement_refused', message: `GHG statement '${id}' is refused: ${why}` }
    : { path, code: 'entry_refused', message: `GHG entry '${id}' is refused, not evaluated: ${why}` };
}
