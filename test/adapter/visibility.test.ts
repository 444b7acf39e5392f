/**
 * Visibility rules of interface.md section 1, as a matrix: resource x caller x phase (draft,
 * submitted, issued), the callers being organisations and the public (a client secret and no
 * Authorization header). Invisible answers exactly like missing: 404 for an organisation, 401
 * for the public.
 */
import { describe, expect, test } from 'vitest';
import { BATCH_A, Client, datapointBody, demoSandbox, IDS, MISSING, removalBody, SECRET, submittedRemoval, type Who } from './fixtures';

type Phase = 'draft' | 'submitted' | 'issued';
/** The callers of the matrix: organisations by their token, and the public (client secret, no Authorization header). */
type Caller = Exclude<Who, 'bufferPool'> | 'anonymous';
type Callers = Record<Caller, boolean>;

async function world(phase: Phase) {
  const client = new Client(demoSandbox());
  const { removal, statement } = await submittedRemovalOrDraft(client, phase);
  const attributions = await client.ok<{ nodes: { component_id: string }[] }>('supplierA', 'GET', `/mrv/v0/removals/${removal}/component_attributions`);
  const component = attributions.nodes[0]?.component_id as string;
  return { client, removal, statement, component };
}

async function submittedRemovalOrDraft(client: Client, phase: Phase) {
  if (phase === 'draft') {
    const removal = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/removals', removalBody('draft', BATCH_A));
    const statement = await client.ok<{ id: string }>('supplierA', 'POST', '/mrv/v0/ghg_statements', { project_id: IDS.projectA, end_on: '2026-03-31' });
    return { removal: removal.id, statement: statement.id };
  }
  const ids = await submittedRemoval(client);
  if (phase === 'issued') {
    await client.ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${ids.statement}/verify`, {});
    await client.ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${ids.statement}/issue_credits`);
  }
  return ids;
}

const ONLY_OWNER: Callers = { supplierA: true, supplierB: false, verifier: false, buyer: false, anonymous: false };
const OWNER_AND_VERIFIER: Callers = { supplierA: true, supplierB: false, verifier: true, buyer: false, anonymous: false };
const EVERYONE: Callers = { supplierA: true, supplierB: true, verifier: true, buyer: true, anonymous: true };

type Resource = { readonly name: string; readonly path: (w: Awaited<ReturnType<typeof world>>) => string; readonly missing: string; readonly expected: Record<Phase, Callers> };

const RESOURCES: readonly Resource[] = [
  { name: 'GHG entry', path: (w) => `/mrv/v0/ghg_entries/${w.removal}`, missing: `/mrv/v0/ghg_entries/${MISSING.removal}`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: EVERYONE } },
  { name: 'its attributions', path: (w) => `/mrv/v0/removals/${w.removal}/component_attributions`, missing: `/mrv/v0/removals/${MISSING.removal}/component_attributions`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: EVERYONE } },
  { name: 'GHG statement', path: (w) => `/mrv/v0/ghg_statements/${w.statement}`, missing: `/mrv/v0/ghg_statements/${MISSING.statement}`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: EVERYONE } },
  { name: 'a component of the entry', path: (w) => `/mrv/v0/components/${w.component}`, missing: `/mrv/v0/components/${MISSING.component}`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: EVERYONE } },
  { name: 'a datapoint of the entry', path: () => `/mrv/v0/datapoints/${IDS.carbonA1}`, missing: `/mrv/v0/datapoints/${MISSING.datapoint}`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: EVERYONE } },
  { name: 'the components using a datapoint of the entry', path: () => `/mrv/v0/datapoints/${IDS.carbonA1}/components`, missing: `/mrv/v0/datapoints/${MISSING.datapoint}/components`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: EVERYONE } },
  { name: 'a datapoint the entry does not use', path: () => `/mrv/v0/datapoints/${IDS.feedMassA.replace('MASSA', 'MASSB')}`, missing: `/mrv/v0/datapoints/${MISSING.datapoint}`, expected: { draft: ONLY_OWNER, submitted: ONLY_OWNER, issued: ONLY_OWNER } },
  { name: 'a source of the entry (metadata)', path: () => `/mrv/v0/sources/${IDS.labSource}`, missing: `/mrv/v0/sources/${MISSING.source}`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: EVERYONE } },
  { name: 'a source document (private URL)', path: () => `/mrv/v0/sources/${IDS.labSource}/private_url`, missing: `/mrv/v0/sources/${MISSING.source}/private_url`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: OWNER_AND_VERIFIER } },
  { name: 'a public source document (private URL)', path: () => `/mrv/v0/sources/${IDS.weighbridgeSource}/private_url`, missing: `/mrv/v0/sources/${MISSING.source}/private_url`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: OWNER_AND_VERIFIER } },
  { name: 'the project templates', path: () => `/mrv/v0/projects/${IDS.projectA}/removal_templates`, missing: `/mrv/v0/projects/${MISSING.project}/removal_templates`, expected: { draft: ONLY_OWNER, submitted: OWNER_AND_VERIFIER, issued: EVERYONE } },
];

