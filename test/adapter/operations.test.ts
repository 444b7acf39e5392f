/**
 * The 23 operations of interface.md 4.2: credentials, pagination bounds, 404s, then per operation
 * a success (the body checked against the model's response schema), its bounds (422) and its
 * conflicts (409).
 */
import { describe, expect, test } from 'vitest';
import { OPERATION_SCHEMAS } from './documented-operations';
import { removalSchema } from '../../src/adapter/resources/removals/schemas';
import {
  BATCH_A,
  Client,
  createRemovalA,
  datapointBody,
  demoSandbox,
  expect422,
  expectShape,
  IDS,
  MISSING,
  removalBody,
  sampleBody,
  submittedRemoval,
} from './fixtures';

type Op = { readonly n: keyof typeof OPERATION_SCHEMAS; readonly method: string; readonly path: string; readonly body?: unknown };

const storageBody = {
  project_id: IDS.projectA,
  name: 'Field 7',
  storage_method: 'biochar_field',
  latitude: 52.4,
  longitude: 13.1,
  supplier_reference_id: 'field-7',
};
const biocharBody = (site: string) => ({
  application_date: '2026-04-02',
  average_application_rate: { magnitude: 5, unit: 't/ha', standard_deviation: 0.2 },
  production_batch_id: IDS.productionBatch,
  project_id: IDS.projectA,
  storage_site_id: site,
  supplier_reference_id: 'spread-1',
  truck_mass_on_arrival: { magnitude: 26, unit: 't' },
  truck_mass_on_departure: { magnitude: 14, unit: 't' },
  source_ids: [IDS.labSource],
});
const feedstockBatchBody = {
  delivery_date: '2026-02-20',
  display_name: 'Residues lot 3',
  feedstock_type_id: IDS.feedstockType,
  mass: { magnitude: 40, unit: 't', standard_deviation: 1 },
  supplier_reference_id: 'lot-3',
};
const submissionBody = {
  file_upload_id: IDS.fileUpload,
  submission_type: 'biochar_pyrolysis_reactor_facility_time_series',
  facility_id: IDS.facility,
};
const retirementBody = (batch: string, kg: number) => ({
  beneficiary_organisation_id: IDS.buyer,
  owner_organisation_id: IDS.buyer,
  credit_batch_quantities: [{ credit_batch_id: batch, credit_quantity_kg: kg }],
  retirement_purposes: ['corporate_targets'],
  notes: 'FY2026 claims',
  supplier_id: IDS.supplierB,
});

const OPS: readonly Op[] = [
  { n: 1, method: 'GET', path: '/mrv/v0/measurement_samples' },
  { n: 2, method: 'POST', path: '/mrv/v0/removals', body: removalBody('op-2', BATCH_A) },
  { n: 3, method: 'PATCH', path: `/mrv/v0/removals/${MISSING.removal}`, body: {} },
  { n: 4, method: 'PATCH', path: `/mrv/v0/removals/${MISSING.removal}/component_attributions`, body: {} },
  { n: 5, method: 'GET', path: `/mrv/v0/ghg_entries/${MISSING.removal}/component_attributions` },
  { n: 6, method: 'POST', path: '/mrv/v0/biochar_applications', body: biocharBody(MISSING.storageLocation) },
  { n: 7, method: 'GET', path: `/mrv/v0/biochar_applications/${MISSING.biocharApplication}` },
  { n: 8, method: 'POST', path: '/mrv/v0/feedstock_batches', body: feedstockBatchBody },
  { n: 9, method: 'DELETE', path: `/mrv/v0/feedstock_types/${MISSING.feedstockType}` },
  { n: 10, method: 'GET', path: '/mrv/v0/datapoints' },
  { n: 11, method: 'GET', path: `/mrv/v0/datapoints/${MISSING.datapoint}/components` },
  { n: 12, method: 'GET', path: `/mrv/v0/datapoints/${MISSING.datapoint}/removal_template_components` },
  { n: 13, method: 'POST', path: '/mrv/v0/data-upload-submissions', body: submissionBody },
  { n: 14, method: 'GET', path: '/mrv/v0/data-upload-submissions' },
  { n: 15, method: 'GET', path: `/mrv/v0/projects/${MISSING.project}/removal_templates` },
  { n: 16, method: 'GET', path: `/mrv/v0/projects/${MISSING.project}/storage_locations/${MISSING.storageLocation}` },
  { n: 17, method: 'DELETE', path: `/mrv/v0/projects/${MISSING.project}/storage_locations/${MISSING.storageLocation}` },
  { n: 18, method: 'GET', path: '/mrv/v0/component_blueprints' },
  { n: 19, method: 'GET', path: `/mrv/v0/sources/${MISSING.source}/private_url` },
  { n: 20, method: 'POST', path: '/registry/v0/retirements', body: retirementBody(MISSING.batch, 1) },
  { n: 21, method: 'GET', path: `/registry/v0/suppliers/${MISSING.supplier}/deliveries` },
  { n: 22, method: 'GET', path: '/registry/v0/transfers' },
  { n: 23, method: 'GET', path: `/registry/v0/refunds/${MISSING.refund}/credit_batches` },
];

const PAGINATED = OPS.filter((op) => 'query' in OPERATION_SCHEMAS[op.n] && op.method === 'GET' && op.n !== 23);
const WITH_PATH_RESOURCE = OPS.filter((op) => 'path_params' in OPERATION_SCHEMAS[op.n]);

function response(n: keyof typeof OPERATION_SCHEMAS) {
  const schema = (OPERATION_SCHEMAS[n] as { response?: Parameters<typeof expectShape>[0] }).response;
  if (schema === undefined) throw new Error(`operation ${n} has no response schema`);
  return schema;
}

