/**
 * Counterexamples in the units a methodologist reads: after shrinking, each datapoint is
 * re-expressed in the `compatible_unit` of the input it feeds (`0.125 B` of a volume becomes litres
 * when the blueprint says `L`), wherever the property still fails on the re-expressed case. A
 * generated case is a graph document or a record holding one under `graph`.
 * May import: units, model.
 */
import type { GraphDatapoint, RemovalGraphInput } from '../../model/graph';
import { parseUnit, toSI } from '../../units';
import { datapointUses } from '../arbitraries/graph-reading';

/** Whether a value is a graph document. */
function isGraph(value: unknown): value is RemovalGraphInput {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { datapoints?: unknown }).datapoints) &&
    Array.isArray((value as { components?: unknown }).components)
  );
}

/** The graph of a case and how to put another in its place, or null when the case holds none. */
function graphOfValue<T>(value: T): { graph: RemovalGraphInput; put: (g: RemovalGraphInput) => T } | null {
  if (isGraph(value)) return { graph: value, put: (g) => g as T };
  const inner = typeof value === 'object' && value !== null ? (value as { graph?: unknown }).graph : undefined;
  if (isGraph(inner)) return { graph: inner, put: (g) => ({ ...(value as object), graph: g }) as T };
  return null;
}

/** The datapoint in the unit `unit`, rounded to 10 significant digits. */
function inUnit(d: GraphDatapoint, unit: string): GraphDatapoint {
  const si = toSI(d.quantity.magnitude, d.quantity.standard_deviation, d.quantity.unit);
  const u = parseUnit(unit);
  const round = (x: number) => Number(x.toPrecision(10));
  const standard_deviation = si.standard_deviation === null ? null : round(si.standard_deviation / Math.abs(u.scale));
  return {
    ...d,
    quantity: {
      ...d.quantity,
      magnitude: round((si.magnitude - u.offset) / u.scale),
      unit,
      ...(d.quantity.standard_deviation === undefined ? {} : { standard_deviation }),
    },
  };
}

/**
 * The case with its datapoints in their inputs' compatible units where `fails` still holds: all at
 * once if the failure persists, else one datapoint at a time.
 */
export function restateInCompatibleUnits<T>(value: T, fails: (candidate: T) => boolean): T {
  const found = graphOfValue(value);
  if (found === null) return value;
  const uses = datapointUses(found.graph);
  const target = (d: GraphDatapoint) => uses.get(d.id)?.[0]?.input.compatible_unit;
  const changeable = found.graph.datapoints.filter((d) => {
    const unit = target(d);
    return typeof unit === 'string' && unit !== d.quantity.unit;
  });
  if (changeable.length === 0) return value;
  const withSome = (ids: ReadonlySet<string>, graph: RemovalGraphInput) =>
    found.put({ ...graph, datapoints: graph.datapoints.map((d) => (ids.has(d.id) ? inUnit(d, target(d) as string) : d)) });
  const all = withSome(new Set(changeable.map((d) => d.id)), found.graph);
  if (safely(fails, all)) return all;
  let current = value;
  for (const d of changeable) {
    const inner = graphOfValue(current);
    if (inner === null) break;
    const next = withSome(new Set([d.id]), inner.graph);
    if (safely(fails, next)) current = next;
  }
  return current;
}

function safely<T>(fails: (candidate: T) => boolean, candidate: T): boolean {
  try {
    return fails(candidate);
  } catch {
    return false;
  }
}
