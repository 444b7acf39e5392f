/**
 * Element-wise LIST arithmetic in a graph (docs/rules.md, "Element-wise lists"): the bundled
 * depth-weighted example against its hand derivative (first order to 1e-9) and Monte Carlo (mean
 * within sampling error; generated and interpreted code give the same bytes), a datapoint in two
 * lists and as a scalar as one variable, the refusal of lists of different lengths, explain and
 * expression values, and permutation of a component's pairs.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { explainGhgEntry, formatCalculationReport, safeEvaluateGraph as evaluateGraph } from '../../src';
import { allowCodeGeneration, codeGenerationRefusals, importWithoutCodeGeneration } from '../no-code-generation';

interface Doc {
  datapoints: { id: string; quantity: { magnitude: number; unit: string; standard_deviation: number | null } }[];
  components: { inputs: { input_key: string; datapoint_ids: string[] }[] }[];
  component_blueprints: { expressions: { key: string; template: string }[] }[];
}

function example(): Doc {
  return JSON.parse(readFileSync(new URL('../../examples/enhanced-weathering-depth.json', import.meta.url), 'utf8')) as Doc;
}

/** An entry's figures, or the test fails with the issues. */
function entryOf(result: ReturnType<typeof evaluateGraph>) {
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.result.ghg_entries[0] as NonNullable<(typeof result.result.ghg_entries)[0]>;
}

afterEach(allowCodeGeneration);

