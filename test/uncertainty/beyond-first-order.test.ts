// Published worked examples beyond the first order: JCGM 101 (GUM Supplement 1) 9.2, 9.3 and 9.5
// with their own input distributions, GUM H.2 with its correlations declared natively, and GUM
// H.1's expanded uncertainty U99 with k from the Welch-Satterthwaite effective degrees of freedom.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from '../../src';

type Distribution = NonNullable<RemovalGraphInput['datapoints'][number]['distribution']>;
const id = (name: string): string => `dtp_${name.padEnd(16, 'x')}`;
const dp = (name: string, magnitude: number, unit: string, sd: number | null, distribution?: Distribution) => ({
  id: id(name),
  quantity: { magnitude, unit, standard_deviation: sd },
  ...(distribution === undefined ? {} : { distribution }),
});

/** One blueprint over dimensionless inputs and a 1 kg scale, one component, one entry. */
function graphOf(
  template: string,
  names: string[],
  datapoints: RemovalGraphInput['datapoints'],
  correlations?: RemovalGraphInput['correlations'],
): RemovalGraphInput {
  const all = [...names, 'kg'];
  return {
    component_blueprints: [
      {
        key: 'model',
        type: 'SEQUESTRATION',
        inputs: all.map((n) => ({
          input_key: n,
          quantity_kind: n === 'kg' ? 'mass' : 'dimensionless',
          compatible_unit: n === 'kg' ? 'kg' : '',
          data_shape: 'SCALAR' as const,
        })),
        expressions: [
          {
            key: 'y',
            template: `(${template}) * {kg}`,
            inputs: all.map((n) => ({ template_key: n, input_key: n, type: 'DATAPOINT' as const })),
          },
        ],
      },
    ],
    datapoints: [...datapoints, dp('kg', 1, 'kg', null)],
    components: [
      { id: 'cmp_MODEL00000000000', blueprint_key: 'model', inputs: all.map((n) => ({ input_key: n, datapoint_ids: [id(n)] })) },
    ],
    ghg_entries: [
      { id: 'rmv_MODEL00000000000', risk_of_reversal_percentage: null, component_attributions: [{ component_id: 'cmp_MODEL00000000000' }] },
    ],
    ...(correlations === undefined ? {} : { correlations }),
  };
}

describe('JCGM 101 9.2.3: Y = X1 + X2 + X3 + X4 with rectangular inputs, u = 1 each', () => {
  const names = ['x1', 'x2', 'x3', 'x4'];
  const graph = graphOf(
    names.map((n) => `{${n}}`).join(' + '),
    names,
    names.map((n) => dp(n, 0, '', 1, { type: 'rectangular' })),
  );
  const e = evaluateGraph(graph, { monteCarlo: { samples: 200_000, seed: 92 } }).ghg_entries[0]!;

  it('gives u(y) = 2.00 and the 95 % interval [-3.88, 3.88] (the normal one is [-3.92, 3.92])', () => {
    const mc = e.monte_carlo!;
    expect(mc.standard_deviation_kg).toBeCloseTo(2, 1);
    // Published to 0.01; the Monte Carlo error of a 2.5 % quantile at 200,000 draws is about 0.01.
    expect(mc.coverage_interval.lower_kg).toBeGreaterThan(-3.88 - 0.005 - 0.03);
    expect(mc.coverage_interval.lower_kg).toBeLessThan(-3.88 + 0.005 + 0.03);
    expect(mc.coverage_interval.upper_kg).toBeGreaterThan(3.88 - 0.005 - 0.03);
    expect(mc.coverage_interval.upper_kg).toBeLessThan(3.88 + 0.005 + 0.03);
    expect(e.co2e_net_removed_standard_deviation_kg).toBe(2); // first order unchanged
  });
});

