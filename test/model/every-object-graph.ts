// A removal graph document with at least one object of every kind the format defines (blueprint,
// input, expression, expression input, datapoint, quantity, component, component input, entry,
// attribution, statement, frozen share, project, lifetime, project component, manual attribution),
// most of them with every key they may carry. It evaluates without a problem.
import type { RemovalGraphInput } from 'cdr-engine';

const id = (prefix: string, name: string) => `${prefix}_${name.padEnd(16, '0')}`;
export const dtp = (name: string) => id('dtp', name);
export const cmp = (name: string) => id('cmp', name);
export const rmv = (name: string) => id('rmv', name);
export const ggs = (name: string) => id('ggs', name);
export const prj = (name: string) => id('prj', name);

export function everyObjectGraph(): RemovalGraphInput {
  return {
    $schema: 'https://example.org/graph.schema.json',
    component_blueprints: [
      {
        key: 'store',
        type: 'SEQUESTRATION',
        display_name: 'Storage',
        description: 'carbon stored in the soil',
        inputs: [
          {
            input_key: 'mass',
            quantity_kind: 'mass',
            compatible_unit: 't',
            data_shape: 'SCALAR',
            description: 'biochar applied',
            display_name: 'Mass',
          },
          { input_key: 'share', quantity_kind: 'dimensionless_ratio', compatible_unit: 'dimensionless' },
        ],
        expressions: [
          {
            key: 'stored',
            template: '{m} * {s}',
            inputs: [
              { template_key: 'm', input_key: 'mass', type: 'DATAPOINT', data_shape: 'SCALAR' },
              { template_key: 's', input_key: 'share', type: 'DATAPOINT' },
            ],
          },
        ],
      },
      {
        key: 'emit',
        type: 'ACTIVITY',
        inputs: [{ input_key: 'mass', quantity_kind: 'mass', compatible_unit: 'kg', data_shape: 'LIST' }],
        expressions: [
          { key: 'total', template: 'sum({m})', inputs: [{ template_key: 'm', input_key: 'mass', type: 'DATAPOINT', data_shape: 'LIST' }] },
        ],
      },
    ],
    datapoints: [
      {
        id: dtp('mass'),
        quantity: { magnitude: 10, unit: 't', standard_deviation: 0.5 },
        uncertainty_justification: 'weighbridge calibration',
        display_name: 'Biochar mass',
        description: 'weighed on delivery',
        project_id: prj('p'),
        measured_at: '2025-03-01T10:00:00Z',
        source_ids: ['src_0000000000000000'],
        supplier_reference_id: 'mass-1',
        type: 'REPORTED',
        locked_status: 'UNLOCKED',
      },
      { id: dtp('share'), quantity: { magnitude: 0.8, unit: 'dimensionless', standard_deviation: 0.05 } },
      { id: dtp('a'), quantity: { magnitude: 300, unit: 'kg' } },
      { id: dtp('b'), quantity: { magnitude: 0.2, unit: 't', standard_deviation: null } },
      { id: dtp('half'), quantity: { magnitude: 0.5, unit: 'dimensionless' } },
    ],
    components: [
      {
        id: cmp('store'),
        blueprint_key: 'store',
        inputs: [
          { input_key: 'mass', datapoint_ids: [dtp('mass')], __typename: 'ComponentListInput' },
          { input_key: 'share', datapoint_id: dtp('share') },
        ],
        display_name: 'Field storage',
        description: 'applied to field 3',
        activity_started_at: '2025-03-01T00:00:00Z',
        activity_completed_at: '2025-03-02T00:00:00Z',
        ghg_entry_template_component_id: 'rtc_0000000000000000',
        removal_template_component_id: 'rtc_0000000000000000',
        supplier_reference_id: 'store-1',
      },
      { id: cmp('emit'), blueprint_key: 'emit', inputs: [{ input_key: 'mass', datapoint_ids: [dtp('a'), dtp('b')] }] },
      { id: cmp('statement'), blueprint_key: 'emit', inputs: [{ input_key: 'mass', datapoint_ids: [dtp('a')] }] },
      { id: cmp('lifetime'), blueprint_key: 'emit', inputs: [{ input_key: 'mass', datapoint_ids: [dtp('b')] }] },
      { id: cmp('manual'), blueprint_key: 'emit', inputs: [{ input_key: 'mass', datapoint_ids: [dtp('a')] }] },
    ],
    ghg_entries: [
      {
        id: rmv('one'),
        risk_of_reversal_percentage: 5,
        component_attributions: [
          {
            component_id: cmp('store'),
            attribution_factor: 1,
            id: 'rvc_0000000000000000',
            component_group_key: 'storage',
            ghg_entry_template_component_id: 'rtc_0000000000000000',
            removal_template_component_id: 'rtc_0000000000000000',
          },
          { component_id: cmp('emit'), attribution_factor_datapoint_id: dtp('half') },
        ],
        supplier_reference_id: 'entry-1',
        project_id: prj('p'),
        started_on: '2025-03-01',
        completed_on: '2025-03-02',
        feedstock_type_id: 'ftt_0000000000000000',
        ghg_statement_id: ggs('s'),
      },
    ],
    ghg_statements: [
      {
        id: ggs('s'),
        project_id: prj('p'),
        status: 'DRAFT',
        reporting_period_start_at: '2025-01-01',
        reporting_period_end_at: '2025-06-30',
        removal_ids: [rmv('one')],
        ghg_entry_ids: [rmv('one')],
        component_ids: [cmp('statement')],
        project_component_shares: [{ component_id: cmp('lifetime'), share: 0.25 }],
        verifier: 'Verifier Ltd',
        ghg_statement_report_url: null,
        submitted_at: null,
        credits_issued_at: null,
      },
    ],
    projects: [
      {
        id: prj('p'),
        estimated_gross_tonnage_kg: 1_000_000,
        estimated_lifetime: { magnitude: 2, unit: 'yr' },
        components: [
          {
            component_id: cmp('lifetime'),
            allocation_strategy: 'ESTIMATED_PROJECT_LIFETIME',
            custom_period_start_on: null,
            custom_period_end_on: null,
            removal_attributions: [],
          },
          {
            component_id: cmp('manual'),
            allocation_strategy: 'MANUAL',
            removal_attributions: [{ removal_id: rmv('one'), ghg_entry_id: rmv('one'), attribution_factor: 0.5 }],
          },
        ],
        name: 'Biochar project',
        description: 'a project',
        short_description: 'biochar',
        country_code: 'DEU',
        process_key: 'biochar',
      },
    ],
  };
}
