/**
 * The operations that lead to the 23 of interface.md 4.2 (OpenAPI shapes): datapoints, sources,
 * components, statements, measurement locations, production batches, file uploads, registry
 * transactions and the test helpers.
 */
import { describe, expect, test } from 'vitest';
import { creditBatchSchema, deliverySchema, retirementSchema, transferSchema } from '../../src/adapter/resources/credit-ledger/schemas';
import { orderSchema } from '../../src/adapter/resources/registry-parties/schemas';
import { componentSchema } from '../../src/adapter/resources/components/schemas';
import { createSourceResponseSchema, sourceSchema } from '../../src/adapter/resources/sources/schemas';
import { datapointSchema } from '../../src/adapter/resources/datapoints/schemas';
import { ghgStatementSchema } from '../../src/adapter/resources/ghg-statements/schemas';
import { fileUploadSchema } from '../../src/adapter/resources/monitoring/schemas';
import { measurementLocationSchema } from '../../src/adapter/resources/measurements/schemas';
import { productionBatchSchema } from '../../src/adapter/resources/feedstock/schemas';
import {
  BATCH_A,
  Client,
  createRemovalA,
  datapointBody,
  demoSandbox,
  expect422,
  expectShape,
  IDS,
  issuedRemoval,
  loaderDieselBody,
  MISSING,
  removalBody,
  submittedRemoval,
} from './fixtures';

const sourceBody = (reference: string, isPublic = false) => ({
  supplier_reference_id: reference,
  __typename: 'CreateDocumentSourceRequest',
  display_name: 'Calibration certificate',
  published_at: '2026-02-01',
  is_public: isPublic,
  file_name: 'cert.pdf',
  content_type: 'application/pdf',
  content_length: 5000,
  project_id: IDS.projectA,
});

describe('datapoints', () => {
  test('create and read; units are checked', async () => {
    const client = new Client(demoSandbox());
    const created = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/datapoints', {
      ...datapointBody('d1', 12, 'kgCO2e/kWh', 0.5),
      measured_at: '2026-01-01T00:00:00Z',
    });
    expectShape(datapointSchema, created);
    expect(await client.ok('supplierA', 'GET', `/mrv/v0/datapoints/${created.id}`)).toEqual(created);
    expect422(await client.post('supplierA', '/mrv/v0/datapoints', datapointBody('d2', 1, 'furlongz per fortnight')), [
      'body',
      'quantity',
      'unit',
    ]);
    expect422(
      await client.post('supplierA', '/mrv/v0/datapoints', { ...datapointBody('d3', 1, 't'), quantity: { magnitude: 1, unit: null } }),
      ['body', 'quantity', 'unit'],
    );
    expect422(
      await client.post('supplierA', '/mrv/v0/datapoints', {
        ...datapointBody('d4', 1, 't'),
        quantity: { magnitude: 1, unit: 't', standard_deviation: -1 },
      }),
      ['body', 'quantity', 'standard_deviation'],
    );
    expect422(await client.post('supplierA', '/mrv/v0/datapoints', { ...datapointBody('d5', 1, 't'), source_ids: [MISSING.source] }), [
      'body',
      'source_ids',
      0,
    ]);
    expect422(
      await client.post('supplierA', '/mrv/v0/datapoints', { ...datapointBody('d6', 1, 't'), measured_at: '2026-01-01T00:00:00' }),
      ['body', 'measured_at'],
    );
    expect422(await client.post('supplierB', '/mrv/v0/datapoints', datapointBody('d7', 1, 't')), ['body', 'project_id']);
  });

  test('a new quantity re-evaluates the draft entries using it; refused once an entry using it is submitted', async () => {
    const client = new Client(demoSandbox());
    const removal = await createRemovalA(client);
    const before = removal.co2e_net_removed_kg as number;
    await client.ok('supplierA', 'PATCH', `/mrv/v0/datapoints/${IDS.dryMassA}`, {
      quantity: { magnitude: 13.4, unit: 't', standard_deviation: 0.3 },
    });
    const after = await client.ok<{ co2e_net_removed_kg: number }>('supplierA', 'GET', `/mrv/v0/removals/${removal.id}`);
    expect(after.co2e_net_removed_kg).toBeGreaterThan(before);
    expect422(await client.patch('supplierA', `/mrv/v0/datapoints/${IDS.dryMassA}`, { quantity: { magnitude: 13, unit: 'kWh' } }), [
      'body',
      'quantity',
    ]);
    const statement = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/ghg_statements', {
      project_id: IDS.projectA,
      end_on: '2026-03-31',
    });
    await client.ok('supplierA', 'POST', `/mrv/v0/ghg_statements/${statement.id}/submit`, {
      ghg_statement_report_url: 'https://r.example',
    });
    expect((await client.patch('supplierA', `/mrv/v0/datapoints/${IDS.dryMassA}`, { quantity: { magnitude: 14, unit: 't' } })).status).toBe(
      409,
    );
    expect(
      (await client.patch('supplierA', `/mrv/v0/datapoints/${IDS.dryMassA}`, { display_name: 'Biochar dry mass, batch A (weighbridge)' }))
        .status,
    ).toBe(200);
    expect((await client.patch('supplierB', `/mrv/v0/datapoints/${IDS.dryMassA}`, { display_name: 'x' })).status).toBe(404);
  });
});