describe('JCGM 101 9.3: mass calibration with rectangular air and artefact densities', () => {
  const names = ['m_rc', 'dm_rc', 'rho_a', 'rho_a0', 'rho_w', 'rho_r', 'm_nom'];
  const graph = graphOf('({m_rc} + {dm_rc}) * (1 + ({rho_a} - {rho_a0}) * (1 / {rho_w} - 1 / {rho_r})) - {m_nom}', names, [
    dp('m_rc', 100_000, '', 0.05),
    dp('dm_rc', 1.234, '', 0.02),
    dp('rho_a', 1.2, '', 0.1 / Math.sqrt(3), { type: 'rectangular' }),
    dp('rho_a0', 1.2, '', null),
    dp('rho_w', 8000, '', 1000 / Math.sqrt(3), { type: 'rectangular' }),
    dp('rho_r', 8000, '', 50 / Math.sqrt(3), { type: 'rectangular' }),
    dp('m_nom', 100_000, '', null),
  ]);

  it('gives the published Monte Carlo dm = 1.2341 mg, u(dm) = 0.0754 mg (first order 0.0539 mg)', () => {
    const e = evaluateGraph(graph, { monteCarlo: { samples: 200_000, seed: 93 } }).ghg_entries[0]!;
    const mc = e.monte_carlo!;
    expect(e.co2e_net_removed_standard_deviation_kg!).toBeCloseTo(0.0539, 4);
    expect(Math.abs(mc.mean_kg - 1.2341)).toBeLessThan(0.00005 + 4 * mc.standard_error_of_mean_kg);
    // The standard error of a standard deviation of 200,000 draws is under 0.3 % here (heavier tails than a normal).
    expect(Math.abs(mc.standard_deviation_kg - 0.0754)).toBeLessThan(0.00005 + 0.0008);
  });
});

/** GUM H.1's end gauge: l = ls + d + d1 + d2 - ls (da (theta0 + delta) + as dtheta), lengths in nm (as kg). */
const gaugeNames = ['ls', 'd', 'd1', 'd2', 'as', 'theta0', 'delta', 'da', 'dtheta'];
const gaugeTemplate = '{ls} + {d} + {d1} + {d2} - {ls} * ({da} * ({theta0} + {delta}) + {as} * {dtheta}) - 50000000';

describe('JCGM 101 9.5: the end gauge with t, rectangular, arcsine and trapezoidal inputs', () => {
  const graph = graphOf(gaugeTemplate, gaugeNames, [
    dp('ls', 50_000_623, '', 25, { type: 'student_t', degrees_of_freedom: 18 }),
    dp('d', 215, '', 5.8, { type: 'student_t', degrees_of_freedom: 24 }),
    dp('d1', 0, '', 3.9, { type: 'student_t', degrees_of_freedom: 5 }),
    dp('d2', 0, '', 6.7, { type: 'student_t', degrees_of_freedom: 8 }),
    dp('as', 11.5e-6, '', 2e-6 / Math.sqrt(3), { type: 'rectangular' }),
    dp('theta0', -0.1, '', 0.2),
    dp('delta', 0, '', 0.5 / Math.SQRT2, { type: 'arcsine' }),
    // The curvilinear trapezoids CTrap(a, d) as trapezoids of the same standard deviation sqrt((a^2 + d^2) / 3).
    dp('da', 0, '', Math.sqrt((1e-12 + 0.01e-12) / 3), { type: 'trapezoidal', beta: 0.9 / 1.1 }),
    dp('dtheta', 0, '', Math.sqrt((0.05 ** 2 + 0.025 ** 2) / 3), { type: 'trapezoidal', beta: 0.025 / 0.075 }),
  ]);

  it('gives the published u = 36 nm (the normal draws of the past gave 33.8 nm) around 838 nm', () => {
    const mc = evaluateGraph(graph, { monteCarlo: { samples: 200_000, seed: 95 } }).ghg_entries[0]!.monte_carlo!;
    expect(mc.standard_deviation_kg).toBeGreaterThan(35.5 - 0.3);
    expect(mc.standard_deviation_kg).toBeLessThan(36.5 + 0.3);
    expect(Math.abs(mc.mean_kg - 838)).toBeLessThan(0.5 + 4 * mc.standard_error_of_mean_kg);
  });
});

