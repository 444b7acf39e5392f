/**
 * Reading and rewriting generated graph documents for the property checks: which inputs each
 * datapoint feeds, copies with some datapoints or attributions changed, and the comparisons of
 * results (relative tolerance against the size of what was summed, the 10 kg rounding boundary).
 * May import: accounting, model, units.
 */
import type { GhgEntryResult } from '../../accounting';
import type { GraphDatapoint, GraphGhgEntry, RemovalGraphInput } from '../../model/graph';
import type { QuantityKind } from '../../model/quantity-kinds';
import { convert, convertStandardDeviation } from '../../units';
import type { BlueprintDefinition, BlueprintInputDefinition } from './component';

/** One use of a datapoint: the component, its blueprint and the input it feeds. */
export interface DatapointUse {
  readonly component: string;
  readonly blueprint: BlueprintDefinition;
  readonly input: BlueprintInputDefinition;
}

/** Every use of every datapoint of a graph, by datapoint id. */
export function datapointUses(graph: RemovalGraphInput): Map<string, DatapointUse[]> {
  const blueprints = new Map(graph.component_blueprints.map((b) => [b.key, b]));
  const uses = new Map<string, DatapointUse[]>();
  for (const component of graph.components) {
    const blueprint = blueprints.get(component.blueprint_key);
    if (blueprint === undefined) continue;
    for (const supplied of component.inputs) {
      const input = blueprint.inputs.find((i) => i.input_key === supplied.input_key);
      if (input === undefined) continue;
      const ids = supplied.datapoint_ids ?? (supplied.datapoint_id === undefined ? [] : [supplied.datapoint_id]);
      for (const id of ids) {
        let list = uses.get(id);
        if (list === undefined) uses.set(id, (list = []));
        list.push({ component: component.id, blueprint, input });
      }
    }
  }
  return uses;
}

/** The quantity kind of a datapoint: that of the first input it feeds. */
export function kindOfDatapoint(uses: Map<string, DatapointUse[]>, id: string): QuantityKind | undefined {
  return uses.get(id)?.[0]?.input.quantity_kind as QuantityKind | undefined;
}

/** The graph with some datapoints replaced (`change` returns the datapoint itself to keep it). */
export function withDatapoints(graph: RemovalGraphInput, change: (d: GraphDatapoint, index: number) => GraphDatapoint): RemovalGraphInput {
  return { ...graph, datapoints: graph.datapoints.map(change) };
}

/** The graph with some entries replaced. */
export function withEntries(graph: RemovalGraphInput, change: (e: GraphGhgEntry, index: number) => GraphGhgEntry): RemovalGraphInput {
  return { ...graph, ghg_entries: graph.ghg_entries.map(change) };
}

/**
 * Whether two results agree: |a - b| <= tolerance * max(|a|, |b|, scale) + 1e-12 (kg). `scale` is
 * the size of what was summed (the sum of absolute contributions), so that cancellation between
 * large terms is not taken for a difference.
 */
export function agree(a: number, b: number, tolerance: number, scale = 0): boolean {
  if (Object.is(a, b)) return true;
  return Math.abs(a - b) <= tolerance * Math.max(Math.abs(a), Math.abs(b), scale) + 1e-12;
}

/** Sum of the absolute contributions of an entry's components, kg. */
export function entryScale(entry: GhgEntryResult): number {
  return entry.components.reduce((s, c) => s + Math.abs(c.contribution_kg), 0);
}

/** Whether a net lies so close to a 10 kg rounding tie that the last bits may decide the credits. */
export function nearRoundingTie(net: number, tolerance: number, scale: number): boolean {
  const rest = Math.abs(net) % 10;
  return Math.abs(rest - 5) <= tolerance * Math.max(Math.abs(net), scale) + 1e-9;
}

/** A number as messages show it: at most 10 significant digits. */
export function show(value: number | null): string {
  return value === null ? 'null' : String(Number(value.toPrecision(10)));
}

/** Datapoint `d` with its quantity re-expressed in `unit` (a unit of the same dimension): the same quantity, other numbers. */
export function inUnit(d: GraphDatapoint, unit: string): GraphDatapoint {
  const q = d.quantity;
  return {
    ...d,
    quantity: {
      magnitude: convert(q.magnitude, q.unit, unit),
      unit,
      standard_deviation: convertStandardDeviation(q.standard_deviation, q.unit, unit),
    },
  };
}
