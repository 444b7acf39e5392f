// The bundled enhanced-weathering methodology written natively (examples/enhanced-weathering-tracer.json):
// a titanium-tracer mass balance over 24 sampling locations whose Ti and Ca form a sample set
// (a paired bootstrap), a signed control correction behind a branch, the Monte Carlo discount at
// p16. Its 16th percentile agrees with an independent NumPy bootstrap (bench/ew_bootstrap_reference.py,
// figure committed beside it) within 0.5 %; its first-order figures equal semantics 3b's rule
// computed here independently (forward-mode derivatives written out below) to 1e-9.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateGraph } from '../../src';

const graph = JSON.parse(readFileSync(new URL('../../examples/enhanced-weathering-tracer.json', import.meta.url), 'utf8')) as {
  datapoints: { id: string; quantity: { magnitude: number; standard_deviation: number | null } }[];
  sample_sets: { columns: Record<string, string[]> }[];
};
const reference = JSON.parse(readFileSync(new URL('../../bench/ew_bootstrap_reference.json', import.meta.url), 'utf8')) as {
  percentile_16_kg: number;
  draws: number;
};

/** A value and its derivatives with respect to every variable (forward mode). */
class Dual {
  constructor(
    readonly v: number,
    readonly g: Float64Array,
  ) {}
  static variable(v: number, i: number, n: number): Dual {
    const g = new Float64Array(n);
    g[i] = 1;
    return new Dual(v, g);
  }
  static constant(v: number, n: number): Dual {
    return new Dual(v, new Float64Array(n));
  }
  add(o: Dual): Dual {
    return new Dual(
      this.v + o.v,
      this.g.map((x, i) => x + (o.g[i] as number)),
    );
  }
  sub(o: Dual): Dual {
    return new Dual(
      this.v - o.v,
      this.g.map((x, i) => x - (o.g[i] as number)),
    );
  }
  mul(o: Dual): Dual {
    return new Dual(
      this.v * o.v,
      this.g.map((x, i) => x * o.v + this.v * (o.g[i] as number)),
    );
  }
  div(o: Dual): Dual {
    return new Dual(
      this.v / o.v,
      this.g.map((x, i) => (x * o.v - this.v * (o.g[i] as number)) / (o.v * o.v)),
    );
  }
}

const MG_PER_KG = 1e-6;
const point = new Map(graph.datapoints.map((d) => [d.id, d.quantity]));
const tiIds = graph.sample_sets[0]!.columns['ti']!;
const caIds = graph.sample_sets[0]!.columns['ca']!;

/** The sample standard deviation and the Pearson correlation, written out. */
function columnStats(x: number[], y: number[]): { sx: number; sy: number; r: number } {
  const n = x.length;
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += ((x[i] as number) - mx) ** 2;
    syy += ((y[i] as number) - my) ** 2;
    sxy += ((x[i] as number) - mx) * ((y[i] as number) - my);
  }
  return { sx: Math.sqrt(sxx / (n - 1)), sy: Math.sqrt(syy / (n - 1)), r: sxy / Math.sqrt(sxx * syy) };
}