describe("GUM H.1: the end gauge's U99 with k from the effective degrees of freedom", () => {
  const graph = graphOf(gaugeTemplate, gaugeNames, [
    dp('ls', 50_000_623, '', 25, { type: 'student_t', degrees_of_freedom: 18 }),
    dp('d', 215, '', 5.8, { type: 'student_t', degrees_of_freedom: 24 }),
    dp('d1', 0, '', 3.9, { type: 'student_t', degrees_of_freedom: 5 }),
    dp('d2', 0, '', 6.7, { type: 'student_t', degrees_of_freedom: 8 }),
    dp('as', 11.5e-6, '', 1.2e-6),
    dp('theta0', -0.1, '', 0.2),
    dp('delta', 0, '', 0.35),
    dp('da', 0, '', 0.58e-6, { type: 'student_t', degrees_of_freedom: 50 }),
    dp('dtheta', 0, '', 0.029, { type: 'student_t', degrees_of_freedom: 2 }),
  ]);

  it('gives u_c = 32 nm, nu_eff = 16, k = 2.92 and U99 = 93 nm', () => {
    const e = evaluateGraph(graph, { coverageProbability: 0.99 }).ghg_entries[0]!;
    const ci = e.coverage_interval!;
    expect(Math.round(e.co2e_net_removed_standard_deviation_kg!)).toBe(32);
    expect(Math.floor(ci.effective_degrees_of_freedom!)).toBe(16);
    expect(ci.coverage_factor).toBeCloseTo(2.92, 2);
    expect(Math.round((ci.upper_kg - ci.lower_kg) / 2)).toBe(93);
    expect(ci.probability).toBe(0.99);
  });

  it('uses the normal k when no datapoint has degrees of freedom (effective degrees of freedom null)', () => {
    const plain = graphOf('{a} + {b}', ['a', 'b'], [dp('a', 10, '', 1), dp('b', 5, '', 2)]);
    const ci = evaluateGraph(plain, { coverageProbability: 0.95 }).ghg_entries[0]!.coverage_interval!;
    expect(ci.effective_degrees_of_freedom).toBeNull();
    expect(ci.coverage_factor).toBeCloseTo(1.959964, 6);
  });
});

/** The tail of cos (start 2) or sin (start 3) as a Taylor series (the formula language has neither); exact to double precision for |x| < 2. */
const series = (x: string, start: number): string =>
  Array.from({ length: 11 }, (_, k) => {
    const n = start + 2 * k;
    let factorial = 1;
    for (let i = 2; i <= n; i++) factorial *= i;
    return `${k % 2 === 0 ? '-' : '+'} ${x} ^ ${n} / ${factorial}`;
  }).join(' ');

describe('GUM H.2: resistance, reactance and impedance from correlated V, I and phase', () => {
  const names = ['v', 'i', 'phi'];
  const datapoints = [dp('v', 4.999, '', 0.0032), dp('i', 19.661e-3, '', 0.0095e-3), dp('phi', 1.04446, '', 0.00075)];
  const correlations = [
    { datapoint_ids: [id('v'), id('i')] as [string, string], coefficient: -0.36 },
    { datapoint_ids: [id('v'), id('phi')] as [string, string], coefficient: 0.86 },
    { datapoint_ids: [id('i'), id('phi')] as [string, string], coefficient: -0.65 },
  ];
  const cases = [
    ['R', `{v} / {i} * (1 ${series('{phi}', 2)})`, names, 127.732, 0.071],
    ['X', `{v} / {i} * ({phi} ${series('{phi}', 3)})`, names, 219.847, 0.295],
    ['|Z|', '{v} / {i}', ['v', 'i'], 254.26, 0.236],
  ] as const;
  for (const [name, template, used, value, u] of cases) {
    it(`gives ${name} = ${value} ohm with u = ${u} ohm`, () => {
      const e = evaluateGraph(graphOf(template, [...used], datapoints, correlations)).ghg_entries[0]!;
      expect(e.co2e_net_removed_without_discount_kg).toBeCloseTo(value, 3);
      // Published to 0.001, from uncertainties and coefficients published to two digits: u(R) comes
      // from their cancellation (the correlations divide it by 2.7), so allow 0.0015.
      expect(Math.abs(e.co2e_net_removed_standard_deviation_kg! - u)).toBeLessThan(0.0015);
      // The budget's shares and the covariance terms' add up to 1.
      const shares = [...e.uncertainty_budget, ...(e.uncertainty_budget_covariances ?? [])].reduce((s, l) => s + l.variance_share, 0);
      expect(shares).toBeCloseTo(1, 12);
      expect(e.uncertainty_budget_covariances).toHaveLength(used.length === 3 ? 3 : 1);
    });
  }

  it('Monte Carlo through the Gaussian copula agrees with first order for |Z|', () => {
    const e = evaluateGraph(graphOf('{v} / {i}', ['v', 'i'], datapoints, correlations), { monteCarlo: { samples: 100_000, seed: 2 } })
      .ghg_entries[0]!;
    expect(e.monte_carlo!.standard_deviation_kg).toBeCloseTo(0.236, 2);
  });
});

