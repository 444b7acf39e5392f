/**
 * The service and a GHG entry the evaluation refuses alone (docs/result.md, "Refused entries"): a
 * change that would give an entry a component that is not finite at its magnitudes (a division by
 * zero) is answered 422 naming the entry and the component, never 5xx, and changes nothing.
 */
import { expect, test } from 'vitest';
import { createSandboxWithState } from '../../src/adapter/sandbox';
import type { WorldDocument } from '../../src/adapter/world/world-types';
import { BATCH_A, Client, DEMO_WORLD, datapointBody, IDS, removalBody, START } from './fixtures';

/** The demo world with one more blueprint: a mass divided by a ratio. */
function worldWithRatio(): WorldDocument {
  const world = structuredClone(DEMO_WORLD) as WorldDocument & { component_blueprints: unknown[] };
  world.component_blueprints.push({
    key: 'mass_per_ratio',
    type: 'ACTIVITY',
    display_name: 'Mass per ratio',
    description: 'A test blueprint that divides by a datapoint',
    inputs: [
      { input_key: 'mass', quantity_kind: 'mass', compatible_unit: 'kg', data_shape: 'SCALAR' },
      { input_key: 'ratio', quantity_kind: 'dimensionless_ratio', compatible_unit: 'dimensionless', data_shape: 'SCALAR' },
    ],
    expressions: [
      {
        key: 'co2e',
        template: '{m} / {r}',
        inputs: [
          { template_key: 'm', input_key: 'mass', type: 'DATAPOINT', data_shape: 'SCALAR' },
          { template_key: 'r', input_key: 'ratio', type: 'DATAPOINT', data_shape: 'SCALAR' },
        ],
      },
    ],
  });
  return world;
}

test('a component dividing by zero added to an entry: 422 naming the entry and the component, nothing changed', async () => {
  const client = new Client(createSandboxWithState({ world: worldWithRatio(), now: () => START, onInternalError: () => undefined }));
  const entry = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/removals', removalBody('refused-entry', BATCH_A));
  const mass = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody('zero-div-mass', 5, 'kg', 0.1));
  const ratio = await client.ok<{ id: string }>(
    'supplierA',
    'POST',
    '/mrv/v0/datapoints',
    datapointBody('zero-div-ratio', 0, 'dimensionless'),
  );
  const component = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/components', {
    project_id: IDS.projectA,
    component_blueprint_key: 'mass_per_ratio',
    display_name: 'Divides by zero',
    activity_started_at: '2026-03-01T00:00:00Z',
    activity_completed_at: '2026-03-31T00:00:00Z',
    supplier_reference_id: 'zero-div',
    inputs: [
      { input_key: 'mass', datapoint_ids: [mass.id] },
      { input_key: 'ratio', datapoint_ids: [ratio.id] },
    ],
  });
  const snapshot = client.sandbox.state.snapshot();
  const response = await client.patch('supplierA', `/mrv/v0/removals/${entry.id}`, {
    add_components: { component_id: component.id, attribution_factor_datapoint_id: null },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  const text = JSON.stringify(response.body);
  expect(text).toContain(entry.id);
  expect(text).toContain(component.id);
  expect(text).toContain('mass_per_ratio');
  expect(client.sandbox.state.snapshot()).toBe(snapshot);
});
