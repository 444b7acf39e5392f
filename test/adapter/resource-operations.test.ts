/**
 * The operations added for the whole OpenAPI: deletes answer 204 and then 404, or 409 while the
 * resource is in use (and change nothing); changes keep supplier references unique; monitoring
 * submissions, storage units and sensors check what they name; the registry's parties, projects,
 * beneficiaries and the simulated Stripe checkout that places an order.
 */
import { describe, expect, test } from 'vitest';
import {
  BATCH_A,
  Client,
  createApplication,
  createStorageLocation,
  datapointBody,
  demoSandbox,
  IDS,
  issuedRemoval,
  removalBody,
  sampleBody,
} from './fixtures';

const A = 'supplierA';

async function expectConflict(client: Client, path: string): Promise<void> {
  const before = client.sandbox.state.snapshot();
  const response = await client.delete(A, path);
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(409);
  expect(typeof (response.body as { detail: unknown }).detail).toBe('string');
  expect(client.sandbox.state.snapshot()).toBe(before);
}

async function expectDeleted(client: Client, path: string): Promise<void> {
  expect((await client.delete(A, path)).status, path).toBe(204);
  expect((await client.get(A, path)).status, path).toBe(404);
}

describe('deletes: 204 then 404, or 409 while in use', () => {
  test('datapoints, sources, components, entries, locations, batches, applications', async () => {
    const client = new Client(demoSandbox());
    const entry = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/removals', removalBody('del-entry', BATCH_A));
    // In use by the entry's components, templates, samples, datapoints or the entry itself.
    await expectConflict(client, `/mrv/v0/datapoints/${IDS.dryMassA}`);
    await expectConflict(client, `/mrv/v0/datapoints/${IDS.permanence}`);
    await expectConflict(client, `/mrv/v0/sources/${IDS.labSource}`);
    const attributions = await client.ok<{ nodes: { component_id: string }[] }>(
      A,
      'GET',
      `/mrv/v0/removals/${entry.id}/component_attributions`,
    );
    await expectConflict(client, `/mrv/v0/components/${attributions.nodes[0]?.component_id as string}`);
    await expectConflict(client, `/mrv/v0/feedstock_types/${IDS.feedstockType}`);
    await expectConflict(client, `/mrv/v0/production_batches/${IDS.productionBatch}`);
    const location = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/measurement_locations', {
      supplier_reference_id: 'del-loc',
      latitude: 1,
      longitude: 2,
      project_id: IDS.projectA,
    });
    await client.ok(A, 'POST', '/mrv/v0/measurement_samples', sampleBody('del-sample', { location: location.id }));
    await expectConflict(client, `/mrv/v0/measurement_locations/${location.id}`);
    const site = await createStorageLocation(client, 'del-site');
    const application = await createApplication(client, 'del-app', site.id);
    await expectConflict(client, `/mrv/v0/projects/${IDS.projectA}/storage_locations/${site.id}`);
    await client.ok(A, 'POST', `/sandbox/v0/biochar_applications/${application.id}/ghg_entry`, { ghg_entry_id: entry.id });
    await expectConflict(client, `/mrv/v0/biochar_applications/${application.id}`);
    // Free again: deleted, then missing.
    await client.ok(A, 'POST', `/sandbox/v0/biochar_applications/${application.id}/ghg_entry`, { ghg_entry_id: null });
    await expectDeleted(client, `/mrv/v0/biochar_applications/${application.id}`);
    await expectDeleted(client, `/mrv/v0/projects/${IDS.projectA}/storage_locations/${site.id}`);
    const free = await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/datapoints', datapointBody('del-dp', 1, 't'));
    await expectDeleted(client, `/mrv/v0/datapoints/${free.id}`);
    await expectDeleted(client, `/mrv/v0/removals/${entry.id}`);
    await expectDeleted(client, `/mrv/v0/feedstock_types/${IDS.feedstockTypeUnused}`);
  });

  test("an entry in a statement cannot be deleted; another organisation's record is missing, not in use", async () => {
    const client = new Client(demoSandbox());
    await client.ok<{ id: string }>(A, 'POST', '/mrv/v0/removals', removalBody('stmt-entry', BATCH_A));
    const statement = await client.ok<{ removal_ids: string[] }>(A, 'POST', '/mrv/v0/ghg_statements', {
      project_id: IDS.projectA,
      end_on: '2026-03-31',
    });
    await expectConflict(client, `/mrv/v0/ghg_entries/${statement.removal_ids[0] as string}`);
    expect((await client.delete('supplierB', `/mrv/v0/datapoints/${IDS.dryMassA}`)).status).toBe(404);
  });
});