describe.each(['draft', 'submitted', 'issued'] as const)('%s', (phase) => {
  test.each(RESOURCES)('$name', async (resource) => {
    const w = await world(phase);
    const path = resource.path(w);
    const expected = resource.expected[phase];
    for (const who of Object.keys(expected) as Caller[]) {
      const caller = who === 'anonymous' ? null : who;
      const response = await w.client.get(caller, path);
      if (expected[who]) {
        expect(response.status, `${who} ${path}`).toBe(200);
        continue;
      }
      // Invisible answers exactly like missing: 404 for an organisation, 401 for the public.
      expect(response.status, `${who} ${path}`).toBe(who === 'anonymous' ? 401 : 404);
      expect(response, `${who} ${path}`).toEqual(await w.client.get(caller, resource.missing));
    }
  });
});

describe('rules', () => {
  test('an invisible resource answers exactly like a missing one', async () => {
    const client = new Client(demoSandbox());
    const hidden = await client.get('supplierB', `/mrv/v0/datapoints/${IDS.carbonA1}`);
    const missing = await client.get('supplierB', `/mrv/v0/datapoints/${MISSING.datapoint}`);
    expect(hidden).toEqual(missing);
    const hiddenSource = await client.get('buyer', `/mrv/v0/sources/${IDS.labSource}/private_url`);
    const missingSource = await client.get('buyer', `/mrv/v0/sources/${MISSING.source}/private_url`);
    expect(hiddenSource).toEqual(missingSource);
  });

  test('a source added to a datapoint of a submitted entry is visible to the verifier at once (rule 5)', async () => {
    const client = new Client(demoSandbox());
    await submittedRemoval(client);
    const created = await client.ok<{ source: { id: string } }>('supplierA', 'POST', '/mrv/v0/sources', {
      supplier_reference_id: 'late-source',
      __typename: 'CreateDocumentSourceRequest',
      display_name: 'Late calibration certificate',
      published_at: '2026-05-01',
      is_public: false,
      file_name: 'calibration.pdf',
      content_type: 'application/pdf',
      content_length: 1200,
      project_id: IDS.projectA,
    });
    const source = created.source.id;
    expect((await client.get('verifier', `/mrv/v0/sources/${source}`)).status).toBe(404);
    const datapoint = await client.ok<{ source_ids: string[] }>('supplierA', 'GET', `/mrv/v0/datapoints/${IDS.dryMassA}`);
    await client.ok('supplierA', 'PATCH', `/mrv/v0/datapoints/${IDS.dryMassA}`, { source_ids: [...datapoint.source_ids, source] });
    expect((await client.get('verifier', `/mrv/v0/sources/${source}`)).status).toBe(200);
    expect((await client.get('verifier', `/mrv/v0/sources/${source}/private_url`)).status).toBe(200);
    expect((await client.get('buyer', `/mrv/v0/sources/${source}`)).status).toBe(404);
  });

  test('the verifier of a statement cannot change what it sees', async () => {
    const client = new Client(demoSandbox());
    const { removal } = await submittedRemoval(client);
    expect((await client.get('verifier', `/mrv/v0/removals/${removal}`)).status).toBe(200);
    expect((await client.patch('verifier', `/mrv/v0/removals/${removal}`, { started_on: '2026-03-02' })).status).toBe(404);
  });

  test('lists show only what the caller may see', async () => {
    const client = new Client(demoSandbox());
    const { removal } = await submittedRemoval(client);
    const verifierList = await client.ok<{ total_count: number }>('verifier', 'GET', '/mrv/v0/datapoints?first=50');
    // The entry's twelve datapoints, nothing else of the supplier.
    expect(verifierList.total_count).toBe(12);
    const filtered = await client.ok<{ total_count: number }>('verifier', 'GET', `/mrv/v0/datapoints?used_in_ghg_entry=${removal}`);
    expect(filtered.total_count).toBe(12);
    expect((await client.ok<{ total_count: number }>('buyer', 'GET', `/mrv/v0/datapoints?used_in_ghg_entry=${removal}`)).total_count).toBe(0);
  });
});

