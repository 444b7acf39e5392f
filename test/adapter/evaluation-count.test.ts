/**
 * One evaluation per statement per change, none per read (evaluation.ts): the accounting's
 * evaluations are counted (`state.evaluations`) around each request of a statement's life, with a
 * shared project component and a statement component, and without shared components.
 */
import { describe, expect, test } from 'vitest';
import { BATCH_A, Client, datapointBody, demoSandbox, DIESEL_COMPONENT, IDS, removalBody } from './fixtures';

type Row = { id: string };
type Statement = Row & { status: string; pending_total_co2e_removed_kg: number | null };
type Entry = Row & { co2e_net_removed_kg: number; credit_allocation: unknown };

/** The number of evaluations a request made, and its answer. */
async function counted<T>(client: Client, send: () => Promise<T>): Promise<{ evaluations: number; answer: T }> {
  const { state } = client.sandbox;
  const before = state.evaluations;
  const answer = await send();
  return { evaluations: state.evaluations - before, answer };
}

/** `n` draft entries of project A, each with a dry mass of its own. */
async function entries(client: Client, n: number): Promise<{ entries: Row[]; dryMasses: Row[] }> {
  const made: Row[] = [];
  const dryMasses: Row[] = [];
  for (let k = 0; k < n; k++) {
    const dryMass = await client.ok<Row>('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody(`dry-${k}`, 10 + k, 't', 0.3));
    dryMasses.push(dryMass);
    made.push(
      await client.ok<Row>('supplierA', 'POST', '/mrv/v0/removals', removalBody(`entry-${k}`, { ...BATCH_A, dryMass: dryMass.id })),
    );
  }
  return { entries: made, dryMasses };
}

/** Every read of the statement and its entries, each counted: none may evaluate. */
async function readsEvaluate(client: Client, statement: string, ids: readonly Row[]): Promise<number> {
  let total = 0;
  const reads = [
    `/mrv/v0/ghg_statements/${statement}`,
    '/mrv/v0/ghg_statements',
    '/mrv/v0/removals?first=50',
    ...ids.flatMap((e) => [`/mrv/v0/removals/${e.id}`, `/mrv/v0/ghg_entries/${e.id}`]),
  ];
  for (const path of reads) total += (await counted(client, () => client.ok('supplierA', 'GET', path))).evaluations;
  return total;
}

describe('a statement whose entries share components', () => {
  test('each change evaluates the statement once; no read evaluates', async () => {
    const client = new Client(demoSandbox());
    const { entries: made } = await entries(client, 8);
    const volume = await client.ok<Row>('supplierA', 'POST', '/mrv/v0/datapoints', datapointBody('shared-volume', 2000, 'l', 50));
    const shared = {
      ...DIESEL_COMPONENT,
      inputs: [{ ...DIESEL_COMPONENT.inputs[0], datapoint_ids: [volume.id] }, DIESEL_COMPONENT.inputs[1]],
    };
    await client.ok('supplierA', 'POST', '/mrv/v0/project_components', {
      allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE',
      component_data: { ...shared, supplier_reference_id: 'shared-diesel' },
    });
    const created = await counted(client, () =>
      client.ok<Statement>('supplierA', 'POST', '/mrv/v0/ghg_statements', { project_id: IDS.projectA, end_on: '2026-03-31' }),
    );
    expect(created.evaluations).toBe(1);
    const statement = created.answer.id;
    const component = await counted(client, () =>
      client.ok('supplierA', 'POST', '/mrv/v0/ghg_statement_components', {
        ghg_statement_id: statement,
        component_data: { ...DIESEL_COMPONENT, supplier_reference_id: 'statement-diesel' },
      }),
    );
    expect(component.evaluations).toBe(1);
    const patched = await counted(client, () =>
      client.ok('supplierA', 'PATCH', `/mrv/v0/datapoints/${volume.id}`, {
        quantity: { magnitude: 4000, unit: 'l', standard_deviation: 50 },
      }),
    );
    expect(patched.evaluations).toBe(1);
    expect(await readsEvaluate(client, statement, made)).toBe(0);

    const submitted = await counted(client, () =>
      client.ok<Statement>('supplierA', 'POST', `/mrv/v0/ghg_statements/${statement}/submit`, {
        ghg_statement_report_url: 'https://r.example/s.pdf',
      }),
    );
    expect(submitted.evaluations).toBe(1);
    expect(submitted.answer.pending_total_co2e_removed_kg).toBeNull();
    expect(await readsEvaluate(client, statement, made)).toBe(0);
    const verified = await counted(client, () => client.ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${statement}/verify`, {}));
    expect(verified.evaluations).toBe(0);
  });

  test('a change pending against a statement sent back is stored by the change and read without evaluating', async () => {
    const client = new Client(demoSandbox());
    const { entries: made, dryMasses } = await entries(client, 4);
    await client.ok('supplierA', 'POST', '/mrv/v0/project_components', {
      allocation_strategy: 'ESTIMATED_PROJECT_TONNAGE',
      component_data: { ...DIESEL_COMPONENT, supplier_reference_id: 'shared-diesel' },
    });
    const statement = await client.ok<Statement>('supplierA', 'POST', '/mrv/v0/ghg_statements', {
      project_id: IDS.projectA,
      end_on: '2026-03-31',
    });
    await client.ok('supplierA', 'POST', `/mrv/v0/ghg_statements/${statement.id}/submit`, {
      ghg_statement_report_url: 'https://r.example/1',
    });
    await client.ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${statement.id}/verify`, {
      outcome: 'FAILED_VERIFICATION',
      reason: 'mass',
    });
    const path = `/mrv/v0/ghg_statements/${statement.id}`;
    expect((await client.ok<Statement>('supplierA', 'GET', path)).pending_total_co2e_removed_kg).toBeNull();
    const dryMass = dryMasses[0] as Row;
    const changed = await counted(client, () =>
      client.ok('supplierA', 'PATCH', `/mrv/v0/datapoints/${dryMass.id}`, {
        quantity: { magnitude: 30, unit: 't', standard_deviation: 0.3 },
      }),
    );
    expect(changed.evaluations).toBe(1);
    const read = await counted(client, () => client.ok<Statement>('supplierA', 'GET', path));
    expect(read.evaluations).toBe(0);
    // The total of the entries' current figures, each net rounded to 10 kg, as a submission would freeze it.
    let total = 0;
    for (const e of made)
      total += Math.round((await client.ok<Entry>('supplierA', 'GET', `/mrv/v0/removals/${e.id}`)).co2e_net_removed_kg / 10) * 10;
    expect(read.answer.pending_total_co2e_removed_kg).toBe(total);
  });
});

describe('a statement whose entries share nothing', () => {
  test('a change of one entry evaluates that entry alone, once; submission evaluates the statement once', async () => {
    const client = new Client(demoSandbox());
    const { entries: made, dryMasses } = await entries(client, 6);
    const created = await counted(client, () =>
      client.ok<Statement>('supplierA', 'POST', '/mrv/v0/ghg_statements', { project_id: IDS.projectA, end_on: '2026-03-31' }),
    );
    expect(created.evaluations).toBe(0);
    const { state } = client.sandbox;
    const others = made.slice(1).map((e) => state.removals.get(e.id));
    const dryMass = dryMasses[0] as Row;
    const changed = await counted(client, () =>
      client.ok('supplierA', 'PATCH', `/mrv/v0/datapoints/${dryMass.id}`, {
        quantity: { magnitude: 30, unit: 't', standard_deviation: 0.3 },
      }),
    );
    expect(changed.evaluations).toBe(1);
    // The other entries were not touched: their stored rows are the very same.
    expect(made.slice(1).map((e) => state.removals.get(e.id))).toEqual(others);
    made.slice(1).forEach((e, k) => expect(state.removals.get(e.id)).toBe(others[k]));
    const submitted = await counted(client, () =>
      client.ok('supplierA', 'POST', `/mrv/v0/ghg_statements/${created.answer.id}/submit`, {
        ghg_statement_report_url: 'https://r.example/s',
      }),
    );
    expect(submitted.evaluations).toBe(1);
    expect(await readsEvaluate(client, created.answer.id, made)).toBe(0);
  });
});