describe('sources', () => {
  test('create (with an upload address) and read; a public one shows its public address', async () => {
    const client = new Client(demoSandbox());
    const created = await client.ok<{ source: { id: string; url_info: { __typename: string } } }>(
      'supplierA',
      'POST',
      '/mrv/v0/sources',
      sourceBody('s1'),
    );
    expectShape(createSourceResponseSchema, created);
    expect(created.source.url_info).toEqual({ __typename: 'SourcePrivateUrlInfo', is_accessible: true });
    const read = await client.ok('supplierA', 'GET', `/mrv/v0/sources/${created.source.id}`);
    expectShape(sourceSchema, read);
    const published = await client.ok<{ source: { url_info: { __typename: string } } }>(
      'supplierA',
      'POST',
      '/mrv/v0/sources',
      sourceBody('s2', true),
    );
    expect(published.source.url_info.__typename).toBe('SourcePublicUrlInfo');
    expect422(await client.post('supplierA', '/mrv/v0/sources', { ...sourceBody('s3'), __typename: 'Other' }), ['body', '__typename']);
    expect422(await client.post('supplierA', '/mrv/v0/sources', { ...sourceBody('s4'), content_length: 50_000_001 }), [
      'body',
      'content_length',
    ]);
    expect422(await client.post('supplierA', '/mrv/v0/sources', { ...sourceBody('s5'), display_name: '' }), ['body', 'display_name']);
    expect((await client.post('supplierA', '/mrv/v0/sources', sourceBody('s1'))).status).toBe(409);
  });
});

describe('components', () => {
  test('create from a blueprint; inputs are checked against it', async () => {
    const client = new Client(demoSandbox());
    const body = loaderDieselBody('c1');
    const created = await client.ok<{ id: string; type: string }>('supplierA', 'POST', '/mrv/v0/components', body);
    expectShape(componentSchema, created);
    expect(created.type).toBe('ACTIVITY');
    expect(await client.ok('supplierA', 'GET', `/mrv/v0/components/${created.id}`)).toEqual(created);
    expect422(
      await client.post('supplierA', '/mrv/v0/components', { ...body, supplier_reference_id: 'c2', component_blueprint_key: 'nope' }),
      ['body', 'component_blueprint_key'],
    );
    expect422(
      await client.post('supplierA', '/mrv/v0/components', { ...body, supplier_reference_id: 'c3', inputs: body.inputs.slice(0, 1) }),
      ['body', 'inputs'],
    );
    expect422(
      await client.post('supplierA', '/mrv/v0/components', {
        ...body,
        supplier_reference_id: 'c4',
        inputs: [{ input_key: 'volume', datapoint_id: IDS.dryMassA }, body.inputs[1]],
      }),
      ['body', 'inputs', 0, 'datapoint_ids', 0],
    );
    expect422(
      await client.post('supplierA', '/mrv/v0/components', {
        ...body,
        supplier_reference_id: 'c5',
        inputs: [{ input_key: 'volume', datapoint_id: MISSING.datapoint }, body.inputs[1]],
      }),
      ['body', 'inputs', 0, 'datapoint_ids', 0],
    );
    expect((await client.post('supplierA', '/mrv/v0/components', body)).status).toBe(409);
  });
});