describe('the operation table', () => {
  test('covers the 23 operations with their methods and paths', () => {
    expect(OPS.map((op) => op.n)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    for (const op of OPS) {
      const spec = OPERATION_SCHEMAS[op.n];
      expect(op.method).toBe(spec.method);
      const pattern = new RegExp(
        `^${spec.path
          .replace(/\{[a-z_]+\}/g, '[^/]+')
          .replace('removals', '(removals|ghg_entries)')
          .replace('ghg_entries', '(removals|ghg_entries)')}$`,
      );
      expect(op.path, spec.path).toMatch(pattern);
    }
  });
});

/** Public reads of lists: without a token they answer the public items (none in the demo world, but the blueprints). */
describe('every operation authenticates', () => {
  test.each(OPS)('operation $n: no client secret 422, unknown secret 401, no token 401', async (op) => {
    const client = new Client(demoSandbox());
    const body = op.body === undefined ? {} : { body: op.body };
    const noSecret = await client.sandbox.handle({
      method: op.method,
      path: op.path,
      headers: { authorization: 'Bearer demo-token-supplier-a' },
      ...body,
    });
    expect422(noSecret, ['header', 'x-client-secret']);
    const badSecret = await client.sandbox.handle({
      method: op.method,
      path: op.path,
      headers: { 'x-client-secret': 'wrong', authorization: 'Bearer demo-token-supplier-a' },
      ...body,
    });
    expect(badSecret.status).toBe(401);
    const noToken = await client.request(null, op.method, op.path, op.body);
    expect(noToken.status).toBe(401);
    expect(noToken.headers['www-authenticate']).toBe('Bearer');
  });
});

describe('every paginated operation checks its page parameters', () => {
  const cases: [string, readonly (string | number)[]][] = [
    ['first=0', ['query', 'first']],
    ['first=51', ['query', 'first']],
    ['first=1.5', ['query', 'first']],
    ['last=0', ['query', 'last']],
    ['last=51', ['query', 'last']],
    ['after=', ['query', 'after']],
    ['before=', ['query', 'before']],
    ['first=2&last=2', ['query', 'last']],
    ['after=not-a-cursor', ['query', 'after']],
  ];
  test.each(PAGINATED)('operation $n', async (op) => {
    const client = new Client(demoSandbox());
    // The list must exist: a cursor is checked against the list it claims to come from.
    const removal = await createRemovalA(client);
    const path = op.path
      .replace(MISSING.removal, removal.id)
      .replace(MISSING.datapoint, IDS.permanence)
      .replace(MISSING.project, IDS.projectA)
      .replace(MISSING.supplier, IDS.supplierB);
    expect((await client.get('supplierA', path)).status).toBe(200);
    for (const [query, loc] of cases) {
      expect422(await client.get('supplierA', `${path}?${query}`), loc);
    }
  });
});

describe('every operation with a resource in its path answers 404 for a missing one', () => {
  test.each(WITH_PATH_RESOURCE)('operation $n', async (op) => {
    const client = new Client(demoSandbox());
    const response = await client.request('supplierA', op.method, op.path, op.body);
    expect(response.status, JSON.stringify(response.body)).toBe(404);
    expect(typeof (response.body as { detail: unknown }).detail).toBe('string');
  });

  test('operations whose path names a resource of the wrong kind answer 422 at the path', async () => {
    const client = new Client(demoSandbox());
    for (const op of WITH_PATH_RESOURCE) {
      const path = op.path.replace(/[a-z]{3}_01ZZZZZZZZZZZZZZZZZZZZZZZZ/, 'zzz_01ZZZZZZZZZZZZZZZZZZZZZZZZ');
      const response = await client.request('supplierA', op.method, path, op.body);
      expect(response.status, path).toBe(422);
      expect((response.body as { detail: { loc: unknown[] }[] }).detail[0]?.loc[0]).toBe('path');
    }
  });
});

describe('1. GET /measurement_samples', () => {
  test('lists the samples the caller may see', async () => {
    const client = new Client(demoSandbox());
    const created = await client.ok<{ id: string; values: { datapoint_id: string }[] }>(
      'supplierA',
      'POST',
      '/mrv/v0/measurement_samples',
      sampleBody('sample-2'),
    );
    // Each value becomes a datapoint of the sample.
    const datapoint = await client.ok<{ locked_status: string }>(
      'supplierA',
      'GET',
      `/mrv/v0/datapoints/${created.values[0]?.datapoint_id ?? ''}`,
    );
    expect(datapoint.locked_status).toBe('locked_measurement_sample_datapoint');
    const page = await client.ok('supplierA', 'GET', '/mrv/v0/measurement_samples');
    expectShape(response(1), page);
    expect((page as { total_count: number }).total_count).toBe(2);
    const other = await client.ok<{ total_count: number }>('supplierB', 'GET', '/mrv/v0/measurement_samples');
    expect(other.total_count).toBe(0);
  });
});

describe('2. POST /removals', () => {
  test('creates a GHG entry from the template and evaluates it', async () => {
    const client = new Client(demoSandbox());
    const removal = await createRemovalA(client);
    expectShape(response(2), removal);
    expect(removal.ghg_statement_id).toBeNull();
    const net = removal.co2e_net_removed_kg as number;
    const sd = removal.co2e_net_removed_standard_deviation_kg as number;
    expect(net).toBeGreaterThan(0);
    expect(removal.co2e_net_removed_without_discount_kg).toBeCloseTo(net + sd, 6);
    const allocation = removal.credit_allocation as { buffer_pool_contribution_kg: number; supplier_allocation_kg: number };
    expect(allocation.buffer_pool_contribution_kg + allocation.supplier_allocation_kg).toBe(Math.round(net / 10) * 10);
    const attributions = await client.ok<{ total_count: number }>(
      'supplierA',
      'GET',
      `/mrv/v0/removals/${removal.id}/component_attributions`,
    );
    expect(attributions.total_count).toBe(5);
    // Both spellings read the same entry.
    expect(await client.ok('supplierA', 'GET', `/mrv/v0/ghg_entries/${removal.id}`)).toEqual(removal);
  });

  test('a template input without a default needs a datapoint from the request', async () => {
    const client = new Client(demoSandbox());
    const body = removalBody('x', BATCH_A);
    const response422 = await client.post('supplierA', '/mrv/v0/removals', {
      ...body,
      removal_template_components: body.removal_template_components.slice(1),
    });
    expect422(response422, ['body', 'removal_template_components']);
  });

  test('a datapoint of the wrong quantity kind is a 422 naming the problem', async () => {
    const client = new Client(demoSandbox());
    const response422 = await client.post('supplierA', '/mrv/v0/removals', removalBody('x', { ...BATCH_A, dryMass: IDS.energyA }));
    expect422(response422, ['body', 'removal_template_components', 0, 'inputs', 0, 'datapoint_ids', 0]);
  });

  test('bounds', async () => {
    const client = new Client(demoSandbox());
    const base = removalBody('bounds', BATCH_A);
    const cases: [Record<string, unknown>, readonly (string | number)[]][] = [
      [{ project_id: 'prj_short' }, ['body', 'project_id']],
      [{ project_id: `prj_${'x'.repeat(40)}` }, ['body', 'project_id']],
      [{ started_on: '2026-02-30' }, ['body', 'started_on']],
      [{ completed_on: 'yesterday' }, ['body', 'completed_on']],
      [{ supplier_reference_id: '' }, ['body', 'supplier_reference_id']],
      [{ supplier_reference_id: 'r'.repeat(201) }, ['body', 'supplier_reference_id']],
      [{ feedstock_type_id: 'ftt_short' }, ['body', 'feedstock_type_id']],
      [{ removal_template_id: 'rvt_short' }, ['body', 'removal_template_id']],
      [
        { removal_template_components: [{ removal_template_component_id: 'cmp_01ZZZZZZZZZZZZZZZZZZZZZZZZ', inputs: [] }] },
        ['body', 'removal_template_components', 0, 'removal_template_component_id'],
      ],
      [{ process_key: 42 }, ['body', 'process_key']],
      [{ steps: [{ components: [] }] }, ['body', 'steps', 0, 'process_step_key']],
      [{ completed_on: '2026-02-01' }, ['body', 'completed_on']],
      [{ project_id: MISSING.project }, ['body', 'project_id']],
      [{ removal_template_id: 'rvt_01ZZZZZZZZZZZZZZZZZZZZZZZZ' }, ['body', 'removal_template_id']],
    ];
    for (const [change, loc] of cases) expect422(await client.post('supplierA', '/mrv/v0/removals', { ...base, ...change }), loc);
    for (const field of ['project_id', 'started_on', 'completed_on', 'supplier_reference_id']) {
      const { [field]: _, ...rest } = base as Record<string, unknown>;
      expect422(await client.post('supplierA', '/mrv/v0/removals', rest), ['body', field]);
    }
  });

  test('a duplicate supplier_reference_id of the supplier is 409; another supplier may reuse it', async () => {
    const client = new Client(demoSandbox());
    await createRemovalA(client, 'same-ref');
    const again = await client.post('supplierA', '/mrv/v0/removals', removalBody('same-ref', BATCH_A));
    expect(again.status).toBe(409);
    expect(typeof (again.body as { detail: unknown }).detail).toBe('string');
    const other = await client.post('supplierB', '/mrv/v0/datapoints', datapointBody('same-ref', 1, 't', null, IDS.projectB));
    expect(other.status).toBe(200);
  });

  test('the deprecated process_key and steps still work', async () => {
    const client = new Client(demoSandbox());
    const response200 = await client.ok('supplierA', 'POST', '/mrv/v0/removals', {
      project_id: IDS.projectA,
      started_on: '2026-03-01',
      completed_on: '2026-03-31',
      supplier_reference_id: 'legacy',
      process_key: 'biochar_pyrolysis',
      steps: [
        { process_step_key: 'field_transport', components: [{ component_id: IDS.sharedComponent, attribution_factor_datapoint_id: null }] },
      ],
    });
    expectShape(removalSchema, response200);
    expect(response200.co2e_net_removed_without_discount_kg).toBeLessThan(0);
    expect422(
      await client.post('supplierA', '/mrv/v0/removals', {
        project_id: IDS.projectA,
        started_on: '2026-03-01',
        completed_on: '2026-03-31',
        supplier_reference_id: 'legacy-2',
        process_key: 'nope',
      }),
      ['body', 'process_key'],
    );
    expect422(
      await client.post('supplierA', '/mrv/v0/removals', {
        project_id: IDS.projectA,
        started_on: '2026-03-01',
        completed_on: '2026-03-31',
        supplier_reference_id: 'legacy-3',
        process_key: 'biochar_pyrolysis',
        steps: [{ process_step_key: 'nope', components: [] }],
      }),
      ['body', 'steps', 0, 'process_step_key'],
    );
  });
});

describe('3. PATCH /removals/{id}', () => {
  test('changes dates and feedstock, adds and deletes components, re-evaluating each time', async () => {
    const client = new Client(demoSandbox());
    const removal = await createRemovalA(client);
    const path = `/mrv/v0/removals/${removal.id}`;
    const dated = await client.ok('supplierA', 'PATCH', path, { started_on: '2026-03-02', feedstock_type_id: IDS.feedstockType });
    expectShape(response(3), dated);
    expect(dated.started_on).toBe('2026-03-02');
    expect(dated.feedstock_type_id).toBe(IDS.feedstockType);
    const added = await client.ok('supplierA', 'PATCH', path, {
      add_components: [
        { component_id: IDS.sharedComponent, removal_template_group_id: IDS.rtgFieldTransport, attribution_factor_datapoint_id: null },
      ],
    });
    expect(added.co2e_net_removed_without_discount_kg as number).toBeLessThan(removal.co2e_net_removed_without_discount_kg as number);
    const deleted = await client.ok('supplierA', 'PATCH', path, { delete_component_ids: [IDS.sharedComponent] });
    expect(deleted.co2e_net_removed_kg).toBe(removal.co2e_net_removed_kg);
  });

  test('bounds and references', async () => {
    const client = new Client(demoSandbox());
    const removal = await createRemovalA(client);
    const path = `/mrv/v0/removals/${removal.id}`;
    expect422(await client.patch('supplierA', '/mrv/v0/removals/rmv_short', {}), ['path', 'id']);
    expect422(await client.patch('supplierA', path, { feedstock_type_id: 'short' }), ['body', 'feedstock_type_id']);
    expect422(await client.patch('supplierA', path, { started_on: '2026-13-01' }), ['body', 'started_on']);
    expect422(await client.patch('supplierA', path, { completed_on: '2026-01-01' }), ['body', 'completed_on']);
    expect422(await client.patch('supplierA', path, { delete_component_ids: ['short'] }), ['body', 'delete_component_ids', 0]);
    expect422(await client.patch('supplierA', path, { delete_component_ids: [MISSING.component] }), ['body', 'delete_component_ids', 0]);
    expect422(
      await client.patch('supplierA', path, {
        add_components: [{ component_id: MISSING.component, attribution_factor_datapoint_id: null }],
      }),
      ['body', 'add_components', 0, 'component_id'],
    );
    expect422(await client.patch('supplierA', path, { add_components: [{ component_id: IDS.sharedComponent }] }), [
      'body',
      'add_components',
      0,
      'attribution_factor_datapoint_id',
    ]);
  });

  test('another organisation gets 404; a submitted entry is 409', async () => {
    const client = new Client(demoSandbox());
    const { removal } = await submittedRemoval(client);
    expect((await client.patch('supplierB', `/mrv/v0/removals/${removal}`, { started_on: '2026-03-02' })).status).toBe(404);
    expect((await client.patch('supplierA', `/mrv/v0/removals/${removal}`, { started_on: '2026-03-02' })).status).toBe(409);
  });
});

describe('4. PATCH /removals/{id}/component_attributions', () => {
  test('attributes a shared component partially and removes it again', async () => {
    const client = new Client(demoSandbox());
    const first = await createRemovalA(client, 'first');
    const second = await createRemovalA(client, 'second');
    const add = (id: string, factor: number) =>
      client.patch('supplierA', `/mrv/v0/removals/${id}/component_attributions`, {
        components_to_add: [{ component_id: IDS.sharedComponent, component_group_key: 'field_transport', attribution_factor: factor }],
      });
    const sixty = await add(first.id, 0.6);
    expect(sixty.status).toBe(200);
    expectShape(response(4), sixty.body);
    // 0.4 is what remains of the shared component: 0.5 is refused, 0.4 accepted.
    expect422(await add(second.id, 0.5), ['body', 'components_to_add', 0, 'attribution_factor']);
    expect((await add(second.id, 0.4)).status).toBe(200);
    const listed = await client.ok<{
      nodes: { component_id: string; attribution_factor: number; ghg_entry_id: string; removal_id: string }[];
    }>('supplierA', 'GET', `/mrv/v0/ghg_entries/${first.id}/component_attributions?first=50`);
    const shared = listed.nodes.find((n) => n.component_id === IDS.sharedComponent);
    expect(shared?.attribution_factor).toBe(0.6);
    expect(shared?.ghg_entry_id).toBe(first.id);
    expect(shared?.removal_id).toBe(first.id);
    const removed = await client.ok('supplierA', 'PATCH', `/mrv/v0/removals/${first.id}/component_attributions`, {
      components_to_remove: [IDS.sharedComponent],
    });
    expect(removed.co2e_net_removed_kg).toBe(first.co2e_net_removed_kg);
  });

  test('bounds', async () => {
    const client = new Client(demoSandbox());
    const removal = await createRemovalA(client);
    const path = `/mrv/v0/removals/${removal.id}/component_attributions`;
    const add = (item: Record<string, unknown>) =>
      client.patch('supplierA', path, { components_to_add: [{ component_id: IDS.sharedComponent, component_group_key: 'g', ...item }] });
    expect422(await add({ attribution_factor: 0 }), ['body', 'components_to_add', 0, 'attribution_factor']);
    expect422(await add({ attribution_factor: 1.01 }), ['body', 'components_to_add', 0, 'attribution_factor']);
    expect422(await add({ component_id: 'short' }), ['body', 'components_to_add', 0, 'component_id']);
    expect422(await add({ component_group_key: undefined }), ['body', 'components_to_add', 0, 'component_group_key']);
    expect422(await client.patch('supplierA', path, { components_to_remove: ['x'.repeat(38)] }), ['body', 'components_to_remove', 0]);
    expect422(await client.patch('supplierA', path, { components_to_remove: [MISSING.component] }), ['body', 'components_to_remove', 0]);
    expect422(await client.patch('supplierA', '/mrv/v0/removals/rmv_short/component_attributions', {}), ['path', 'id']);
  });

  test('a submitted entry is 409', async () => {
    const client = new Client(demoSandbox());
    const { removal } = await submittedRemoval(client);
    expect(
      (await client.patch('supplierA', `/mrv/v0/removals/${removal}/component_attributions`, { components_to_remove: [] })).status,
    ).toBe(409);
  });
});

describe('5. GET /ghg_entries/{id}/component_attributions', () => {
  test('pages through the attributions in creation order, both spellings', async () => {
    const client = new Client(demoSandbox());
    const removal = await createRemovalA(client);
    const first = await client.ok<{
      nodes: { id: string; component_group_key: string }[];
      page_info: { end_cursor: string; has_next_page: boolean };
      total_count: number;
    }>('supplierA', 'GET', `/mrv/v0/ghg_entries/${removal.id}/component_attributions?first=2`);
    expectShape(response(5), first);
    expect(first.total_count).toBe(5);
    expect(first.nodes.map((n) => n.component_group_key)).toEqual(['sequestration', 'feedstock_transport']);
    const rest = await client.ok<{ nodes: { id: string }[] }>(
      'supplierA',
      'GET',
      `/mrv/v0/removals/${removal.id}/component_attributions?first=10&after=${first.page_info.end_cursor}`,
    );
    expect(rest.nodes).toHaveLength(3);
    expect((await client.get('supplierB', `/mrv/v0/ghg_entries/${removal.id}/component_attributions`)).status).toBe(404);
  });
});

describe('6 and 7. biochar applications', () => {
  test('creates one on a storage location and reads it back', async () => {
    const client = new Client(demoSandbox());
    const site = await client.ok<{ id: string }>('supplierA', 'POST', `/mrv/v0/projects/${IDS.projectA}/storage_locations`, storageBody);
    const created = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/biochar_applications', biocharBody(site.id));
    expectShape(response(6), created);
    expect(created).toMatchObject({
      storage_location_id: site.id,
      removal_id: null,
      ghg_entry_id: null,
      uploaded_at: '2026-06-01T00:00:00.000Z',
    });
    const read = await client.ok('supplierA', 'GET', `/mrv/v0/biochar_applications/${created.id}`);
    expectShape(response(7), read);
    expect(read).toEqual(created);
    expect((await client.get('supplierB', `/mrv/v0/biochar_applications/${created.id}`)).status).toBe(404);
  });

  test('bounds and references', async () => {
    const client = new Client(demoSandbox());
    const site = await client.ok<{ id: string }>('supplierA', 'POST', `/mrv/v0/projects/${IDS.projectA}/storage_locations`, storageBody);
    const base = biocharBody(site.id);
    const cases: [Record<string, unknown>, readonly (string | number)[]][] = [
      [{ application_date: '2026-04-02T10:00:00Z' }, ['body', 'application_date']],
      [{ production_batch_id: 'ptb_short' }, ['body', 'production_batch_id']],
      [{ project_id: `prj_${'1'.repeat(40)}` }, ['body', 'project_id']],
      [{ storage_site_id: 'fcl_01ZZZZZZZZZZZZZZZZZZZZZZZZ' }, ['body', 'storage_site_id']],
      [{ supplier_reference_id: '' }, ['body', 'supplier_reference_id']],
      [{ supplier_reference_id: 'x'.repeat(201) }, ['body', 'supplier_reference_id']],
      [{ source_ids: ['src_short'] }, ['body', 'source_ids', 0]],
      [{ truck_mass_on_arrival: { unit: 't' } }, ['body', 'truck_mass_on_arrival', 'magnitude']],
      [{ average_application_rate: { magnitude: 'lots', unit: 't/ha' } }, ['body', 'average_application_rate', 'magnitude']],
      [{ storage_site_id: MISSING.storageLocation }, ['body', 'storage_site_id']],
      [{ production_batch_id: 'ptb_01ZZZZZZZZZZZZZZZZZZZZZZZZ' }, ['body', 'production_batch_id']],
    ];
    for (const [change, loc] of cases)
      expect422(await client.post('supplierA', '/mrv/v0/biochar_applications', { ...base, ...change }), loc);
    expect422(await client.get('supplierA', '/mrv/v0/biochar_applications/bse_short'), ['path', 'id']);
  });
});

describe('8. POST /feedstock_batches', () => {
  test('creates a batch', async () => {
    const client = new Client(demoSandbox());
    const batch = await client.ok('supplierA', 'POST', '/mrv/v0/feedstock_batches', feedstockBatchBody);
    expectShape(response(8), batch);
    expect(batch).toMatchObject({
      display_name: 'Residues lot 3',
      created_at: '2026-06-01T00:00:00.000Z',
      feedstock_type_id: IDS.feedstockType,
    });
  });

  test('bounds', async () => {
    const client = new Client(demoSandbox());
    const cases: [Record<string, unknown>, readonly (string | number)[]][] = [
      [{ display_name: '' }, ['body', 'display_name']],
      [{ display_name: 'd'.repeat(151) }, ['body', 'display_name']],
      [{ supplier_reference_id: '' }, ['body', 'supplier_reference_id']],
      [{ supplier_reference_id: 's'.repeat(201) }, ['body', 'supplier_reference_id']],
      [{ feedstock_type_id: 'short' }, ['body', 'feedstock_type_id']],
      [{ feedstock_type_id: MISSING.feedstockType }, ['body', 'feedstock_type_id']],
      [{ delivery_date: '20-02-2026' }, ['body', 'delivery_date']],
      [{ mass: null }, ['body', 'mass']],
      [{ mass: undefined }, ['body', 'mass']],
    ];
    for (const [change, loc] of cases)
      expect422(await client.post('supplierA', '/mrv/v0/feedstock_batches', { ...feedstockBatchBody, ...change }), loc);
    expect(
      (await client.post('supplierA', '/mrv/v0/feedstock_batches', { ...feedstockBatchBody, display_name: 'd'.repeat(150) })).status,
    ).toBe(200);
  });
});

describe('9. DELETE /feedstock_types/{id}', () => {
  test('deletes an unused type (204, no body), refuses one in use (409)', async () => {
    const client = new Client(demoSandbox());
    const deleted = await client.delete('supplierA', `/mrv/v0/feedstock_types/${IDS.feedstockTypeUnused}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await client.delete('supplierA', `/mrv/v0/feedstock_types/${IDS.feedstockTypeUnused}`)).status).toBe(404);
    expect((await client.delete('supplierA', `/mrv/v0/feedstock_types/${IDS.feedstockType}`)).status).toBe(409);
    expect((await client.delete('supplierB', `/mrv/v0/feedstock_types/${IDS.feedstockType}`)).status).toBe(404);
    expect422(await client.delete('supplierA', '/mrv/v0/feedstock_types/ftt_1'), ['path', 'id']);
  });
});

describe('10. GET /datapoints', () => {
  test('filters, all optional', async () => {
    const client = new Client(demoSandbox());
    const removal = await createRemovalA(client);
    type Page = { nodes: { id: string; display_name: string }[]; total_count: number };
    const all = await client.ok<Page>('supplierA', 'GET', '/mrv/v0/datapoints');
    expectShape(response(10), all);
    expect(all.total_count).toBe(19);
    expect(all.nodes).toHaveLength(10);
    const get = (query: string) => client.ok<Page>('supplierA', 'GET', `/mrv/v0/datapoints?${query}&first=50`);
    expect((await get('display_name_contains=BATCH A')).total_count).toBe(7);
    expect((await get('quantity_kind=mass')).total_count).toBe(4);
    expect((await get('quantity_kind=energy')).total_count).toBe(2);
    expect((await get(`project_id=${IDS.projectB}`)).total_count).toBe(0);
    expect((await get('supplier_reference_id=demo-01ja0permanence00000')).nodes.map((n) => n.id)).toEqual([IDS.permanence]);
    expect((await get(`measurement_sample_id=${IDS.sample}`)).total_count).toBe(3);
    const used = await get(`used_in_ghg_entry=${removal.id}`);
    expect(used.total_count).toBe(12);
    expect((await get(`used_in_removal=${removal.id}`)).total_count).toBe(12);
    expect((await get(`used_in_ghg_entry_template=${IDS.template}`)).total_count).toBe(5);
    expect((await get(`used_in_removal_template=${IDS.template}`)).total_count).toBe(5);
    expect((await get('used_in_scope=GHG_STATEMENT')).total_count).toBe(0);
    expect((await get(`used_in_ghg_entry=${removal.id}&quantity_kind=mass`)).total_count).toBe(2);
    expect((await client.ok<Page>('supplierB', 'GET', '/mrv/v0/datapoints')).total_count).toBe(0);
  });

  test('bounds', async () => {
    const client = new Client(demoSandbox());
    const cases: [string, readonly (string | number)[]][] = [
      ['supplier_reference_id=', ['query', 'supplier_reference_id']],
      [`supplier_reference_id=${'s'.repeat(201)}`, ['query', 'supplier_reference_id']],
      ['project_id=short', ['query', 'project_id']],
      ['quantity_kind=weight', ['query', 'quantity_kind']],
      ['measurement_sample_id=short', ['query', 'measurement_sample_id']],
      ['used_in_ghg_entry=short', ['query', 'used_in_ghg_entry']],
      ['used_in_removal=short', ['query', 'used_in_removal']],
      ['used_in_ghg_statement=short', ['query', 'used_in_ghg_statement']],
      ['used_in_ghg_entry_template=short', ['query', 'used_in_ghg_entry_template']],
      ['used_in_removal_template=short', ['query', 'used_in_removal_template']],
      ['used_in_scope=EVERYWHERE', ['query', 'used_in_scope']],
    ];
    for (const [query, loc] of cases) expect422(await client.get('supplierA', `/mrv/v0/datapoints?${query}`), loc);
  });

  test('a duplicate supplier_reference_id is 409', async () => {
    const client = new Client(demoSandbox());
    expect((await client.post('supplierA', '/mrv/v0/datapoints', datapointBody('dup', 1, 't'))).status).toBe(200);
    expect((await client.post('supplierA', '/mrv/v0/datapoints', datapointBody('dup', 2, 't'))).status).toBe(409);
  });
});

describe('11 and 12. what uses a datapoint', () => {
  test('components and template components using a datapoint', async () => {
    const client = new Client(demoSandbox());
    const removal = await createRemovalA(client);
    type Page = { nodes: { id: string; removal_template_component_id?: string | null }[]; total_count: number };
    const components = await client.ok<Page>('supplierA', 'GET', `/mrv/v0/datapoints/${IDS.dryMassA}/components`);
    expectShape(response(11), components);
    // The world's shared field transport run and the sequestration component of the new entry.
    expect(components.total_count).toBe(2);
    expect(components.nodes.map((n) => n.removal_template_component_id)).toEqual([null, IDS.rtcSequestration]);
    const templates = await client.ok<Page>('supplierA', 'GET', `/mrv/v0/datapoints/${IDS.permanence}/removal_template_components`);
    expectShape(response(12), templates);
    expect(templates.nodes.map((n) => n.id)).toEqual([IDS.rtcSequestration]);
    expect((await client.ok<Page>('supplierA', 'GET', `/mrv/v0/datapoints/${IDS.dryMassA}/removal_template_components`)).total_count).toBe(
      0,
    );
    expect((await client.get('supplierB', `/mrv/v0/datapoints/${IDS.dryMassA}/components`)).status).toBe(404);
    expect(removal.id).toBeTruthy();
  });
});

describe('13 and 14. data upload submissions', () => {
  test('pending until processed, then completed or failed; the list filters by status', async () => {
    const client = new Client(demoSandbox());
    const first = await client.ok<{ id: string; status: string }>('supplierA', 'POST', '/mrv/v0/data-upload-submissions', submissionBody);
    expectShape(response(13), first);
    expect(first.status).toBe('pending');
    const second = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/data-upload-submissions', {
      ...submissionBody,
      file_upload_id: IDS.fileUpload2,
    });
    await client.ok('supplierA', 'POST', `/sandbox/v0/data-upload-submissions/${first.id}/process`, { status: 'completed' });
    const failed = await client.ok('supplierA', 'POST', `/sandbox/v0/data-upload-submissions/${second.id}/process`, {
      status: 'failed',
      error_message: 'column temperature missing',
    });
    expect(failed).toMatchObject({ status: 'failed', error_message: 'column temperature missing' });
    expect(
      (await client.post('supplierA', `/sandbox/v0/data-upload-submissions/${second.id}/process`, { status: 'completed' })).status,
    ).toBe(409);
    type Page = { nodes: { id: string }[]; total_count: number };
    const all = await client.ok<Page>('supplierA', 'GET', '/mrv/v0/data-upload-submissions');
    expectShape(response(14), all);
    expect(all.total_count).toBe(2);
    expect((await client.ok<Page>('supplierA', 'GET', '/mrv/v0/data-upload-submissions?status=failed')).nodes.map((n) => n.id)).toEqual([
      second.id,
    ]);
    expect((await client.ok<Page>('supplierA', 'GET', '/mrv/v0/data-upload-submissions?status=pending')).total_count).toBe(0);
    expect((await client.ok<Page>('supplierB', 'GET', '/mrv/v0/data-upload-submissions')).total_count).toBe(0);
    expect((await client.post('supplierA', '/mrv/v0/data-upload-submissions', submissionBody)).status).toBe(409);
  });

  test('validation per submission type, and bounds', async () => {
    const client = new Client(demoSandbox());
    const post = (change: Record<string, unknown>) =>
      client.post('supplierA', '/mrv/v0/data-upload-submissions', { ...submissionBody, ...change });
    expect422(await post({ facility_id: null }), ['body', 'facility_id']);
    expect422(await post({ submission_type: 'dac_storage_site_time_series', facility_id: null }), ['body', 'storage_location_id']);
    expect422(await post({ submission_type: 'dac_storage_site_time_series' }), ['body', 'facility_id']);
    expect422(await post({ submission_type: 'csv' }), ['body', 'submission_type']);
    expect422(await post({ file_upload_id: undefined }), ['body', 'file_upload_id']);
    expect422(await post({ file_upload_id: 'tfu_short' }), ['body', 'file_upload_id']);
    expect422(await post({ file_upload_id: 'tfu_01ZZZZZZZZZZZZZZZZZZZZZZZZ' }), ['body', 'file_upload_id']);
    expect422(await post({ facility_id: 'short' }), ['body', 'facility_id']);
    expect422(await post({ storage_location_id: 'x'.repeat(38) }), ['body', 'storage_location_id']);
    expect422(await client.get('supplierA', '/mrv/v0/data-upload-submissions?status=done'), ['query', 'status']);
    const site = await client.ok<{ id: string }>('supplierA', 'POST', `/mrv/v0/projects/${IDS.projectA}/storage_locations`, storageBody);
    expect((await post({ submission_type: 'dac_storage_site_time_series', facility_id: null, storage_location_id: site.id })).status).toBe(
      200,
    );
  });
});

describe('15. GET /projects/{project_id}/removal_templates', () => {
  test('lists the project templates', async () => {
    const client = new Client(demoSandbox());
    const page = await client.ok<{ nodes: { id: string; groups: unknown[] }[] }>(
      'supplierA',
      'GET',
      `/mrv/v0/projects/${IDS.projectA}/removal_templates`,
    );
    expectShape(response(15), page);
    expect(page.nodes.map((n) => n.id)).toEqual([IDS.template]);
    expect(page.nodes[0]?.groups).toHaveLength(6);
    expect((await client.get('supplierB', `/mrv/v0/projects/${IDS.projectA}/removal_templates`)).status).toBe(404);
    expect422(await client.get('supplierA', '/mrv/v0/projects/prj_x/removal_templates'), ['path', 'project_id']);
  });
});

describe('16 and 17. storage locations', () => {
  test('read and delete; one in use is 409', async () => {
    const client = new Client(demoSandbox());
    const site = await client.ok<{ id: string }>('supplierA', 'POST', `/mrv/v0/projects/${IDS.projectA}/storage_locations`, storageBody);
    const path = `/mrv/v0/projects/${IDS.projectA}/storage_locations/${site.id}`;
    const read = await client.ok('supplierA', 'GET', path);
    expectShape(response(16), read);
    expect(read).toMatchObject({ name: 'Field 7', supplier_id: IDS.supplierA, storage_method: 'biochar_field', latitude: 52.4 });
    expect((await client.get('supplierB', path)).status).toBe(404);
    expect((await client.get('supplierA', `/mrv/v0/projects/${IDS.projectB}/storage_locations/${site.id}`)).status).toBe(404);
    await client.ok('supplierA', 'POST', '/mrv/v0/biochar_applications', biocharBody(site.id));
    expect((await client.delete('supplierA', path)).status).toBe(409);
    const free = await client.ok<{ id: string }>('supplierA', 'POST', `/mrv/v0/projects/${IDS.projectA}/storage_locations`, {
      ...storageBody,
      supplier_reference_id: 'field-8',
    });
    const freePath = `/mrv/v0/projects/${IDS.projectA}/storage_locations/${free.id}`;
    expect((await client.delete('supplierB', freePath)).status).toBe(404);
    const deleted = await client.delete('supplierA', freePath);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await client.get('supplierA', freePath)).status).toBe(404);
  });

  test('bounds', async () => {
    const client = new Client(demoSandbox());
    const create = (change: Record<string, unknown>) =>
      client.post('supplierA', `/mrv/v0/projects/${IDS.projectA}/storage_locations`, { ...storageBody, ...change });
    expect422(await create({ name: 'n'.repeat(101) }), ['body', 'name']);
    expect422(await create({ latitude: 91 }), ['body', 'latitude']);
    expect422(await create({ longitude: -180.5 }), ['body', 'longitude']);
    expect422(await create({ supplier_reference_id: 'r'.repeat(101) }), ['body', 'supplier_reference_id']);
    expect422(await create({ storage_method: 'cave' }), ['body', 'storage_method']);
    expect422(await client.get('supplierA', `/mrv/v0/projects/${IDS.projectA}/storage_locations/slc_x`), ['path', 'id']);
    expect422(await client.delete('supplierA', `/mrv/v0/projects/prj_x/storage_locations/${MISSING.storageLocation}`), [
      'path',
      'project_id',
    ]);
  });
});

describe('18. GET /component_blueprints', () => {
  test('lists every blueprint', async () => {
    const client = new Client(demoSandbox());
    const page = await client.ok<{ nodes: { key: string }[]; total_count: number }>(
      'supplierB',
      'GET',
      '/mrv/v0/component_blueprints?first=50',
    );
    expectShape(response(18), page);
    expect(page.total_count).toBe(6);
    expect(page.nodes.map((n) => n.key)).toContain('biochar_sequestration');
  });
});

describe('19. GET /sources/{id}/private_url', () => {
  test('a single JSON string for the owner; 404 for others', async () => {
    const client = new Client(demoSandbox());
    const url = await client.ok<string>('supplierA', 'GET', `/mrv/v0/sources/${IDS.labSource}/private_url`);
    expectShape(response(19), url);
    expect(url).toMatch(/^https:\/\//);
    expect((await client.get('supplierB', `/mrv/v0/sources/${IDS.labSource}/private_url`)).status).toBe(404);
    expect422(await client.get('supplierA', '/mrv/v0/sources/src_x/private_url'), ['path', 'id']);
  });
});

/** The buyer's active batch of the demo world: what remains of batch B2 after the world's transfer. */
async function buyerBatch(client: Client): Promise<{ id: string; size: { credit_kgs: number } }> {
  const page = await client.ok<{ nodes: { id: string; status: string; size: { credit_kgs: number } }[] }>(
    'buyer',
    'GET',
    `/registry/v0/organisations/${IDS.buyer}/credit_batches`,
  );
  const batch = page.nodes.find((b) => b.status === 'active');
  if (batch === undefined) throw new Error('the buyer holds no active batch');
  return batch;
}

describe('20. POST /retirements', () => {
  test('retires part of a batch: the batch splits, the retired part is final', async () => {
    const client = new Client(demoSandbox());
    const batch = await buyerBatch(client);
    expect(batch.size.credit_kgs).toBe(2000);
    const retirement = await client.ok<{ id: string; credit_batch_size_total: { credit_kgs: number; credits: number } }>(
      'buyer',
      'POST',
      '/registry/v0/retirements',
      retirementBody(batch.id, 500),
    );
    expectShape(response(20), retirement);
    expect(retirement.credit_batch_size_total).toEqual({ credit_kgs: 500, credits: 0.5 });
    const parent = await client.ok<{ status: string; left_child_id: string; right_child_id: string }>(
      'buyer',
      'GET',
      `/registry/v0/credit_batches/${batch.id}`,
    );
    expect(parent.status).toBe('split');
    const left = await client.ok<{ status: string; retirement_id: string }>(
      'buyer',
      'GET',
      `/registry/v0/credit_batches/${parent.left_child_id}`,
    );
    expect(left).toMatchObject({ status: 'retired', retirement_id: retirement.id });
    // A retired batch cannot be retired again.
    expect422(await client.post('buyer', '/registry/v0/retirements', retirementBody(parent.left_child_id, 1)), [
      'body',
      'credit_batch_quantities',
      0,
      'credit_batch_id',
    ]);
  });

  test('bounds, and credits of someone else', async () => {
    const client = new Client(demoSandbox());
    const batch = await buyerBatch(client);
    const base = retirementBody(batch.id, 100);
    const cases: [Record<string, unknown>, readonly (string | number)[]][] = [
      [{ beneficiary_organisation_id: 'short' }, ['body', 'beneficiary_organisation_id']],
      [{ owner_organisation_id: 'o'.repeat(38) }, ['body', 'owner_organisation_id']],
      [{ supplier_id: 'short' }, ['body', 'supplier_id']],
      [{ credit_batch_quantities: [] }, ['body', 'credit_batch_quantities']],
      [{ retirement_purposes: [] }, ['body', 'retirement_purposes']],
      [{ retirement_purposes: ['fun'] }, ['body', 'retirement_purposes', 0]],
      [{ notes: 'n'.repeat(257) }, ['body', 'notes']],
      [{ notes: undefined }, ['body', 'notes']],
      [
        { credit_batch_quantities: [{ credit_batch_id: batch.id, credit_quantity_kg: 0 }] },
        ['body', 'credit_batch_quantities', 0, 'credit_quantity_kg'],
      ],
      [
        { credit_batch_quantities: [{ credit_batch_id: batch.id, credit_quantity_kg: 2001 }] },
        ['body', 'credit_batch_quantities', 0, 'credit_quantity_kg'],
      ],
      [{ owner_organisation_id: IDS.orgB }, ['body', 'owner_organisation_id']],
      [{ supplier_id: IDS.supplierA }, ['body', 'credit_batch_quantities', 0, 'credit_batch_id']],
    ];
    for (const [change, loc] of cases) expect422(await client.post('buyer', '/registry/v0/retirements', { ...base, ...change }), loc);
    expect((await client.post('buyer', '/registry/v0/retirements', { ...base, notes: 'n'.repeat(256) })).status).toBe(200);
  });
});

describe('21. GET /suppliers/{id}/deliveries', () => {
  test('lists the deliveries of a supplier', async () => {
    const client = new Client(demoSandbox());
    const page = await client.ok<{ nodes: { id: string }[]; total_count: number }>(
      'buyer',
      'GET',
      `/registry/v0/suppliers/${IDS.supplierB}/deliveries`,
    );
    expectShape(response(21), page);
    expect(page.nodes.map((n) => n.id)).toEqual([IDS.deliveryB]);
    expect(
      (await client.ok<{ total_count: number }>('buyer', 'GET', `/registry/v0/suppliers/${IDS.supplierA}/deliveries`)).total_count,
    ).toBe(0);
    expect422(await client.get('buyer', '/registry/v0/suppliers/org_01JDEMOSUPPLIERB00000/deliveries'), ['path', 'id']);
  });
});

describe('22. GET /transfers', () => {
  test('lists the transfers the caller took part in, with filters', async () => {
    const client = new Client(demoSandbox());
    type Page = { nodes: { id: string }[]; total_count: number };
    const page = await client.ok<Page>('buyer', 'GET', '/registry/v0/transfers');
    expectShape(response(22), page);
    expect(page.nodes.map((n) => n.id)).toEqual([IDS.transfer]);
    expect((await client.ok<Page>('supplierA', 'GET', `/registry/v0/transfers?to_organisation_id=${IDS.orgA}`)).total_count).toBe(1);
    expect((await client.ok<Page>('buyer', 'GET', `/registry/v0/transfers?from_organisation_id=${IDS.orgA}`)).total_count).toBe(0);
    expect((await client.ok<Page>('supplierB', 'GET', '/registry/v0/transfers')).total_count).toBe(0);
    expect422(await client.get('buyer', '/registry/v0/transfers?from_organisation_id=short'), ['query', 'from_organisation_id']);
    expect422(await client.get('buyer', `/registry/v0/transfers?to_organisation_id=${'o'.repeat(38)}`), ['query', 'to_organisation_id']);
  });
});

describe('23. GET /refunds/{id}/credit_batches', () => {
  test('the batches a refund moved, without page_info', async () => {
    const client = new Client(demoSandbox());
    const list = await client.ok<{ nodes: { size: { credit_kgs: number }; owner: { id: string } }[]; total_count: number }>(
      'supplierA',
      'GET',
      `/registry/v0/refunds/${IDS.refund}/credit_batches`,
    );
    expectShape(response(23), list);
    expect(Object.keys(list).sort()).toEqual(['nodes', 'total_count']);
    expect(list.total_count).toBe(1);
    expect(list.nodes[0]).toMatchObject({ size: { credit_kgs: 50 }, owner: { id: IDS.orgB } });
    expect422(await client.get('supplierA', '/registry/v0/refunds/ret_01ZZZZZZZZZZZZZZZZZZZZZZZZ/credit_batches'), ['path', 'id']);
  });
});
