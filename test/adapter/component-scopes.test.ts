/**
 * Statement- and project-level components through the calculation core (semantics.md 4): a
 * statement component is split evenly over the statement's entries, a MANUAL project component is
 * attributed to an entry with its factor, an amortised one shares its value by the statement's
 * period over the project's lifetime; each figure equals what evaluateGraph gives for the same
 * graph. Changes an entry depends on are refused once it is submitted.
 */
import { describe, expect, test } from 'vitest';
import { evaluateGraph } from '../../src/accounting';
import { statementGraph } from '../../src/adapter/evaluation/evaluation-graph';
import type { StatementRow } from '../../src/adapter/rows';
import { BATCH_A, Client, demoSandbox, DIESEL_COMPONENT, IDS, removalBody } from './fixtures';

type Entry = { id: string; co2e_net_removed_without_discount_kg: number };

/** Two draft entries of project A (March and February) in a draft statement. */
async function twoEntries() {
  const client = new Client(demoSandbox());
  const march = await client.ok<Entry>('supplierA', 'POST', '/mrv/v0/removals', removalBody('scope-march', BATCH_A));
  const february = await client.ok<Entry>('supplierA', 'POST', '/mrv/v0/removals', {
    ...removalBody('scope-feb', BATCH_A),
    started_on: '2026-02-01',
    completed_on: '2026-02-28',
  });
  return { client, march, february };
}

/** The CO2e of the diesel component alone, from evaluateGraph. */
function dieselKg(client: Client): number {
  const { state } = client.sandbox;
  const datapoints = [IDS.dieselA, 'dtp_01JA0DIESELFACTOR000'].map((id) => ({ id, quantity: state.datapoints.get(id)?.quantity as never }));
  const graph = {
    component_blueprints: [state.blueprints.get('diesel_combustion')?.definition as never],
    datapoints,
    components: [{ id: 'cmp_x', blueprint_key: 'diesel_combustion', inputs: DIESEL_COMPONENT.inputs }],
    ghg_entries: [{ id: 'rmv_x', component_attributions: [{ component_id: 'cmp_x', attribution_factor: 1 }] }],
  };
  return -(evaluateGraph(graph).ghg_entries[0]?.co2e_net_removed_without_discount_kg ?? 0);
}

const net = async (client: Client, id: string) =>
  (await client.ok<Entry>('supplierA', 'GET', `/mrv/v0/removals/${id}`)).co2e_net_removed_without_discount_kg;

describe('statement components', () => {
  test('are split evenly over the entries of their statement, as evaluateGraph splits them', async () => {
    const { client, march, february } = await twoEntries();
    const statement = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/ghg_statements', {
      project_id: IDS.projectA,
      end_on: '2026-03-31',
    });
    const before = [await net(client, march.id), await net(client, february.id)];
    const component = await client.ok<{ id: string; scope: string }>('supplierA', 'POST', '/mrv/v0/ghg_statement_components', {
      ghg_statement_id: statement.id,
      component_data: { ...DIESEL_COMPONENT, supplier_reference_id: 'stmt-diesel' },
    });
    expect(component.scope).toBe('GHG_STATEMENT');
    const share = dieselKg(client) / 2;
    expect(share).toBeGreaterThan(0);
    expect(await net(client, march.id)).toBeCloseTo((before[0] as number) - share, 6);
    expect(await net(client, february.id)).toBeCloseTo((before[1] as number) - share, 6);
    // The figures are evaluateGraph's for the graph the service builds.
    const { state } = client.sandbox;
    const graph = statementGraph(state, state.statements.get(statement.id) as StatementRow);
    expect(await net(client, march.id)).toBe(
      evaluateGraph(graph).ghg_entries.find((e) => e.id === march.id)?.co2e_net_removed_without_discount_kg,
    );
    // Listed by scope and statement; deleting it gives the entries their figures back.
    const listed = await client.ok<{ nodes: { id: string }[] }>(
      'supplierA',
      'GET',
      `/mrv/v0/components?scope=GHG_STATEMENT&ghg_statement_id=${statement.id}`,
    );
    expect(listed.nodes.map((c) => c.id)).toEqual([component.id]);
    expect((await client.delete('supplierA', `/mrv/v0/components/${component.id}`)).status).toBe(204);
    expect(await net(client, march.id)).toBeCloseTo(before[0] as number, 9);
  });

  test('cannot be added to a submitted statement (409)', async () => {
    const { client } = await twoEntries();
    const statement = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/ghg_statements', {
      project_id: IDS.projectA,
      end_on: '2026-03-31',
    });
    await client.ok('supplierA', 'POST', `/mrv/v0/ghg_statements/${statement.id}/submit`, {
      ghg_statement_report_url: 'https://r.example/s.pdf',
    });
    const before = client.sandbox.state.snapshot();
    const refused = await client.post('supplierA', '/mrv/v0/ghg_statement_components', {
      ghg_statement_id: statement.id,
      component_data: { ...DIESEL_COMPONENT, supplier_reference_id: 'late-diesel' },
    });
    expect(refused.status).toBe(409);
    expect(client.sandbox.state.snapshot()).toBe(before);
  });
});

