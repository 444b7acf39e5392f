/**
 * The share rule of docs/service.md#attribution-shares on every path that attributes a component or
 * changes a factor: a factor given by a datapoint counts with the datapoint's value (in SI: 95 % is
 * 0.95), a MANUAL project component's factors count, a datapoint PATCH that would take a component
 * over 1 is refused; each refusal a 422 at the body field that gives the share, naming the component
 * and the total, that changes nothing. Within the accounting's tolerance (0.2 + 0.4 + 0.3 + 0.1 is 1), and
 * a share given back can be taken again. Then a random sequence of those requests against a model
 * that adds the shares in whole tenths.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { SandboxResponse } from '../../src/adapter/types';
import { Client, datapointBody, demoSandbox, IDS, type Who } from './fixtures';

const A: Who = 'supplierA';

type Item = { type: string; loc: (string | number)[]; msg: string; input: unknown; ctx: Record<string, unknown> };
type Entry = { id: string; co2e_net_removed_kg: number; co2e_net_removed_without_discount_kg: number };
type Attributions = { nodes: { component_id: string; attribution_factor: number }[] };

/**
 * The CO2e of the sequestration component of {@link sequestrationData}, worked by hand from the
 * demo blueprint `biochar_sequestration` (dry mass x mean carbon content x 44.009 / 12.011 x
 * permanence): 10 t x 0.8 = 8000 kg of carbon, x 44.009 / 12.011 = 29,312.63 kg CO2e.
 */
const COMPONENT_KG = (8000 * 44.009) / 12.011;

/** A datapoint of `project`; returns its id. */
async function datapoint(client: Client, who: Who, reference: string, magnitude: number, unit: string, project: string = IDS.projectA) {
  return (await client.ok<{ id: string }>(who, 'POST', '/mrv/v0/datapoints', datapointBody(reference, magnitude, unit, null, project))).id;
}

/** The data of a sequestration component of `project`: 10 t of biochar at 80 % carbon, permanence 1, no spread. */
async function sequestrationData(client: Client, who: Who, reference: string, project: string = IDS.projectA) {
  const inputs = [
    { input_key: 'dry_mass', datapoint_ids: [await datapoint(client, who, `${reference}-mass`, 10, 't', project)] },
    { input_key: 'carbon_content', datapoint_ids: [await datapoint(client, who, `${reference}-carbon`, 80, '%', project)] },
    { input_key: 'permanence', datapoint_ids: [await datapoint(client, who, `${reference}-permanence`, 1, 'dimensionless', project)] },
  ];
  return {
    supplier_reference_id: reference,
    project_id: project,
    component_blueprint_key: 'biochar_sequestration',
    display_name: 'Biochar storage',
    description: null,
    activity_started_at: '2026-03-01T00:00:00Z',
    activity_completed_at: '2026-03-02T00:00:00Z',
    inputs,
  };
}

/** A sequestration component (scope REMOVAL) of `project`; returns its id. */
async function component(client: Client, who: Who, reference: string, project: string = IDS.projectA) {
  return (await client.ok<{ id: string }>(who, 'POST', '/mrv/v0/components', await sequestrationData(client, who, reference, project))).id;
}

