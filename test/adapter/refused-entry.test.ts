/**
 * The service and a GHG entry the evaluation refuses alone (docs/result.md, "Refused entries"): a
 * change that would give an entry a component that is not finite at its magnitudes (a division by
 * zero) is answered 422 naming the entry and the component, never 5xx, and changes nothing. So is
 * an entry whose credits the registry could not count (beyond 2^53 kg), where it is changed, and a
 * statement whose total passes it, at submission (docs/service.md#credits-the-registry-can-count).
 */
import { expect, test } from 'vitest';
import { createSandboxWithState } from '../../src/adapter/sandbox';
import type { WorldDocument } from '../../src/adapter/world/world-types';
import { BATCH_A, Client, DEMO_WORLD, datapointBody, demoSandbox, IDS, removalBody, START } from './fixtures';

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

/** A biochar sequestration component of project B: `tonnes` of dry biochar at 80 % carbon, permanence 1. */
async function sequestrationOfB(client: Client, reference: string, tonnes: number): Promise<{ component: string; mass: string }> {
  const datapoint = async (suffix: string, magnitude: number, unit: string) =>
    (
      await client.ok<{ id: string }>(
        'supplierB',
        'POST',
        '/mrv/v0/datapoints',
        datapointBody(`${reference}-${suffix}`, magnitude, unit, null, IDS.projectB),
      )
    ).id;
  const mass = await datapoint('mass', tonnes, 't');
  const carbon = await datapoint('carbon', 80, '%');
  const permanence = await datapoint('permanence', 1, 'dimensionless');
  const component = await client.ok<{ id: string }>('supplierB', 'POST', '/mrv/v0/components', {
    supplier_reference_id: `${reference}-component`,
    project_id: IDS.projectB,
    component_blueprint_key: 'biochar_sequestration',
    display_name: 'Sequestration',
    description: null,
    activity_started_at: '2026-03-01T00:00:00Z',
    activity_completed_at: '2026-03-02T00:00:00Z',
    inputs: [
      { input_key: 'dry_mass', datapoint_id: mass },
      { input_key: 'carbon_content', datapoint_ids: [carbon] },
      { input_key: 'permanence', datapoint_id: permanence },
    ],
  });
  return { component: component.id, mass };
}

/** A draft entry of project B (no components yet). */
async function entryOfB(client: Client, reference: string): Promise<string> {
  const body = { project_id: IDS.projectB, started_on: '2026-03-01', completed_on: '2026-03-31', supplier_reference_id: reference };
  return (await client.ok<{ id: string }>('supplierB', 'POST', '/mrv/v0/removals', body)).id;
}

const attribute = (component: string) => ({
  components_to_add: [{ component_id: component, component_group_key: 'sequestration', attribution_factor: 1 }],
});

const beyond = (what: string) => `${what}, more than the registry can count (2^53 kg, 9007199254740992 kg)`;

test('an entry whose credits pass 2^53 kg: 422 where it is changed, naming the entry, nothing changed', async () => {
  const client = new Client(demoSandbox());
  // 1e13 t x 80 % x 44.009 / 12.011 = 2.931e16 kg of credits, past 2^53 = 9.007e15 kg.
  const { component } = await sequestrationOfB(client, 'huge', 1e13);
  const entry = await entryOfB(client, 'huge-entry');
  const snapshot = client.sandbox.state.snapshot();
  const response = await client.patch('supplierB', `/mrv/v0/removals/${entry}/component_attributions`, attribute(component));
  const message = `${beyond(`GHG entry '${entry}' would have credits of about 2.931e+16 kg`)}: its credits could never be issued`;
  expect(response.status).toBe(422);
  expect(response.body).toEqual({
    detail: [{ type: 'value_error', loc: ['path', 'id'], msg: `Value error, ${message}`, input: entry, ctx: { error: message } }],
  });
  expect(client.sandbox.state.snapshot()).toBe(snapshot);
  // Just under the limit (1e12 t: 2.931e15 kg) the entry is credited, and its parts add up.
  const small = await sequestrationOfB(client, 'large', 1e12);
  const credited = await client.ok<{
    credit_allocation: { buffer_pool_contribution_kg: number; supplier_allocation_kg: number };
    co2e_net_removed_kg: number;
  }>('supplierB', 'PATCH', `/mrv/v0/removals/${entry}/component_attributions`, attribute(small.component));
  const { buffer_pool_contribution_kg: buffer, supplier_allocation_kg: supplier } = credited.credit_allocation;
  expect(Number.isSafeInteger(buffer + supplier)).toBe(true);
  expect(buffer).toBe(Math.ceil((buffer + supplier) * 0.02));
});

test('a datapoint change that would take an entry past 2^53 kg: 422 at the quantity, naming the entry, nothing changed', async () => {
  const client = new Client(demoSandbox());
  const { component, mass } = await sequestrationOfB(client, 'grows', 1e12);
  const entry = await entryOfB(client, 'grows-entry');
  await client.ok('supplierB', 'PATCH', `/mrv/v0/removals/${entry}/component_attributions`, attribute(component));
  const snapshot = client.sandbox.state.snapshot();
  const quantity = { magnitude: 1e13, unit: 't', standard_deviation: null };
  const response = await client.patch('supplierB', `/mrv/v0/datapoints/${mass}`, { quantity });
  const message = `${beyond(`GHG entry '${entry}' would have credits of about 2.931e+16 kg`)}: its credits could never be issued`;
  expect(response.status).toBe(422);
  expect((response.body as { detail: unknown[] }).detail).toEqual([
    { type: 'value_error', loc: ['body', 'quantity'], msg: `Value error, ${message}`, input: quantity, ctx: { error: message } },
  ]);
  expect(client.sandbox.state.snapshot()).toBe(snapshot);
});

test('a statement whose entries add up past 2^53 kg: 422 at submission, the statement left a draft', async () => {
  const client = new Client(demoSandbox());
  // Two entries of 1.7e12 t each: 4.983e15 kg apiece, 9.966e15 kg together.
  for (const reference of ['half-1', 'half-2']) {
    const { component } = await sequestrationOfB(client, reference, 1.7e12);
    const entry = await entryOfB(client, `${reference}-entry`);
    await client.ok('supplierB', 'PATCH', `/mrv/v0/removals/${entry}/component_attributions`, attribute(component));
  }
  const statement = await client.ok<{ id: string }>('supplierB', 'POST', '/mrv/v0/ghg_statements', {
    project_id: IDS.projectB,
    end_on: '2026-03-31',
  });
  const snapshot = client.sandbox.state.snapshot();
  const response = await client.post('supplierB', `/mrv/v0/ghg_statements/${statement.id}/submit`, {
    ghg_statement_report_url: 'https://reports.example/big.pdf',
  });
  const message = `${beyond(`GHG statement '${statement.id}' would have a total of about 9.966e+15 kg`)} in one issuance: submit fewer GHG entries (an earlier end_on)`;
  expect(response.status).toBe(422);
  expect(response.body).toEqual({
    detail: [{ type: 'value_error', loc: ['path', 'id'], msg: `Value error, ${message}`, input: statement.id, ctx: { error: message } }],
  });
  expect(client.sandbox.state.snapshot()).toBe(snapshot);
  expect((await client.ok<{ status: string }>('supplierB', 'GET', `/mrv/v0/ghg_statements/${statement.id}`)).status).toBe('DRAFT');
});