describe('project components', () => {
  test('a MANUAL one is attributed to an entry with its factor, changed, and removed again, under both spellings', async () => {
    const { client, march } = await twoEntries();
    const before = await net(client, march.id);
    const component = await client.ok<{ id: string; allocation_strategy: string }>('supplierA', 'POST', '/mrv/v0/project_components', {
      allocation_strategy: 'MANUAL',
      component_data: { ...DIESEL_COMPONENT, supplier_reference_id: 'manual-diesel' },
    });
    expect(component.allocation_strategy).toBe('MANUAL');
    const value = dieselKg(client);
    const attributed = await client.ok<Entry>('supplierA', 'POST', `/mrv/v0/project_components/${component.id}/removal_attributions`, {
      removal_id: march.id,
      attribution_factor: 0.5,
    });
    expect(attributed.co2e_net_removed_without_discount_kg).toBeCloseTo(before - value * 0.5, 6);
    const changed = await client.ok<Entry>('supplierA', 'POST', `/mrv/v0/project_components/${component.id}/ghg_entry_attributions`, {
      removal_id: march.id,
      attribution_factor: 0.25,
    });
    expect(changed.co2e_net_removed_without_discount_kg).toBeCloseTo(before - value * 0.25, 6);
    // In use: the component cannot be deleted while attributed.
    expect((await client.delete('supplierA', `/mrv/v0/components/${component.id}`)).status).toBe(409);
    expect((await client.delete('supplierA', `/mrv/v0/project_components/${component.id}/ghg_entry_attributions/${march.id}`)).status).toBe(
      204,
    );
    expect(await net(client, march.id)).toBeCloseTo(before, 9);
    expect((await client.delete('supplierA', `/mrv/v0/project_components/${component.id}/removal_attributions/${march.id}`)).status).toBe(
      404,
    );
  });

  test('the ghg_entry_attributions path takes the entry as ghg_entry_id (or removal_id); a wrong request changes nothing', async () => {
    const { client, march, february } = await twoEntries();
    const before = await net(client, march.id);
    const component = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/project_components', {
      allocation_strategy: 'MANUAL',
      component_data: { ...DIESEL_COMPONENT, supplier_reference_id: 'manual-ghg-entry' },
    });
    const path = `/mrv/v0/project_components/${component.id}/ghg_entry_attributions`;
    const snapshot = client.sandbox.state.snapshot();
    // Neither spelling: the newer one is missing (pydantic's input: the body); two that disagree: the older one is refused.
    const none = await client.post('supplierA', path, { attribution_factor: 0.7 });
    expect(none.body).toEqual({
      detail: [{ type: 'missing', loc: ['body', 'ghg_entry_id'], msg: 'Field required', input: { attribution_factor: 0.7 }, ctx: {} }],
    });
    const error = `removal_id is the older spelling of ghg_entry_id, and names another GHG entry (${march.id}): give one of them`;
    const both = await client.post('supplierA', path, { ghg_entry_id: march.id, removal_id: february.id, attribution_factor: 0.7 });
    expect(both.body).toEqual({
      detail: [{ type: 'value_error', loc: ['body', 'removal_id'], msg: `Value error, ${error}`, input: february.id, ctx: { error } }],
    });
    const unknown = await client.post('supplierA', path, { ghg_entry_id: 'rmv_01ZZZZZZZZZZZZZZZZZZZZZZZZ', attribution_factor: 0.7 });
    expect((unknown.body as { detail: { loc: unknown[] }[] }).detail.map((d) => d.loc)).toEqual([['body', 'ghg_entry_id']]);
    expect(client.sandbox.state.snapshot()).toBe(snapshot);
    const value = dieselKg(client);
    const attributed = await client.ok<Entry>('supplierA', 'POST', path, { ghg_entry_id: march.id, attribution_factor: 0.7 });
    expect(attributed.id).toBe(march.id);
    expect(attributed.co2e_net_removed_without_discount_kg).toBeCloseTo(before - value * 0.7, 6);
    // The same entry under both spellings is one entry.
    const same = await client.ok<Entry>('supplierA', 'POST', path, {
      ghg_entry_id: march.id,
      removal_id: march.id,
      attribution_factor: 0.5,
    });
    expect(same.co2e_net_removed_without_discount_kg).toBeCloseTo(before - value * 0.5, 6);
  });

  test('an amortised one (project lifetime) gives a statement period / lifetime of its value, split over the entries', async () => {
    const { client, march, february } = await twoEntries();
    const statement = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/ghg_statements', {
      project_id: IDS.projectA,
      end_on: '2026-03-31',
    });
    const before = await net(client, march.id);
    await client.ok('supplierA', 'POST', '/mrv/v0/project_components', {
      allocation_strategy: 'ESTIMATED_PROJECT_LIFETIME',
      component_data: { ...DIESEL_COMPONENT, supplier_reference_id: 'lifetime-diesel' },
    });
    const after = await net(client, march.id);
    expect(after).toBeLessThan(before);
    // The same share for both entries of the statement, from the core's amortisation.
    const { state } = client.sandbox;
    const graph = statementGraph(state, state.statements.get(statement.id) as StatementRow);
    const result = evaluateGraph(graph).ghg_entries;
    expect(after).toBe(result.find((e) => e.id === march.id)?.co2e_net_removed_without_discount_kg);
    expect(await net(client, february.id)).toBe(result.find((e) => e.id === february.id)?.co2e_net_removed_without_discount_kg);
  });

  test('attributing a non-MANUAL project component one entry at a time is a conflict', async () => {
    const { client, march } = await twoEntries();
    const component = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/project_components', {
      allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE',
      component_data: { ...DIESEL_COMPONENT, supplier_reference_id: 'tonnage-diesel' },
    });
    expect(
      (
        await client.post('supplierA', `/mrv/v0/project_components/${component.id}/removal_attributions`, {
          removal_id: march.id,
          attribution_factor: 0.5,
        })
      ).status,
    ).toBe(409);
    // Only project components take an allocation strategy.
    const plain = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/components', {
      ...DIESEL_COMPONENT,
      supplier_reference_id: 'plain-diesel',
    });
    expect((await client.patch('supplierA', `/mrv/v0/components/${plain.id}`, { allocation_strategy: 'MANUAL' })).status).toBe(422);
  });
});