describe('GHG statements', () => {
  test('create, submit, lifecycle conflicts', async () => {
    const client = new Client(demoSandbox());
    expect((await client.post('supplierA', '/mrv/v0/ghg_statements', { project_id: IDS.projectA, end_on: '2026-03-31' })).status).toBe(409);
    const removal = await createRemovalA(client);
    const statement = await client.ok<{ id: string; status: string; removal_ids: string[] }>(
      'supplierA',
      'POST',
      '/mrv/v0/ghg_statements',
      { project_id: IDS.projectA, end_on: '2026-03-31' },
    );
    expectShape(ghgStatementSchema, statement);
    expect(statement).toMatchObject({
      status: 'DRAFT',
      removal_ids: [removal.id],
      reporting_period_start_at: '2026-03-01',
      pending_total_co2e_removed_kg: null,
    });
    expect((await client.ok<{ ghg_statement_id: string }>('supplierA', 'GET', `/mrv/v0/removals/${removal.id}`)).ghg_statement_id).toBe(
      statement.id,
    );
    // A draft entry of a draft statement may still change.
    expect((await client.patch('supplierA', `/mrv/v0/removals/${removal.id}`, { started_on: '2026-03-02' })).status).toBe(200);
    expect422(await client.post('supplierA', `/mrv/v0/ghg_statements/${statement.id}/submit`, {}), ['body', 'ghg_statement_report_url']);
    const submitted = await client.ok('supplierA', 'POST', `/mrv/v0/ghg_statements/${statement.id}/submit`, {
      ghg_statement_report_url: 'https://r.example',
    });
    expectShape(ghgStatementSchema, submitted);
    expect(
      (await client.post('supplierA', `/mrv/v0/ghg_statements/${statement.id}/submit`, { ghg_statement_report_url: 'https://r.example' }))
        .status,
    ).toBe(409);
    expect(
      (await client.post('supplierB', `/mrv/v0/ghg_statements/${statement.id}/submit`, { ghg_statement_report_url: 'https://r.example' }))
        .status,
    ).toBe(404);
    expect((await client.get('supplierA', `/mrv/v0/ghg_statements/${MISSING.statement}`)).status).toBe(404);
    expect422(await client.post('supplierA', '/mrv/v0/ghg_statements', { project_id: IDS.projectA, end_on: '31/03/2026' }), [
      'body',
      'end_on',
    ]);
  });

  test('a failed verification lets the supplier amend the entries again', async () => {
    const client = new Client(demoSandbox());
    const { removal, statement } = await submittedRemoval(client);
    const failed = await client.ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${statement}/verify`, {
      outcome: 'FAILED_VERIFICATION',
      reason: 'lab report missing',
    });
    expect(failed).toMatchObject({ status: 'FAILED_VERIFICATION' });
    expect((await client.patch('supplierA', `/mrv/v0/removals/${removal}`, { started_on: '2026-03-02' })).status).toBe(200);
    expect((await client.post('verifier', `/sandbox/v0/ghg_statements/${statement}/verify`, {})).status).toBe(409);
  });
});

describe('test helpers', () => {
  test('only the assigned verifier verifies; credits only after verification; once', async () => {
    const client = new Client(demoSandbox());
    const { statement } = await submittedRemoval(client);
    expect((await client.post('supplierA', `/sandbox/v0/ghg_statements/${statement}/verify`, {})).status).toBe(409);
    expect((await client.post('supplierB', `/sandbox/v0/ghg_statements/${statement}/verify`, {})).status).toBe(404);
    expect((await client.post('verifier', `/sandbox/v0/ghg_statements/${statement}/issue_credits`, undefined)).status).toBe(409);
    await client.ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${statement}/verify`, undefined);
    const issued = await client.ok<{ ghg_statement: { status: string }; issuance: { id: string } }>(
      'supplierA',
      'POST',
      `/sandbox/v0/ghg_statements/${statement}/issue_credits`,
    );
    expect(issued.ghg_statement.status).toBe('CREDITS_ISSUED');
    expect((await client.post('supplierA', `/sandbox/v0/ghg_statements/${statement}/issue_credits`, undefined)).status).toBe(409);
    expect((await client.get('buyer', `/registry/v0/issuances/${issued.issuance.id}`)).status).toBe(200);
  });

  test('the clock moves forward only', async () => {
    const client = new Client(demoSandbox());
    const moved = await client.ok<{ now: string; offset_seconds: number }>('buyer', 'POST', '/sandbox/v0/clock/advance', {
      days: 1,
      seconds: 30,
    });
    expect(moved).toEqual({ now: '2026-06-02T00:00:30.000Z', offset_seconds: 86_430 });
    expect422(await client.post('buyer', '/sandbox/v0/clock/advance', { seconds: -1 }), ['body', 'seconds']);
    expect422(await client.post('buyer', '/sandbox/v0/clock/advance', {}), ['body', 'seconds']);
    expect422(await client.post('buyer', '/sandbox/v0/clock/advance', { days: 1e300 }), ['body', 'days']);
    expect(await client.ok('buyer', 'GET', '/sandbox/v0/clock')).toEqual(moved);
  });

  test('orders are created by their buyer or their supplier', async () => {
    const client = new Client(demoSandbox());
    const order = await client.ok<{ id: string; status: string }>('buyer', 'POST', '/sandbox/v0/orders', {
      buyer_organisation_id: IDS.buyer,
      supplier_id: IDS.supplierA,
      credits_ordered_kg: 1000,
    });
    expectShape(orderSchema, order);
    expect(order.status).toBe('placed');
    expect(await client.ok('supplierA', 'GET', `/registry/v0/orders/${order.id}`)).toEqual(order);
    expect((await client.get('supplierB', `/registry/v0/orders/${order.id}`)).status).toBe(404);
    expect422(await client.post('supplierB', '/sandbox/v0/orders', { buyer_organisation_id: IDS.buyer, supplier_id: IDS.supplierA }), [
      'body',
      'buyer_organisation_id',
    ]);
    expect422(await client.post('buyer', '/sandbox/v0/orders', { buyer_organisation_id: IDS.buyer, supplier_id: MISSING.supplier }), [
      'body',
      'supplier_id',
    ]);
  });

  test('the buffer pool refunds buffer-pool credits', async () => {
    const client = new Client(demoSandbox());
    const batches = await client.ok<{ nodes: { id: string; status: string }[] }>(
      'bufferPool',
      'GET',
      `/registry/v0/organisations/${IDS.bufferPool}/credit_batches`,
    );
    const active = batches.nodes.find((b) => b.status === 'active');
    const refund = await client.ok<{ id: string }>('bufferPool', 'POST', '/sandbox/v0/refunds', {
      to_organisation_id: IDS.orgA,
      credit_batch_quantities: [{ credit_batch_id: active?.id, credit_quantity_kg: 10 }],
      notes: null,
    });
    const listed = await client.ok<{ total_count: number }>('buyer', 'GET', `/registry/v0/refunds/${refund.id}/credit_batches`);
    expect(listed.total_count).toBe(1);
    expect422(
      await client.post('supplierA', '/sandbox/v0/refunds', {
        to_organisation_id: IDS.orgA,
        credit_batch_quantities: [{ credit_batch_id: active?.id, credit_quantity_kg: 10 }],
      }),
      ['body'],
    );
  });
});