describe('the public: a client secret and no Authorization header', () => {
  type Issued = { issuance: { id: string }; credit_batches: { supplier_credit_batches: { id: string }[] } };

  async function issuedWorld() {
    const client = new Client(demoSandbox());
    const ids = await submittedRemoval(client);
    await client.ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${ids.statement}/verify`, {});
    const issued = await client.ok<Issued>('verifier', 'POST', `/sandbox/v0/ghg_statements/${ids.statement}/issue_credits`);
    const batch = issued.credit_batches.supplier_credit_batches[0]?.id as string;
    return { client, ...ids, issuance: issued.issuance.id, batch };
  }

  const ids = (page: { nodes: { id: string }[]; total_count: number }) => ({ ids: page.nodes.map((n) => n.id), total: page.total_count });

  test('lists read anonymously show only public items: nothing before issuance, what any other organisation sees after', async () => {
    const client = new Client(demoSandbox());
    const { removal, statement } = await submittedRemoval(client);
    const lists = ['/mrv/v0/datapoints?first=50', '/mrv/v0/measurement_samples?first=50', `/mrv/v0/datapoints?used_in_ghg_entry=${removal}&first=50`];
    for (const path of lists) expect((await client.ok<{ total_count: number }>(null, 'GET', path)).total_count, path).toBe(0);
    await client.ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${statement}/verify`, {});
    await client.ok('verifier', 'POST', `/sandbox/v0/ghg_statements/${statement}/issue_credits`);
    for (const path of lists) {
      const anonymous = ids(await client.ok(null, 'GET', path));
      expect(anonymous.total, path).toBeGreaterThan(0);
      expect(anonymous, path).toEqual(ids(await client.ok('buyer', 'GET', path)));
      // The owner sees more: its datapoints the entry does not use.
      expect(ids(await client.ok('supplierA', 'GET', path)).total, path).toBeGreaterThanOrEqual(anonymous.total);
    }
    expect(ids(await client.ok(null, 'GET', '/mrv/v0/datapoints?first=50')).total).toBe(12);
    // The component blueprints are the service's catalogue: public.
    expect((await client.ok<{ total_count: number }>(null, 'GET', '/mrv/v0/component_blueprints')).total_count).toBeGreaterThan(0);
  });

  test('a public source shows its metadata, never its document', async () => {
    const { client } = await issuedWorld();
    const source = await client.ok<{ url_info: { __typename: string; is_accessible?: boolean } }>(null, 'GET', `/mrv/v0/sources/${IDS.labSource}`);
    expect(source.url_info).toEqual({ __typename: 'SourcePrivateUrlInfo', is_accessible: false });
    for (const id of [IDS.labSource, IDS.weighbridgeSource, MISSING.source]) {
      const response = await client.get(null, `/mrv/v0/sources/${id}/private_url`);
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
  });

  test('the public registry: batches, issuances, balances, deliveries, refunds, retirements; never transfers or orders', async () => {
    const { client, issuance, batch } = await issuedWorld();
    const retirement = await client.ok<{ id: string }>('supplierA', 'POST', '/registry/v0/retirements', {
      beneficiary_organisation_id: IDS.orgA,
      owner_organisation_id: IDS.orgA,
      credit_batch_quantities: [{ credit_batch_id: batch, credit_quantity_kg: 1 }],
      retirement_purposes: ['corporate_targets'],
      notes: null,
      supplier_id: IDS.supplierA,
    });
    const publicPaths = [
      `/registry/v0/credit_batches/${batch}`,
      `/registry/v0/issuances/${issuance}`,
      `/registry/v0/issuances/${issuance}/credit_batches`,
      `/registry/v0/organisations/${IDS.orgA}/credit_balance`,
      `/registry/v0/organisations/${IDS.orgA}/credit_batches`,
      `/registry/v0/suppliers/${IDS.supplierB}/deliveries`,
      `/registry/v0/deliveries/${IDS.deliveryB}`,
      `/registry/v0/deliveries/${IDS.deliveryB}/credit_batches`,
      `/registry/v0/refunds/${IDS.refund}`,
      `/registry/v0/refunds/${IDS.refund}/credit_batches`,
      `/registry/v0/retirements/${retirement.id}`,
      `/registry/v0/retirements/${retirement.id}/credit_batches`,
    ];
    for (const path of publicPaths) {
      const anonymous = await client.get(null, path);
      expect(anonymous.status, path).toBe(200);
      expect(anonymous.body, path).toEqual((await client.get('buyer', path)).body);
    }
    const refused = await client.get(null, '/registry/v0/transfers');
    expect(refused).toMatchObject({ status: 401, headers: { 'www-authenticate': 'Bearer' } });
    const privateOrMissing = [
      `/registry/v0/transfers/${IDS.transfer}`,
      `/registry/v0/transfers/${IDS.transfer}/credit_batches`,
      `/registry/v0/orders/${IDS.orderA}`,
      '/mrv/v0/data-upload-submissions',
      `/registry/v0/credit_batches/${MISSING.batch}`,
      `/registry/v0/refunds/${MISSING.refund}`,
      `/registry/v0/suppliers/${MISSING.supplier}/deliveries`,
      `/mrv/v0/ghg_entries/${MISSING.removal}`,
      `/mrv/v0/feedstock_types/${IDS.feedstockType}`,
      '/sandbox/v0/clock',
    ];
    // Private and missing answer alike: the same 401 as a route that needs a token.
    for (const path of privateOrMissing) expect(await client.get(null, path), path).toEqual(refused);
  });

  test('writes need a token, on public resources too, and change nothing', async () => {
    const { client, removal, statement, batch } = await issuedWorld();
    const before = client.sandbox.state.snapshot();
    const writes: [string, string, unknown][] = [
      ['PATCH', `/mrv/v0/ghg_entries/${removal}`, { started_on: '2026-03-02' }],
      ['PATCH', `/mrv/v0/removals/${removal}/component_attributions`, { components_to_remove: [] }],
      ['POST', '/mrv/v0/datapoints', datapointBody('anonymous', 1, 't')],
      ['DELETE', `/mrv/v0/feedstock_types/${IDS.feedstockTypeUnused}`, undefined],
      ['POST', `/mrv/v0/ghg_statements/${statement}/submit`, {}],
      ['POST', '/registry/v0/transfers', { from_organisation_id: IDS.orgA, to_organisation_id: IDS.buyer, supplier_id: IDS.supplierA, credit_batch_quantities: [{ credit_batch_id: batch, credit_quantity_kg: 1 }] }],
      ['POST', '/sandbox/v0/clock/advance', { days: 1 }],
      // A malformed body is still refused for the missing token first.
      ['POST', '/mrv/v0/datapoints', '{'],
    ];
    for (const [method, path, body] of writes) {
      const response = await client.request(null, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
    expect(client.sandbox.state.snapshot()).toBe(before);
  });

  test('an invalid or expired token is refused, not taken for the public', async () => {
    const { client, removal } = await issuedWorld();
    const path = `/mrv/v0/ghg_entries/${removal}`;
    expect((await client.get(null, path)).status).toBe(200);
    for (const authorization of ['', 'Bearer', 'Basic abc', 'Bearer unknown-token']) {
      const response = await client.sandbox.handle({ method: 'GET', path, headers: { 'x-client-secret': SECRET, authorization } });
      expect(response.status, authorization).toBe(401);
    }
    // The demo tokens expire at the end of 2099.
    await client.ok('supplierA', 'POST', '/sandbox/v0/clock/advance', { days: 30_000 });
    const expired = await client.get('buyer', path);
    expect(expired.status).toBe(401);
    expect((expired.body as { detail: string }).detail).toMatch(/expired/i);
    expect((await client.get(null, path)).status).toBe(200);
    // An unknown client secret is refused whatever else is sent.
    expect((await client.sandbox.handle({ method: 'GET', path, headers: { 'x-client-secret': 'nope' } })).status).toBe(401);
  });
});