describe('changes', () => {
  test('a supplier reference stays unique: PATCH to one in use is 409', async () => {
    const client = new Client(demoSandbox());
    await client.ok(A, 'POST', '/mrv/v0/datapoints', datapointBody('taken', 1, 't'));
    expect((await client.patch(A, `/mrv/v0/feedstock_types/${IDS.feedstockType}`, { supplier_reference_id: 'taken' })).status).toBe(409);
    expect((await client.patch(A, `/mrv/v0/sources/${IDS.labSource}`, { supplier_reference_id: 'taken' })).status).toBe(409);
    const renamed = await client.ok<{ name: string; supplier_reference_id: string }>(
      A,
      'PATCH',
      `/mrv/v0/feedstock_types/${IDS.feedstockType}`,
      { name: 'Chips', supplier_reference_id: 'chips' },
    );
    expect(renamed).toMatchObject({ name: 'Chips', supplier_reference_id: 'chips' });
  });
});

describe('monitoring, storage units and sensors', () => {
  test('a submission meets a requirement of the project with a source of the same project; units of sensors are checked', async () => {
    const client = new Client(demoSandbox());
    const requirements = await client.ok<{ total_count: number; nodes: { id: string }[] }>(
      A,
      'GET',
      `/mrv/v0/projects/${IDS.projectA}/monitoring_requirements`,
    );
    expect(requirements.total_count).toBe(2);
    const requirement = requirements.nodes[0]?.id as string;
    const path = `/mrv/v0/projects/${IDS.projectA}/monitoring_requirements/${requirement}/submissions`;
    const bad = await client.post(A, path, {
      source_id: IDS.labSource,
      valid_from: '2026-04-01T00:00:00Z',
      valid_to: '2026-03-01T00:00:00Z',
    });
    expect(bad.status).toBe(422);
    const made = await client.ok<{ id: string; project_monitoring_requirement_id: string }>(A, 'POST', path, {
      source_id: IDS.labSource,
      valid_from: '2026-04-01T00:00:00Z',
    });
    expect(made.project_monitoring_requirement_id).toBe(requirement);
    expect((await client.ok<{ total_count: number }>(A, 'GET', path)).total_count).toBe(1);
    // Another organisation sees neither the requirement nor its submissions.
    expect((await client.get('supplierB', `/mrv/v0/projects/${IDS.projectA}/monitoring_requirements/${requirement}`)).status).toBe(404);
    const site = await createStorageLocation(client, 'mon-site');
    for (const units of ['kg', 'banana']) {
      const sensor = await client.post(A, '/mrv/v0/sensors', {
        reference: 'probe',
        measurement_property: { quantity_kind: 'temperature', qualifier: null },
        units,
        storage_location_id: site.id,
      });
      expect(sensor.status).toBe(422);
      expect((sensor.body as { detail: { loc: unknown[]; msg: string }[] }).detail).toMatchObject([{ loc: ['body', 'units'] }]);
      expect(JSON.stringify(sensor.body)).toContain(`'${units}'`);
    }
    const unit = await client.ok<{ supplier_id: string }>(A, 'POST', '/mrv/v0/storage_units', {
      storage_location_id: site.id,
      name: 'Well 1',
      latitude: 1,
      longitude: 2,
      description: { __typename: 'Undefined' },
    });
    expect(unit.supplier_id).toBe(IDS.supplierA);
    expect(
      (await client.post('supplierB', '/mrv/v0/storage_units', { storage_location_id: site.id, name: 'Well 2', latitude: 1, longitude: 2 }))
        .status,
    ).toBe(422);
  });
});

