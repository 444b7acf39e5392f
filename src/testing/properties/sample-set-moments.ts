/**
 * The first-order moments a graph's sample sets give its datapoints (docs/graph-document.md,
 * "Sample sets"), recomputed from the document for the checks that redo the propagation (the reuse
 * rule): each member's standard deviation is its column's sample standard deviation (n - 1, SI),
 * and two members of one row in different columns are correlated with their columns' Pearson
 * correlation. Written from the rule, not from the engine's code. May import: model, units.
 */
import type { RemovalGraphInput } from '../../model/graph';
import { toSI } from '../../units';

/** Per member: its column's standard deviation (SI), and its set and row (to find its row partners). */
export interface SampleSetMoments {
  readonly standardDeviation: ReadonlyMap<string, number>;
  /** Correlation of two members, 0 when they are not in one row of one set. */
  correlation(a: string, b: string): number;
}

/** The moments of every sample set of `graph` (empty maps when it has none). */
export function sampleSetMoments(graph: RemovalGraphInput): SampleSetMoments {
  const si = new Map(graph.datapoints.map((d) => [d.id, toSI(d.quantity.magnitude, null, d.quantity.unit).magnitude]));
  const standardDeviation = new Map<string, number>();
  /** Per member: set index, column name, row. */
  const place = new Map<string, { set: number; column: string; row: number }>();
  const pearson = new Map<string, number>();
  (graph.sample_sets ?? []).forEach((set, s) => {
    const columns = Object.entries(set.columns).map(([name, ids]) => ({ name, ids, values: ids.map((id) => si.get(id) ?? Number.NaN) }));
    for (const c of columns) {
      const sd = Math.sqrt(centred(c.values).reduce((a, x) => a + x * x, 0) / (c.values.length - 1));
      c.ids.forEach((id, row) => {
        standardDeviation.set(id, sd);
        place.set(id, { set: s, column: c.name, row });
      });
    }
    for (const a of columns)
      for (const b of columns) if (a.name !== b.name) pearson.set(`${s} ${a.name} ${b.name}`, correlationOf(a.values, b.values));
  });
  return {
    standardDeviation,
    correlation(a, b) {
      const p = place.get(a);
      const q = place.get(b);
      if (p === undefined || q === undefined || p.set !== q.set || p.row !== q.row || p.column === q.column) return 0;
      return pearson.get(`${p.set} ${p.column} ${q.column}`) ?? 0;
    },
  };
}

function centred(values: readonly number[]): number[] {
  const mean = values.reduce((a, x) => a + x, 0) / values.length;
  return values.map((x) => x - mean);
}

/** Pearson's r of two columns; 0 when either does not vary. */
function correlationOf(x: readonly number[], y: readonly number[]): number {
  const a = centred(x);
  const b = centred(y);
  let xy = 0;
  let xx = 0;
  let yy = 0;
  a.forEach((u, i) => {
    const v = b[i] as number;
    xy += u * v;
    xx += u * u;
    yy += v * v;
  });
  return xx > 0 && yy > 0 ? xy / Math.sqrt(xx * yy) : 0;
}