describe('changing a component', () => {
  test('new inputs re-evaluate the entries using it; once submitted, 409 and nothing changes', async () => {
    const client = new Client(demoSandbox());
    const entry = await client.ok<Entry>('supplierA', 'POST', '/mrv/v0/removals', removalBody('patch-cmp', BATCH_A));
    const attributions = await client.ok<{ nodes: { component_id: string }[] }>(
      'supplierA',
      'GET',
      `/mrv/v0/removals/${entry.id}/component_attributions`,
    );
    const diesel = attributions.nodes[3]?.component_id as string;
    const before = entry.co2e_net_removed_without_discount_kg;
    const patched = await client.ok<{ inputs: { input_key: string; datapoint_ids: string[] }[] }>(
      'supplierA',
      'PATCH',
      `/mrv/v0/components/${diesel}`,
      {
        inputs: [
          { input_key: 'volume', datapoint_ids: ['dtp_01JA0DIESELB00000000'] },
          { input_key: 'emission_factor', datapoint_ids: ['dtp_01JA0DIESELFACTOR000'] },
        ],
      },
    );
    expect(patched.inputs[0]?.datapoint_ids).toEqual(['dtp_01JA0DIESELB00000000']);
    expect(await net(client, entry.id)).not.toBe(before);
    const statement = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/ghg_statements', {
      project_id: IDS.projectA,
      end_on: '2026-03-31',
    });
    await client.ok('supplierA', 'POST', `/mrv/v0/ghg_statements/${statement.id}/submit`, {
      ghg_statement_report_url: 'https://r.example/s.pdf',
    });
    const snapshot = client.sandbox.state.snapshot();
    const refused = await client.patch('supplierA', `/mrv/v0/components/${diesel}`, {
      inputs: [
        { input_key: 'volume', datapoint_ids: [IDS.dieselA] },
        { input_key: 'emission_factor', datapoint_ids: ['dtp_01JA0DIESELFACTOR000'] },
      ],
    });
    expect(refused.status).toBe(409);
    expect(client.sandbox.state.snapshot()).toBe(snapshot);
    // A name is not a figure: it may still change.
    expect((await client.patch('supplierA', `/mrv/v0/components/${diesel}`, { display_name: 'Loader diesel' })).status).toBe(200);
  });
});