describe('GUM H.2 written natively: cos, sin and unit literals (V, mA, ohm)', () => {
  // JCGM 100:2008 H.2: V = 4.9990 V, I = 19.6610 mA, phi = 1.04446 rad with u = 0.0032 V,
  // 0.0095 mA, 0.00075 rad and r(V, I) = -0.36, r(V, phi) = 0.86, r(I, phi) = -0.65.
  const quantity = (name: string, kind: string, unit: string) => ({ input_key: name, quantity_kind: kind, compatible_unit: unit });
  const graph = (template: string): RemovalGraphInput =>
    ({
      component_blueprints: [
        {
          key: 'h2',
          type: 'SEQUESTRATION',
          inputs: [quantity('v', 'voltage', 'V'), quantity('i', 'electric_current', 'A'), quantity('phi', 'dimensionless', '')].map(
            (input) => ({ ...input, data_shape: 'SCALAR' }),
          ),
          expressions: [
            {
              key: 'y',
              // An impedance in ohms, made a mass of the same number of kilograms.
              template: `(${template}) / (1 ohm) * (1 kg)`,
              inputs: ['v', 'i', 'phi']
                .filter((n) => template.includes(`{${n}}`))
                .map((n) => ({ template_key: n, input_key: n, type: 'DATAPOINT' })),
            },
          ],
        },
      ],
      datapoints: [dp('v', 4.999, 'V', 0.0032), dp('i', 19.661, 'mA', 0.0095), dp('phi', 1.04446, '', 0.00075)],
      components: [
        {
          id: 'cmp_H200000000000000',
          blueprint_key: 'h2',
          inputs: ['v', 'i', 'phi'].map((n) => ({ input_key: n, datapoint_ids: [id(n)] })),
        },
      ],
      ghg_entries: [
        {
          id: 'rmv_H200000000000000',
          risk_of_reversal_percentage: null,
          component_attributions: [{ component_id: 'cmp_H200000000000000' }],
        },
      ],
      correlations: [
        { datapoint_ids: [id('v'), id('i')], coefficient: -0.36 },
        { datapoint_ids: [id('v'), id('phi')], coefficient: 0.86 },
        { datapoint_ids: [id('i'), id('phi')], coefficient: -0.65 },
      ],
    }) as RemovalGraphInput;
  const cases = [
    ['R', '{v} / {i} * cos({phi})', 127.732, 0.071],
    ['X', '{v} / {i} * sin({phi})', 219.847, 0.295],
    ['|Z|', '{v} / {i} + 0 * {phi} * (1 ohm)', 254.26, 0.236],
  ] as const;
  for (const [name, template, value, u] of cases) {
    it(`gives ${name} = ${value} ohm with u = ${u} ohm`, () => {
      const e = evaluateGraph(graph(template)).ghg_entries[0]!;
      expect(e.co2e_net_removed_without_discount_kg).toBeCloseTo(value, 3);
      // Published to 0.001 from inputs published to two digits (see the series version above).
      expect(Math.abs(e.co2e_net_removed_standard_deviation_kg! - u)).toBeLessThan(0.0015);
    });
  }
});