describe('registry parties, projects and the checkout', () => {
  test("a beneficiary is its registrar's: listed and readable by it only, and credits can be retired for it", async () => {
    const client = new Client(demoSandbox());
    const acme = await client.ok<{ id: string; domain: string }>('buyer', 'POST', '/registry/v0/beneficiary', {
      beneficiary_name: 'Acme',
      beneficiary_domain: 'acme.example',
    });
    expect(acme.domain).toBe('acme.example');
    const person = await client.post('buyer', '/registry/v0/beneficiary', { beneficiary_name: 'Jo', beneficiary_email: 'not-an-address' });
    expect(person.status).toBe(422);
    expect((await client.ok<{ nodes: { id: string }[] }>('buyer', 'GET', '/registry/v0/beneficiaries')).nodes.map((o) => o.id)).toEqual([
      acme.id,
    ]);
    expect((await client.ok<{ total_count: number }>(A, 'GET', '/registry/v0/beneficiaries')).total_count).toBe(0);
    expect((await client.get(A, `/registry/v0/organisations/${acme.id}`)).status).toBe(404);
    expect((await client.get('buyer', `/registry/v0/organisations/${acme.id}`)).status).toBe(200);
    const transferees = await client.ok<{ nodes: { id: string }[] }>('buyer', 'GET', '/registry/v0/transferees?first=50');
    expect(transferees.nodes.map((o) => o.id)).not.toContain(acme.id);
    expect(transferees.nodes.map((o) => o.id)).not.toContain(IDS.buyer);
    const issued = await issuedRemoval(client);
    const batch = issued.issued.credit_batches.supplier_credit_batches[0]?.id as string;
    const retired = await client.ok<{ beneficiary: { id: string } }>(A, 'POST', '/registry/v0/retirements', {
      beneficiary_organisation_id: acme.id,
      owner_organisation_id: IDS.orgA,
      credit_batch_quantities: [{ credit_batch_id: batch, credit_quantity_kg: 100 }],
      retirement_purposes: ['other'],
      notes: null,
      supplier_id: IDS.supplierA,
    });
    expect(retired.beneficiary.id).toBe(acme.id);
    const listed = await client.ok<{ nodes: { beneficiary: { id: string } }[] }>(
      'buyer',
      'GET',
      `/registry/v0/retirements?beneficiary_org_id=${acme.id}`,
    );
    expect(listed.nodes).toHaveLength(1);
  });

  test('a registry project follows interface.md 1, and counts its issued and retired credits', async () => {
    const client = new Client(demoSandbox());
    expect((await client.get('buyer', `/registry/v0/projects/${IDS.projectA}`)).status).toBe(404);
    const issued = await issuedRemoval(client);
    const project = await client.ok<{
      issued_credits_total: { credit_kgs: number };
      current_verifier_name: string;
      supplier: { id: string };
    }>('buyer', 'GET', `/registry/v0/projects/${IDS.projectA}`);
    const supplierKg = issued.issued.credit_batches.supplier_credit_batches.reduce((sum, b) => sum + b.size.credit_kgs, 0);
    expect(project.issued_credits_total.credit_kgs).toBe(supplierKg);
    expect(project.supplier.id).toBe(IDS.supplierA);
    expect((await client.ok<{ total_count: number }>('buyer', 'GET', `/registry/v0/suppliers/${IDS.supplierA}/projects`)).total_count).toBe(
      1,
    );
    expect((await client.ok<{ total_count: number }>('buyer', 'GET', `/registry/v0/projects/${IDS.projectA}/documents`)).total_count).toBe(
      1,
    );
  });

  test('a checkout session is opened by a configured supplier and completed by the helper, which places the order', async () => {
    const client = new Client(demoSandbox());
    const body = {
      quantity_kg: 2000,
      frequency: 'one_time',
      isometric_terms_and_conditions_accepted: true,
      supplier_terms_and_conditions_accepted: true,
      success_url: 'https://s.example/ok',
      cancel_url: 'https://s.example/no',
    };
    expect((await client.get('supplierB', '/registry/v0/stripe/configuration')).status).toBe(404);
    expect((await client.post('supplierB', '/registry/v0/stripe/checkout', body)).status).toBe(409);
    expect((await client.post(A, '/registry/v0/stripe/checkout', { ...body, supplier_terms_and_conditions_accepted: false })).status).toBe(
      422,
    );
    const session = await client.ok<{ redirect_url: string }>(A, 'POST', '/registry/v0/stripe/checkout', body);
    const id = session.redirect_url.split('/').pop() as string;
    const done = await client.ok<{
      order: { id: string; credits_ordered: { credit_kgs: number }; status: string; supplier: { id: string } };
    }>(A, 'POST', `/sandbox/v0/stripe/checkout_sessions/${id}/complete`, { buyer_organisation_id: IDS.buyer });
    expect(done.order).toMatchObject({ credits_ordered: { credit_kgs: 2000 }, status: 'placed', supplier: { id: IDS.supplierA } });
    expect((await client.post(A, `/sandbox/v0/stripe/checkout_sessions/${id}/complete`, { buyer_organisation_id: IDS.buyer })).status).toBe(
      409,
    );
    const orders = await client.ok<{ nodes: { id: string }[] }>('buyer', 'GET', `/registry/v0/organisations/${IDS.buyer}/orders?first=50`);
    expect(orders.nodes.map((o) => o.id)).toContain(done.order.id);
    expect(
      (await client.ok<{ nodes: { id: string }[] }>(A, 'GET', `/registry/v0/suppliers/${IDS.supplierA}/orders?first=50`)).nodes.map(
        (o) => o.id,
      ),
    ).toContain(done.order.id);
    expect((await client.get('supplierB', `/registry/v0/orders/${done.order.id}`)).status).toBe(404);
  });
});
