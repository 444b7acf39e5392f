import { describe, expect, it } from 'vitest';
import {
  explainGhgEntry,
  explainPreparedGhgEntry,
  formatCalculationReport,
  prepareGraph,
  type CalculationReport,
  type RemovalGraphInput,
} from '../../src';
import { BLUEPRINTS, cmp, datapoint, dtp, entry, massComponent, prj, rmv, statement } from './helpers';

function report(graph: unknown, id: string, policies = {}): CalculationReport {
  const outcome = explainGhgEntry(graph, id, { policies });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  return outcome.report;
}

// A two-expression blueprint (an EXPRESSION_RESULT and a LIST reducer), a statement component and
// two project components (tonnage and lifetime), one entry of two in a statement.
const graph: RemovalGraphInput = {
  component_blueprints: [
    ...BLUEPRINTS,
    {
      key: 'char',
      type: 'SEQUESTRATION',
      inputs: [
        { input_key: 'mass', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'SCALAR' },
        { input_key: 'carbon', quantity_kind: 'mass_fraction', compatible_unit: '%', data_shape: 'LIST' },
      ],
      expressions: [
        {
          key: 'carbon',
          template: '{m} * mean({c})',
          inputs: [
            { template_key: 'm', input_key: 'mass', type: 'DATAPOINT' },
            { template_key: 'c', input_key: 'carbon', type: 'DATAPOINT', data_shape: 'LIST' },
          ],
        },
        {
          key: 'co2e',
          template: '{carbon} * 44 / 12 - {z}',
          inputs: [
            { template_key: 'carbon', input_key: 'carbon', type: 'EXPRESSION_RESULT' },
            { template_key: 'z', input_key: '', type: 'ZERO_TCO2E' },
          ],
        },
      ],
    },
  ],
  datapoints: [
    datapoint('mass', 12, 't', 0.5, 'weighbridge'),
    datapoint('c1', 75, '%', 2),
    datapoint('c2', 85, '%', 2),
    datapoint('other', 20, 't'),
    datapoint('stmt', 3, 't', 0.3),
    datapoint('proj', 50, 't'),
    datapoint('life', 10, 't'),
  ],
  components: [
    {
      id: cmp('char'),
      blueprint_key: 'char',
      inputs: [
        { input_key: 'mass', datapoint_ids: [dtp('mass')] },
        { input_key: 'carbon', datapoint_ids: [dtp('c1'), dtp('c2')] },
      ],
    },
    massComponent('other', 'seq'),
    massComponent('stmt', 'emit'),
    massComponent('proj', 'emit'),
    massComponent('life', 'emit'),
  ],
  ghg_entries: [entry('a', { char: 1 }), entry('b', { other: 1 })],
  ghg_statements: [statement('s', ['a', 'b'], { component_ids: [cmp('stmt')] })],
  projects: [
    {
      id: prj('p'),
      estimated_gross_tonnage_kg: 640_000,
      estimated_lifetime: { magnitude: 724, unit: 'd' },
      components: [
        { component_id: cmp('proj'), allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE' },
        { component_id: cmp('life'), allocation_strategy: 'ESTIMATED_PROJECT_LIFETIME' },
      ],
    },
  ],
};

describe('calculation report', () => {
  const r = report(graph, rmv('a'));
  const byId = Object.fromEntries(r.components.map((c) => [c.component_id, c]));

  it('works out every expression, intermediate results included', () => {
    const char = byId[cmp('char')]!;
    expect(char.expressions).toEqual([
      {
        key: 'carbon',
        template: '{m} * mean({c})',
        substituted: '12000 * mean([0.75, 0.85])',
        value: expect.closeTo(9600, 9),
        is_result: false,
      },
      {
        key: 'co2e',
        template: '{carbon} * 44 / 12 - {z}',
        substituted: '9600 * 44 / 12 - 0',
        value: expect.closeTo(35200, 9),
        is_result: true,
      },
    ]);
    expect(char.inputs).toEqual([
      { input_key: 'mass', datapoint_ids: [dtp('mass')] },
      { input_key: 'carbon', datapoint_ids: [dtp('c1'), dtp('c2')] },
    ]);
    expect(r.datapoints.find((d) => d.datapoint_id === dtp('c1'))).toMatchObject({
      magnitude: 75,
      unit: '%',
      si_magnitude: 0.75,
      si_unit: '1',
      si_standard_deviation: 0.02,
    });
    expect(r.datapoints.find((d) => d.datapoint_id === dtp('mass'))).toMatchObject({
      si_unit: 'kg',
      uncertainty_justification: 'weighbridge',
    });
  });

  it('explains each attribution factor with its arithmetic', () => {
    // Statement: 1/2. Tonnage: gross 35.2 t + 20 t = 55.2 t over 640 t = 0.08625, over 2 entries.
    // Lifetime: 181 d of 724 d = 0.25, over 2 entries.
    expect(byId[cmp('char')]!.attribution).toMatchObject({ scope: 'REMOVAL', factor: 1, share: null });
    expect(byId[cmp('stmt')]!.attribution).toMatchObject({ scope: 'GHG_STATEMENT', factor: 0.5, share: 1, divisor: 2 });
    expect(byId[cmp('stmt')]!.attribution.basis).toContain('1 / 2 = 0.5');
    const tonnage = byId[cmp('proj')]!.attribution;
    expect(tonnage).toMatchObject({ scope: 'PROJECT', allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE', divisor: 2 });
    expect(tonnage.share).toBeCloseTo(55_200 / 640_000, 12);
    expect(tonnage.basis).toContain('statement gross sequestration 55200 kg / estimated project gross tonnage 640000 kg = 0.08625');
    const lifetime = byId[cmp('life')]!.attribution;
    expect(lifetime).toMatchObject({ allocation_strategy: 'ESTIMATED_PROJECT_LIFETIME', share: 0.25, factor: 0.125 });
    expect(lifetime.basis).toContain('statement period 181 d / project lifetime 724 d = 0.25');
  });

  it('adds up: the contributions to the net, the partial derivatives to the sensitivities, the squares to the variance', () => {
    const sum = r.components.reduce((s, c) => s + c.contribution_kg, 0);
    expect(sum).toBeCloseTo(r.co2e_net_removed_without_discount_kg, 9);
    expect(r.co2e_net_removed_without_discount_kg).toBeCloseTo(35_200 - 1500 - (50_000 * 0.08625) / 2 - 10_000 * 0.125, 6);
    for (const line of r.propagation) {
      const fromComponents = r.components
        .flatMap((c) => c.partial_derivatives)
        .filter((d) => d.datapoint_id === line.datapoint_id)
        .reduce((s, d) => s + d.sensitivity, 0);
      expect(line.sensitivity).toBeCloseTo(fromComponents, 9);
      expect(line.contribution_kg).toBeCloseTo(line.sensitivity * (line.standard_deviation ?? 0), 9);
    }
    expect(r.propagation.reduce((s, l) => s + l.variance_kg2, 0)).toBeCloseTo(r.variance_kg2!, 6);
    expect(Math.sqrt(r.variance_kg2!)).toBeCloseTo(r.co2e_net_removed_standard_deviation_kg!, 9);
    expect(r.co2e_net_removed_kg).toBeCloseTo(r.co2e_net_removed_without_discount_kg - r.discount_kg, 9);
    expect(r.rounded_co2e_net_removed_kg % 10).toBe(0);
    expect(r.credit_allocation!.buffer_pool_contribution_kg + r.credit_allocation!.supplier_allocation_kg).toBe(r.issuable_kg);
  });

  it('renders Markdown with the statement section', () => {
    const text = formatCalculationReport(r);
    expect(text).toContain('## 7. GHG statement');
    expect(text).toContain(`GHG statement ${statement('s', []).id} (DRAFT)`);
    expect(text).toContain('| carbon | {m} * mean({c}) | 12000 * mean([0.75, 0.85]) | 9600 |');
    expect(text).toContain(
      `Attribution (GHG_STATEMENT): statement-level component of GHG statement ${statement('s', []).id}, split evenly over its 2 entries: 1 / 2 = 0.5.`,
    );
    const total = r.ghg_statement!.total_co2e_removed_kg;
    expect(text).toContain(`| **total** |  | **${total}** |`);
  });

  it('a prepared graph gives the same report; problems come back as issues', () => {
    const prepared = prepareGraph(graph);
    if (!prepared.ok) throw new Error('invalid');
    const again = explainPreparedGhgEntry(prepared.prepared, rmv('a'));
    expect(again.ok && again.report).toEqual(r);
    const unknown = explainPreparedGhgEntry(prepared.prepared, 'rmv_nope');
    expect(!unknown.ok && unknown.issues[0]!.code).toBe('unknown_entry');
    const invalid = explainGhgEntry({ ...graph, ghg_entries: [] }, rmv('a'));
    expect(invalid.ok).toBe(false);
  });

  it('without uncertainty or risk, says so', () => {
    const plain = {
      component_blueprints: BLUEPRINTS,
      datapoints: [datapoint('x', 1)],
      components: [massComponent('x', 'seq')],
      ghg_entries: [entry('x', { x: 1 }, null)],
    };
    const text = formatCalculationReport(report(plain, rmv('x')));
    expect(text).toContain('Not part of a GHG statement.');
    expect(text).toContain('no discount applies');
    expect(text).toContain('No risk of reversal is set');
  });

  it('shows the propagated share policy and its extra sensitivity', () => {
    const propagated = report(graph, rmv('a'), { amortisedShareInPropagation: 'propagated' });
    const mass = propagated.propagation.find((l) => l.datapoint_id === dtp('mass'))!;
    const constant = r.propagation.find((l) => l.datapoint_id === dtp('mass'))!;
    // d(share)/d(mass) = d(gross)/d(mass) / 640 t, times -50 t / 2 entries.
    expect(mass.sensitivity - constant.sensitivity).toBeCloseTo((-50_000 / 2) * (constant.sensitivity / 640_000), 6);
    expect(formatCalculationReport(propagated)).toContain('Amortised tonnage shares are propagated too');
  });
});