describe('measurement locations, production batches, file uploads', () => {
  test('create and read', async () => {
    const client = new Client(demoSandbox());
    const location = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/measurement_locations', {
      supplier_reference_id: 'ml-1',
      latitude: 52,
      longitude: 13,
      project_id: IDS.projectA,
    });
    expectShape(measurementLocationSchema, location);
    expect(await client.ok('supplierA', 'GET', `/mrv/v0/measurement_locations/${location.id}`)).toEqual(location);
    const batch = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/production_batches', {
      facility_id: IDS.facility,
      feedstock_type_ids: [IDS.feedstockType],
      supplier_reference_id: 'pb-2',
      kind: 'biochar',
      started_at: '2026-04-01T00:00:00Z',
      ended_at: '2026-04-05T00:00:00Z',
      mass: { magnitude: 9, unit: 't', standard_deviation: 0.2 },
    });
    expectShape(productionBatchSchema, batch);
    expect(await client.ok('supplierA', 'GET', `/mrv/v0/production_batches/${batch.id}`)).toEqual(batch);
    const upload = await client.ok('supplierA', 'POST', '/mrv/v0/file-uploads', {
      content_type: 'application/vnd.apache.parquet',
      content_length: 1000,
      file_name: 'a.parquet',
    });
    expectShape(fileUploadSchema, upload);
    expect422(
      await client.post('supplierA', '/mrv/v0/file-uploads', { content_type: 'text/csv', content_length: 1000, file_name: 'a.csv' }),
      ['body', 'content_type'],
    );
    expect422(
      await client.post('supplierA', '/mrv/v0/file-uploads', {
        content_type: 'application/vnd.apache.parquet',
        content_length: 100_000_001,
        file_name: 'a.parquet',
      }),
      ['body', 'content_length'],
    );
  });
});