describe('the depth-weighted enhanced-weathering example', () => {
  const doc = example();
  const quantity = (id: string) => doc.datapoints.find((d) => d.id === id)?.quantity as Doc['datapoints'][0]['quantity'];
  const ids = (key: string) => doc.components[0]?.inputs.find((i) => i.input_key === key)?.datapoint_ids ?? [];
  // SI: mg/kg -> 1e-6, cm -> 0.01 m, g/cm^3 -> 1000 kg/m^3, ha -> 1e4 m^2.
  const t = ids('thickness').map((id) => quantity(id).magnitude * 0.01);
  const ca = ids('ca_after').map((id) => quantity(id).magnitude * 1e-6);
  const base = ids('ca_baseline').map((id) => quantity(id).magnitude * 1e-6);
  const rho = quantity('dtp_rho').magnitude * 1000;
  const area = quantity('dtp_area').magnitude * 1e4;
  const q = quantity('dtp_co2_per_ca').magnitude;

  it('first order: net and sd equal the hand derivative of sum((ca - base) * t) / sum(t) * rho * sum(t) * area * q to 1e-9', () => {
    const T = t.reduce((s, x) => s + x, 0);
    const S = ca.reduce((s, c, j) => s + (c - (base[j] as number)) * (t[j] as number), 0);
    const net = (S / T) * rho * T * area * q;
    // Partial derivatives by hand: the thickness enters the weighted mean and the soil mass (one variable).
    const terms: number[] = [];
    t.forEach((tj, j) => {
      const dS = ((ca[j] as number) - (base[j] as number)) * rho * area * q; // d/dt_j of (S/T) T rho A q = dS/dt_j rho A q
      terms.push(dS * 0.003); // 0.3 cm
      terms.push(tj * rho * area * q * 40e-6); // ca_j
      terms.push(tj * rho * area * q * 40e-6); // base_j
    });
    terms.push(S * area * q * 50); // rho: 0.05 g/cm^3
    terms.push(S * rho * q * 1000); // area: 0.1 ha
    const sd = Math.sqrt(terms.reduce((s, x) => s + x * x, 0));
    const entry = entryOf(evaluateGraph(doc));
    expect(Math.abs(entry.co2e_net_removed_without_discount_kg - net)).toBeLessThan(1e-9 * net);
    expect(Math.abs((entry.co2e_net_removed_standard_deviation_kg as number) - sd)).toBeLessThan(1e-9 * sd);
    expect(net).toBeCloseTo(13896.01626, 4);
  });

  it('expression values and explain show the depth-weighted mean', () => {
    const result = evaluateGraph(doc, { expressionValues: true });
    const values = entryOf(result).components[0]?.expression_values ?? [];
    expect(values.find((v) => v.key === 'ca_gain')?.value).toBeCloseTo(100.625e-6, 15);
    expect(values.find((v) => v.key === 'soil_mass_per_area')?.value).toBeCloseTo(1310 * 0.4, 9);
    const report = explainGhgEntry(doc, 'rmv_EW_DEPTH_C1_2025');
    if (!report.ok) throw new Error(JSON.stringify(report.issues));
    const markdown = formatCalculationReport(report.report);
    expect(markdown).toContain('sum(({ca} - {base}) * {t}) / sum({t})');
    expect(markdown).toMatch(/sum\(\(\[0\.00271, /);
  });

  it('Monte Carlo: the mean is within sampling error of the net; generated and interpreted code give the same bytes', async () => {
    const options = { policies: { discountMethod: 'monte_carlo' }, monteCarlo: { samples: 6000, seed: 3 } } as const;
    const compiled = JSON.stringify(evaluateGraph(doc, options));
    const mc = JSON.parse(compiled).result.ghg_entries[0].monte_carlo;
    const net = entryOf(evaluateGraph(doc)).co2e_net_removed_without_discount_kg;
    // Independent inputs, multilinear formula: the mean of the net is the net at the magnitudes.
    expect(Math.abs(mc.mean_kg - net)).toBeLessThan(4 * mc.standard_error_of_mean_kg);
    const fresh = await importWithoutCodeGeneration(() => import('../../src/index'));
    const interpreted = JSON.stringify(fresh.safeEvaluateGraph(doc, options));
    expect(codeGenerationRefusals()).toBeGreaterThan(0);
    expect(interpreted).toBe(compiled);
  });
});

/** A one-entry graph of blueprint `template` over LIST inputs c (mass fraction), d (mass) and scalar k (mass). */
function graph(template: string, c: readonly string[], d: readonly string[], k = 'k0') {
  const values: Record<string, [number, number]> = {
    c0: [0.2, 0.01],
    c1: [0.4, 0.02],
    c2: [0.1, 0.01],
    k0: [5, 0.5],
    d0: [3, 0.3],
    d1: [7, 0.1],
  };
  return {
    component_blueprints: [
      {
        key: 'bp',
        type: 'SEQUESTRATION',
        inputs: [
          { input_key: 'c', quantity_kind: 'mass_fraction', compatible_unit: '', data_shape: 'LIST' },
          { input_key: 'd', quantity_kind: 'mass', compatible_unit: 'kg', data_shape: 'LIST' },
          { input_key: 'k', quantity_kind: 'mass', compatible_unit: 'kg' },
        ],
        expressions: [
          {
            key: 'r',
            template,
            inputs: ['c', 'd', 'k'].map((x) => ({ template_key: x, input_key: x, type: 'DATAPOINT' })),
          },
        ],
      },
    ],
    datapoints: Object.entries(values).map(([id, [m, s]]) => ({
      id,
      quantity: { magnitude: m, unit: id.startsWith('c') ? '' : 'kg', standard_deviation: s },
    })),
    components: [
      {
        id: 'cmp',
        blueprint_key: 'bp',
        inputs: [
          { input_key: 'c', datapoint_ids: c },
          { input_key: 'd', datapoint_ids: d },
          { input_key: 'k', datapoint_ids: [k] },
        ],
      },
    ],
    ghg_entries: [{ id: 'e', component_attributions: [{ component_id: 'cmp' }] }],
  };
}

describe('element-wise lists in a graph', () => {
  it('a datapoint reused in two lists and as a scalar is one variable', () => {
    // c = [c0, c1], d = [d0, k0], k = k0: f = c0 d0 + c1 k0 + k0, so k0 is one variable of two uses.
    const g = graph('sum({c} * {d}) + {k}', ['c0', 'c1'], ['d0', 'k0']);
    const entry = entryOf(evaluateGraph(g));
    expect(entry.co2e_net_removed_without_discount_kg).toBeCloseTo(0.2 * 3 + 0.4 * 5 + 5, 12);
    // d/dk0 = c1 + 1 = 1.4; d/dc0 = d0 = 3; d/dc1 = k0 = 5; d/dd0 = c0 = 0.2.
    const sd = Math.hypot(3 * 0.01, 5 * 0.02, 0.2 * 0.3, 1.4 * 0.5);
    expect(entry.co2e_net_removed_standard_deviation_kg).toBeCloseTo(sd, 12);
    expect(entry.reused_datapoints).toEqual([{ datapoint_id: 'k0', uses: 2 }]);
  });

  it('lists of different lengths are refused at preparation, naming the expression and both lengths', () => {
    const result = evaluateGraph(graph('mean({c} * {d}) + {k}', ['c0', 'c1', 'c2'], ['d0', 'd1']));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([
      {
        path: ['components', 0, 'inputs'],
        code: 'list_length_mismatch',
        message:
          "component 'cmp', blueprint 'bp', expression 'r': \"{c} * {d}\" pairs LIST input 'c' (3 datapoints) with LIST input 'd' (2 datapoints); lists taken element-wise must have one length",
      },
    ]);
  });

  it('a component whose value would be a LIST is refused where its blueprint is defined', () => {
    const result = evaluateGraph(graph('{c} * {d} + {k}', ['c0', 'c1'], ['d0', 'd1']));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues[0]?.code).toBe('expression_data_shape');
    expect(result.issues[0]?.path).toEqual(['component_blueprints', 0, 'expressions', 0, 'template']);
    expect(result.issues[0]?.message).toContain('a LIST must be reduced with sum, mean, min, max or count before it is a scalar value');
  });

  it('an element-wise max gives the same figures whatever the order of the pairs', () => {
    // c = [c0, c1], d = [d1, d1]: 0.2 * 7 < 0.4 * 7, no tie; the figures must not depend on the order of the pairs.
    const a = entryOf(evaluateGraph(graph('max({c} * {d}) + 0 * {k}', ['c0', 'c1'], ['d1', 'd1'])));
    const b = entryOf(evaluateGraph(graph('max({c} * {d}) + 0 * {k}', ['c1', 'c0'], ['d1', 'd1'])));
    expect(a.co2e_net_removed_without_discount_kg).toBeCloseTo(2.8, 12);
    expect(a.co2e_net_removed_standard_deviation_kg).toBe(b.co2e_net_removed_standard_deviation_kg);
  });

  it('permuting the component pairs together changes no figure beyond rounding (fast-check)', () => {
    fc.assert(
      fc.property(fc.constantFrom([0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]), (order) => {
        const c = ['c0', 'c1', 'c2'];
        const d = ['d0', 'd1', 'k0'];
        const template = 'sum({c} * {d}) / sum({d}) * {k} + mean(abs({c} - 0.2) * {d})';
        const a = entryOf(evaluateGraph(graph(template, c, d)));
        const b = entryOf(
          evaluateGraph(
            graph(
              template,
              order.map((j) => c[j] as string),
              order.map((j) => d[j] as string),
            ),
          ),
        );
        expect(b.co2e_net_removed_without_discount_kg).toBeCloseTo(a.co2e_net_removed_without_discount_kg, 10);
        expect(b.co2e_net_removed_standard_deviation_kg).toBeCloseTo(a.co2e_net_removed_standard_deviation_kg as number, 10);
      }),
    );
  });
});
