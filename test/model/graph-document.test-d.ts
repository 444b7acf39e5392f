// Type tests of the removal graph document users write (`RemovalGraphInput`, docs/graph-document.md):
// a literal document type-checks, a misspelled key or a value outside an enumeration does not.
// They run in `npm test` (vitest's typecheck, vitest.config.ts) and in `tsc --noEmit`.
import { describe, expectTypeOf, it } from 'vitest';
import type { ComponentType, RemovalGraph, RemovalGraphInput } from 'cdr-engine';
import { removalGraphSchema } from 'cdr-engine/schemas';
import type { z } from 'zod';

const transport = {
  key: 'transport',
  type: 'ACTIVITY',
  inputs: [{ input_key: 'mass', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'SCALAR' }],
  expressions: [
    { key: 'co2e', template: '{m} * 2 kg', inputs: [{ template_key: 'm', input_key: 'mass', type: 'DATAPOINT', data_shape: 'SCALAR' }] },
  ],
} satisfies RemovalGraphInput['component_blueprints'][number];

const document = {
  component_blueprints: [transport],
  datapoints: [{ id: 'dtp_mass', quantity: { magnitude: 10, unit: 't', standard_deviation: 0.5 } }],
  components: [{ id: 'cmp_transport', blueprint_key: 'transport', inputs: [{ input_key: 'mass', datapoint_ids: ['dtp_mass'] }] }],
  ghg_entries: [
    { id: 'rmv_1', risk_of_reversal_percentage: 5, component_attributions: [{ component_id: 'cmp_transport', attribution_factor: 0.5 }] },
  ],
} satisfies RemovalGraphInput;

describe('RemovalGraphInput', () => {
  it('accepts a literal document', () => {
    expectTypeOf(document).toExtend<RemovalGraphInput>();
  });

  it('is the input type of the schema, RemovalGraph its output', () => {
    expectTypeOf<RemovalGraphInput>().toEqualTypeOf<z.input<typeof removalGraphSchema>>();
    expectTypeOf<RemovalGraph>().toEqualTypeOf<z.output<typeof removalGraphSchema>>();
  });

  it('names the component types', () => {
    expectTypeOf<RemovalGraphInput['component_blueprints'][number]['type']>().toEqualTypeOf<ComponentType>();
    expectTypeOf<'ACTIVITY'>().toExtend<ComponentType>();
    expectTypeOf<'EMISSION'>().not.toExtend<ComponentType>();
  });

  it('refuses a misspelled key', () => {
    const misspelled: RemovalGraphInput = {
      ...document,
      // @ts-expect-error `attribution_factr` is not a key of a component attribution
      ghg_entries: [{ id: 'rmv_1', component_attributions: [{ component_id: 'cmp_transport', attribution_factr: 0.5 }] }],
    };
    expectTypeOf(misspelled).toExtend<RemovalGraphInput>();
  });

  it('refuses a value outside an enumeration', () => {
    const wrongType: RemovalGraphInput = {
      ...document,
      // @ts-expect-error `EMISSION` is not a component type
      component_blueprints: [{ ...transport, type: 'EMISSION' }],
    };
    const wrongShape: RemovalGraphInput = {
      ...document,
      component_blueprints: [
        // @ts-expect-error `VECTOR` is not a data shape
        { ...transport, inputs: [{ input_key: 'mass', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'VECTOR' }] },
      ],
    };
    expectTypeOf(wrongType).toExtend<RemovalGraphInput>();
    expectTypeOf(wrongShape).toExtend<RemovalGraphInput>();
  });

  it('requires the four collections', () => {
    // @ts-expect-error a document without `ghg_entries`
    const incomplete: RemovalGraphInput = { component_blueprints: [], datapoints: [], components: [] };
    expectTypeOf(incomplete).toExtend<RemovalGraphInput>();
  });
});