describe('registry transactions', () => {
  test('deliver, transfer, retire from the oldest credits; the acting organisation must own the credits', async () => {
    const client = new Client(demoSandbox());
    const { issued } = await issuedRemoval(client);
    const batch = issued.credit_batches.supplier_credit_batches[0]!;
    expect422(
      await client.post('supplierB', '/registry/v0/deliveries', {
        order_id: IDS.orderA,
        credit_batch_quantities: [{ credit_batch_id: batch.id, credit_quantity_kg: 10 }],
        notes: null,
      }),
      ['body', 'order_id'],
    );
    // An order of the whole batch (a delivery takes at most what remains of its order).
    const { id: orderId } = await client.ok<{ id: string }>('buyer', 'POST', '/sandbox/v0/orders', {
      buyer_organisation_id: IDS.buyer,
      supplier_id: IDS.supplierA,
      credits_ordered_kg: batch.size.credit_kgs,
    });
    const delivery = await client.ok('supplierA', 'POST', '/registry/v0/deliveries', {
      order_id: orderId,
      credit_batch_quantities: [{ credit_batch_id: batch.id, credit_quantity_kg: batch.size.credit_kgs }],
      notes: null,
    });
    expectShape(deliverySchema, delivery);
    // The whole batch moved: no split.
    const moved = await client.ok<{ status: string; owner: { id: string } }>('buyer', 'GET', `/registry/v0/credit_batches/${batch.id}`);
    expectShape(creditBatchSchema, moved);
    expect(moved).toMatchObject({ status: 'active', owner: { id: IDS.buyer } });
    expect422(
      await client.post('supplierA', '/registry/v0/transfers', {
        from_organisation_id: IDS.buyer,
        to_organisation_id: IDS.orgB,
        supplier_id: IDS.supplierA,
        credit_batch_quantities: [{ credit_batch_id: batch.id, credit_quantity_kg: 10 }],
        notes: null,
      }),
      ['body', 'from_organisation_id'],
    );
    const transfer = await client.ok('buyer', 'POST', '/registry/v0/transfers', {
      from_organisation_id: IDS.buyer,
      to_organisation_id: IDS.orgB,
      supplier_id: IDS.supplierA,
      credit_batch_quantities: [{ credit_batch_id: batch.id, credit_quantity_kg: 100 }],
      notes: null,
    });
    expectShape(transferSchema, transfer);
    const oldest = await client.ok<{ credit_batch_size_total: { credit_kgs: number } }>(
      'buyer',
      'POST',
      '/registry/v0/retirements/from_oldest_credits',
      {
        owner_organisation_id: IDS.buyer,
        beneficiary_organisation_id: IDS.buyer,
        supplier_id: IDS.supplierA,
        retirement_purposes: ['insetting'],
        notes: null,
        credit_quantity_kg: 250,
      },
    );
    expectShape(retirementSchema, oldest);
    expect(oldest.credit_batch_size_total.credit_kgs).toBe(250);
    const order = await client.ok<{ status: string; credits_delivered: { credit_kgs: number } }>(
      'buyer',
      'GET',
      `/registry/v0/orders/${orderId}`,
    );
    expect(order.credits_delivered.credit_kgs).toBe(batch.size.credit_kgs);
    expect(order.status).toBe('completed');
    // Pages of the buyer's batches come in creation order, every batch once.
    const page = await client.ok<{ nodes: { id: string }[]; total_count: number }>(
      'buyer',
      'GET',
      `/registry/v0/organisations/${IDS.buyer}/credit_batches?first=2`,
    );
    const rest = await client.ok<{ nodes: { id: string }[] }>(
      'buyer',
      'GET',
      `/registry/v0/organisations/${IDS.buyer}/credit_batches?first=50&after=${(page as unknown as { page_info: { end_cursor: string } }).page_info.end_cursor}`,
    );
    expect(new Set([...page.nodes, ...rest.nodes].map((n) => n.id)).size).toBe(page.total_count);
  });

  test('a refused transaction changes nothing', async () => {
    const client = new Client(demoSandbox());
    const before = client.sandbox.state.snapshot();
    const refused = await client.post('buyer', '/registry/v0/retirements', {
      beneficiary_organisation_id: IDS.buyer,
      owner_organisation_id: IDS.buyer,
      supplier_id: IDS.supplierB,
      credit_batch_quantities: [{ credit_batch_id: IDS.batchB1, credit_quantity_kg: 1 }],
      retirement_purposes: ['other'],
      notes: null,
    });
    expect(refused.status).toBe(422);
    expect(client.sandbox.state.snapshot()).toBe(before);
  });
});

describe('GHG entry creation without a template', () => {
  test('an entry with no components is zero and may be built up by PATCH', async () => {
    const client = new Client(demoSandbox());
    const empty = await client.ok<{ id: string; co2e_net_removed_kg: number; credit_allocation: unknown }>(
      'supplierA',
      'POST',
      '/mrv/v0/removals',
      {
        project_id: IDS.projectA,
        started_on: '2026-03-01',
        completed_on: '2026-03-31',
        supplier_reference_id: 'empty',
      },
    );
    expect(empty.co2e_net_removed_kg).toBe(0);
    const added = await client.ok<{ co2e_net_removed_kg: number }>(
      'supplierA',
      'PATCH',
      `/mrv/v0/ghg_entries/${empty.id}/component_attributions`,
      {
        components_to_add: { component_id: IDS.sharedComponent, component_group_key: 'field_transport', attribution_factor: 0.25 },
      },
    );
    expect(added.co2e_net_removed_kg).toBeLessThan(0);
    expect(removalBody('x', BATCH_A).removal_template_id).toBe(IDS.template);
  });
});