/** The net (SI, kg) and its first-order standard deviation by semantics 3b, independently of the engine. */
function firstOrder(): { net: number; sd: number } {
  const scalars: [string, number][] = [
    ['dtp_ti_soil', MG_PER_KG],
    ['dtp_ti_rock', MG_PER_KG],
    ['dtp_ca_soil', MG_PER_KG],
    ['dtp_ca_rock', MG_PER_KG],
    ['dtp_soil_mass', 0.1], // t/ha in kg/m2
    ['dtp_area', 10_000], // ha in m2
    ['dtp_control_change', MG_PER_KG],
    ['dtp_rock_mass', 1000],
    ['dtp_distance', 1000],
    ['dtp_truck_factor', 1e-6], // kgCO2e/(t km) in kg/(kg m)
  ];
  const n = tiIds.length;
  const count = 2 * n + scalars.length;
  const variables: { value: number; sd: number }[] = [];
  const variable = (value: number, sd: number): Dual => {
    variables.push({ value, sd });
    return Dual.variable(value, variables.length - 1, count);
  };
  const ti = tiIds.map((id) => point.get(id)!.magnitude * MG_PER_KG);
  const ca = caIds.map((id) => point.get(id)!.magnitude * MG_PER_KG);
  const { sx, sy, r } = columnStats(ti, ca);
  const tiVars = ti.map((v) => variable(v, sx));
  const caVars = ca.map((v) => variable(v, sy));
  const s = Object.fromEntries(
    scalars.map(([id, scale]) => {
      const q = point.get(id)!;
      return [id, variable(q.magnitude * scale, (q.standard_deviation ?? 0) * scale)];
    }),
  ) as Record<string, Dual>;
  const c = (v: number) => Dual.constant(v, count);
  const mean = (xs: Dual[]) => xs.reduce((a, b) => a.add(b)).div(c(xs.length));
  const f = mean(tiVars).sub(s['dtp_ti_soil']!).div(s['dtp_ti_rock']!.sub(s['dtp_ti_soil']!));
  const expected = f.mul(s['dtp_ca_rock']!).add(c(1).sub(f).mul(s['dtp_ca_soil']!));
  const significant = point.get('dtp_control_p_value')!.magnitude < point.get('dtp_significance')!.magnitude;
  expect(significant).toBe(true);
  const weathered = expected.sub(mean(caVars)).add(s['dtp_control_change']!);
  const removed = weathered
    .mul(s['dtp_soil_mass']!)
    .mul(s['dtp_area']!)
    .mul(c(point.get('dtp_co2_per_ca')!.magnitude));
  const transport = s['dtp_rock_mass']!.mul(s['dtp_distance']!).mul(s['dtp_truck_factor']!);
  const net = removed.sub(transport);
  let variance = 0;
  variables.forEach((x, i) => (variance += ((net.g[i] as number) * x.sd) ** 2));
  // Same-row Ti and Ca: correlated with the columns' Pearson r.
  for (let j = 0; j < n; j++) variance += 2 * (net.g[j] as number) * (net.g[n + j] as number) * r * sx * sy;
  return { net: net.v, sd: Math.sqrt(variance) };
}

describe('enhanced weathering, titanium tracer, written natively', () => {
  it('evaluates without a warning', () => {
    expect(evaluateGraph(graph).warnings).toEqual([]);
  });

  it('gives the first-order net and standard deviation of semantics 3b, computed independently, to 1e-9', () => {
    const [entry] = evaluateGraph(graph).ghg_entries;
    const expected = firstOrder();
    expect(Math.abs(entry!.co2e_net_removed_without_discount_kg / expected.net - 1)).toBeLessThan(1e-9);
    expect(Math.abs(entry!.co2e_net_removed_standard_deviation_kg! / expected.sd - 1)).toBeLessThan(1e-9);
  });

  it('credits the 16th percentile of a paired bootstrap within 0.5 % of the independent NumPy reference', () => {
    const [entry] = evaluateGraph(graph, {
      policies: { discountMethod: 'monte_carlo' },
      monteCarlo: { samples: reference.draws, seed: 1 },
    }).ghg_entries;
    const p16 = entry!.monte_carlo!.percentile_16_kg;
    expect(entry!.uncertainty_discount!.method).toBe('monte_carlo');
    expect(Math.abs(p16 / reference.percentile_16_kg - 1)).toBeLessThan(0.005);
    expect(entry!.co2e_net_removed_kg).toBe(p16);
  });
});

describe('the control correction behind its branch', () => {
  it('is left out when the control plots test is not significant: the net rises by 5 mg/kg of Ca over the layer', () => {
    const copy = structuredClone(graph);
    copy.datapoints.find((d) => d.id === 'dtp_control_p_value')!.quantity.magnitude = 0.2;
    const [applied] = evaluateGraph(graph).ghg_entries;
    const [left] = evaluateGraph(copy).ghg_entries;
    // 5e-6 x 130 kg/m2 x 400,000 m2 x 2.19622
    expect(left!.co2e_net_removed_without_discount_kg - applied!.co2e_net_removed_without_discount_kg).toBeCloseTo(571.0172, 3);
  });
});