/** A MANUAL sequestration project component of project A; returns its id. */
async function manualProjectComponent(client: Client, reference: string) {
  const body = { allocation_strategy: 'MANUAL', component_data: await sequestrationData(client, A, reference) };
  return (await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/project_components', body)).id;
}

/** A draft GHG entry of March without components (with `extra`: the deprecated steps); returns its id. */
async function entry(client: Client, who: Who, reference: string, project: string = IDS.projectA, extra: object = {}) {
  const body = { project_id: project, started_on: '2026-03-01', completed_on: '2026-03-31', supplier_reference_id: reference, ...extra };
  return (await client.ok<Entry>(who, 'POST', '/mrv/v0/removals', body)).id;
}

/** `components_to_add` of one component at `factor`. */
function attribute(client: Client, entryId: string, componentId: string, factor: number, who: Who = A) {
  return client.patch(who, `/mrv/v0/removals/${entryId}/component_attributions`, {
    components_to_add: [{ component_id: componentId, component_group_key: 'sequestration', attribution_factor: factor }],
  });
}

/** `add_components` of one component by a factor datapoint. */
function link(client: Client, entryId: string, componentId: string, datapointId: string, who: Who = A) {
  return client.patch(who, `/mrv/v0/removals/${entryId}`, {
    add_components: [{ component_id: componentId, attribution_factor_datapoint_id: datapointId }],
  });
}

/** The deprecated steps linking one component by a factor datapoint. */
const steps = (componentId: string, datapointId: string) => ({
  process_key: 'biochar_pyrolysis',
  steps: [{ process_step_key: 'sequestration', components: [{ component_id: componentId, attribution_factor_datapoint_id: datapointId }] }],
});

/** What a GET answers of entries (each with its attributions): to compare before and after a refusal. */
async function reads(client: Client, who: Who, entryIds: readonly string[]) {
  const out: unknown[] = [];
  for (const id of entryIds) {
    out.push(await client.ok(who, 'GET', `/mrv/v0/ghg_entries/${id}`));
    out.push(await client.ok(who, 'GET', `/mrv/v0/ghg_entries/${id}/component_attributions?first=50`));
  }
  return out;
}

/** The one 422 item of a refusal (its status checked). */
function only(response: SandboxResponse): Item {
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  const { detail } = response.body as { detail: Item[] };
  expect(detail).toHaveLength(1);
  return detail[0] as Item;
}

/** The message of a component over its 100 %. */
const over = (componentId: string, total: number) =>
  `Value error, component '${componentId}' would be attributed ${total} in total across GHG entries (at most 1)`;

describe('a factor given by a datapoint takes its value of the component', () => {
  test('add_components by a datapoint of value 1, the component already whole in another entry: 422 at the datapoint, nothing changed', async () => {
    const client = new Client(demoSandbox());
    const cmp = await component(client, A, 'whole');
    const one = await datapoint(client, A, 'one', 1, 'dimensionless');
    const [first, second] = [await entry(client, A, 'first'), await entry(client, A, 'second')];
    expect((await attribute(client, first, cmp, 1)).status).toBe(200);
    const before = await reads(client, A, [first, second]);
    const snapshot = client.sandbox.state.snapshot();
    const item = only(await link(client, second, cmp, one));
    expect(item).toEqual({
      type: 'value_error',
      loc: ['body', 'add_components', 0, 'attribution_factor_datapoint_id'],
      msg: `${over(cmp, 2)}: other GHG entries take 1 of it, so at most 0 remains`,
      input: one,
      ctx: { error: item.msg.replace('Value error, ', '') },
    });
    expect(await reads(client, A, [first, second])).toEqual(before);
    expect(client.sandbox.state.snapshot()).toBe(snapshot);
  });

  test('the deprecated steps and components_to_add count each other: 0.9 + 0.5 refused, 0.9 + 0.1 taken, a second 0.9 refused', async () => {
    const client = new Client(demoSandbox());
    const cmp = await component(client, A, 'steps');
    const nine = await datapoint(client, A, 'nine-tenths', 0.9, 'dimensionless');
    const x = await entry(client, A, 'x', IDS.projectA, steps(cmp, nine));
    const y = await entry(client, A, 'y');
    // The entry by steps holds 0.9 of the component: its net is 0.9 of the component's CO2e.
    expect((await client.ok<Entry>(A, 'GET', `/mrv/v0/removals/${x}`)).co2e_net_removed_kg).toBeCloseTo(0.9 * COMPONENT_KG, 6);
    const before = await reads(client, A, [x, y]);
    const half = only(await attribute(client, y, cmp, 0.5));
    expect(half.loc).toEqual(['body', 'components_to_add', 0, 'attribution_factor']);
    expect(half.msg).toBe(`${over(cmp, 1.4)}: other GHG entries take 0.9 of it, so at most 0.1 remains`);
    expect(half.input).toBe(0.5);
    expect(await reads(client, A, [x, y])).toEqual(before);
    expect((await attribute(client, y, cmp, 0.1)).status).toBe(200);
    // A third entry by steps again: 1.9 in total, refused at the step's datapoint; no entry is made.
    const body = {
      project_id: IDS.projectA,
      started_on: '2026-03-01',
      completed_on: '2026-03-31',
      supplier_reference_id: 'z',
      ...steps(cmp, nine),
    };
    const entries = client.sandbox.state.removals.rows().length;
    const z = only(await client.post(A, '/mrv/v0/removals', body));
    expect(z.loc).toEqual(['body', 'steps', 0, 'components', 0, 'attribution_factor_datapoint_id']);
    expect(z.msg).toBe(`${over(cmp, 1.9)}: other GHG entries take 1 of it, so at most 0 remains`);
    expect(client.sandbox.state.removals.rows()).toHaveLength(entries);
  });

  test('a datapoint in per cent counts with its value in SI: 40 % beside 0.6 is taken, 50 % is not', async () => {
    const client = new Client(demoSandbox());
    const cmp = await component(client, A, 'percent');
    const [first, second] = [await entry(client, A, 'first'), await entry(client, A, 'second')];
    expect((await attribute(client, first, cmp, 0.6)).status).toBe(200);
    const fifty = await datapoint(client, A, 'fifty', 50, '%');
    expect(only(await link(client, second, cmp, fifty)).msg).toBe(
      `${over(cmp, 1.1)}: other GHG entries take 0.6 of it, so at most 0.4 remains`,
    );
    const forty = await datapoint(client, A, 'forty', 40, '%');
    expect((await link(client, second, cmp, forty)).status).toBe(200);
    const listed = await client.ok<Attributions>(A, 'GET', `/mrv/v0/ghg_entries/${second}/component_attributions`);
    expect(listed.nodes).toMatchObject([{ component_id: cmp, attribution_factor: 0.4 }]);
  });
});

describe('a MANUAL project component', () => {
  test('0.7 to one entry, then 0.7 to another under either path is refused; 0.3 is taken', async () => {
    const client = new Client(demoSandbox());
    const pc = await manualProjectComponent(client, 'manual-seq');
    const [e1, e2] = [await entry(client, A, 'e1'), await entry(client, A, 'e2')];
    const attributed = await client.ok<Entry>(A, 'POST', `/mrv/v0/project_components/${pc}/removal_attributions`, {
      removal_id: e1,
      attribution_factor: 0.7,
    });
    expect(attributed.co2e_net_removed_kg).toBeCloseTo(0.7 * COMPONENT_KG, 6);
    const before = await reads(client, A, [e1, e2]);
    const snapshot = client.sandbox.state.snapshot();
    for (const path of ['removal_attributions', 'ghg_entry_attributions']) {
      const item = only(await client.post(A, `/mrv/v0/project_components/${pc}/${path}`, { removal_id: e2, attribution_factor: 0.7 }));
      expect(item).toMatchObject({
        type: 'value_error',
        loc: ['body', 'attribution_factor'],
        msg: `${over(pc, 1.4)}: other GHG entries take 0.7 of it, so at most 0.3 remains`,
        input: 0.7,
      });
    }
    // By a factor datapoint of 0.9: refused at the datapoint.
    const nine = await datapoint(client, A, 'pc-nine', 0.9, 'dimensionless');
    const snapshotWithDatapoint = client.sandbox.state.snapshot();
    const byDatapoint = only(
      await client.post(A, `/mrv/v0/project_components/${pc}/removal_attributions`, {
        removal_id: e2,
        attribution_factor_datapoint_id: nine,
      }),
    );
    expect(byDatapoint).toMatchObject({
      loc: ['body', 'attribution_factor_datapoint_id'],
      msg: `${over(pc, 1.6)}: other GHG entries take 0.7 of it, so at most 0.3 remains`,
      input: nine,
    });
    expect(client.sandbox.state.snapshot()).toBe(snapshotWithDatapoint);
    expect(await reads(client, A, [e1, e2])).toEqual(before);
    expect(snapshot).not.toBe(snapshotWithDatapoint);
    const rest = await client.ok<Entry>(A, 'POST', `/mrv/v0/project_components/${pc}/ghg_entry_attributions`, {
      removal_id: e2,
      attribution_factor: 0.3,
    });
    expect(rest.co2e_net_removed_kg).toBeCloseTo(0.3 * COMPONENT_KG, 6);
  });

  test("changing an entry's own share is not counted against itself; components_to_add counts the project attributions", async () => {
    const client = new Client(demoSandbox());
    const pc = await manualProjectComponent(client, 'manual-own');
    const [e1, e2] = [await entry(client, A, 'e1'), await entry(client, A, 'e2')];
    const path = `/mrv/v0/project_components/${pc}/removal_attributions`;
    await client.ok(A, 'POST', path, { removal_id: e1, attribution_factor: 0.7 });
    // e1 from 0.7 to 1: its own 0.7 is replaced, nothing else holds the component.
    await client.ok(A, 'POST', path, { removal_id: e1, attribution_factor: 1 });
    expect(only(await attribute(client, e2, pc, 0.1)).msg).toBe(`${over(pc, 1.1)}: other GHG entries take 1 of it, so at most 0 remains`);
    // A factor datapoint of 0.4 for e1 is stored as the factor it gives, and frees 0.6.
    const four = await datapoint(client, A, 'pc-four', 0.4, 'dimensionless');
    await client.ok(A, 'POST', path, { removal_id: e1, attribution_factor_datapoint_id: four });
    const listed = await client.ok<Attributions>(A, 'GET', `/mrv/v0/ghg_entries/${e1}/component_attributions`);
    expect(listed.nodes).toMatchObject([{ component_id: pc, attribution_factor: 0.4 }]);
    expect((await attribute(client, e2, pc, 0.6)).status).toBe(200);
  });
});

describe('a PATCH of a factor datapoint', () => {
  test("0.9 to 0.95 beside another entry's 0.1 is refused at the quantity, naming the component; 0.8 and 90 % are taken", async () => {
    const client = new Client(demoSandbox());
    const cmp = await component(client, A, 'patched');
    const factor = await datapoint(client, A, 'factor', 0.9, 'dimensionless');
    const [first, second] = [await entry(client, A, 'first'), await entry(client, A, 'second')];
    expect((await link(client, first, cmp, factor)).status).toBe(200);
    expect((await attribute(client, second, cmp, 0.1)).status).toBe(200);
    const before = await reads(client, A, [first, second]);
    const datapointBefore = await client.ok(A, 'GET', `/mrv/v0/datapoints/${factor}`);
    const snapshot = client.sandbox.state.snapshot();
    for (const quantity of [
      { magnitude: 0.95, unit: 'dimensionless', standard_deviation: null },
      { magnitude: 95, unit: '%', standard_deviation: null },
    ]) {
      const item = only(await client.patch(A, `/mrv/v0/datapoints/${factor}`, { quantity }));
      expect(item).toMatchObject({
        type: 'value_error',
        loc: ['body', 'quantity'],
        msg: `${over(cmp, 1.05)}: datapoint '${factor}' would give 0.95 of it to GHG entry ${first}`,
        input: quantity,
      });
      expect(client.sandbox.state.snapshot()).toBe(snapshot);
    }
    expect(await client.ok(A, 'GET', `/mrv/v0/datapoints/${factor}`)).toEqual(datapointBefore);
    expect(await reads(client, A, [first, second])).toEqual(before);
    // The same share in per cent, then less: both taken, and the entry follows.
    await client.ok(A, 'PATCH', `/mrv/v0/datapoints/${factor}`, { quantity: { magnitude: 90, unit: '%', standard_deviation: null } });
    await client.ok(A, 'PATCH', `/mrv/v0/datapoints/${factor}`, {
      quantity: { magnitude: 0.8, unit: 'dimensionless', standard_deviation: null },
    });
    expect((await client.ok<Entry>(A, 'GET', `/mrv/v0/removals/${first}`)).co2e_net_removed_kg).toBeCloseTo(0.8 * COMPONENT_KG, 6);
    expect((await attribute(client, second, cmp, 0.2)).status).toBe(200);
  });

  test('a datapoint that is the factor of two entries counts twice; a datapoint only an input is not held to the rule', async () => {
    const client = new Client(demoSandbox());
    const cmp = await component(client, A, 'twice');
    const factor = await datapoint(client, A, 'factor', 0.3, 'dimensionless');
    const [first, second] = [await entry(client, A, 'first'), await entry(client, A, 'second')];
    expect((await link(client, first, cmp, factor)).status).toBe(200);
    expect((await link(client, second, cmp, factor)).status).toBe(200);
    const item = only(
      await client.patch(A, `/mrv/v0/datapoints/${factor}`, {
        quantity: { magnitude: 0.6, unit: 'dimensionless', standard_deviation: null },
      }),
    );
    expect(item.msg).toBe(`${over(cmp, 1.2)}: datapoint '${factor}' would give 0.6 of it to GHG entries ${first}, ${second}`);
    await client.ok(A, 'PATCH', `/mrv/v0/datapoints/${factor}`, {
      quantity: { magnitude: 0.5, unit: 'dimensionless', standard_deviation: null },
    });
    // The permanence datapoint feeds the component's value, not a share: any valid value is taken.
    const permanence = (
      await client.ok<{ inputs: { input_key: string; datapoint_ids: string[] }[] }>(A, 'GET', `/mrv/v0/components/${cmp}`)
    ).inputs.find((i) => i.input_key === 'permanence')?.datapoint_ids[0] as string;
    await client.ok(A, 'PATCH', `/mrv/v0/datapoints/${permanence}`, {
      quantity: { magnitude: 0.9, unit: 'dimensionless', standard_deviation: null },
    });
  });
});

describe('the tolerance and shares given back', () => {
  test('0.2 + 0.4 + 0.3 + 0.1 over four entries (by factor, datapoint and project attribution) is 1; a fifth 0.1 is not', async () => {
    const client = new Client(demoSandbox());
    const pc = await manualProjectComponent(client, 'tolerance');
    const ids: string[] = [];
    for (const reference of ['e1', 'e2', 'e3', 'e4', 'e5']) ids.push(await entry(client, A, reference));
    const [e1, e2, e3, e4, e5] = ids as [string, string, string, string, string];
    expect(0.2 + 0.4 + 0.3 + 0.1).toBe(1.0000000000000002); // in binary floating point, in this order
    expect((await attribute(client, e1, pc, 0.2)).status).toBe(200);
    expect((await link(client, e2, pc, await datapoint(client, A, 'four', 0.4, 'dimensionless'))).status).toBe(200);
    await client.ok(A, 'POST', `/mrv/v0/project_components/${pc}/removal_attributions`, { removal_id: e3, attribution_factor: 0.3 });
    expect((await attribute(client, e4, pc, 0.1)).status).toBe(200);
    expect(only(await attribute(client, e5, pc, 0.1)).msg).toBe(`${over(pc, 1.1)}: other GHG entries take 1 of it, so at most 0 remains`);
  });

  test('a share given back by removing an attribution or deleting an entry is taken again', async () => {
    const client = new Client(demoSandbox());
    const cmp = await component(client, A, 'given-back');
    const pc = await manualProjectComponent(client, 'given-back-pc');
    const whole = await datapoint(client, A, 'whole', 1, 'dimensionless');
    const [first, second] = [await entry(client, A, 'first'), await entry(client, A, 'second')];
    expect((await link(client, first, cmp, whole)).status).toBe(200);
    expect((await attribute(client, second, cmp, 0.5)).status).toBe(422);
    await client.ok(A, 'PATCH', `/mrv/v0/removals/${first}/component_attributions`, { components_to_remove: [cmp] });
    expect((await attribute(client, second, cmp, 1)).status).toBe(200);
    expect((await link(client, first, cmp, whole)).status).toBe(422);
    expect((await client.delete(A, `/mrv/v0/removals/${second}`)).status).toBe(204);
    expect((await link(client, first, cmp, whole)).status).toBe(200);
    // A MANUAL project attribution removed by its own route.
    const path = `/mrv/v0/project_components/${pc}/removal_attributions`;
    await client.ok(A, 'POST', path, { removal_id: first, attribution_factor: 1 });
    const third = await entry(client, A, 'third');
    expect((await client.post(A, path, { removal_id: third, attribution_factor: 0.5 })).status).toBe(422);
    expect((await client.delete(A, `${path}/${first}`)).status).toBe(204);
    expect((await client.post(A, path, { removal_id: third, attribution_factor: 1 })).status).toBe(200);
  });
});

/** The kilograms of credits an `issue_credits` answer issued. */
const issuedKg = (body: unknown) =>
  (body as { issuance: { credit_batch_size_total: { credit_kgs: number } } }).issuance.credit_batch_size_total.credit_kgs;

describe('the audit reproduction', () => {
  test('a component whole in an issued entry cannot be credited again through add_components and a factor datapoint', async () => {
    const client = new Client(demoSandbox());
    const B: Who = 'supplierB';
    const cmp = await component(client, B, 'double', IDS.projectB);
    const one = await datapoint(client, B, 'double-one', 1, 'dimensionless', IDS.projectB);
    const issue = async () => {
      const statement = await client.ok<{ id: string }>(B, 'POST', '/mrv/v0/ghg_statements', {
        project_id: IDS.projectB,
        end_on: '2026-03-31',
      });
      await client.ok(B, 'POST', `/mrv/v0/ghg_statements/${statement.id}/submit`, { ghg_statement_report_url: 'https://r.example/a.pdf' });
      await client.ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${statement.id}/verify`, {});
      return client.request('verifier', 'POST', `/sandbox/v0/ghg_statements/${statement.id}/issue_credits`);
    };
    const e1 = await entry(client, B, 'e1', IDS.projectB);
    expect((await attribute(client, e1, cmp, 1, B)).status).toBe(200);
    const first = await issue();
    expect(first.status).toBe(200);
    // 29,312.63 kg rounded to 10 kg.
    expect(issuedKg(first.body)).toBe(29310);
    const e2 = await entry(client, B, 'e2', IDS.projectB);
    expect((await attribute(client, e2, cmp, 1, B)).status).toBe(422);
    const item = only(await link(client, e2, cmp, one, B));
    expect(item.loc).toEqual(['body', 'add_components', 0, 'attribution_factor_datapoint_id']);
    expect(item.msg).toBe(`${over(cmp, 2)}: other GHG entries take 1 of it, so at most 0 remains`);
    expect((await client.ok<Entry>(B, 'GET', `/mrv/v0/removals/${e2}`)).co2e_net_removed_kg).toBe(0);
    const second = await issue();
    // The second statement holds the second entry alone, without the component: nothing more is issued.
    expect(second.status).toBe(200);
    expect(issuedKg(second.body)).toBe(0);
  });
});

// ------------------------------------------------------------------------------------------------
// A random sequence of requests against a model: each entry's share of each component in whole
// tenths (a factor datapoint's share is its value), a request accepted exactly when every total
// stays at most 10 tenths.

/** Components: two of scope REMOVAL, then a MANUAL project component (the one the project route takes). */
const COMPONENTS = 3;
const PROJECT = 2;
const SLOTS = 3;
const DATAPOINTS = 2;

type Op =
  | { readonly kind: 'factor'; readonly slot: number; readonly component: number; readonly tenths: number }
  | { readonly kind: 'datapoint'; readonly slot: number; readonly component: number; readonly datapoint: number }
  | { readonly kind: 'project'; readonly slot: number; readonly tenths: number; readonly datapoint: number | null; readonly alias: boolean }
  | { readonly kind: 'remove'; readonly slot: number; readonly component: number }
  | { readonly kind: 'patch'; readonly datapoint: number; readonly tenths: number; readonly percent: boolean }
  | { readonly kind: 'delete'; readonly slot: number };

const slot = fc.nat(SLOTS - 1);
const componentIndex = fc.nat(COMPONENTS - 1);
const tenths = fc.integer({ min: 1, max: 10 });
const datapointIndex = fc.nat(DATAPOINTS - 1);
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('factor' as const), slot, component: componentIndex, tenths }),
  fc.record({ kind: fc.constant('datapoint' as const), slot, component: componentIndex, datapoint: datapointIndex }),
  fc.record({ kind: fc.constant('project' as const), slot, tenths, datapoint: fc.option(datapointIndex), alias: fc.boolean() }),
  fc.record({ kind: fc.constant('remove' as const), slot, component: componentIndex }),
  fc.record({ kind: fc.constant('patch' as const), datapoint: datapointIndex, tenths, percent: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), slot }),
);

/** A share in the model: whole tenths, or a factor datapoint (its value). */
type Share = { readonly tenths: number } | { readonly datapoint: number };

/** The model: what each entry slot holds of each component, and each factor datapoint's value. */
class Model {
  readonly held: Map<number, Share>[] = Array.from({ length: SLOTS }, () => new Map());
  constructor(readonly datapoints: number[]) {}

  value(share: Share | undefined, datapoints = this.datapoints): number {
    if (share === undefined) return 0;
    return 'tenths' in share ? share.tenths : (datapoints[share.datapoint] as number);
  }

  total(component: number, datapoints = this.datapoints): number {
    return this.held.reduce((sum, shares) => sum + this.value(shares.get(component), datapoints), 0);
  }

  /** Whether entry `slot` may hold `share` of `component` in place of what it holds. */
  fits(slot: number, component: number, share: Share): boolean {
    const shares = this.held[slot] as Map<number, Share>;
    return this.total(component) - this.value(shares.get(component)) + this.value(share) <= 10;
  }
}

/** The world of one run: the components, the factor datapoints and the entries of the slots. */
interface World {
  readonly components: readonly string[];
  readonly datapoints: readonly string[];
  readonly entries: string[];
  /** Entries made so far (each a supplier reference of its own). */
  made: number;
}

async function world(client: Client, values: readonly number[]): Promise<World> {
  const data = await sequestrationData(client, A, 'random');
  const components = [];
  for (const reference of ['random-a', 'random-b'])
    components.push((await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/components', { ...data, supplier_reference_id: reference })).id);
  const manual = { allocation_strategy: 'MANUAL', component_data: { ...data, supplier_reference_id: 'random-p' } };
  components.push((await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/project_components', manual)).id);
  const datapoints = [];
  for (const [i, value] of values.entries()) datapoints.push(await datapoint(client, A, `random-factor-${i}`, value / 10, 'dimensionless'));
  const entries = [];
  for (let i = 1; i <= SLOTS; i++) entries.push(await entry(client, A, `random-entry-${i}`));
  return { components, datapoints, entries, made: SLOTS };
}

/** Runs `op`; returns its status and the status the model expects (the model updated when it succeeds). */
async function step(client: Client, w: World, model: Model, op: Op): Promise<{ status: number; expected: number }> {
  const entryId = op.kind === 'patch' ? '' : (w.entries[op.slot] as string);
  const shares = op.kind === 'patch' ? new Map<number, Share>() : (model.held[op.slot] as Map<number, Share>);
  const accept = (ok: boolean, update: () => void, success = 200) => {
    if (ok) update();
    return ok ? success : 422;
  };
  switch (op.kind) {
    case 'factor': {
      const status = (await attribute(client, entryId, w.components[op.component] as string, op.tenths / 10)).status;
      return { status, expected: accept(model.fits(op.slot, op.component, op), () => shares.set(op.component, { tenths: op.tenths })) };
    }
    case 'datapoint': {
      const share = { datapoint: op.datapoint };
      const status = (await link(client, entryId, w.components[op.component] as string, w.datapoints[op.datapoint] as string)).status;
      const ok = !shares.has(op.component) && model.fits(op.slot, op.component, share);
      return { status, expected: accept(ok, () => shares.set(op.component, share)) };
    }
    case 'project': {
      const path = `/mrv/v0/project_components/${w.components[PROJECT]}/${op.alias ? 'ghg_entry_attributions' : 'removal_attributions'}`;
      const body =
        op.datapoint === null
          ? { removal_id: entryId, attribution_factor: op.tenths / 10 }
          : { removal_id: entryId, attribution_factor_datapoint_id: w.datapoints[op.datapoint] };
      const share: Share = op.datapoint === null ? { tenths: op.tenths } : { datapoint: op.datapoint };
      const status = (await client.post(A, path, body)).status;
      return { status, expected: accept(model.fits(op.slot, PROJECT, share), () => shares.set(PROJECT, share)) };
    }
    case 'remove': {
      const body = { components_to_remove: [w.components[op.component]] };
      const status = (await client.patch(A, `/mrv/v0/removals/${entryId}/component_attributions`, body)).status;
      return { status, expected: accept(shares.has(op.component), () => shares.delete(op.component)) };
    }
    case 'patch': {
      const quantity = op.percent
        ? { magnitude: op.tenths * 10, unit: '%', standard_deviation: null }
        : { magnitude: op.tenths / 10, unit: 'dimensionless', standard_deviation: null };
      const status = (await client.patch(A, `/mrv/v0/datapoints/${w.datapoints[op.datapoint]}`, { quantity })).status;
      const next = model.datapoints.map((v, i) => (i === op.datapoint ? op.tenths : v));
      const ok = Array.from({ length: COMPONENTS }, (_, c) => model.total(c, next)).every((total) => total <= 10);
      return { status, expected: accept(ok, () => model.datapoints.splice(op.datapoint, 1, op.tenths)) };
    }
    case 'delete': {
      const status = (await client.delete(A, `/mrv/v0/removals/${entryId}`)).status;
      shares.clear();
      w.made += 1;
      w.entries[op.slot] = await entry(client, A, `random-entry-${w.made}`);
      return { status, expected: 204 };
    }
  }
}

/** A stored datapoint's value as a factor, read by hand: per cent is a hundredth. */
function factorOf(client: Client, id: string): number {
  const quantity = client.sandbox.state.datapoints.get(id)?.quantity;
  if (quantity === undefined) throw new Error(`no datapoint ${id}`);
  return quantity.magnitude * (quantity.unit === '%' ? 0.01 : 1);
}

/** Every stored attribution's share, by component, as the rule reads it; each row's factor is its share. */
function storedTotals(client: Client, w: World): number[] {
  const totals = w.components.map(() => 0);
  for (const row of client.sandbox.state.attributions.rows()) {
    const c = w.components.indexOf(row.component_id);
    const share =
      row.attribution_factor_datapoint_id === null ? row.attribution_factor : factorOf(client, row.attribution_factor_datapoint_id);
    expect(row.attribution_factor).toBeCloseTo(share, 12);
    totals[c] = (totals[c] as number) + share;
  }
  return totals;
}

describe('random sequences of attribution requests', () => {
  test('are accepted exactly when every component stays attributed at most 1, refusals change nothing, no total passes 1', async () => {
    const statuses = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(tenths, { minLength: DATAPOINTS, maxLength: DATAPOINTS }),
        fc.array(opArbitrary, { minLength: 5, maxLength: 30 }),
        async (values, ops) => {
          const client = new Client(
            demoSandbox({
              onInternalError: (error) => {
                throw error;
              },
            }),
          );
          const w = await world(client, values);
          const model = new Model([...values]);
          for (const op of ops) {
            const before = client.sandbox.state.snapshot();
            const { status, expected } = await step(client, w, model, op);
            statuses.set(`${op.kind} ${status}`, (statuses.get(`${op.kind} ${status}`) ?? 0) + 1);
            expect(status, JSON.stringify(op)).toBe(expected);
            if (status === 422) expect(client.sandbox.state.snapshot()).toBe(before);
            const totals = storedTotals(client, w);
            totals.forEach((total, c) => {
              expect(total).toBeLessThanOrEqual(1 + 1e-9);
              expect(total).toBeCloseTo(model.total(c) / 10, 9);
            });
          }
        },
      ),
      { seed: 20260601, numRuns: 30 },
    );
    // The mix reaches what it is for: every kind of request both taken and refused.
    for (const kind of ['factor', 'datapoint', 'project', 'remove', 'patch'])
      for (const status of [200, 422]) expect(statuses.get(`${kind} ${status}`) ?? 0, `${kind} ${status}`).toBeGreaterThan(0);
    expect(statuses.get('delete 204') ?? 0).toBeGreaterThan(0);
  }, 240_000);
});
