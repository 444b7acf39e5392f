// Published worked examples of the GUM (JCGM 100) and its Supplement 1 (JCGM 101), evaluated
// through the whole engine: the known answers are the first-order (GUM uncertainty framework) ones.
import { describe, expect, it } from 'vitest';
import { evaluateGraph, type RemovalGraphInput } from '../../src';

const scalar = (input_key: string, quantity_kind: string, compatible_unit: string) => ({
  input_key,
  quantity_kind: quantity_kind as 'mass',
  compatible_unit,
  data_shape: 'SCALAR' as const,
});
const variable = (name: string) => ({ template_key: name, input_key: name, type: 'DATAPOINT' as const });
const dp = (name: string, magnitude: number, unit: string, sd: number | null) => ({
  id: `dtp_${name.padEnd(16, 'x')}`,
  quantity: { magnitude, unit, standard_deviation: sd },
});
const oneEntry = (blueprintKey: string, inputs: string[]): Pick<RemovalGraphInput, 'components' | 'ghg_entries'> => ({
  components: [
    {
      id: 'cmp_GUMEXAMPLE000000',
      blueprint_key: blueprintKey,
      inputs: inputs.map((name) => ({ input_key: name, datapoint_ids: [`dtp_${name.padEnd(16, 'x')}`] })),
    },
  ],
  ghg_entries: [
    { id: 'rmv_GUMEXAMPLE000000', risk_of_reversal_percentage: null, component_attributions: [{ component_id: 'cmp_GUMEXAMPLE000000' }] },
  ],
});

describe('JCGM 101 section 9.2: additive model Y = X1 + X2 + X3 + X4', () => {
  // Four independent inputs with standard uncertainty 1 each: u(y) = 2 (exactly, the model is linear).
  const graph: RemovalGraphInput = {
    component_blueprints: [
      {
        key: 'additive',
        type: 'SEQUESTRATION',
        inputs: ['x1', 'x2', 'x3', 'x4'].map((k) => scalar(k, 'mass', 'kg')),
        expressions: [{ key: 'y', template: '{x1} + {x2} + {x3} + {x4}', inputs: ['x1', 'x2', 'x3', 'x4'].map(variable) }],
      },
    ],
    datapoints: ['x1', 'x2', 'x3', 'x4'].map((k) => dp(k, 0, 'kg', 1)),
    ...oneEntry('additive', ['x1', 'x2', 'x3', 'x4']),
  };

  it('gives y = 0 with u(y) = 2 and equal budget shares', () => {
    const e = evaluateGraph(graph).ghg_entries[0]!;
    expect(e.co2e_net_removed_without_discount_kg).toBe(0);
    expect(e.co2e_net_removed_standard_deviation_kg).toBe(2);
    expect(e.uncertainty_budget.map((b) => b.variance_share)).toEqual([0.25, 0.25, 0.25, 0.25]);
  });

  it('Monte Carlo with normal inputs agrees (the model is linear)', () => {
    const e = evaluateGraph(graph, { monteCarlo: { samples: 50_000, seed: 2008 } }).ghg_entries[0]!;
    expect(e.monte_carlo!.standard_deviation_kg).toBeCloseTo(2, 1);
    expect(Math.abs(e.monte_carlo!.mean_kg)).toBeLessThan(4 * (2 / Math.sqrt(50_000)));
  });
});

describe('JCGM 101 section 9.3: calibration of a 100 g mass standard', () => {
  // dm = (m_Rc + dm_Rc) (1 + (rho_a - rho_a0) (1/rho_W - 1/rho_R)) - m_nom
  // Published GUM uncertainty framework result: dm = 1.2340 mg, u(dm) = 0.0539 mg. The air
  // buoyancy sensitivities are zero at the estimates, so first order misses their product term;
  // Supplement 1's Monte Carlo gives u(dm) = 0.0754 mg. Our Monte Carlo draws normal inputs of the
  // same standard uncertainties (the publication draws rectangular ones), which gives about 0.075 mg.
  const names = ['m_rc', 'dm_rc', 'rho_a', 'rho_a0', 'rho_w', 'rho_r', 'm_nom'];
  const graph: RemovalGraphInput = {
    component_blueprints: [
      {
        key: 'mass_calibration',
        type: 'SEQUESTRATION',
        inputs: [
          scalar('m_rc', 'mass', 'mg'),
          scalar('dm_rc', 'mass', 'mg'),
          scalar('rho_a', 'mass_density', 'kg/m^3'),
          scalar('rho_a0', 'mass_density', 'kg/m^3'),
          scalar('rho_w', 'mass_density', 'kg/m^3'),
          scalar('rho_r', 'mass_density', 'kg/m^3'),
          scalar('m_nom', 'mass', 'mg'),
        ],
        expressions: [
          {
            key: 'dm',
            template: '({m_rc} + {dm_rc}) * (1 + ({rho_a} - {rho_a0}) * (1 / {rho_w} - 1 / {rho_r})) - {m_nom}',
            inputs: names.map(variable),
          },
        ],
      },
    ],
    datapoints: [
      dp('m_rc', 100_000, 'mg', 0.05),
      dp('dm_rc', 1.234, 'mg', 0.02),
      dp('rho_a', 1.2, 'kg/m^3', 0.1 / Math.sqrt(3)),
      dp('rho_a0', 1.2, 'kg/m^3', null),
      dp('rho_w', 8000, 'kg/m^3', 1000 / Math.sqrt(3)),
      dp('rho_r', 8000, 'kg/m^3', 50 / Math.sqrt(3)),
      dp('m_nom', 100_000, 'mg', null),
    ],
    ...oneEntry('mass_calibration', names),
  };

  it('first order gives the published dm = 1.2340 mg and u(dm) = 0.0539 mg', () => {
    const e = evaluateGraph(graph).ghg_entries[0]!;
    const mg = 1e-6; // kg
    expect(e.co2e_net_removed_without_discount_kg / mg).toBeCloseTo(1.234, 4);
    expect(e.co2e_net_removed_standard_deviation_kg! / mg).toBeCloseTo(0.0539, 4);
  });

  it('Monte Carlo shows where the linearisation is poor: u(dm) near 0.075 mg', () => {
    const e = evaluateGraph(graph, { monteCarlo: { samples: 40_000, seed: 101 } }).ghg_entries[0]!;
    const mg = 1e-6;
    expect(e.monte_carlo!.standard_deviation_kg / mg).toBeGreaterThan(0.07);
    expect(e.monte_carlo!.standard_deviation_kg / mg).toBeLessThan(0.08);
    expect(e.monte_carlo!.mean_kg / mg).toBeCloseTo(1.234, 2);
  });
});
